import { useId } from 'react'
import { useStore } from 'zustand'
import { SCREEN_SHORTCUTS, screensFor } from '../../app/navigation'
import { appStore, openAttentionList, sessionStore, statusStore } from '../../app/stores'
import { useT } from '../../i18n/use'
import { Badge, Kbd } from '../../ui/controls'
import { splitDuration } from '../../ui/format'
import { HeadOfficeChip } from '../head-office/HeadOfficeStatus'
import { LanguageSwitch } from '../session/LanguageSwitch'
import { PersonMenu } from '../session/SessionGate'
import { LimitGauge } from './LimitGauge'
import { clockWarning } from './store'

/**
 * One row at 1366 px, two at 1024: the mode and the screens at the start, the state of things at the end.
 * Words are short, figures keep their width; the long explanations are in each control's name and title.
 */
export function TopBar() {
  const t = useT()
  const hintId = useId()
  const status = useStore(statusStore, (s) => s.status)
  const bridgeError = useStore(statusStore, (s) => s.error)
  const clock = clockWarning(status)
  const attention = status?.needsAttention ?? 0
  const training = status?.mode === 'training'

  return (
    <header className={`topbar${training ? ' topbar-training' : ''}`}>
      <div className="topbar-row">
        <div className="topbar-start">
          {training ? (
            <>
              <span className="training-badge" title={t.status.trainingHint} aria-describedby={hintId}>
                {t.status.training}
              </span>
              <span id={hintId} className="visually-hidden">
                {t.status.trainingHint}
              </span>
            </>
          ) : status?.mode === 'live' ? (
            <Badge tone="info">{t.status.live}</Badge>
          ) : null}
          <ScreenTabs />
        </div>
        <div className="topbar-end">
          <OnlineState online={status?.online ?? null} />
          <HeadOfficeChip />
          <LimitGauge />
          <button
            type="button"
            className={`attention${attention > 0 ? ' attention-some' : ''}`}
            aria-label={attention > 0 ? t.status.attention(attention) : t.status.attentionNone}
            title={attention > 0 ? t.status.attention(attention) : t.status.attentionNone}
            onClick={openAttentionList}
          >
            <span className="attention-word">{t.status.attentionShort}</span>
            <span className="attention-count">{attention}</span>
          </button>
          <LanguageSwitch />
          <PersonMenu />
        </div>
      </div>
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

/**
 * The screens' tabs, the one open marked: the only part of the top bar that follows the screen, so an F-key
 * re-renders these buttons and not the figures, the chips and the menus beside them.
 */
function ScreenTabs() {
  const t = useT()
  const screen = useStore(appStore, (s) => s.screen)
  const role = useStore(sessionStore, (s) => s.session?.person?.role ?? null)
  return (
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
  )
}

function OnlineState({ online }: { online: boolean | null }) {
  const t = useT()
  const [tone, short, long] =
    online === true
      ? ['good', t.status.onlineShort, t.status.online]
      : online === false
        ? ['bad', t.status.offlineShort, t.status.offline]
        : ['pending', t.status.onlineUnknownShort, t.status.onlineUnknown]
  return (
    <span className={`online online-${tone}`} role="status" title={long}>
      <span className="dot" aria-hidden="true" />
      <span aria-hidden="true">{short}</span>
      <span className="visually-hidden">{long}</span>
    </span>
  )
}
