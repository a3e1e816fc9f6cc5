/** Arabic-Indic (U+0660–0669) and Extended Arabic-Indic (U+06F0–06F9) digits to ASCII digits. */
export function toLatinDigits(text: string): string {
  let out = ''
  for (const ch of text) {
    const c = ch.charCodeAt(0)
    if (c >= 0x0660 && c <= 0x0669) out += String.fromCharCode(48 + c - 0x0660)
    else if (c >= 0x06f0 && c <= 0x06f9) out += String.fromCharCode(48 + c - 0x06f0)
    else out += ch
  }
  return out
}
