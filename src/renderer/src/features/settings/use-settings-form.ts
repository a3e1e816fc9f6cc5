import { useCallback, useEffect, useRef, useState } from 'react'
import type { Settings } from '../../../../shared/contract'

/**
 * A settings card's form, filled from the settings main holds. Settings come back from main whenever any
 * card is saved (or a reload arrives after the screen opened); the form follows them only while the person
 * has not changed it since it was last filled, so what was typed in one card and not yet saved is never
 * thrown away by another card's save. `saving()` before the card's own save lets the form take what main
 * kept (an amount with its three decimals, an address trimmed).
 */
export function useSettingsForm<F extends object>(
  settings: Settings | null,
  fill: (settings: Settings) => F,
): { form: F | null; change: (patch: Partial<F>) => void; saving: () => void } {
  const [form, setForm] = useState<F | null>(null)
  /** What the form was last filled with. */
  const filled = useRef<F | null>(null)
  const fillRef = useRef(fill)
  fillRef.current = fill
  const formRef = useRef(form)
  formRef.current = form

  useEffect(() => {
    if (!settings) return
    const next = fillRef.current(settings)
    const last = filled.current
    filled.current = next
    setForm((current) =>
      current === null || last === null || same(current, last) || same(current, next) ? next : current,
    )
  }, [settings])

  const change = useCallback(
    (patch: Partial<F>) => setForm((current) => (current === null ? current : { ...current, ...patch })),
    [],
  )
  const saving = useCallback(() => {
    filled.current = formRef.current
  }, [])
  return { form, change, saving }
}

function same(a: object, b: object): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}
