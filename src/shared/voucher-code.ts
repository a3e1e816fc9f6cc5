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
