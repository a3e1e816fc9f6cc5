/**
 * Mixed Arabic and Latin text as the person typed it — a redemption hint like `اطلب *123*الرمز#` or
 * `*123*code# للشحن` — kept in that order wherever it is shown or printed.
 *
 * Each line reads in the direction of its first strong letter (what the settings field shows as it is typed),
 * and dial codes (a run with `*` or `#`) are isolated left to right, so the bidi algorithm never moves their
 * stars and hashes around the digits. Without the explicit direction, a line starting with a dial code would
 * take the paragraph's direction from its Arabic words and print its parts in the other order.
 */
export type TextDirection = 'ltr' | 'rtl'

/** Bidi isolates (the text form of <bdi>): they steer the algorithm and are never drawn. */
export const LRI = '\u2066'
export const FSI = '\u2068'
export const PDI = '\u2069'

/**
 * A value that must read left to right as one unit inside text of either direction: "+218 9X XXX XXXX",
 * "091–096", a path, a reference. Holds where markup cannot go (an <option>, a title, a PDF cell); without it
 * the bidi algorithm pulls the "+" and the digits next to Arabic words into the right-to-left run.
 */
export function isolatedLtr(text: string): string {
  return `${LRI}${text}${PDI}`
}

/** A name inside a sentence, in the direction of its own first letter (Latin in Arabic, Arabic in English). */
export function isolated(text: string): string {
  return `${FSI}${text}${PDI}`
}

const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u
const LETTER = /\p{L}/u

/** The direction of the first letter that has one (digits and symbols have none), else `fallback`. */
export function firstStrongDirection(text: string, fallback: TextDirection): TextDirection {
  for (const ch of text) {
    if (RTL_LETTER.test(ch)) return 'rtl'
    if (LETTER.test(ch)) return 'ltr'
  }
  return fallback
}

export interface BidiLine {
  dir: TextDirection
  /** The line in pieces: `ltr` pieces are dial codes to isolate left to right. */
  parts: { text: string; ltr: boolean }[]
}

/** The text's lines, each with its direction and its dial codes marked. */
export function bidiLines(text: string, fallback: TextDirection): BidiLine[] {
  return text.split('\n').map((line) => ({
    dir: firstStrongDirection(line, fallback),
    parts: line
      .split(/(\S*[*#]\S*)/)
      .map((part, i) => ({ text: part, ltr: i % 2 === 1 }))
      .filter((p) => p.text !== ''),
  }))
}
