/** Arabic counts: 1 and 2 have their own words, 3–10 take the plural, 11 and above the singular. */
export function arabicEntries(n: number): string {
  if (n === 1) return 'عملية واحدة'
  if (n === 2) return 'عمليتان'
  const mod = n % 100
  return mod >= 3 && mod <= 10 ? `${n} عمليات` : `${n} عملية`
}
