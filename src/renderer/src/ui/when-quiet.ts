/**
 * How long the clerk's hands must have rested (no key, click, touch or wheel) before idle work that waits for it (a
 * hidden screen laid out, ui/warm-up.ts) begins. A clerk's keys come in bursts, a step's keys a fraction of a
 * second apart, then a pause for the customer. The fonts' lines (ui/warm-fonts.ts, a few milliseconds a step)
 * and React's drawing of a hidden screen (yielding every few milliseconds) do not wait for it.
 */
export const QUIET_MS = 500

/** What counts as a person at the desk: a key, a click, a touch, the wheel (the auto-lock's activity too). */
export const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const

let lastInput = Number.NEGATIVE_INFINITY

// Heard from the page's start (this module is loaded with the desk). Capture, passive: heard before any handler
// can stop it, and the key's own work not held up by it.
if (typeof window !== 'undefined') {
  const heard = () => {
    lastInput = performance.now()
  }
  for (const type of ACTIVITY_EVENTS) window.addEventListener(type, heard, { capture: true, passive: true })
}

/** How long idle work that waits for a pause in the keys (whenQuiet) waits for each idle moment it asks for. */
export const IDLE_WITHIN_MS = 1000

/**
 * Runs `work` at the browser's next idle moment that comes QUIET_MS after the clerk's last key (or click, touch
 * or wheel): for the desk's own work that only prepares what comes later (a screen laid out hidden, ui/warm-up.ts),
 * 20–60 ms in one task at 4× CPU. The browser's idle moment alone comes between two keys a clerk presses a tenth
 * of a second apart, and such a key waited for the work (measured at 4×: the Manager's arrow after F5, up to 70
 * ms before its handler ran). A key can still come in the work; after a pause it is rarer. A page that draws a
 * frame on every beat (a test's checks polling it; an animation drawn on the main thread) may have no idle moment
 * at all: the browser then calls back IDLE_WITHIN_MS after each ask, busy or not, and the work runs if the keys
 * have rested QUIET_MS by then, or is asked for again once they have — at most QUIET_MS + IDLE_WITHIN_MS after the
 * last key. Without that, the Settings drawn for its next visit was never laid out ahead in one run in ten of a
 * test alone here, the test polling the page meanwhile. Where the browser has no idle callbacks (a test's DOM), a
 * moment after it is quiet. Returns a cancel.
 */
export function whenQuiet(work: () => void): () => void {
  const whenIdle =
    globalThis.requestIdleCallback ??
    ((then: () => void, _options?: IdleRequestOptions) => setTimeout(then, 50))
  const cancelIdle = globalThis.cancelIdleCallback ?? clearTimeout
  let idle: ReturnType<typeof whenIdle> | undefined
  let pause: ReturnType<typeof setTimeout> | undefined
  const attempt = () => {
    idle = undefined
    const rested = performance.now() - lastInput
    if (rested >= QUIET_MS) {
      work()
      return
    }
    // Asked again once the hands have rested long enough, unless a key comes meanwhile (then again after it).
    pause = setTimeout(() => {
      pause = undefined
      idle = whenIdle(attempt, { timeout: IDLE_WITHIN_MS })
    }, QUIET_MS - rested)
  }
  idle = whenIdle(attempt, { timeout: IDLE_WITHIN_MS })
  return () => {
    if (idle !== undefined) cancelIdle(idle as number)
    if (pause !== undefined) clearTimeout(pause)
    idle = undefined
    pause = undefined
  }
}

/**
 * How long the clerk's keys must have paused before a poll that fell due while they were coming runs
 * (everyBetweenKeys): longer than the gap between two keys of a phone number typed (a tenth of a second or two),
 * shorter than a clerk's pause for the customer.
 */
export const KEYS_PAUSE_MS = 300

/**
 * Runs `work` every `everyMs` — a poll of main (the status and daily limit, the notices, the head office) — but a
 * turn that falls due while the clerk's keys are coming waits until they pause for KEYS_PAUSE_MS, `everyMs` more at
 * most (keys that never pause still see it). Each poll is a call to main and its answer, then a render of what
 * changed: measured in the page at 4× CPU, 10–25 ms of the main thread in several tasks every 2 s (the head office)
 * and 4 s (the desk's), any of which a key typed then waited for, or its frame did. Only the call waits: its answer
 * and what it renders come a few tens of milliseconds later, and can still meet the first key after the pause.
 * Counted from the last turn run, not on a fixed beat. Returns a stop.
 */
export function everyBetweenKeys(work: () => void, everyMs: number): () => void {
  let dueAt: number | null = null
  let timer = setTimeout(turn, everyMs)
  function turn(): void {
    const now = performance.now()
    dueAt ??= now
    const rested = now - lastInput
    if (rested >= KEYS_PAUSE_MS || now - dueAt >= everyMs) {
      dueAt = null
      timer = setTimeout(turn, everyMs)
      work()
      return
    }
    timer = setTimeout(turn, Math.ceil(Math.min(KEYS_PAUSE_MS - rested, dueAt + everyMs - now)))
  }
  return () => clearTimeout(timer)
}
