import type { JournalEntry } from '../../../shared/contract'

/** An entry whose outcome is not known yet. */
export function isOpen(entry: Pick<JournalEntry, 'status'>): boolean {
  return entry.status === 'unknown' || entry.status === 'pending'
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

export interface RefusalFigures {
  dailyMaxDirhams: number | null
  usedTodayDirhams: number | null
  remainingDirhams: number | null
  requestedDirhams: number | null
}

/** The four figures of a DAILY_LIMIT_EXCEEDED answer, as far as main could read them. */
export function limitFigures(entry: JournalEntry): RefusalFigures | null {
  if (entry.error?.code !== 'DAILY_LIMIT_EXCEEDED') return null
  const d = entry.error.details ?? {}
  const num = (key: string) => {
    const v = d[key]
    return typeof v === 'number' && Number.isFinite(v) ? v : null
  }
  return {
    dailyMaxDirhams: num('dailyMaxDirhams'),
    usedTodayDirhams: num('usedTodayDirhams'),
    remainingDirhams: num('remainingDirhams'),
    requestedDirhams: num('requestedDirhams'),
  }
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
