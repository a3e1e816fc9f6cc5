import { useStore } from 'zustand'
import { SCREEN_SHORTCUTS, screensFor } from '../../app/store'
import { appStore, chooseLanguage, openAttentionList, sessionStore, statusStore } from '../../app/stores'
import { useLanguage, useT } from '../../i18n/use'
import { Badge, Kbd } from '../../ui/controls'
import { splitDuration } from '../../ui/format'
import { HeadOfficeChip } from '../headoffice/HeadOfficeStatus'
import { PersonMenu } from '../session/SessionGate'
import { LimitGauge } from './LimitGauge'
import { clockWarning } from './store'

export function TopBar() {
  const t = useT()
  const language = useLanguage()
  const status = useStore(statusStore, (s) => s.status)
  const bridgeError = useStore(statusStore, (s) => s.error)
  const screen = useStore(appStore, (s) => s.screen)
  const role = useStore(sessionStore, (s) => s.session?.person?.role ?? null)
  const clock = clockWarning(status)
  const attention = status?.needsAttention ?? 0

  return (
    <header className="topbar">
      <div className="topbar-row">
        {status?.mode === 'training' ? (
          <span className="training-badge" title={t.status.trainingHint}>
            {t.status.training}
          </span>
        ) : status?.mode === 'live' ? (
          <Badge tone="info">{t.status.live}</Badge>
        ) : null}
        <span className="app-title">{t.appTitle}</span>
        <nav aria-label={t.nav.label} className="nav">
          {screensFor(role).map((s) => (
            <button
              key={s}
              type="button"
              className="nav-tab"
              aria-current={screen === s ? 'page' : undefined}
              aria-keyshortcuts={SCREEN_SHORTCUTS[s].aria}
              onClick={() => appStore.getState().go(s)}
            >
              <span>{t.nav[s]}</span>
              <Kbd>{SCREEN_SHORTCUTS[s].label}</Kbd>
            </button>
          ))}
        </nav>
        <span className="spacer" />
        <OnlineState online={status?.online ?? null} />
        <HeadOfficeChip />
        <LimitGauge />
        <button
          type="button"
          className={`attention${attention > 0 ? ' attention-some' : ''}`}
          onClick={openAttentionList}
        >
          {attention > 0 ? t.status.attention(attention) : t.status.attentionNone}
        </button>
        <button
          type="button"
          className="language-switch"
          lang={language === 'ar' ? 'en' : 'ar'}
          onClick={() => chooseLanguage(language === 'ar' ? 'en' : 'ar')}
        >
          {language === 'ar' ? 'English' : 'العربية'}
        </button>
        <PersonMenu />
      </div>
      {status?.mode === 'training' ? <p className="training-strip">{t.status.trainingHint}</p> : null}
      {bridgeError ? (
        <p className="warning warning-bad" role="alert">
          {t.status.bridgeDown}
        </p>
      ) : null}
      {status?.journalProblem ? (
        <p className="warning warning-bad" role="alert">
          {t.status.journalProblem}
        </p>
      ) : null}
      {clock ? (
        <p className="warning warning-pending" role="alert">
          {t.status.clockWarning(
            t.status.hoursMinutes(splitDuration(clock.offsetMs).hours, splitDuration(clock.offsetMs).minutes),
            clock.pcAhead,
          )}
        </p>
      ) : null}
    </header>
  )
}

function OnlineState({ online }: { online: boolean | null }) {
  const t = useT()
  const [tone, text] =
    online === true
      ? ['good', t.status.online]
      : online === false
        ? ['bad', t.status.offline]
        : ['pending', t.status.onlineUnknown]
  return (
    <span className={`online online-${tone}`} role="status">
      <span className="dot" aria-hidden="true" />
      {text}
    </span>
  )
}
