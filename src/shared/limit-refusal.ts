/**
 * The service's daily-limit refusal (HTTP 422, DAILY_LIMIT_EXCEEDED) and its four figures: one typed shape,
 * and one parser of the figures as the desk carries them in an error's details — main's outcome rules and the
 * renderer read a refusal here, never each in its own way.
 */

/** The four figures of a daily-limit refusal, in dirhams, as the service answered them. */
export interface RefusalFigures {
  /** The account's daily maximum. */
  dailyMaxDirhams: number
  /** What the service counts as used today, before the refused request. */
  usedTodayDirhams: number
  /** What it would still accept today. */
  remainingDirhams: number
  /** The amount refused. */
  requestedDirhams: number
}

export const REFUSAL_FIGURES = [
  'dailyMaxDirhams',
  'usedTodayDirhams',
  'remainingDirhams',
  'requestedDirhams',
] as const satisfies readonly (keyof RefusalFigures)[]

/** An error as main throws it or an entry keeps it: its code and details. */
interface ErrorLike {
  code: string
  details?: Record<string, unknown> | undefined
}

/**
 * The figures of a daily-limit refusal: null unless the error is one and carries all four as numbers (main
 * keeps all four or none; a refusal whose figures the service did not give has its message only).
 */
export function refusalFiguresOf(error: ErrorLike | null | undefined): RefusalFigures | null {
  if (error?.code !== 'DAILY_LIMIT_EXCEEDED') return null
  const details = error.details ?? {}
  const figures: Partial<RefusalFigures> = {}
  for (const key of REFUSAL_FIGURES) {
    const value = details[key]
    if (typeof value !== 'number' || !Number.isFinite(value)) return null
    figures[key] = value
  }
  return figures as RefusalFigures
}
