/**
 * A format or number inside an Arabic sentence that must read left-to-right as one unit: "+218 9X XXX XXXX",
 * "091–096". Wrapped in the Unicode isolates LRI…PDI, the string form of <bdi dir="ltr">, so it holds where
 * markup cannot go (an <option>, a title) as well as in the page; without them the bidi algorithm pulls the
 * "+" and the digits next to Arabic words into the right-to-left run ("9 218+أو").
 */
export function ltr(text: string): string {
  return `\u2066${text}\u2069`
}
