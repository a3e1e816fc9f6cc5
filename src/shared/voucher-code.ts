/**
 * The service's voucher codes and serial numbers have fixed lengths (the integration guide's example: code
 * `001110016812345`, serial `98712345678`; the sandbox issues the same). A code or serial typed by a person
 * (a manager resolving an unknown sale from the provider's word) is checked against them, on screen and in main.
 */
export const VOUCHER_CODE_DIGITS = 15
export const VOUCHER_SERIAL_DIGITS = 11

/**
 * A voucher code (or serial) in groups of four digits counted from the end, so the last group is the same
 * four digits a masked code keeps and a clerk reading the screen and a customer reading the receipt see the
 * same groups: "001110016812345" → ["001", "1100", "1681", "2345"].
 */
export function codeGroups(code: string): string[] {
  const chars = [...code.replace(/\s+/g, '')]
  const groups: string[] = []
  for (let end = chars.length; end > 0; end -= 4)
    groups.unshift(chars.slice(Math.max(0, end - 4), end).join(''))
  return groups
}
