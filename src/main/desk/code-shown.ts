import type { Role } from '../../shared/people'
import type { CodeShownVia, JournalEntry } from '../../shared/types'
import { type EntryRecord, toJournalEntry } from '../journal/journal'
import { type CallContext, type OpContext, stamp } from './workspace'

/**
 * A voucher's whole code is money in the customer's hand. The sale shows it once, to whoever made the sale.
 * The same requestId asked again (a double click, an answer lost on its way to the page) gives it back only
 * to the same sign-in, within the manager's replay window and the reprint rules; anyone else, or later, gets
 * the entry with the code masked and sees the code again only through the receipt calls, which apply the
 * reprint rules themselves. Every whole code sent to the page is a `code-shown` event: who, when and why.
 */

/** The longest replay window a manager may set: remembered sales older than this are forgotten. */
const LONGEST_REPLAY_MS = 60 * 60_000

/**
 * The reprint rule: whether a person may see an entry's whole code again — print, preview or save its
 * receipt, or have it given back. A clerk may within the reprint window after the sale (counted from the
 * sale itself: a later change, such as a manager's note, must not reopen it); a manager at any time, and
 * anyone before a manager is set up.
 */
export function maySeeCodeAgain(
  entry: EntryRecord,
  person: { role: Role } | undefined,
  scope: { nowMs(): number; reprintWindowMs(): number },
): boolean {
  if (!person || person.role === 'manager') return true
  return scope.nowMs() - Date.parse(entry.createdAt) <= scope.reprintWindowMs()
}

/**
 * Who is shown what a call returns: its sign-in (a new one each time someone signs in), or before anyone is
 * set up its window; null when the call carries neither and cannot be told apart from any other.
 */
export function viewerOf(call: CallContext): string | null {
  if (call.signIn !== undefined) return `sign-in:${call.signIn}`
  if (call.sender !== undefined) return `window:${call.sender}`
  return null
}

/**
 * Remembers who saw a code at the sale, and when. Called inside the sale itself, so a repeat that was waiting
 * for it already finds the record.
 */
export function rememberSaleViewer(ctx: OpContext, entry: EntryRecord): void {
  if (entry.voucherCode === null) return
  const now = ctx.monotonicNow()
  for (const [id, shown] of ctx.ws.codesShown) {
    if (now - shown.atMonotonic > LONGEST_REPLAY_MS) ctx.ws.codesShown.delete(id)
  }
  ctx.ws.codesShown.set(entry.id, { holder: ctx.viewer, atMonotonic: now })
}

/** The entry a sale call answers with: the whole code for the sale itself and an allowed repeat, else masked. */
export function answerSale(ctx: OpContext, sale: { entry: EntryRecord; fresh: boolean }): JournalEntry {
  const { entry, fresh } = sale
  if (entry.voucherCode === null) return toJournalEntry(entry)
  if (fresh) return showCode(ctx, entry, 'sale')
  return mayHaveItBack(ctx, entry) ? showCode(ctx, entry, 'replayed-request') : toJournalEntry(entry)
}

function mayHaveItBack(ctx: OpContext, entry: EntryRecord): boolean {
  const shown = ctx.ws.codesShown.get(entry.id)
  if (!shown || shown.holder === null || shown.holder !== ctx.viewer) return false
  if (ctx.monotonicNow() - shown.atMonotonic > ctx.settings.replayRevealMinutes * 60_000) return false
  return maySeeCodeAgain(entry, ctx.role ? { role: ctx.role } : undefined, {
    nowMs: () => ctx.ws.session.clock.now(),
    reprintWindowMs: () => ctx.settings.reprintWindowMinutes * 60_000,
  })
}

function showCode(ctx: OpContext, entry: EntryRecord, via: CodeShownVia): JournalEntry {
  try {
    ctx.ws.journal.addEvent(entry.id, {
      type: 'code-shown',
      at: stamp(ctx.ws).at,
      clerk: ctx.clerk,
      detail: { via },
    })
  } catch (error) {
    // The customer paid for this code: a journal that cannot record the look must not hide it.
    ctx.log.warn('a code-shown event was not recorded', { error, entryId: entry.id, via })
  }
  return toJournalEntry(entry, { revealCode: true })
}
