import type { JournalEntry } from '../../shared/types'
import { type EntryRecord, toJournalEntry } from '../journal/journal'
import { answerSale } from './code-shown'
import { automaticRetryOf } from './recover'
import { type CallContext, isOpenDeposit, type OpContext, type Workspace } from './workspace'

/** What presenting an entry asks of the desk (Workspaces): the background's next pass, a workspace's context. */
export interface PresentingDesk {
  readonly recovery: { nextPassIn(): number | null }
  opContext(ws: Workspace, call: CallContext): OpContext
}

/**
 * An entry as a call answers with it: the one presenter of the money calls and of the journal's entry. The
 * answer to the call that made a sale (`sale`: that call's context, and whether the sale is fresh or a repeat
 * of its requestId) gives the whole code by the code-shown rules; every other answer has it masked. An open
 * deposit says whether and when the background re-sends it: the clerk who pressed "Retry safely" is told when
 * the next automatic try is.
 */
export function present(
  desk: PresentingDesk,
  ws: Workspace,
  record: EntryRecord,
  sale?: { ctx: OpContext; fresh: boolean },
): JournalEntry {
  if (sale && record.voucherCode !== null) return answerSale(sale.ctx, { entry: record, fresh: sale.fresh })
  const entry = toJournalEntry(record)
  // Only an open deposit has an automatic retry to tell of.
  if (!isOpenDeposit(record)) return entry
  const wait = desk.recovery.nextPassIn()
  const due = wait === null ? null : ws.session.clock.now() + wait
  const automaticRetry = automaticRetryOf(desk.opContext(ws, { clerk: null }), record, due)
  return automaticRetry ? { ...entry, automaticRetry } : entry
}
