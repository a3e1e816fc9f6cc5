/**
 * Reports (a day, a range, X and Z, this PC's or the chain's) and the exports written from them. The calls are
 * declared in contract.ts with every other call.
 */
import type { AppErrorData } from './errors'
import type { EntryKind, EntryStatus, Mode } from './types'

export interface Tally {
  count: number
  dirhams: number
}

export interface KindTotals {
  kind: EntryKind
  /** Issued vouchers, confirmed deposits: the money that moved. */
  done: Tally
  failed: Tally
  /** Pending or unknown: the outcome is not known yet. */
  open: Tally
}

export interface DenominationTotals {
  valueDirhams: number
  count: number
  dirhams: number
}

export interface ClerkTotals {
  /** null: entries made before anyone signed in (the setup period). */
  clerk: string | null
  vouchers: Tally
  deposits: Tally
  total: Tally
}

/** One entry as reports list it: no voucher code (the last 4 digits at most). */
export interface ReportEntry {
  id: string
  /** The receipt number (`R-0428-0173`); null for an entry made before numbers were given. */
  receiptNo: string | null
  createdAt: string
  day: number
  kind: EntryKind
  status: EntryStatus
  amountDirhams: number
  clerk: string | null
  phone: string | null
  /** The account holder's first name (deposits). */
  firstName: string | null
  serialNumber: string | null
  codeLast4: string | null
  serviceTransactionId: string | null
  externalTransactionId: string | null
  errorCode: string | null
  needsAttention: boolean
  /** A deposit the service answered 409 for (an earlier attempt went through): confirmed, to be looked at. */
  confirmedByDuplicate: boolean
}

export interface ReportList {
  /** How many there are; `entries` holds at most the first REPORT_LIST_LIMIT. */
  total: number
  entries: ReportEntry[]
}

export const REPORT_LIST_LIMIT = 200

export type ReportType = 'day' | 'range' | 'x' | 'z'

/** This PC's journal, or every terminal of the chain as the head office holds them. */
export const REPORT_SCOPES = ['pc', 'chain'] as const
export type ReportScopeName = (typeof REPORT_SCOPES)[number]

/** One terminal's part of a chain report. */
export interface TerminalTotals {
  terminal: string
  entryCount: number
  /** Issued vouchers and confirmed deposits together. */
  sales: Tally
  vouchers: Tally
  deposits: Tally
  failed: number
  /** Flagged for a person, or outcome not known yet. */
  attention: number
  /** When the head office last received something from this terminal: its figures are as of then. */
  lastReceivedAt: string | null
}

export interface ZInfo {
  number: number
  closedAt: string
  closedBy: string | null
  /** 1 for the day's first Z; 2 and on cover what was recorded after an earlier Z of the same day. */
  part: number
}

/**
 * X and Z: the entries earlier Z reports closed with no outcome (pending or unknown). Those whose outcome is
 * known since are carried by the next Z, once: their money is in that Z and in no other. The rest are still
 * without an outcome, and a later X or Z carries them once it is known.
 */
export interface LateOutcomes {
  /** Settled since, by kind: the money that moved (issued vouchers, confirmed deposits) and what failed. */
  byKind: { kind: EntryKind; done: Tally; failed: Tally }[]
  /** Of those, the money that moved, both kinds together. */
  moved: Tally
  /** Of those, what failed, both kinds together. */
  failed: Tally
  /** The settled entries, with what they are now. */
  settled: ReportList
  /** Still without an outcome. */
  stillOpen: Tally
}

export interface Report {
  type: ReportType
  /** Reports come from the active mode's journal: training figures never mix with live ones. */
  mode: Mode
  from: number
  to: number
  generatedAt: string
  generatedBy: string | null
  z: ZInfo | null
  entryCount: number
  /** Issued vouchers and confirmed deposits together. */
  sales: Tally
  byKind: KindTotals[]
  byDenomination: DenominationTotals[]
  byClerk: ClerkTotals[]
  failed: ReportList
  /** Entries still flagged for a person, or whose outcome is not known. */
  attention: ReportList
  /**
   * X and Z: outcomes of entries earlier Z reports closed without one (see LateOutcomes); null for other
   * reports, and for Z reports closed before the desk carried them.
   */
  late: LateOutcomes | null
  /**
   * A chain report (read from the head office): every terminal, with each one's figures. Chain reports hold
   * figures only; their entry lists are empty (the totals say how many), and clerks are named with their
   * terminal.
   */
  chain?: { terminals: TerminalTotals[] }
}

/** An X's or Z's outcomes of earlier Zs when there is anything to show (settled since, or still open). */
export function lateToShow(report: Report): LateOutcomes | null {
  const late = report.late
  return late && (late.settled.total > 0 || late.stillOpen.count > 0) ? late : null
}

/** The report's own sales with the money that moved with the outcomes it carries; null when it carries none. */
export function salesWithLate(report: Report): Tally | null {
  const moved = report.late?.moved
  return moved && moved.count > 0
    ? { count: report.sales.count + moved.count, dirhams: report.sales.dirhams + moved.dirhams }
    : null
}

export interface ZSummary {
  number: number
  day: number
  closedAt: string
  closedBy: string | null
  part: number
  sales: Tally
  /** The money of earlier Zs' entries whose outcome this Z carried (LateOutcomes.moved); 0 for none. */
  lateMoved: Tally
  entryCount: number
}

// ---------------------------------------------------------------------------------------------------------
// Exports

/** The export formats: main's schema and the renderer's buttons share them (no validation library here). */
export const EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

export interface ExportJob {
  jobId: string
  format: ExportFormat
  path: string
  state: 'running' | 'done' | 'failed'
  /** Entries written so far, of `total`. */
  done: number
  total: number
  error?: AppErrorData
}
