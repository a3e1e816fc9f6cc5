import { useDeferredValue, useEffect, useRef } from 'react'
import { useStore } from 'zustand'
import { toLatinDigits } from '../../../../shared/digits'
import { lydForEditing, MIN_DEPOSIT_DIRHAMS, parseLyd } from '../../../../shared/money'
import { PHONE_FORMATS, type PhoneFormat } from '../../../../shared/phone'
import { settingsStore, statusStore } from '../../app/stores'
import { errorMessage } from '../../i18n'
import { useLanguage, useT } from '../../i18n/use'
import { afterThisTask } from '../../ui/after-paint'
import { Button, Panel, SelectField, TextField } from '../../ui/controls'
import { SupportDetails } from '../../ui/ErrorNote'
import { formatDateTime } from '../../ui/format'
import { AmountSaid, Ltr } from '../../ui/Ltr'
import { SaidHere } from '../../ui/SaidHere'
import { CustomerDisplaySection } from '../customer-display/CustomerDisplaySection'
import { HeadOfficeSection } from '../head-office/HeadOfficeSection'
import { UpdatesSection } from '../updates/UpdatesSection'
import { AboutSection } from './AboutSection'
import { FormFeedback } from './FormFeedback'
import { LanguageField } from './LanguageField'
import { PrinterSection } from './PrinterSection'
import { settingsRefusal } from './refusals'
import { useSettingsForm } from './use-settings-form'

export function SettingsScreen() {
  const t = useT()
  const title = useRef<HTMLHeadingElement>(null)
  // Drawn ahead, hidden, while the desk is idle (App.tsx), F4 only shows it. Drawn on F4 (the key came first),
  // it paints the screen's top — the title, the mode, the live service, the preferences and the limits, what a
  // 1024×768 window shows — and the sections below it a render later, one React may put off while a key is
  // handled (a slow PC: the key's frame then waits for four sections, not ten). Nothing is lost meanwhile: the
  // focus is on the title, and the lower sections are there before a person could Tab to them.
  const whole = useDeferredValue(true, false)
  useEffect(() => {
    // Read in the task after F4's, so the screen is drawn first (the call's start cost F4's frame ~8 ms at 4×);
    // every visit reads, even one left at once (not cancelled), and a field typed meanwhile is kept.
    const form = settingsStore.getState().form
    afterThisTask(() => void settingsStore.getState().load(form))
    // F4 (or a click) opens the screen with the focus at its top, not on a button (the first is "Use the live
    // service"): Tab then goes through the screen, and a bounced Enter does nothing.
    title.current?.focus()
  }, [])
  return (
    <main className="screen settings-screen" aria-labelledby="settings-title">
      <h1 id="settings-title" ref={title} tabIndex={-1} className="screen-title">
        {t.settings.title}
      </h1>
      <div className="settings-grid" data-sections>
        <ModeSection />
        <LiveSection />
        <PreferencesSection />
        <LimitsSection />
        {whole ? (
          <>
            <PrinterSection />
            <UpdatesSection />
            <HeadOfficeSection />
            <CustomerDisplaySection />
            <SupportSection />
            <AboutSection />
          </>
        ) : null}
      </div>
    </main>
  )
}

function ModeSection() {
  const t = useT()
  const status = useStore(statusStore, (s) => s.status)
  const busy = useStore(settingsStore, (s) => s.busy)
  const mode = status?.mode
  return (
    <section className="card" aria-labelledby="mode-title">
      <h2 id="mode-title">{t.settings.modeTitle}</h2>
      <p className={mode === 'training' ? 'training-text' : 'strong'}>
        {mode === 'training'
          ? t.settings.modeTraining
          : mode === 'live'
            ? t.settings.modeLive
            : t.common.loading}
      </p>
      <div className="actions">
        {mode === 'live' ? (
          <Button disabled={busy !== null} onClick={() => void settingsStore.getState().useTraining()}>
            {t.settings.useTraining}
          </Button>
        ) : null}
        {mode === 'training' && status && !status.liveConfigured ? (
          <p className="hint">{t.settings.liveHowTo}</p>
        ) : null}
        {mode === 'training' && status?.liveConfigured ? (
          <Button
            variant="danger"
            disabled={busy !== null}
            onClick={() => void settingsStore.getState().useLive()}
          >
            {t.settings.useLive}
          </Button>
        ) : null}
      </div>
      <FormFeedback form="mode" />
    </section>
  )
}

function LiveSection() {
  const t = useT()
  const language = useLanguage()
  const form = useStore(settingsStore, (s) => s.form)
  const settings = useStore(settingsStore, (s) => s.settings)
  const busy = useStore(settingsStore, (s) => s.busy)
  const test = useStore(settingsStore, (s) => s.test)
  const passwordRequired = useStore(settingsStore, (s) => s.passwordRequired)
  const store = settingsStore.getState()
  const passwordRef = useRef<HTMLInputElement>(null)
  // "Save and switch to live" without the password: the field that says so takes the focus.
  useEffect(() => {
    if (passwordRequired) passwordRef.current?.focus()
  }, [passwordRequired])
  const storage = settings?.passwordStorage
  const canSubmit = form.baseUrl.trim() !== '' && form.username.trim() !== '' && busy === null
  /** The saved proxy address is shown, and a username and password are kept for it. */
  const proxyCredentialsKept =
    settings?.live?.proxyHasCredentials === true && form.proxyUrl.trim() === settings.live.proxyUrl

  return (
    <section className="card" aria-labelledby="live-title">
      <h2 id="live-title">{t.settings.liveTitle}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          if (canSubmit) void store.testConnection()
        }}
      >
        <TextField
          label={t.settings.baseUrl}
          value={form.baseUrl}
          onChange={(e) => store.setField('baseUrl', e.target.value)}
          dir="ltr"
          inputMode="url"
          spellCheck={false}
          autoComplete="off"
          placeholder="https://…/api/v1/reseller"
        />
        <TextField
          label={t.settings.username}
          value={form.username}
          onChange={(e) => store.setField('username', e.target.value)}
          dir="ltr"
          autoComplete="off"
        />
        <TextField
          ref={passwordRef}
          label={t.settings.password}
          type="password"
          value={form.password}
          onChange={(e) => store.setField('password', e.target.value)}
          dir="ltr"
          autoComplete="new-password"
          hint={
            settings?.live?.passwordSaved
              ? `${t.settings.passwordSaved} ${t.settings.passwordKeep}`
              : undefined
          }
          problem={passwordRequired ? t.settings.passwordRequired : null}
        />
        {storage === 'unavailable' ? (
          <p className="warning warning-pending" role="status">
            {t.settings.passwordUnavailable}
          </p>
        ) : null}
        {storage === 'development-plaintext' ? (
          <p className="warning warning-pending" role="status">
            {t.settings.passwordDevelopment}
          </p>
        ) : null}
        <TextField
          label={t.settings.proxyUrl}
          hint={
            proxyCredentialsKept ? (
              <>
                <Ltr>{t.settings.proxyHint}</Ltr>
                <br />
                {form.forgetProxyCredentials
                  ? t.settings.proxyCredentialsForgotten
                  : t.settings.proxyCredentialsSaved}
              </>
            ) : (
              <Ltr>{t.settings.proxyHint}</Ltr>
            )
          }
          value={form.proxyUrl}
          onChange={(e) => store.setField('proxyUrl', e.target.value)}
          dir="ltr"
          autoComplete="off"
        />
        {proxyCredentialsKept ? (
          <label className="check">
            <input
              type="checkbox"
              checked={form.forgetProxyCredentials}
              onChange={(e) => store.setField('forgetProxyCredentials', e.target.checked)}
            />
            {t.settings.forgetProxyCredentials}
          </label>
        ) : null}
        <div className="actions">
          <Button type="submit" shortcut="Enter" disabled={!canSubmit}>
            {busy === 'test' ? t.settings.testing : t.settings.test}
          </Button>
          <Button variant="danger" disabled={!canSubmit} onClick={() => void store.configure()}>
            {busy === 'configure' ? t.common.working : t.settings.configure}
          </Button>
        </div>
        <FormFeedback form="live" />
        {/* The test's answer beside its button, with the focus. */}
        {test?.ok ? (
          <SaidHere sayKey={test}>
            <Panel
              tone="good"
              title={t.settings.testOk(formatDateTime(test.tokenExpiresAt, language))}
              role="status"
            />
          </SaidHere>
        ) : null}
        {test && !test.ok ? (
          <SaidHere sayKey={test}>
            <Panel
              tone="bad"
              title={settingsRefusal(t, test.error) ?? errorMessage(t, test.error)}
              role="alert"
            >
              <SupportDetails code={test.error.code} />
            </Panel>
          </SaidHere>
        ) : null}
      </form>
    </section>
  )
}

function PreferencesSection() {
  const t = useT()
  const settings = useStore(settingsStore, (s) => s.settings)
  const busy = useStore(settingsStore, (s) => s.busy)
  const { form, change, save } = useSettingsForm(
    settings,
    (s) => ({
      lifetime: String(s.tokenLifetimeHours),
      phoneFormat: s.phoneFormat,
      doubleEntry: lydForEditing(s.doubleEntryAboveDirhams),
    }),
    'preferences',
  )
  const lifetime = form?.lifetime ?? ''
  const phoneFormat: PhoneFormat = form?.phoneFormat ?? 'national'
  const doubleEntry = form?.doubleEntry ?? ''
  const setLifetime = (lifetime: string) => change({ lifetime })
  const setPhoneFormat = (phoneFormat: PhoneFormat) => change({ phoneFormat })
  const setDoubleEntry = (doubleEntry: string) => change({ doubleEntry })

  const hoursText = toLatinDigits(lifetime).trim()
  const hours = /^\d{1,3}$/.test(hoursText) ? Number(hoursText) : Number.NaN
  const hoursOk = Number.isInteger(hours) && hours >= 1 && hours <= 672
  const threshold = parseLyd(doubleEntry)

  return (
    <section className="card" aria-labelledby="prefs-title">
      <h2 id="prefs-title">{t.settings.generalTitle}</h2>
      <LanguageField />
      <form
        onSubmit={(e) => {
          e.preventDefault()
          if (!hoursOk || !threshold.ok) return
          void save(() =>
            settingsStore
              .getState()
              .update(
                { tokenLifetimeHours: hours, phoneFormat, doubleEntryAboveDirhams: threshold.value },
                'preferences',
              ),
          )
        }}
      >
        <TextField
          label={t.settings.tokenLifetime}
          value={lifetime}
          onChange={(e) => setLifetime(e.target.value)}
          inputMode="numeric"
          dir="ltr"
          // Empty too: Save is not pressable then, and the field says why.
          problem={form && !hoursOk ? t.settings.tokenLifetimeRange : null}
        />
        <SelectField
          label={t.settings.phoneFormat}
          value={phoneFormat}
          onChange={(e) => setPhoneFormat(e.target.value as PhoneFormat)}
        >
          {PHONE_FORMATS.map((f) => (
            <option key={f} value={f}>
              {t.settings.phoneFormats[f]}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t.settings.doubleEntry}
          value={doubleEntry}
          onChange={(e) => setDoubleEntry(e.target.value)}
          hint={<AmountHint text={doubleEntry} />}
          inputMode="decimal"
          dir="ltr"
          problem={form && !threshold.ok ? t.deposit.amountProblem[threshold.reason] : null}
        />
        <div className="actions">
          <Button type="submit" disabled={busy !== null || !hoursOk || !threshold.ok}>
            {t.settings.save}
          </Button>
        </div>
        <FormFeedback form="preferences" />
      </form>
    </section>
  )
}

/** A money field's hint: what the typed amount is, in figures and words, so that its size cannot be misread. */
function AmountHint({ text, hint }: { text: string; hint?: string }) {
  const parsed = parseLyd(text)
  if (!parsed.ok) return hint ?? null
  return (
    <>
      {hint ? `${hint} ` : null}
      <AmountSaid dirhams={parsed.value} />
    </>
  )
}

/**
 * The largest single deposit, and the daily limit agreed with the provider (the estimate of what is left
 * starts from it). Both are checked in main too.
 */
function LimitsSection() {
  const t = useT()
  const settings = useStore(settingsStore, (s) => s.settings)
  const busy = useStore(settingsStore, (s) => s.busy)
  const { form, change, save } = useSettingsForm(
    settings,
    (s) => ({
      max: lydForEditing(s.depositMaxDirhams),
      agreed: s.agreedDailyLimitDirhams === null ? '' : lydForEditing(s.agreedDailyLimitDirhams),
    }),
    'limits',
  )
  const max = form?.max ?? ''
  const agreed = form?.agreed ?? ''
  const setMax = (max: string) => change({ max })
  const setAgreed = (agreed: string) => change({ agreed })

  const maxParsed = parseLyd(max)
  const maxOk = maxParsed.ok && maxParsed.value >= MIN_DEPOSIT_DIRHAMS
  const agreedParsed = parseLyd(agreed)
  const agreedEmpty = agreed.trim() === ''
  const agreedOk = agreedEmpty || (agreedParsed.ok && agreedParsed.value > 0)

  return (
    <section className="card" aria-labelledby="limits-title">
      <h2 id="limits-title">{t.settings.limitsTitle}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          if (!maxOk || !agreedOk || !maxParsed.ok) return
          void save(() =>
            settingsStore.getState().update(
              {
                depositMaxDirhams: maxParsed.value,
                agreedDailyLimitDirhams: agreedEmpty || !agreedParsed.ok ? null : agreedParsed.value,
              },
              'limits',
            ),
          )
        }}
      >
        <TextField
          label={t.settings.depositMax}
          hint={<AmountHint text={max} hint={t.settings.depositMaxHint} />}
          value={max}
          onChange={(e) => setMax(e.target.value)}
          inputMode="decimal"
          dir="ltr"
          // Empty too: Save is not pressable then, and the field says why.
          problem={
            form && !maxOk
              ? maxParsed.ok
                ? t.deposit.amountProblem.minimum
                : t.deposit.amountProblem[maxParsed.reason]
              : null
          }
        />
        <TextField
          label={t.settings.agreedLimit}
          hint={<AmountHint text={agreed} hint={t.settings.agreedLimitHint} />}
          value={agreed}
          onChange={(e) => setAgreed(e.target.value)}
          inputMode="decimal"
          dir="ltr"
          // Whatever main would refuse is said here, 0 too (Save is not pressable then).
          problem={
            agreedOk
              ? null
              : agreedParsed.ok
                ? t.settings.agreedLimitZero
                : t.deposit.amountProblem[agreedParsed.reason]
          }
        />
        <div className="actions">
          <Button type="submit" disabled={busy !== null || !maxOk || !agreedOk}>
            {t.settings.saveLimits}
          </Button>
        </div>
        <FormFeedback form="limits" />
      </form>
    </section>
  )
}

function SupportSection() {
  const t = useT()
  const busy = useStore(settingsStore, (s) => s.busy)
  return (
    <section className="card" aria-labelledby="support-title">
      <h2 id="support-title">{t.settings.diagnosticsTitle}</h2>
      <p className="hint">{t.settings.diagnosticsHint}</p>
      <div className="actions">
        <Button disabled={busy !== null} onClick={() => void settingsStore.getState().saveDiagnostics()}>
          {busy === 'diagnostics' ? t.common.working : t.settings.diagnostics}
        </Button>
      </div>
      <FormFeedback form="support" />
    </section>
  )
}
