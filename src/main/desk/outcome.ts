import type { EntryError } from '../../shared/contract'
import { AppError } from '../../shared/errors'
import type { NewEvent } from '../journal/journal'
import { ServiceError } from '../reseller/http'

const NO_ERROR = Symbol('no error')

/**
 * Counts the money POSTs of one attempt and remembers the last one's error, so a failure can be told apart:
 * from the POST itself (its outcome class decides), or from the token work around it — a token that could
 * not be obtained, or a refresh that failed after the service refused the POST with a 401: nothing was done.
 */
export class PostTracker {
  posts = 0
  private lastPostError: unknown = NO_ERROR

  async run<T>(post: () => Promise<T>): Promise<T> {
    this.posts++
    try {
      return await post()
    } catch (error) {
      this.lastPostError = error
      throw error
    }
  }

  get sent(): boolean {
    return this.posts > 0
  }

  /**
   * How a failed money call ends: `failed` only when the service definitely did nothing (a rejection, or the
   * request never left); `unknown` when it may have acted. Anything unexpected from the POST counts as unknown.
   */
  status(error: unknown): 'failed' | 'unknown' {
    if (error !== this.lastPostError) return 'failed'
    if (error instanceof ServiceError) return error.outcome === 'unknown' ? 'unknown' : 'failed'
    return 'unknown'
  }
}

export function entryError(error: unknown): EntryError {
  if (error instanceof ServiceError) {
    const { httpStatus: _status, ...details } = error.details ?? {}
    return {
      code: error.code,
      message: error.message,
      ...(error.httpStatus === undefined ? {} : { httpStatus: error.httpStatus }),
      details,
    }
  }
  if (error instanceof AppError)
    return { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) }
  return { code: 'INTERNAL', message: 'An unexpected error occurred while sending.' }
}

/** The event that records how an attempt ended. */
export function attemptEvent(error: unknown, at: string, clerk: string | null): NewEvent {
  if (error instanceof ServiceError) {
    if (error.httpStatus !== undefined) {
      return { type: 'answered', at, clerk, httpStatus: error.httpStatus, detail: { code: error.code } }
    }
    return {
      type: error.outcome === 'not-sent' ? 'not-sent' : 'no-answer',
      at,
      clerk,
      detail: { code: error.code },
    }
  }
  return {
    type: 'no-answer',
    at,
    clerk,
    detail: { code: error instanceof AppError ? error.code : 'INTERNAL' },
  }
}

/** The four figures of a daily-limit refusal, when the answer carried them. */
export function reportedLimit(error: unknown): {
  dailyMaxDirhams: number
  usedTodayDirhams: number
  remainingDirhams: number
  requestedDirhams: number
} | null {
  if (!(error instanceof ServiceError) || error.code !== 'DAILY_LIMIT_EXCEEDED') return null
  const d = error.details ?? {}
  const keys = ['dailyMaxDirhams', 'usedTodayDirhams', 'remainingDirhams', 'requestedDirhams'] as const
  if (!keys.every((k) => typeof d[k] === 'number')) return null
  return {
    dailyMaxDirhams: d.dailyMaxDirhams as number,
    usedTodayDirhams: d.usedTodayDirhams as number,
    remainingDirhams: d.remainingDirhams as number,
    requestedDirhams: d.requestedDirhams as number,
  }
}
