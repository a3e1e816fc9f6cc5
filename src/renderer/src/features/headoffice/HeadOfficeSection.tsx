import { useEffect } from 'react'
import { useStore } from 'zustand'
import { headOfficeStore } from '../../app/stores'
import { useLanguage, useT } from '../../i18n/use'
import { Button, Panel, TextField } from '../../ui/controls'
import { ErrorNote } from '../../ui/ErrorNote'
import { HeadOfficeLine } from './HeadOfficeStatus'

/** Settings → Head office (a manager): where this terminal sends its journal, and how far it got. */
export function HeadOfficeSection() {
  const t = useT()
  const h = t.headOffice
  const language = useLanguage()
  const s = useStore(headOfficeStore)
  const store = headOfficeStore.getState()
  useEffect(() => {
    void headOfficeStore.getState().load()
  }, [])
  const f = s.form
  const complete =
    f.host.trim() !== '' && f.database.trim() !== '' && f.user.trim() !== '' && f.terminal.trim() !== ''

  return (
    <section className="card head-office" aria-labelledby="head-office-title">
      <h2 id="head-office-title">{h.title}</h2>
      <p className="hint">{h.intro}</p>
      {s.status && s.status.state !== 'off' ? <HeadOfficeLine status={s.status} language={language} /> : null}
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
            onChange={(e) => store.setField('host', e.target.value)}
          />
          <TextField
            label={h.port}
            value={f.port}
            dir="ltr"
            inputMode="numeric"
            className="field-short"
            onChange={(e) => store.setField('port', e.target.value.replace(/\D/g, '').slice(0, 5))}
          />
        </div>
        <div className="form-row">
          <TextField
            label={h.database}
            value={f.database}
            dir="ltr"
            autoComplete="off"
            onChange={(e) => store.setField('database', e.target.value)}
          />
          <TextField
            label={h.user}
            value={f.user}
            dir="ltr"
            autoComplete="off"
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
          onChange={(e) => store.setField('terminal', e.target.value)}
        />
        <TextField
          label={h.caFile}
          value={f.caFile}
          dir="ltr"
          autoComplete="off"
          placeholder={'C:\\head-office\\ca.crt'}
          hint={h.caHint}
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
      </form>
      {s.saved ? (
        <p className="notice-line notice-good" role="status">
          {h.saved}
        </p>
      ) : null}
      {s.error && !s.passwordRequired ? <ErrorNote error={s.error} /> : null}
      {s.test?.ok ? (
        <p className="notice-line notice-good" role="status">
          {h.testOk(s.test.terminal, s.test.tls, s.test.serverVersion)}
        </p>
      ) : null}
      {s.test && !s.test.ok ? (
        <Panel tone="bad" title={t.errors[s.test.error.code]} role="alert">
          <p dir="auto">{s.test.error.message}</p>
        </Panel>
      ) : null}
    </section>
  )
}
