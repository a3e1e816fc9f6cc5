import { AppError } from '../../shared/errors'
import type { EntryError, ResendBy } from '../../shared/types'
import type { EntryRecord, EntryUpdate, NewEvent } from '../journal/journal'
import { mayHaveActed, refusalFigures, requestFate, ServiceError, unanswered } from '../reseller/outcomes'
import { type OpContext, stamp } from './workspace'

/**
 * One attempt of a money call for a journaled entry, and how it is recorded. Every path that sends money —
 * a voucher sale, a deposit's first attempt, a re-send — goes through here, so the rules live once:
 * - a `sent` event marks each money POST before it leaves — durably for a voucher, so after a crash "never
 *   sent" is known; for a deposit, whose recovery never depends on it, without a wait of its own (in the
 *   intent's commit when a token is in hand, else unsynced: docs/journal.md);
 * - a failure is `failed` only when the service definitely did nothing;
 * - a success the journal cannot record is never reported as a failure.
 */

const NO_ERROR = Symbol('no error')

/**
 * Counts the money POSTs of one attempt and remembers the last one's error, so a failure can be told apart:
 * from the POST itself (its outcome class decides), or from the token work around it — a token that could
 * not be obtained, or a refresh that failed after the service refused the POST with a 401: nothing was done.
 */
export class PostTracker {
  /** POSTs this tracker marked `sent`: those entry.attempts does not count yet. */
  posts = 0
  /** When the first POST of this attempt left. */
  firstSentAt: string | null = null
  private lastPostError: unknown = NO_ERROR

  /**
   * @param sentWithEntry when the entry was committed with its first POST's `sent` mark (a deposit with a
   * token in hand, see deposit.ts): that POST's mark is not written again, and entry.attempts counts it.
   */
  constructor(
    private readonly ctx: OpContext,
    private readonly entry: EntryRecord,
    private sentWithEntry: string | null = null,
  ) {}

  async run<T>(post: () => Promise<T>): Promise<T> {
    if (this.sentWithEntry !== null) {
      this.firstSentAt = this.sentWithEntry
      this.sentWithEntry = null
    } else {
      const t = stamp(this.ctx.ws)
      const sent = {
        type: 'sent' as const,
        at: t.at,
        clerk: this.ctx.clerk,
        detail: { attempt: this.entry.attempts + this.posts + 1 },
      }
      // A voucher's `sent` decides its recovery (one that never left is failed), so it is on disk before the
      // POST. A deposit's does not — an interrupted deposit is re-sent with its own reference whether or not
      // it left — so it costs no wait for the disk (docs/journal.md: the crash windows).
      if (this.entry.kind === 'voucher') this.ctx.ws.journal.addEvent(this.entry.id, sent)
      else this.ctx.ws.journal.addEventUnsynced(this.entry.id, sent)
      this.posts++
      this.firstSentAt ??= t.at
    }
    try {
      return await post()
    } catch (error) {
      this.lastPostError = error
      throw error
    }
  }

  /** Whether this error is the answer (or the silence) of a money POST, not of the token work around it. */
  fromPost(error: unknown): boolean {
    return error === this.lastPostError
  }

  /** The status the service answered this attempt's last POST with (a 401 before a refresh), if it answered. */
  postAnswer(): number | null {
    const fate = requestFate(this.lastPostError)
    return fate.fate === 'answered' ? fate.httpStatus : null
  }

  /**
   * How a failed first attempt ends: `failed` only when the service definitely did nothing (a rejection, or
   * the request never left); `unknown` when it may have acted. Anything unexpected from the POST is unknown.
   */
  status(error: unknown): 'failed' | 'unknown' {
    if (!this.fromPost(error)) return 'failed'
    return mayHaveActed(error) ? 'unknown' : 'failed'
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

/** Codes of the desk's own work to get access: no credentials set up, or none it can read. */
const ACCESS_CODES: ReadonlySet<string> = new Set(['NOT_CONFIGURED', 'SECRETS_UNAVAILABLE'])

/**
 * Where a failure that is not the money POST's own answer came from: the work to get access (a token request,
 * the credentials) or the desk itself (its journal, a fault). Either way the service refused nothing.
 */
function failureStage(error: unknown): 'access' | 'desk' {
  return error instanceof ServiceError || (error instanceof AppError && ACCESS_CODES.has(error.code))
    ? 'access'
    : 'desk'
}

/**
 * What a first attempt records when its failure is not the money POST's own answer (nothing was carried out:
 * no POST left, or the one that did was refused with a 401 before the service did anything). Its details say
 * where it came from (`stage`), so the screen says the sale or deposit did not go through rather than that
 * the service refused it. A token request the service did not answer becomes NOT_SENT, reason
 * TOKEN_NO_ANSWER: left as it came ("the service did not answer", SERVICE_ERROR) it reads as the money call's
 * own error. NOT_SENT because the request that would have carried it out was never sent (a 401'd one is
 * refused unprocessed). The service's answers about access (a refused password, a blocked address, a
 * disabled account, the rate limit) keep their code: they say what to do.
 */
function notCarriedOut(error: unknown): AppError {
  const stage = failureStage(error)
  if (unanswered(error)) {
    const reason = error.details?.reason
    return new ServiceError(
      'NOT_SENT',
      'The service did not answer when the desk asked it for access, so this was not carried out.',
      'not-sent',
      undefined,
      {
        reason: 'TOKEN_NO_ANSWER',
        tokenError: error.code,
        ...(typeof reason === 'string' ? { tokenReason: reason } : {}),
        stage,
      },
    )
  }
  if (error instanceof ServiceError) {
    return new ServiceError(error.code, error.message, error.outcome, error.httpStatus, {
      ...error.details,
      stage,
    })
  }
  if (error instanceof AppError) return new AppError(error.code, error.message, { ...error.details, stage })
  return new AppError('INTERNAL', 'An unexpected error occurred before sending.', { stage })
}

/**
 * The event of an attempt whose failure is not the money POST's own answer: `answered` with the POST's status
 * when the service refused it (a 401), else `not-sent` — never the token request's silence or answer recorded
 * as the POST's. `access` says what getting access came to (TOKEN_NO_ANSWER, or its code); a failure of the
 * desk's own gives its `code`.
 */
function notCarriedOutEvent(
  tracker: PostTracker,
  error: unknown,
  at: string,
  clerk: string | null,
): NewEvent {
  const code = error instanceof AppError ? error.code : 'INTERNAL'
  const detail =
    failureStage(error) === 'access' ? { access: unanswered(error) ? 'TOKEN_NO_ANSWER' : code } : { code }
  const httpStatus = tracker.postAnswer()
  if (httpStatus !== null) return { type: 'answered', at, clerk, httpStatus, detail }
  return { type: 'not-sent', at, clerk, detail }
}

/** The event that records how an attempt ended. */
export function attemptEvent(error: unknown, at: string, clerk: string | null): NewEvent {
  const code = error instanceof AppError ? error.code : 'INTERNAL'
  const fate = requestFate(error)
  if (fate.fate === 'answered') {
    // A daily-limit refusal keeps the service's figures: the head office shares them with the other counters.
    const limit = refusalFigures(error)
    return {
      type: 'answered',
      at,
      clerk,
      httpStatus: fate.httpStatus,
      detail: limit ? { code, limit } : { code },
    }
  }
  return { type: fate.fate, at, clerk, detail: { code } }
}

export type { ResendBy }

/**
 * Records a failed attempt.
 * - A 409 to one of our deposits means a copy of this very request went through: an earlier attempt, or a
 *   relay repeating the POST after losing its answer (the reference is ours and fresh). It is confirmed by
 *   duplicate and flagged for review, on any attempt.
 * - A first attempt is `failed` only on a definite refusal or when nothing left; otherwise `unknown`.
 * - A re-send never makes an entry `failed`: an earlier attempt may have reached the service.
 */
export function recordFailure(
  ctx: OpContext,
  entry: EntryRecord,
  tracker: PostTracker,
  error: unknown,
  resend: ResendBy | null,
): EntryRecord {
  const { ws } = ctx
  const done = stamp(ws)
  const attempts = entry.attempts + tracker.posts
  const firstSentAt = entry.firstSentAt ?? tracker.firstSentAt
  const limit = refusalFigures(error)
  if (limit) ws.journal.addLimitReport({ ...limit, at: done.at, day: done.day, entryId: entry.id })
  if (entry.kind === 'deposit' && tracker.fromPost(error) && error instanceof ServiceError) {
    if (error.code === 'DUPLICATE_TRANSACTION') {
      return ws.journal.updateEntry(
        entry.id,
        {
          status: 'confirmed',
          confirmedByDuplicate: true,
          needsAttention: true,
          error: null,
          attempts,
          firstSentAt,
        },
        done.at,
        {
          type: 'resolved',
          at: done.at,
          clerk: ctx.clerk,
          httpStatus: 409,
          detail: { duplicate: true, ...(resend ? { by: resend } : {}) },
        },
      )
    }
  }
  const status = resend ? 'unknown' : tracker.status(error)
  if (status === 'unknown') ctx.log.warn(`${entry.kind} outcome unknown; flagged`, { entryId: entry.id })
  // Not the POST's own answer: nothing was carried out by this attempt. A first attempt says so in its error;
  // a re-send keeps its error as it came (its entry stays unknown: an earlier attempt may have moved money),
  // and both record what happened to this attempt's POST, not the token request's outcome as the POST's.
  const fromPost = tracker.fromPost(error)
  const recorded = fromPost || resend !== null ? error : notCarriedOut(error)
  const event = fromPost
    ? attemptEvent(error, done.at, ctx.clerk)
    : notCarriedOutEvent(tracker, error, done.at, ctx.clerk)
  return ws.journal.updateEntry(
    entry.id,
    { status, error: entryError(recorded), attempts, firstSentAt, needsAttention: status === 'unknown' },
    done.at,
    resend
      ? {
          ...event,
          type: event.type === 'answered' ? 'retried' : event.type,
          detail: { ...event.detail, by: resend },
        }
      : event,
  )
}

/**
 * Records what the service confirmed. Should the journal refuse the write (a full disk, a locked file), the
 * entry is marked unknown for a person if that much can be written — a deposit is then re-sent with its
 * reference and answered 409 — and the clerk still gets what the service said: the customer paid for it.
 */
export function recordSuccess(
  ctx: OpContext,
  entry: EntryRecord,
  update: EntryUpdate,
  event: NewEvent,
): EntryRecord {
  const { journal } = ctx.ws
  try {
    return journal.updateEntry(entry.id, update, event.at, event)
  } catch (error) {
    ctx.log.error('the service carried out an operation the journal could not record', {
      entryId: entry.id,
      error,
    })
    try {
      journal.updateEntry(
        entry.id,
        {
          status: 'unknown',
          needsAttention: true,
          error: {
            code: 'JOURNAL_UNAVAILABLE',
            message: 'The service carried this out, but the journal could not record the answer. Check it.',
          },
        },
        event.at,
      )
    } catch {
      // The entry stays pending: the next start flags it for a person.
    }
    const { error: _error, ...rest } = update
    return { ...(journal.get(entry.id) ?? entry), ...rest, error: null }
  }
}
