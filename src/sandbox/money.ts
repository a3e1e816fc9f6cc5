/**
 * Amounts inside the sandbox are integer dirhams (1 LYD = 1000 dirhams); LYD numbers exist only in JSON.
 */
export const DIRHAMS_PER_LYD = 1000
/** The service's minimum deposit, 0.01 LYD. */
export const MIN_DEPOSIT_DIRHAMS = 10
/** One million LYD: anything above is refused as a validation error rather than as a limit breach. */
export const MAX_AMOUNT_DIRHAMS = 1_000_000_000

export type AmountReading =
  | { ok: true; dirhams: number }
  | { ok: false; reason: 'type' | 'precision' | 'range' }

/**
 * Reads a JSON number of LYD exactly. The decimals are counted on the shortest decimal form of the number
 * (what the client wrote, for any amount a client can write), so 1.0001 is refused rather than rounded.
 */
export function readLydAmount(value: unknown): AmountReading {
  if (typeof value !== 'number' || !Number.isFinite(value)) return { ok: false, reason: 'type' }
  if (value < 0 || value > MAX_AMOUNT_DIRHAMS / DIRHAMS_PER_LYD) return { ok: false, reason: 'range' }
  const m = /^(\d+)(?:\.(\d+))?$/.exec(String(value))
  // Exponent forms (1e-7) only occur for amounts far below a dirham.
  if (!m) return { ok: false, reason: 'precision' }
  const frac = m[2] ?? ''
  if (frac.length > 3) return { ok: false, reason: 'precision' }
  return { ok: true, dirhams: Number(m[1]) * DIRHAMS_PER_LYD + Number(frac.padEnd(3, '0')) }
}

/** Dirhams for an LYD number that configuration (seed, controls) supplies; throws when it is not exact. */
export function configuredDirhams(lyd: number, what: string): number {
  const reading = readLydAmount(lyd)
  if (!reading.ok) throw new Error(`${what} must be an amount in LYD with at most 3 decimals, got ${lyd}`)
  return reading.dirhams
}

/** The JSON number for an amount. */
export function toLyd(dirhams: number): number {
  return dirhams / DIRHAMS_PER_LYD
}
