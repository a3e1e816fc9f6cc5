import { type RefusalFigures, refusalFiguresOf } from '../../../shared/limit-refusal'
import type { JournalEntry } from '../../../shared/types'
import { isOpenStatus } from '../../../shared/types'

/** An entry whose outcome is not known yet (shared/types: what "open" means, once). */
export function isOpen(entry: Pick<JournalEntry, 'status'>): boolean {
  return isOpenStatus(entry.status)
}

/** A deposit whose outcome is open may be re-sent with its own reference; a final one never. */
export function canRetry(entry: JournalEntry): boolean {
  return entry.kind === 'deposit' && isOpen(entry)
}

/**
 * A finished sale or deposit once the clerk has moved on: enough to find it again (its time, amount and
 * outcome), never its voucher code — the journal shows that masked, as for any entry.
 */
export interface LastOperation {
  id: string
  kind: JournalEntry['kind']
  status: JournalEntry['status']
  amountDirhams: number
  createdAt: string
}

export function lastOperationOf(entry: JournalEntry): LastOperation {
  const { id, kind, status, amountDirhams, createdAt } = entry
  return { id, kind, status, amountDirhams, createdAt }
}

/**
 * A failed entry the service never refused: the request could not be sent, or the desk could not get access
 * to send it or failed itself before (main marks those with a `stage`: 'access' or 'desk'). Its screen says
 * it did not go through, not "refused".
 */
export function failedUnsent(entry: Pick<JournalEntry, 'error'>): boolean {
  const stage = entry.error?.details?.stage
  return entry.error?.code === 'NOT_SENT' || stage === 'access' || stage === 'desk'
}

/** A sale or deposit the service refused for the daily limit. */
export function isLimitRefusal(entry: Pick<JournalEntry, 'error'>): boolean {
  return entry.error?.code === 'DAILY_LIMIT_EXCEEDED'
}

/** The service's four figures of a DAILY_LIMIT_EXCEEDED answer, when it gave them (shared/limit-refusal). */
export function limitFigures(entry: Pick<JournalEntry, 'error'>): RefusalFigures | null {
  return refusalFiguresOf(entry.error)
}

export type Tone = 'good' | 'bad' | 'pending'

/** The outcome colour of a status; always shown together with the status in words. */
export function statusTone(status: JournalEntry['status']): Tone {
  switch (status) {
    case 'issued':
    case 'confirmed':
      return 'good'
    case 'failed':
    case 'unknown':
      return 'bad'
    case 'pending':
      return 'pending'
  }
}

// Listed here rather than imported from the contract, whose schemas would pull the validation library into
// the renderer bundle; a Record keeps the lists complete (a new kind or status is a compile error).
const KIND_SET: Record<JournalEntry['kind'], true> = { voucher: true, deposit: true }
const STATUS_SET: Record<JournalEntry['status'], true> = {
  pending: true,
  issued: true,
  confirmed: true,
  failed: true,
  unknown: true,
}
export const KINDS = Object.keys(KIND_SET) as JournalEntry['kind'][]
export const STATUSES = Object.keys(STATUS_SET) as JournalEntry['status'][]
