/**
 * The answer kept when a poll brings back the same one: `before` itself when `after` holds the same JSON
 * values (main's answers are plain JSON), else `after`. A store that keeps the same object re-renders nothing:
 * the status and the limit are asked for every few seconds, and a header re-rendered each time is a key the
 * clerk presses meanwhile that waits (on a slow PC, tens of milliseconds).
 */
export function sameAnswer<T>(before: T | null | undefined, after: T): T {
  // Equal JSON values: `before` is then `after`'s type (null only when `after` is null).
  return equalJson(before, after) ? (before as T) : after
}

function equalJson(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => equalJson(v, b[i]))
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  return (
    ka.length === kb.length &&
    ka.every(
      (k) =>
        Object.hasOwn(b, k) &&
        equalJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  )
}
