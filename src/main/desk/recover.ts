import type { RecoverResult } from '../../shared/deposit'
import type { AutomaticRetry } from '../../shared/types'
import type { EntryRecord } from '../journal/journal'
import type { Logger } from '../log'
import { resendDeposit } from './deposit'
import { BACKGROUND_WINDOW_MS, isOpenDeposit, type OpContext, stamp } from './workspace'

/** Delays between background passes while deposits stay open; the last one repeats. */
export const RETRY_SCHEDULE_MS = [2_000, 5_000, 10_000, 20_000, 40_000, 60_000]

/**
 * Marks what a crash left behind. A `pending` voucher whose request was marked as sent becomes `unknown` and
 * needs a manager (never re-sent); one that never left is `failed` — nothing was bought. A `pending` deposit
 * becomes `unknown` and is re-sent with its own id by the background recovery.
 */
export function markInterrupted(ctx: OpContext): number {
  const { ws } = ctx
  let marked = 0
  for (const kind of ['voucher', 'deposit'] as const) {
    for (const entry of ws.journal.listPending(kind)) {
      // An entry being sent right now is not interrupted.
      if (ws.sending.has(entry.id)) continue
      const t = stamp(ws)
      if (kind === 'voucher' && !ws.journal.wasSent(entry.id)) {
        ws.journal.updateEntry(
          entry.id,
          {
            status: 'failed',
            needsAttention: false,
            error: {
              code: 'NOT_SENT',
              message: 'The app stopped before the request was sent; nothing was bought.',
            },
          },
          t.at,
          { type: 'recovered', at: t.at, detail: { reason: 'The app stopped before sending.' } },
        )
      } else {
        ws.journal.updateEntry(entry.id, { status: 'unknown', needsAttention: true }, t.at, {
          type: 'recovered',
          at: t.at,
          detail: { reason: 'The app stopped before the outcome was recorded.' },
        })
      }
      marked++
    }
  }
  return marked
}

function withinWindow(ctx: OpContext, entry: EntryRecord): boolean {
  const first = Date.parse(entry.firstSentAt ?? entry.createdAt)
  return ctx.ws.session.clock.now() - first <= BACKGROUND_WINDOW_MS
}

/**
 * Whether and when the background re-sends an open deposit: inside its window, to its own account, at the
 * next pass (`nextPassAt`, service time, null when none is due). Null for anything that is not open.
 */
export function automaticRetryOf(
  ctx: OpContext,
  entry: EntryRecord,
  nextPassAt: number | null,
): AutomaticRetry | null {
  if (!isOpenDeposit(entry)) return null
  const until = Date.parse(entry.firstSentAt ?? entry.createdAt) + BACKGROUND_WINDOW_MS
  const ours = entry.serviceAccount === null || entry.serviceAccount === ctx.account
  const next = ours && nextPassAt !== null && nextPassAt <= until ? nextPassAt : null
  return { nextAt: next === null ? null : new Date(next).toISOString(), until: new Date(until).toISOString() }
}

/** Re-sends every open deposit still inside the background window; raises a notice for each resolution. */
export async function recoverDeposits(ctx: OpContext): Promise<RecoverResult> {
  const { ws } = ctx
  const due = dueDeposits(ctx)
  let resolved = 0
  for (const entry of due) {
    const after = await resendDeposit(ctx, entry.id, 'background')
    if (after.status === 'confirmed') {
      resolved++
      ws.journal.addNotice({
        at: stamp(ws).at,
        kind: 'deposit-resolved',
        entryId: after.id,
        status: after.status,
      })
    }
  }
  const stillOpen = ws.journal.countOpen()
  return { resolved, stillOpen }
}

/** Open deposits still the background's to re-send: inside their window, to their own service account, not
 * being sent right now. */
export function dueDeposits(ctx: OpContext): EntryRecord[] {
  // Only the window's deposits are read: older open ones wait for a person, and there may be thousands.
  const since = new Date(ctx.ws.session.clock.now() - BACKGROUND_WINDOW_MS).toISOString()
  return ctx.ws.journal
    .listOpenDepositsSince(since)
    .filter(
      (e) =>
        !ctx.ws.sending.has(e.id) &&
        (e.serviceAccount === null || e.serviceAccount === ctx.account) &&
        withinWindow(ctx, e),
    )
}

/** Whether any open deposit is still the background's to re-send. */
export function hasDueDeposits(ctx: OpContext): boolean {
  return dueDeposits(ctx).length > 0
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
  /** Milliseconds, to tell how long until the next pass. */
  now(): number
}

/**
 * Runs recoverDeposits on a backing-off timer while open deposits are inside their window, in every mode's
 * journal that is open (a live deposit still resolves while a manager looks at training). `kick` restarts
 * the schedule from its shortest delay (a new unknown deposit deserves a quick retry).
 */
export class BackgroundRecovery {
  private handle: unknown = null
  /** When the armed timer fires, on the timers' clock. */
  private dueAt: number | null = null
  private step = 0
  private running: Promise<void> | null = null
  private stopped = false

  constructor(
    private readonly contexts: () => OpContext[],
    private readonly log: Logger,
    private readonly schedule: readonly number[] = RETRY_SCHEDULE_MS,
    private readonly timers: Timers = {
      setTimeout: (fn, ms) => {
        const h = setTimeout(fn, ms)
        h.unref?.()
        return h
      },
      clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
      now: Date.now,
    },
  ) {}

  /** In how many milliseconds the next pass runs: 0 while one runs, null when none is due. */
  nextPassIn(): number | null {
    if (this.running) return 0
    return this.dueAt === null ? null : Math.max(0, this.dueAt - this.timers.now())
  }

  kick(): void {
    this.step = 0
    this.arm()
  }

  private arm(): void {
    if (this.stopped) return
    if (this.handle !== null) this.timers.clearTimeout(this.handle)
    const delay = this.schedule[Math.min(this.step, this.schedule.length - 1)] ?? 60_000
    this.dueAt = this.timers.now() + delay
    this.handle = this.timers.setTimeout(() => {
      this.handle = null
      this.dueAt = null
      void this.pass()
    }, delay)
  }

  /** One pass now; re-arms while deposits remain due. */
  async pass(): Promise<void> {
    if (this.running) return this.running
    this.running = (async () => {
      try {
        const contexts = this.contexts()
        for (const ctx of contexts) {
          const result = await recoverDeposits(ctx)
          if (result.resolved > 0)
            this.log.info('background recovery resolved deposits', {
              mode: ctx.ws.mode,
              resolved: result.resolved,
            })
        }
        if (contexts.some(hasDueDeposits)) {
          this.step++
          this.arm()
        }
      } catch (error) {
        this.log.error('background recovery failed', { error })
        this.step++
        this.arm()
      } finally {
        this.running = null
      }
    })()
    return this.running
  }

  stop(): void {
    this.stopped = true
    if (this.handle !== null) this.timers.clearTimeout(this.handle)
    this.handle = null
    this.dueAt = null
  }

  /** Waits for a pass in progress (tests, shutdown). */
  async idle(): Promise<void> {
    await this.running
  }
}
