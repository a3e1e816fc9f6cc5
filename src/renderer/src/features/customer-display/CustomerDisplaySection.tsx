import { useEffect } from 'react'
import { useStore } from 'zustand'
import { CUSTOMER_LANGUAGES, type CustomerLanguage } from '../../../../shared/customer-view'
import { customerDisplayCardStore } from '../../app/stores'
import { useT } from '../../i18n/use'
import { nowAndEvery } from '../../ui/after-paint'
import { SelectField } from '../../ui/controls'
import { ErrorNote } from '../../ui/ErrorNote'

/** How often the card asks whether the display shows (a display plugged in or out). */
const POLL_MS = 3_000

/**
 * Settings → Customer display (managers): which display faces the customer (none by default), the language it
 * speaks, and whether the customer may confirm their own name. Each change is saved at once.
 */
export function CustomerDisplaySection() {
  const t = useT()
  const c = t.customerDisplay
  const setup = useStore(customerDisplayCardStore, (s) => s.setup)
  const busy = useStore(customerDisplayCardStore, (s) => s.busy)
  const error = useStore(customerDisplayCardStore, (s) => s.error)
  const saved = useStore(customerDisplayCardStore, (s) => s.saved)
  const store = customerDisplayCardStore.getState()

  useEffect(() => nowAndEvery(() => void customerDisplayCardStore.getState().load(), POLL_MS), [])

  const settings = setup?.settings
  const chosen = settings?.display ?? null
  const chosenShown = chosen ? setup?.displays.find((d) => d.id === chosen.id) : undefined
  return (
    <section className="card" aria-labelledby="customer-display-title">
      <h2 id="customer-display-title">{c.title}</h2>
      <p className="hint">{c.intro}</p>
      {setup && !setup.placesWindows ? <p className="hint">{c.noWindows}</p> : null}
      {setup?.placesWindows ? (
        <SelectField
          label={c.display}
          value={chosen ? String(chosen.id) : ''}
          disabled={busy}
          onChange={(e) => {
            const id = e.target.value
            const display = setup.displays.find((d) => String(d.id) === id)
            void store.change({ display: display ? { id: display.id, label: display.label } : null })
          }}
        >
          <option value="">{c.none}</option>
          {setup.displays.map((d) => (
            <option key={d.id} value={String(d.id)}>
              {[
                `${d.label || c.unnamedDisplay} · ${d.bounds.width}×${d.bounds.height}`,
                d.primary ? c.clerkScreen : null,
                d.touch === 'available' ? c.touch : null,
              ]
                .filter(Boolean)
                .join(' — ')}
            </option>
          ))}
          {chosen && !chosenShown ? (
            <option value={String(chosen.id)}>{c.notConnected(chosen.label)}</option>
          ) : null}
        </SelectField>
      ) : null}
      {chosenShown?.primary ? <p className="warning warning-pending">{c.onClerkScreen}</p> : null}
      {setup?.placesWindows && chosen ? (
        <p role="status" className={setup.open ? 'strong' : 'warning warning-pending'}>
          {setup.open ? c.showing : c.notShowing}
        </p>
      ) : null}
      {settings ? (
        <>
          <SelectField
            label={c.language}
            value={settings.language}
            disabled={busy}
            onChange={(e) => void store.change({ language: e.target.value as CustomerLanguage })}
          >
            {CUSTOMER_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {c.languages[l]}
              </option>
            ))}
          </SelectField>
          <label className="check">
            <input
              type="checkbox"
              checked={settings.customerConfirms}
              disabled={busy}
              onChange={(e) => void store.change({ customerConfirms: e.target.checked })}
            />
            {c.customerConfirms}
          </label>
          <p className="hint">{c.customerConfirmsHint}</p>
        </>
      ) : null}
      {error ? <ErrorNote error={error} /> : null}
      {saved && !busy && !error ? (
        <p className="notice-line notice-good" role="status">
          {c.saved}
        </p>
      ) : null}
    </section>
  )
}
