/**
 * Error codes shared by main, the bridge and the renderer. A code is a promise: the renderer maps each
 * one to a message in both languages that tells the clerk what to do next, so codes never change meaning.
 */
export const ERROR_CODES = [
  // Answers from the reseller service (definite rejections)
  'INVALID_CREDENTIALS',
  'ACCESS_DENIED',
  'ACCOUNT_DISABLED',
  'USER_NOT_FOUND',
  'USER_INACTIVE',
  'DUPLICATE_TRANSACTION',
  'DAILY_LIMIT_EXCEEDED',
  'VALIDATION',
  'RATE_LIMITED',
  // Transport outcomes
  'NOT_SENT',
  'OUTCOME_UNKNOWN',
  'SERVICE_ERROR',
  // Local refusals: nothing was sent, nothing was journaled
  'NOT_CONFIGURED',
  'BAD_INPUT',
  'LOOKUP_REQUIRED',
  'NAME_MISMATCH',
  'UNRESOLVED_DEPOSIT',
  'REPEAT_NEEDS_CONFIRMATION',
  /** The voucher value the clerk confirmed is not the desk's list's any more (another mode, service or list). */
  'DENOMINATION_CHANGED',
  /** A voucher of the same value sold today has no known outcome: the clerk is asked before another. */
  'OPEN_VOUCHER_NEEDS_CONFIRMATION',
  'ABOVE_DEPOSIT_MAXIMUM',
  'JOURNAL_UNAVAILABLE',
  'NOT_FOUND',
  'NOT_RETRYABLE',
  'SECRETS_UNAVAILABLE',
  'PRINTER_ERROR',
  'NOT_PRINTABLE',
  'NOT_SIGNED_IN',
  'FORBIDDEN',
  // Manager tools: sign-in, people, resolution, Z reports, exports, backups
  'WRONG_PIN',
  'TOO_MANY_ATTEMPTS',
  'NAME_TAKEN',
  'LAST_MANAGER',
  'NOT_RESOLVABLE',
  'IN_PROGRESS',
  'ALREADY_CLOSED',
  'EXPORT_FAILED',
  'BACKUP_FAILED',
  /** A file a person saves (a receipt's PDF, a diagnostics file) could not be written where they chose. */
  'FILE_NOT_SAVED',
  // Updates of the installed app
  'UPDATE_NOT_READY',
  'UPDATE_ON_HOLD',
  // Head office (PostgreSQL): unreachable, refused, or records it will not take
  'HEAD_OFFICE_UNAVAILABLE',
  'HEAD_OFFICE_CONFLICT',
  'INTERNAL',
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

/** The plain shape that crosses the bridge (an Error loses its fields crossing Electron's context bridge). */
export interface AppErrorData {
  code: ErrorCode
  message: string
  details?: Record<string, unknown>
}

/** Thrown inside main and the renderer; serialised with toData() at the bridge. */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly details: Record<string, unknown> | undefined

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message)
    this.name = 'AppError'
    this.code = code
    this.details = details
  }

  toData(): AppErrorData {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details }
  }

  static from(data: AppErrorData): AppError {
    return new AppError(data.code, data.message, data.details)
  }

  /**
   * What the system refused while doing one thing (a file call: a folder that cannot be made, a disk full, no
   * access) as that thing's failure, `code`, with the system's own words in `details.reason` — never an error
   * "inside the app". An AppError passes as it is: it already says what went wrong.
   */
  static failed(code: ErrorCode, message: string, error: unknown): AppError {
    if (error instanceof AppError) return error
    return new AppError(code, message, { reason: error instanceof Error ? error.message : String(error) })
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value)
}

export function isAppErrorData(value: unknown): value is AppErrorData {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return isErrorCode(v.code) && typeof v.message === 'string'
}

/** Any thrown value as bridge data; unexpected ones become INTERNAL without leaking internals. */
export function toAppErrorData(error: unknown): AppErrorData {
  if (error instanceof AppError) return error.toData()
  if (isAppErrorData(error)) {
    // A copy: an Error carrying a code must still cross the bridge as a plain object.
    const { code, message, details } = error
    return details === undefined ? { code, message } : { code, message, details }
  }
  return { code: 'INTERNAL', message: 'An unexpected error occurred.' }
}

/** For exhaustive switches: the compiler proves this is unreachable. */
export function missingCase(value: never): never {
  throw new Error(`Unhandled case: ${String(value)}`)
}
