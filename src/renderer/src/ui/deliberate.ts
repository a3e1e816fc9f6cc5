import { useCallback, useEffect, useRef, useState } from 'react'
import { useScreenKeys } from './keys'

/**
 * How long an answer must wait after the question appears. Reading a name to the customer and hearing the
 * reply takes longer; an Enter bouncing off the key that asked the question, or pressed twice by habit,
 * comes sooner.
 */
export const DELIBERATE_MS = 1000

/** Keys on these belong to them (Enter on a focused No or Back button is that button's). */
function ownsItsKeys(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest('button, input, select, textarea, a[href], summary, [role="button"], [role="tab"]') !==
      null
  )
}

/**
 * A confirmation that counts only as a deliberate act: `armed` once the question has been on screen for
 * DELIBERATE_MS with no Enter pressed; an Enter (or a click on the button) before that starts the wait again
 * and does nothing else. A held key never counts (its repeats are dropped by the app, see App.tsx).
 * Enter anywhere but on another control answers, once armed.
 */
export function useDeliberateConfirm(onConfirm: () => void): { armed: boolean; attempt: () => void } {
  const [armed, setArmed] = useState(false)
  const armedNow = useRef(false)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const confirm = useRef(onConfirm)
  confirm.current = onConfirm

  const rearm = useCallback(() => {
    armedNow.current = false
    setArmed(false)
    if (timer.current !== null) clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      armedNow.current = true
      setArmed(true)
    }, DELIBERATE_MS)
  }, [])

  useEffect(() => {
    rearm()
    return () => {
      if (timer.current !== null) clearTimeout(timer.current)
    }
  }, [rearm])

  const attempt = useCallback(() => {
    if (armedNow.current) confirm.current()
    else rearm()
  }, [rearm])

  useScreenKeys((event) => {
    if (event.key !== 'Enter' || event.repeat || ownsItsKeys(event.target)) return false
    attempt()
    return true
  })

  return { armed, attempt }
}

/**
 * How long a confirm button that moves money ignores being pressed after it appears: longer than an Enter
 * bouncing off the key that brought it up (50–150 ms) or pressed twice by habit, shorter than reading it.
 */
export const SETTLE_MS = 500

/**
 * A confirm button that needs a fresh press: for SETTLE_MS after it appears it is marked disabled
 * (aria-disabled: it keeps the focus, so Enter is its key once it settles) and a press — a bounced Enter, a
 * double click landing on it — does nothing but start the moment again. SettledButton (ui/controls) is the
 * button made with it.
 */
export function useSettledPress(onPress: () => void): {
  settled: boolean
  props: { 'aria-disabled': true | undefined; onClick: () => void }
} {
  const [settled, setSettled] = useState(false)
  const settledNow = useRef(false)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const press = useRef(onPress)
  press.current = onPress

  const restart = useCallback(() => {
    settledNow.current = false
    setSettled(false)
    if (timer.current !== null) clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      settledNow.current = true
      setSettled(true)
    }, SETTLE_MS)
  }, [])

  useEffect(() => {
    restart()
    return () => {
      if (timer.current !== null) clearTimeout(timer.current)
    }
  }, [restart])

  const onClick = useCallback(() => {
    if (settledNow.current) press.current()
    else restart()
  }, [restart])

  return { settled, props: { 'aria-disabled': settled ? undefined : true, onClick } }
}
