/**
 * How long a person must wait after wrong PINs: the first few are free (fingers slip), then the wait doubles
 * from 5 seconds up to 15 minutes. At the cap a 4-digit PIN takes about 100 days of guessing around the clock.
 */
export const FREE_ATTEMPTS = 3
const FIRST_WAIT_MS = 5_000
export const MAX_WAIT_MS = 15 * 60_000

export function signInWaitMs(failures: number): number {
  if (failures < FREE_ATTEMPTS) return 0
  return Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.min(failures - FREE_ATTEMPTS, 20))
}
