import { useEffect, useRef } from 'react'
import { ACTIVITY_EVENTS } from '../../ui/when-quiet'

const CHECK_EVERY_MS = 5_000

/**
 * Locks the window after `minutes` without a key, click, touch or scroll. Main ends the session after the
 * same idle time on its own, so a page that failed to lock still cannot be used.
 */
export function useAutoLock(minutes: number | null, onIdle: () => void, onActivity: () => void): void {
  const idle = useRef(onIdle)
  const active = useRef(onActivity)
  idle.current = onIdle
  active.current = onActivity
  useEffect(() => {
    if (minutes === null) return
    let last = performance.now()
    const seen = () => {
      last = performance.now()
      active.current()
    }
    for (const event of ACTIVITY_EVENTS)
      window.addEventListener(event, seen, { capture: true, passive: true })
    const timer = setInterval(() => {
      if (performance.now() - last >= minutes * 60_000) {
        last = performance.now()
        idle.current()
      }
    }, CHECK_EVERY_MS)
    return () => {
      clearInterval(timer)
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, seen, { capture: true })
    }
  }, [minutes])
}
