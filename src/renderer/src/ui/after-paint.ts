/** A page that draws no frame (minimized, hidden) still runs the work, about this long after the key's task. */
const HIDDEN_PAGE_MS = 100

/**
 * Runs `work` once the page has drawn its next frame: what a key changed is on screen first, and what it only
 * set going (a call to main for a courtesy figure, a list asked for again, the customer display told) waits
 * for that frame. On a slow PC each such call costs the key's frame several milliseconds; after the frame
 * they cost nobody a wait. Returns a cancel. A page that draws no frame (minimized) runs it some
 * HIDDEN_PAGE_MS after the key's own task — later if the browser slows a hidden page's timers.
 */
export function afterNextPaint(work: () => void): () => void {
  let settled = false
  const timers: ReturnType<typeof setTimeout>[] = []
  const run = () => {
    if (settled) return
    settled = true
    cancel()
    work()
  }
  // The frame's callbacks run before it is drawn: the task after them comes once it has been.
  const frame = requestAnimationFrame(() => timers.push(setTimeout(run, 0)))
  // Counted from the task after the key's, not from now: a key's own task may take longer than the wait on a
  // slow PC, and the fallback must not come before the frame it stands in for.
  timers.push(setTimeout(() => timers.push(setTimeout(run, HIDDEN_PAGE_MS)), 0))
  function cancel(): void {
    cancelAnimationFrame(frame)
    for (const timer of timers) clearTimeout(timer)
  }
  return () => {
    settled = true
    cancel()
  }
}

/**
 * Runs `work` in a task of its own after the current one: a call set going by a key whose own task also
 * shows a new screen (the journal's rows asked for on F3). After a key, Chromium gives the frame that is due
 * the turn before other tasks, so the screen is drawn first — and, unlike afterNextPaint, the work is not
 * held by a page that draws no frame, nor by a test's paused clock (a message, not a timer). Returns a
 * cancel.
 */
export function afterThisTask(work: () => void): () => void {
  const channel = new MessageChannel()
  let cancelled = false
  channel.port1.onmessage = () => {
    channel.port1.close()
    if (!cancelled) work()
  }
  channel.port2.postMessage(null)
  return () => {
    cancelled = true
    channel.port1.close()
  }
}

/**
 * Runs `work` in the task after the current one (afterThisTask), then every `everyMs`: a screen's figures read
 * when it is shown — drawn ahead, its effects run in its key's task, whose frame comes first — and kept fresh
 * while it is open. Returns a stop.
 */
export function nowAndEvery(work: () => void, everyMs: number): () => void {
  const cancel = afterThisTask(work)
  const timer = setInterval(work, everyMs)
  return () => {
    cancel()
    clearInterval(timer)
  }
}
