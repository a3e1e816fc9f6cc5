/**
 * Keys the journal keeps beside each entry so a clerk can find it by what the customer says: the last digits
 * of their phone, or their first name as the clerk spells it. Both are SQLite generated columns (migration
 * 5), computed by the database from `phone` and `first_name`, indexed, and searched by prefix — so a search
 * stays an index lookup at a million entries. The same folding runs here on what the clerk types.
 *
 * The SQL and the TypeScript below must agree character for character: changing either needs a new
 * migration that redefines the column.
 */

/** Longest phone the reversed key covers (national numbers are 10 digits). */
const PHONE_KEY_CHARS = 16

/** The phone written backwards: its last digits become a prefix, searchable through an index. */
export const PHONE_REVERSED_SQL = Array.from(
  { length: PHONE_KEY_CHARS },
  (_, i) => `substr(phone, ${PHONE_KEY_CHARS - i}, 1)`,
).join(' || ')

/** The same key for a phone here (a normalised phone: the search and the recent-deposit check ask by it). */
export function phoneReversed(phone: string): string {
  return [...phone].slice(0, PHONE_KEY_CHARS).reverse().join('')
}

/**
 * Letters people write in more than one way, folded to one (the alef forms with hamza or madda to bare alef,
 * taa marbuta to haa, alef maqsura and yaa with hamza to yaa, waw with hamza to waw), and marks nobody types
 * when searching (tatweel, the short vowels and shadda) removed. Latin letters are lower-cased (ASCII only:
 * SQLite's lower()).
 */
const FOLDS: ReadonlyArray<readonly [string, string]> = [
  ['\u0623', '\u0627'],
  ['\u0625', '\u0627'],
  ['\u0622', '\u0627'],
  ['\u0671', '\u0627'],
  ['\u0629', '\u0647'],
  ['\u0649', '\u064a'],
  ['\u0626', '\u064a'],
  ['\u0624', '\u0648'],
  ['\u0640', ''],
  ...['\u064b', '\u064c', '\u064d', '\u064e', '\u064f', '\u0650', '\u0651', '\u0652', '\u0670'].map(
    (mark) => [mark, ''] as const,
  ),
]

const sqlText = (s: string) => `'${s.replaceAll("'", "''")}'`

/** The first name as the search key, in SQL. */
export const NAME_KEY_SQL = FOLDS.reduce(
  (expr, [from, to]) => `replace(${expr}, ${sqlText(from)}, ${sqlText(to)})`,
  'lower(trim(first_name))',
)

/** The same key for text a clerk typed. */
export function nameKey(text: string): string {
  let key = text.trim().replace(/[A-Z]/g, (c) => c.toLowerCase())
  for (const [from, to] of FOLDS) key = key.replaceAll(from, to)
  return key
}

/** A GLOB pattern matching keys that start with `prefix` (GLOB's own special characters taken literally). */
export function globPrefix(prefix: string): string {
  return `${prefix.replace(/[[\]*?]/g, (c) => `[${c}]`)}*`
}

/**
 * How many of our reference's last characters the reference key holds: a UUID's last group, which has no dash
 * (our references are UUIDv7, lower-case, as the desk makes them).
 */
export const REFERENCE_KEY_CHARS = 12
/** The fewest last characters of a reference a search looks for (fewer would match too many). */
export const REFERENCE_SUFFIX_MIN_CHARS = 6

/**
 * Our reference's (a deposit's external_transaction_id) last 12 characters written backwards: its end becomes
 * a prefix, so its last 6 or more characters, read off a receipt or said by the provider's hotline, are found
 * through an index on this expression (the query must use this very text for SQLite to use that index).
 */
export const REFERENCE_TAIL_SQL = Array.from(
  { length: REFERENCE_KEY_CHARS },
  (_, i) => `substr(external_transaction_id, ${-(i + 1)}, 1)`,
).join(' || ')

/** The same key for the end of a reference a person typed (dashes and spaces left out, lower-cased). */
export function referenceTail(text: string): string {
  const chars = [...text.toLowerCase().replace(/[\s-]/g, '')]
  return chars.reverse().slice(0, REFERENCE_KEY_CHARS).join('')
}
