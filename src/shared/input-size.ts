/**
 * How much a call's input may hold, checked before its schema is: a page that sends a million keys or a 50 MB
 * name must cost main almost nothing, and get a short answer. The largest real input is a settings save with a
 * receipt logo (~200 000 characters, schemas.ts); no call has more than a few dozen values.
 */
export const MAX_INPUT_CHARS = 256 * 1024
export const MAX_INPUT_VALUES = 1_000
/** A refusal names at most this many of the input's problems (the first ones), each in a few words. */
export const MAX_REPORTED_ISSUES = 5
export const MAX_ISSUE_CHARS = 200

/**
 * Whether an input is over the caps: strings and keys counted in characters, every value and key once. The
 * walk stops as soon as a cap is passed, so an input a thousand times too large costs what one at the cap
 * does (a cycle, which Electron's IPC can carry, stops it too).
 */
export function inputTooLarge(input: unknown): boolean {
  let chars = 0
  let values = 0
  const pending: unknown[] = [input]
  while (pending.length > 0) {
    const value = pending.pop()
    values++
    if (values > MAX_INPUT_VALUES) return true
    if (typeof value === 'string') chars += value.length
    else if (ArrayBuffer.isView(value)) chars += value.byteLength
    else if (value instanceof ArrayBuffer) chars += value.byteLength
    else if (value instanceof Map || value instanceof Set) values += value.size
    else if (Array.isArray(value)) {
      if (values + value.length > MAX_INPUT_VALUES) return true
      for (const item of value) pending.push(item)
    } else if (typeof value === 'object' && value !== null) {
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue
        chars += key.length
        pending.push((value as Record<string, unknown>)[key])
        if (pending.length + values > MAX_INPUT_VALUES || chars > MAX_INPUT_CHARS) return true
      }
    }
    if (chars > MAX_INPUT_CHARS) return true
  }
  return false
}
