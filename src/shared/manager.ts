/**
 * The manager tools' part of the desk API: people and sessions, resolving entries that need a person,
 * reports with X and Z, exports and backups. contract.ts spreads these schemas and outputs into the desk
 * contract; they are kept here so the feature reads in one place.
 */
import { z } from 'zod'
import type { EntryKind, EntryStatus, JournalEntry, Language, Mode } from './contract'
import { isValidDay } from './day'
import { toLatinDigits } from './digits'
import type { AppErrorData } from './errors'
import { EXPORT_FORMATS, PIN_MAX_DIGITS, PIN_MIN_DIGITS } from './manager-limits'
import type { ManagerMethod } from './manager-methods'
import { VOUCHER_CODE_DIGITS, VOUCHER_SERIAL_DIGITS } from './voucher-code'

// ---------------------------------------------------------------------------------------------------------
// People and sessions

export type Role = 'manager' | 'clerk'
export const ROLES = ['manager', 'clerk'] as const satisfies readonly Role[]

export interface Person {
  id: string
  name: string
  role: Role
  active: boolean
  createdAt: string
}

export interface Session {
  /** No manager yet: the first start is setup, and every call works as it did before people existed. */
  setupNeeded: boolean
  person: { id: string; name: string; role: Role } | null
  /** The window locks itself after this long without the person doing anything; main ends the session too. */
  autoLockMinutes: number
  /** A clerk may print or reprint a receipt this long after the sale; a manager at any time. */
  reprintWindowMinutes: number
  /** The terminal's language, for the sign-in screen (full settings are for signed-in people). */
  language: Language | null
  /** Main ended this window's session because it sat idle past the auto-lock time. */
  expired?: true
}

/** Settings of the manager tools, part of `Settings`. */
export interface BackupSettings {
  /** Where backups go; null until a manager chooses. */
  folder: string | null
  /** A verified backup once a day while the app runs. */
  daily: boolean
  /** How many backups to keep in the folder (older ones made by this app are removed). */
  keep: number
}

export interface ManagerSettings {
  autoLockMinutes: number
  reprintWindowMinutes: number
  backup: BackupSettings
}

// ---------------------------------------------------------------------------------------------------------
// Resolution of entries that need a person

export const RESOLUTION_OUTCOMES = ['issued', 'not-issued', 'confirmed', 'not-made'] as const
export type ResolutionOutcome = (typeof RESOLUTION_OUTCOMES)[number]

/** Kept on an entry a manager resolved or annotated. */
export interface EntryResolution {
  outcome: ResolutionOutcome | 'annotated'
  by: string | null
  at: string
  note: string
}

// ---------------------------------------------------------------------------------------------------------
// Reports

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
}

export interface ReportList {
  /** How many there are; `entries` holds at most the first REPORT_LIST_LIMIT. */
  total: number
  entries: ReportEntry[]
}

export const REPORT_LIST_LIMIT = 200

export type ReportType = 'day' | 'range' | 'x' | 'z'

export interface ZInfo {
  number: number
  closedAt: string
  closedBy: string | null
  /** 1 for the day's first Z; 2 and on cover what was recorded after an earlier Z of the same day. */
  part: number
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
}

export interface ZSummary {
  number: number
  day: number
  closedAt: string
  closedBy: string | null
  part: number
  sales: Tally
  entryCount: number
}

// ---------------------------------------------------------------------------------------------------------
// Exports and backups

export { EXPORT_FORMATS }
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

export interface BackupFile {
  name: string
  bytes: number
  sha256: string
}

export interface BackupResult {
  folder: string
  at: string
  files: BackupFile[]
  /** Older backups removed to keep the number set in settings. */
  pruned: number
}

// ---------------------------------------------------------------------------------------------------------
// Input schemas

const noInput = z.union([z.undefined(), z.null(), z.strictObject({})]).transform(() => ({}))
const day = z.number().int().refine(isValidDay, 'Not a valid day (YYYYMMDD).')
const id = z.string().min(1).max(64)
const language = z.enum(['ar', 'en'])

/** A name as people write it, in any script; no control characters (they would break files and receipts). */
const personName = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .refine((s) => !/[\p{Cc}\p{Cf}]/u.test(s.replace(/[\u200c\u200d]/g, '')), 'No control characters.')

/** Accepts Arabic-Indic digits; the PIN is kept and checked as Latin digits. */
const newPin = z
  .string()
  .max(40)
  .transform((s) => toLatinDigits(s).trim())
  .pipe(z.string().regex(/^\d+$/, 'Digits only.').min(PIN_MIN_DIGITS).max(PIN_MAX_DIGITS))
/** What is typed at sign-in is only compared, never described: any short text. */
const typedPin = z
  .string()
  .min(1)
  .max(40)
  .transform((s) => toLatinDigits(s).trim())

const note = z.string().trim().min(3, 'Say what was checked (at least 3 characters).').max(500)

/** Digits as read from the provider, spaces and dashes allowed while typing. */
function digits(min: number, max: number) {
  const length = min === max ? `Exactly ${min} digits.` : null
  return z
    .string()
    .max(80)
    .transform((s) => toLatinDigits(s).replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .regex(/^\d+$/, 'Digits only.')
        .min(min, length ?? `At least ${min} digits.`)
        .max(max, length ?? `At most ${max} digits.`),
    )
}
const plainDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD.')
const serviceTransactionId = digits(1, 20)

const dayRange = z
  .strictObject({ from: day, to: day })
  .refine((r) => r.from <= r.to, { message: 'from must not be after to.', path: ['to'] })

export const managerSettingsPatch = {
  autoLockMinutes: z.number().int().min(1).max(480).optional(),
  reprintWindowMinutes: z.number().int().min(0).max(1440).optional(),
  backup: z
    .strictObject({
      folder: z.union([z.string().trim().min(1).max(4000), z.null()]).optional(),
      daily: z.boolean().optional(),
      keep: z.number().int().min(1).max(365).optional(),
    })
    .optional(),
}

export const managerInputSchemas = {
  getSession: noInput,
  touchSession: noInput,
  createManager: z.strictObject({ name: personName, pin: newPin }),
  signIn: z.strictObject({ personId: id, pin: typedPin }),
  signOut: noInput,
  listPeople: noInput,
  addClerk: z.strictObject({ name: personName, pin: newPin, role: z.enum(ROLES).optional() }),
  updateClerk: z.strictObject({
    personId: id,
    name: personName.optional(),
    pin: newPin.optional(),
    role: z.enum(ROLES).optional(),
    active: z.boolean().optional(),
  }),
  resolveEntry: z.discriminatedUnion('outcome', [
    z.strictObject({
      entryId: id,
      outcome: z.literal('issued'),
      code: digits(VOUCHER_CODE_DIGITS, VOUCHER_CODE_DIGITS),
      serialNumber: digits(VOUCHER_SERIAL_DIGITS, VOUCHER_SERIAL_DIGITS),
      activationDate: plainDate.optional(),
      expiryDate: plainDate.optional(),
      note,
    }),
    z.strictObject({ entryId: id, outcome: z.literal('not-issued'), note }),
    z.strictObject({ entryId: id, outcome: z.literal('confirmed'), serviceTransactionId, note }),
    z.strictObject({ entryId: id, outcome: z.literal('not-made'), note }),
  ]),
  /** A note on a final entry a person should look at; a deposit confirmed by duplicate also gets the provider's id. */
  annotateEntry: z.strictObject({ entryId: id, serviceTransactionId: serviceTransactionId.optional(), note }),
  getReport: dayRange,
  getXReport: noInput,
  closeDay: z
    .union([z.undefined(), z.null(), z.strictObject({ day: day.optional() })])
    .transform((v) => v ?? {}),
  listZReports: z
    .union([z.undefined(), z.null(), z.strictObject({ limit: z.number().int().min(1).max(500).optional() })])
    .transform((v) => v ?? {}),
  getZReport: z.strictObject({ number: z.number().int().min(1) }),
  printReport: z.discriminatedUnion('report', [
    z.strictObject({ report: z.literal('x'), language: language.optional() }),
    z.strictObject({
      report: z.literal('z'),
      number: z.number().int().min(1),
      language: language.optional(),
    }),
  ]),
  exportReport: z
    .strictObject({
      format: z.enum(EXPORT_FORMATS),
      from: day,
      to: day,
      language: language.optional(),
      /** Omitted: main asks where to save (the host's save dialog). */
      path: z.string().min(1).max(4000).optional(),
    })
    .refine((r) => r.from <= r.to, { message: 'from must not be after to.', path: ['to'] }),
  getExportProgress: z.strictObject({ jobId: id }),
  backupNow: z
    .union([z.undefined(), z.null(), z.strictObject({ folder: z.string().min(1).max(4000).optional() })])
    .transform((v) => v ?? {}),
} satisfies Record<ManagerMethod, z.ZodType>

export interface ManagerOutputs {
  getSession: Session
  touchSession: Session
  createManager: Session
  signIn: Session
  signOut: Session
  /** Active people for the sign-in picker; a manager also sees deactivated ones. */
  listPeople: { people: Person[] }
  addClerk: Person
  updateClerk: Person
  resolveEntry: JournalEntry
  annotateEntry: JournalEntry
  getReport: Report
  getXReport: Report
  closeDay: Report
  listZReports: { reports: ZSummary[] }
  getZReport: Report
  printReport: { printer: string; printedAt: string }
  /** null when the person cancelled the save dialog. */
  exportReport: ExportJob | null
  getExportProgress: ExportJob
  /** null when the person cancelled the folder dialog. */
  backupNow: BackupResult | null
}
