/**
 * A receipt logo: a PNG or JPEG as a base64 data URL, small enough for a settings file. Main's schema checks
 * it (schemas.ts); the Settings screen checks a chosen file the same way without loading zod.
 */
export const RECEIPT_LOGO_PATTERN = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/
export const RECEIPT_LOGO_MAX_CHARS = 200_000
