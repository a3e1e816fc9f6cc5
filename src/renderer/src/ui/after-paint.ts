/** A page that draws no frame (minimized, hidden) still runs the work, this much later at the most. */
const HIDDEN_PAGE_MS = 100

/**
 * Runs `work` once the page has drawn its next frame: what a key changed is on screen first, and what it only
 * set going (a call to main for a courtesy figure, a list asked for again, the customer display told) waits
 * for that frame. On a slow PC each such call costs the key's frame several milliseconds; after the frame
 * they cost nobody a wait. Returns a cancel (for an effect's cleanup); a page that draws no frame (minimized)
 * runs it after at most HIDDEN_PAGE_MS.
 */
export function afterNextPaint(work: () => void): () => void {
  let settled = false
  let inner: ReturnType<typeof setTimeout> | undefined
  const run = () => {
    if (settled) return
    settled = true
    cancel()
    work()
  }
  // The frame's callbacks run before it is drawn: the task after them comes once it has been.
  const frame = requestAnimationFrame(() => {
    inner = setTimeout(run, 0)
  })
  const fallback = setTimeout(run, HIDDEN_PAGE_MS)
  function cancel(): void {
    cancelAnimationFrame(frame)
    clearTimeout(fallback)
    if (inner !== undefined) clearTimeout(inner)
  }
  return () => {
    settled = true
    cancel()
  }
}
