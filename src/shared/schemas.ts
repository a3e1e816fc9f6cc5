/**
 * The pieces the calls' input schemas are made of (inputs/, settings.ts, head-office.ts; contract.ts names
 * each call's input).
 * Validated in main, never trusted: a bad field becomes BAD_INPUT naming the field.
 */
import { z } from 'zod'
import { isValidDay } from './day'
import { toLatinDigits } from './digits'
import { PIN_MAX_DIGITS, PIN_MIN_DIGITS } from './people'
import { parsePrinterAddress } from './printer-address'
import { RECEIPT_LOGO_MAX_CHARS, RECEIPT_LOGO_PATTERN } from './receipt-logo'

export { RECEIPT_LOGO_MAX_CHARS, RECEIPT_LOGO_PATTERN }

/** A call without input: nothing, null or `{}`. */
export const noInput = z.union([z.undefined(), z.null(), z.strictObject({})]).transform(() => ({}))

/** A call whose fields are all optional: nothing and null mean `{}`. */
export function optionalFields<S extends z.ZodRawShape>(shape: S) {
  const fields = z.strictObject(shape)
  type Fields = z.output<typeof fields>
  return z.union([z.undefined(), z.null(), fields]).transform((v): Fields => v ?? ({} as Fields))
}

export const day = z.number().int().refine(isValidDay, 'Not a valid day (YYYYMMDD).')
/** A period of business days, `from` not after `to`. */
export function dayRange<S extends z.ZodRawShape>(extra: S) {
  return z
    .strictObject({ from: day, to: day, ...extra })
    .refine((r) => (r as { from: number }).from <= (r as { to: number }).to, {
      message: 'from must not be after to.',
      path: ['to'],
    })
}

export const id = z.string().min(1).max(64)
export const requestId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\w.:-]+$/, 'Letters, digits, and . : _ - only.')
export const phoneText = z.string().min(1).max(40)
export const url = z.string().trim().min(1).max(2000)
export const proxyUrl = z.union([z.string().trim().max(2000), z.null()])
export const username = z.string().trim().min(1).max(200)
export const password = z.string().min(1).max(1000)
/** A file or folder path given instead of asking the host's dialog. */
export const path = z.string().min(1).max(4000)
export const language = z.enum(['ar', 'en'])

// Receipts and printers -------------------------------------------------------------------------------------

const paperWidthMm = z.union([z.literal(58), z.literal(80)])
export const printerSettings = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('escpos-network'),
    address: z
      .string()
      .trim()
      .min(1)
      .max(300)
      .refine(
        (a) => parsePrinterAddress(a) !== null,
        'Expected tcp://host:port, e.g. tcp://192.168.1.50:9100.',
      ),
    widthMm: paperWidthMm,
  }),
  z.strictObject({
    kind: z.literal('system'),
    deviceName: z.string().trim().min(1).max(300),
    widthMm: paperWidthMm,
  }),
  z.strictObject({ kind: z.literal('none'), widthMm: paperWidthMm }),
])
export const outlet = z.strictObject({
  name: z.string().trim().max(100),
  address: z.string().trim().max(200),
  phone: z.string().trim().max(40),
})
export const logo = z.union([
  z
    .string()
    .max(RECEIPT_LOGO_MAX_CHARS, 'The logo is too large (at most about 150 KB).')
    .regex(RECEIPT_LOGO_PATTERN, 'A PNG or JPEG image.'),
  z.null(),
])
/** `language`: the one the clerk works in, used unless settings fix the receipts' language. */
export const receiptOf = z.strictObject({ entryId: id, language: language.optional() })

// People, notes, what a manager reads from the provider ------------------------------------------------------

/** A name as people write it, in any script; no control characters (they would break files and receipts). */
export const personName = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .refine((s) => !/[\p{Cc}\p{Cf}]/u.test(s.replace(/[\u200c\u200d]/g, '')), 'No control characters.')

/** Accepts Arabic-Indic digits; the PIN is kept and checked as Latin digits. */
export const newPin = z
  .string()
  .max(40)
  .transform((s) => toLatinDigits(s).trim())
  .pipe(z.string().regex(/^\d+$/, 'Digits only.').min(PIN_MIN_DIGITS).max(PIN_MAX_DIGITS))
/** What is typed at sign-in is only compared, never described: any short text. */
export const typedPin = z
  .string()
  .min(1)
  .max(40)
  .transform((s) => toLatinDigits(s).trim())

export const note = z.string().trim().min(3, 'Say what was checked (at least 3 characters).').max(500)

/** Digits as read from the provider, spaces and dashes allowed while typing. */
export function digits(min: number, max: number) {
  const length = min === max ? `Exactly ${min} digits.` : null
  return z
    .string()
    .max(80)
    .transform((s) => toLatinDigits(s).replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .regex(/^\d+$/, 'Digits only.')
        .min(min, length ?? `At least ${min} digits.`)
        .max(max, length ?? `At most ${max} digits.`),
    )
}
export const plainDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD.')
export const serviceTransactionId = digits(1, 20)
