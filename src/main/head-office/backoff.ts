/**
 * How long the head office sync waits after failures: a few seconds while the head office cannot be reached
 * or does not answer (it is used again the moment it is back), longer while it refuses this PC's settings or
 * stops its records (a person must act first).
 */

/** While the head office cannot be reached or does not answer: try again within seconds. */
export const RECONNECT_MS = [1000, 2000, 4000] as const
/** While it refuses this PC's settings (a person must act; saving them, or a Test that passes, tries at once). */
export const REFUSED_MS = [2000, 5000, 15_000, 30_000, 60_000] as const
/** While it stops this desk's records (a person at the head office must act). */
export const STOPPED_MS = 5 * 60_000

/**
 * The wait before the next try after `failures` failures in a row: the schedule's step (the last repeated),
 * ±25 %, so desks that lost the head office together do not all knock at the same instant.
 */
export function retryDelay(
  schedule: readonly number[],
  failures: number,
  random: () => number = Math.random,
): number {
  const base = schedule[Math.min(Math.max(failures, 1), schedule.length) - 1] ?? 60_000
  return Math.round(base * (0.75 + 0.5 * random()))
}
