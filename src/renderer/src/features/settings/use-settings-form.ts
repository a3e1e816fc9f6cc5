import { useCallback, useEffect, useRef, useState } from 'react'
import type { Settings } from '../../../../shared/settings'
import { settingsStore } from '../../app/stores'
import type { SettingsForm } from './store'

/**
 * A settings card's form, filled from the settings main holds. Settings come back from main whenever any
 * card is saved (or a reload arrives after the screen opened); the form follows them only while the person
 * has not changed it since it was last filled, so what was typed in one card and not yet saved is never
 * thrown away by another card's save. The card's own save goes through `save`: once main has kept it, the
 * form shows what main kept (an amount as typed, "5000" for 5000.000, an address trimmed); a refused save leaves
 * what was typed, still protected.
 */
export function useSettingsForm<F extends object>(
  settings: Settings | null,
  fill: (settings: Settings) => F,
  /** The card: a change in it takes its "Saved." away (that line no longer describes what is on screen). */
  name: SettingsForm,
): {
  form: F | null
  change: (patch: Partial<F>) => void
  save: (run: () => Promise<Settings | null>) => Promise<void>
} {
  // Filled at once when the settings are there: a screen drawn ahead, hidden (App.tsx), runs no effect until it
  // is shown, and filling it then would draw every card again in the key that shows it.
  const [form, setForm] = useState<F | null>(() => (settings ? fill(settings) : null))
  /** What the form was last filled with. */
  const filled = useRef<F | null>(form)
  const fillRef = useRef(fill)
  fillRef.current = fill

  useEffect(() => {
    if (!settings) return
    const next = fillRef.current(settings)
    const last = filled.current
    // What it was filled with stands: the form stays as it is (typed in or not), not drawn again.
    if (last !== null && same(last, next)) return
    filled.current = next
    setForm((current) =>
      current === null || last === null || same(current, last) || same(current, next) ? next : current,
    )
  }, [settings])

  const change = useCallback(
    (patch: Partial<F>) => {
      settingsStore.getState().edited(name)
      setForm((current) => (current === null ? current : { ...current, ...patch }))
    },
    [name],
  )
  const save = useCallback(async (run: () => Promise<Settings | null>) => {
    const kept = await run()
    if (!kept) return
    const next = fillRef.current(kept)
    filled.current = next
    setForm(next)
  }, [])
  return { form, change, save }
}

function same(a: object, b: object): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}
