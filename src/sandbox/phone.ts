/**
 * The service's own reading of a phone number. Independent of the app's normalizer on purpose: the
 * sandbox is an executable copy of the service, so a bug in the client's parser must not be mirrored here.
 *
 * Accepted: `09XXXXXXXX`, `+2189XXXXXXXX`, `2189XXXXXXXX` (X after the 9 in 1–6, Libyan mobile ranges),
 * with spaces or dashes anywhere. The result is the national form, `09XXXXXXXX`, used as the user's key.
 */
export function normalizeServicePhone(text: string): string | null {
  if (text.length > 32) return null
  const compact = text.replace(/[\s-]/g, '')
  const m = /^(?:0|\+218|218)(9[1-6]\d{7})$/.exec(compact)
  return m ? `0${m[1]}` : null
}
