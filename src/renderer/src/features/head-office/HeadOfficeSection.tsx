import { useEffect } from 'react'
import { useStore } from 'zustand'
import { useShallow } from 'zustand/react/shallow'
import { headOfficeStore, statusStore } from '../../app/stores'
import { errorMessage } from '../../i18n'
import { useLanguage, useT } from '../../i18n/use'
import { afterThisTask } from '../../ui/after-paint'
import { Button, Panel, TextField } from '../../ui/controls'
import { ErrorNote } from '../../ui/ErrorNote'
import { SaidHere } from '../../ui/SaidHere'
import { HeadOfficeLine } from './HeadOfficeStatus'
import { testHeadline } from './store'

/** Settings → Head office (a manager): where this terminal sends its journal, and how far it got. */
export function HeadOfficeSection() {
  const t = useT()
  const h = t.headOffice
  const language = useLanguage()
  // Its fields compared one by one: a visit's answer or the 2 s status poll that says what the last did keeps
  // them all (the store's sameAnswer), and the section then re-renders nothing.
  const s = useStore(
    headOfficeStore,
    useShallow((state) => state),
  )
  const store = headOfficeStore.getState()
  // Asked in the task after the key that shows the screen (its frame first: ui/after-paint.ts).
  useEffect(() => afterThisTask(() => void headOfficeStore.getState().load()), [])
  const f = s.form
  const training = useStore(statusStore, (st) => st.status?.mode === 'training')
  /** What main refused in a field (BAD_INPUT), or a pasted address that could not be read, said at that field. */
  const fieldProblem = (field: 'host' | 'port' | 'database' | 'user' | 'terminal' | 'caFile') => {
    if (s.unreadablePaste === field) return h.unreadableAddress
    const fields = s.error?.code === 'BAD_INPUT' ? s.error.details?.fields : undefined
    const refused =
      (Array.isArray(fields) && fields.some((x) => (x as { path?: string }).path === field)) ||
      (s.error?.code === 'BAD_INPUT' && s.error.details?.field === field)
    return refused ? h.fieldProblem[field] : null
  }
  const complete =
    f.host.trim() !== '' && f.database.trim() !== '' && f.user.trim() !== '' && f.terminal.trim() !== ''

  return (
    <section className="card head-office" aria-labelledby="head-office-title">
      <h2 id="head-office-title">{h.title}</h2>
      <p className="hint">{h.intro}</p>
      {s.status && s.status.state !== 'off' ? <HeadOfficeLine status={s.status} language={language} /> : null}
      {training && s.view?.settings?.enabled ? (
        <p className="notice-line notice-pending" role="status">
          {h.trainingOff}
        </p>
      ) : null}
      <form
        onSubmit={(e) => {
          e.preventDefault()
          if (complete) void store.save()
        }}
      >
        <label className="check">
          <input
            type="checkbox"
            checked={f.enabled}
            onChange={(e) => store.setField('enabled', e.target.checked)}
          />
          {h.enabled}
        </label>
        <div className="form-row">
          <TextField
            label={h.host}
            value={f.host}
            dir="ltr"
            autoComplete="off"
            problem={fieldProblem('host')}
            onChange={(e) => store.setField('host', e.target.value)}
          />
          <TextField
            label={h.port}
            value={f.port}
            dir="ltr"
            inputMode="numeric"
            className="field-short"
            problem={fieldProblem('port')}
            onChange={(e) => store.setField('port', e.target.value.replace(/\D/g, '').slice(0, 5))}
          />
        </div>
        <div className="form-row">
          <TextField
            label={h.database}
            value={f.database}
            dir="ltr"
            autoComplete="off"
            problem={fieldProblem('database')}
            onChange={(e) => store.setField('database', e.target.value)}
          />
          <TextField
            label={h.user}
            value={f.user}
            dir="ltr"
            autoComplete="off"
            problem={fieldProblem('user')}
            onChange={(e) => store.setField('user', e.target.value)}
          />
        </div>
        <TextField
          label={h.password}
          type="password"
          value={f.password}
          dir="ltr"
          autoComplete="new-password"
          hint={s.view?.passwordSaved ? `${h.passwordSaved} ${h.passwordKeep}` : undefined}
          problem={s.passwordRequired ? h.passwordRequired : null}
          onChange={(e) => store.setField('password', e.target.value)}
        />
        <TextField
          label={h.terminal}
          value={f.terminal}
          autoComplete="off"
          problem={fieldProblem('terminal')}
          onChange={(e) => store.setField('terminal', e.target.value)}
        />
        <TextField
          label={h.caFile}
          value={f.caFile}
          dir="ltr"
          autoComplete="off"
          placeholder={'C:\\head-office\\ca.crt'}
          hint={h.caHint}
          problem={fieldProblem('caFile')}
          onChange={(e) => store.setField('caFile', e.target.value)}
        />
        <div className="actions">
          <Button type="submit" variant="primary" disabled={!complete || s.busy !== null}>
            {h.save}
          </Button>
          <Button disabled={!complete || s.busy !== null} onClick={() => void store.testConnection()}>
            {h.test}
          </Button>
        </div>
        {/* What Save or Test came to, beside their buttons, with the focus. */}
        {s.saved && s.busy === null ? (
          <SaidHere role="status" sayKey={s.saved}>
            <p className="notice-line notice-good">{h.saved}</p>
          </SaidHere>
        ) : null}
        {s.error && !s.passwordRequired ? (
          <SaidHere sayKey={s.error}>
            <ErrorNote error={s.error} />
          </SaidHere>
        ) : null}
        {s.busy === 'save' && s.saved ? (
          <p className="notice-line" role="status">
            {h.savedTesting}
          </p>
        ) : null}
        {s.test?.ok ? (
          <SaidHere role="status" sayKey={s.test}>
            <p className="notice-line notice-good">
              {h.testOk(s.test.terminal, s.test.tls, s.test.serverVersion, s.test.schemaVersion)}
            </p>
          </SaidHere>
        ) : null}
        {s.test && !s.test.ok ? (
          <SaidHere sayKey={s.test}>
            <Panel tone="bad" title={h[testHeadline(s.test.error)]} role="alert">
              <p>{errorMessage(t, s.test.error)}</p>
              <details className="support-details">
                <summary>{t.common.forSupport}</summary>
                <p className="error-code" dir="ltr">
                  {s.test.error.code}: {s.test.error.message}
                </p>
              </details>
            </Panel>
          </SaidHere>
        ) : null}
      </form>
    </section>
  )
}
