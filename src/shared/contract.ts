/**
 * The desk API: every call main offers the renderer, with its input schema (validated in main, never
 * trusted) and its result type. Main implements it (desk/handlers), the preload and the browser shell
 * expose it as `window.api`, the renderer calls it. Rejections are plain AppErrorData objects.
 */
import { z } from 'zod'
import { isValidDay } from './day'
import type { DeskMethod } from './desk-methods'
import type { AppErrorData } from './errors'
import {
  type EntryResolution,
  type ManagerOutputs,
  type ManagerSettings,
  managerInputSchemas,
  managerSettingsPatch,
} from './manager'
import { MAX_DIRHAMS, MIN_DEPOSIT_DIRHAMS } from './money'
import { PHONE_FORMATS } from './phone'
import { parsePrinterAddress } from './printer-address'

// ---------------------------------------------------------------------------------------------------------
// Results

export type Mode = 'training' | 'live'
export type EntryKind = 'voucher' | 'deposit'
export type EntryStatus = 'pending' | 'issued' | 'confirmed' | 'failed' | 'unknown'
export const ENTRY_KINDS = ['voucher', 'deposit'] as const satisfies readonly EntryKind[]
export const ENTRY_STATUSES = [
  'pending',
  'issued',
  'confirmed',
  'failed',
  'unknown',
] as const satisfies readonly EntryStatus[]

export interface DeskStatus {
  mode: Mode
  serviceUrl: string
  /** null until the first call tells. */
  online: boolean | null
  tokenExpiresAt: string | null
  /** Service clock minus PC clock, from the HTTP Date header; null until known. */
  clockOffsetMs: number | null
  needsAttention: number
  /** Whether live credentials are stored, so the switch to live can be offered. */
  liveConfigured: boolean
  /** When the journal cannot take money records (integrity, durability), why; money calls are refused. */
  journalProblem: string | null
}

export interface Denomination {
  id: number
  name: string
  valueDirhams: number
}

export interface DenominationList {
  items: Denomination[]
  fetchedAt: string | null
  stale: boolean
}

export interface VoucherDetails {
  /** Full code only in generateVoucher's result and receipts; masked but the last 4 digits elsewhere. */
  code: string
  serialNumber: string
  activationDate: string
  expiryDate: string
}

export interface EntryError {
  code: string
  message: string
  httpStatus?: number
  details?: Record<string, unknown>
}

export interface JournalEntry {
  id: string
  kind: EntryKind
  status: EntryStatus
  createdAt: string
  day: number
  amountDirhams: number
  clerk?: string
  phone?: string
  firstName?: string
  denominationId?: number
  externalTransactionId?: string
  serviceTransactionId?: string
  voucher?: VoucherDetails
  error?: EntryError
  needsAttention: boolean
  confirmedByDuplicate?: boolean
  /** A manager's resolution or note (who, when, what was checked). */
  resolution?: EntryResolution
  attempts: number
  updatedAt: string
  mode: Mode
  /** An open deposit: whether and when the desk re-sends it by itself (see AutomaticRetry). */
  automaticRetry?: AutomaticRetry
}

/**
 * An open deposit is re-sent by the desk itself, with its own reference, on a backing-off timer for 15
 * minutes after its first attempt; after that only a person re-sends it ("Retry safely").
 */
export interface AutomaticRetry {
  /** About when the next automatic try is (service time); null when there will be none. */
  nextAt: string | null
  /** When automatic tries stop. */
  until: string
}

export const EVENT_TYPES = [
  'created',
  'sent',
  'answered',
  'not-sent',
  'no-answer',
  'retried',
  'recovered',
  'resolved',
  'printed',
  'code-shown',
  'annotated',
  'print-failed',
] as const
export type JournalEventType = (typeof EVENT_TYPES)[number]

export interface JournalEvent {
  id: number
  at: string
  type: JournalEventType
  clerk?: string
  httpStatus?: number
  detail?: Record<string, unknown>
}

export interface EntryDetail {
  entry: JournalEntry
  events: JournalEvent[]
}

export interface JournalPage {
  entries: JournalEntry[]
  nextCursor?: string
}

export interface CustomerLookup {
  phone: string
  firstName: string
  status: string
  /**
   * An earlier deposit to this phone whose outcome is not known yet: no new deposit to the phone is accepted
   * until it is resolved, so the clerk is told right after the lookup, before the name and the amount.
   */
  openDeposit?: JournalEntry
}

export interface ReportedLimit {
  dailyMaxDirhams: number
  usedTodayDirhams: number
  remainingDirhams: number
  requestedDirhams: number
  at: string
}

export interface DailyLimit {
  day: number
  /** Issued vouchers and confirmed deposits of the day on this PC. */
  localUsedDirhams: number
  voucherCount: number
  depositCount: number
  /** Sent today with no known outcome yet (pending, unknown): they may have used the limit. */
  unknownDirhams: number
  /** The service's last daily-limit refusal of the day, with its four figures. */
  reported: ReportedLimit | null
  /** The daily limit the manager entered as agreed with the provider; null when not entered. */
  agreedDirhams: number | null
  /**
   * What the estimate starts from: the service's last refusal today ('reported', its remaining figure), else
   * the agreed limit ('agreed'), else nothing is known (null).
   */
  basis: 'reported' | 'agreed' | null
  /**
   * What the limit probably still allows: the starting figure minus what was used since (outcomes not known
   * yet counted as used). An estimate: the limit is shared by every PC of the reseller.
   */
  estimatedRemainingDirhams: number | null
}

export interface Notice {
  id: number
  at: string
  kind: 'deposit-resolved'
  entryId: string
  status: EntryStatus
}

export interface RecoverResult {
  resolved: number
  stillOpen: number
}

export type PasswordStorage = 'encrypted' | 'unavailable' | 'development-plaintext'
export type Language = 'ar' | 'en'

export interface Settings extends ReceiptSettings, ManagerSettings {
  mode: Mode
  live: { baseUrl: string; username: string; proxyUrl: string | null; passwordSaved: boolean } | null
  passwordStorage: PasswordStorage
  tokenLifetimeHours: number
  phoneFormat: (typeof PHONE_FORMATS)[number]
  /** null: follow the operating system's language. */
  language: Language | null
  connectTimeoutMs: number
  answerTimeoutMs: number
  /** Deposits above this amount are typed twice. */
  doubleEntryAboveDirhams: number
  /** The largest single deposit; anything above is refused (a phone number typed as an amount, a slip). */
  depositMaxDirhams: number
  /** The daily limit agreed with the provider, for the estimate before the service first reports it. */
  agreedDailyLimitDirhams: number | null
}

export type ConnectionTest =
  | { ok: true; tokenExpiresAt: string; clockOffsetMs: number | null }
  | { ok: false; error: AppErrorData }

// Receipts and printers ------------------------------------------------------------------------------------

/** Thermal rolls: 58 mm (384 printable dots) and 80 mm (576). */
export type PaperWidthMm = 58 | 80

/** The receipt printer of this terminal. */
export type PrinterSettings =
  | { kind: 'escpos-network'; address: string; widthMm: PaperWidthMm }
  | { kind: 'system'; deviceName: string; widthMm: PaperWidthMm }
  | { kind: 'none'; widthMm: PaperWidthMm }

/** Printed at the top of every receipt. */
export interface OutletDetails {
  name: string
  address: string
  phone: string
}

export interface ReceiptSettings {
  printer: PrinterSettings
  /** Print the receipt as soon as a sale or deposit succeeds. */
  autoPrint: boolean
  outlet: OutletDetails
  /** How a customer redeems a voucher, printed under it (e.g. "Dial *123*code#"). */
  redemptionHint: string
  /** null: receipts print in the language the clerk works in. */
  receiptLanguage: Language | null
  /** The outlet's logo at the top of every receipt: a PNG or JPEG data URL, or none. */
  logo: string | null
}

export interface PrintResult {
  /** Printed before: this one says COPY and the reprint time. */
  copy: boolean
  printedAt: string
  printer: string
}

/** Exactly what would print now, 1 CSS pixel per printer dot. */
export interface ReceiptPreview {
  imageDataUrl: string
  widthDots: number
  heightDots: number
  copy: boolean
}

export interface SystemPrinterEntry {
  name: string
  displayName: string
  isDefault: boolean
}

/** Why a receipt did not print: PRINTER_ERROR's `details.reason`. */
export const PRINTER_FAILURE_REASONS = [
  'bad-address',
  'offline',
  'refused',
  'timeout',
  'no-paper',
  'cover-open',
  'printer-error',
  'cancelled',
  'system-print-failed',
  'system-unavailable',
  'no-printer',
  'render-failed',
  'list-failed',
  'unavailable',
] as const
export type PrinterFailureReason = (typeof PRINTER_FAILURE_REASONS)[number]

// ---------------------------------------------------------------------------------------------------------
// Input schemas

/** A receipt logo: a PNG or JPEG as a base64 data URL, small enough for a settings file. */
export const RECEIPT_LOGO_PATTERN = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/
export const RECEIPT_LOGO_MAX_CHARS = 200_000

const noInput = z.union([z.undefined(), z.null(), z.strictObject({})]).transform(() => ({}))
const day = z.number().int().refine(isValidDay, 'Not a valid day (YYYYMMDD).')
const requestId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\w.:-]+$/, 'Letters, digits, and . : _ - only.')
const entryId = z.string().min(1).max(64)
const phoneText = z.string().min(1).max(40)
const url = z.string().trim().min(1).max(2000)
const proxyUrl = z.union([z.string().trim().max(2000), z.null()])

const language = z.enum(['ar', 'en'])
const paperWidthMm = z.union([z.literal(58), z.literal(80)])
const printerSettings = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('escpos-network'),
    address: z
      .string()
      .trim()
      .min(1)
      .max(300)
      .refine(
        (a) => parsePrinterAddress(a) !== null,
        'Expected tcp://host:port, e.g. tcp://192.168.1.50:9100.',
      ),
    widthMm: paperWidthMm,
  }),
  z.strictObject({
    kind: z.literal('system'),
    deviceName: z.string().trim().min(1).max(300),
    widthMm: paperWidthMm,
  }),
  z.strictObject({ kind: z.literal('none'), widthMm: paperWidthMm }),
])
/** `language`: the one the clerk works in, used unless settings fix the receipts' language. */
const receiptOf = z.strictObject({ entryId, language: language.optional() })

export const deskInputSchemas = {
  getStatus: noInput,
  configureService: z.strictObject({
    baseUrl: url,
    username: z.string().trim().min(1).max(200),
    password: z.string().min(1).max(1000),
    proxyUrl: proxyUrl.optional(),
  }),
  useTraining: noInput,
  useLive: noInput,
  listDenominations: z
    .union([z.undefined(), z.null(), z.strictObject({ refresh: z.boolean().optional() })])
    .transform((v) => v ?? {}),
  generateVoucher: z.strictObject({
    denominationId: z.number().int().positive().max(2_147_483_647),
    requestId: requestId.optional(),
  }),
  lookupCustomer: z.strictObject({ phone: phoneText }),
  deposit: z.strictObject({
    phone: phoneText,
    amountDirhams: z
      .number()
      .int('Whole dirhams only.')
      .min(MIN_DEPOSIT_DIRHAMS, 'The minimum deposit is 0.010 LYD.')
      .max(MAX_DIRHAMS),
    confirmedFirstName: z.string().trim().min(1).max(200),
    confirmRepeat: z.boolean().optional(),
    requestId: requestId.optional(),
  }),
  retryDeposit: z.strictObject({ entryId }),
  recoverNow: noInput,
  listJournal: z
    .union([
      z.undefined(),
      z.null(),
      z.strictObject({
        day: day.optional(),
        from: day.optional(),
        to: day.optional(),
        kind: z.enum(ENTRY_KINDS).optional(),
        status: z.enum(ENTRY_STATUSES).optional(),
        needsAttention: z.boolean().optional(),
        search: z.string().max(100).optional(),
        limit: z.number().int().min(1).max(500).optional(),
        cursor: z.string().min(1).max(200).optional(),
      }),
    ])
    .transform((v) => v ?? {}),
  getEntry: z.strictObject({ entryId }),
  getDailyLimit: noInput,
  listNotices: z
    .union([z.undefined(), z.null(), z.strictObject({ afterId: z.number().int().min(0).optional() })])
    .transform((v) => v ?? {}),
  dismissNotice: z.strictObject({ id: z.number().int().min(1) }),
  getSettings: noInput,
  setLanguage: z.strictObject({ language: z.union([z.enum(['ar', 'en']), z.null()]) }),
  updateSettings: z.strictObject({
    tokenLifetimeHours: z.number().int().min(1).max(672).optional(),
    phoneFormat: z.enum(PHONE_FORMATS).optional(),
    language: z.union([z.enum(['ar', 'en']), z.null()]).optional(),
    connectTimeoutMs: z.number().int().min(1000).max(120_000).optional(),
    answerTimeoutMs: z.number().int().min(1000).max(300_000).optional(),
    doubleEntryAboveDirhams: z.number().int().min(0).max(MAX_DIRHAMS).optional(),
    depositMaxDirhams: z.number().int().min(MIN_DEPOSIT_DIRHAMS).max(MAX_DIRHAMS).optional(),
    agreedDailyLimitDirhams: z.union([z.number().int().min(1).max(MAX_DIRHAMS), z.null()]).optional(),
    printer: printerSettings.optional(),
    autoPrint: z.boolean().optional(),
    outlet: z
      .strictObject({
        name: z.string().trim().max(100),
        address: z.string().trim().max(200),
        phone: z.string().trim().max(40),
      })
      .optional(),
    redemptionHint: z.string().max(500).optional(),
    logo: z
      .union([
        z
          .string()
          .max(RECEIPT_LOGO_MAX_CHARS, 'The logo is too large (at most about 150 KB).')
          .regex(RECEIPT_LOGO_PATTERN, 'A PNG or JPEG image.'),
        z.null(),
      ])
      .optional(),
    receiptLanguage: z.union([language, z.null()]).optional(),
    ...managerSettingsPatch,
  }),
  testConnection: z.strictObject({
    baseUrl: url,
    username: z.string().trim().min(1).max(200),
    /** Omitted: the stored password. */
    password: z.string().min(1).max(1000).optional(),
    proxyUrl: proxyUrl.optional(),
  }),
  saveDiagnostics: z
    .union([z.undefined(), z.null(), z.strictObject({ path: z.string().min(1).max(4000).optional() })])
    .transform((v) => v ?? {}),
  printReceipt: receiptOf,
  getReceiptPreview: receiptOf,
  saveReceiptPdf: z.strictObject({
    entryId,
    language: language.optional(),
    /** Omitted: main asks where to save. */
    path: z.string().min(1).max(4000).optional(),
  }),
  listPrinters: noInput,
  printTestReceipt: z
    .union([
      z.undefined(),
      z.null(),
      z.strictObject({ printer: printerSettings.optional(), language: language.optional() }),
    ])
    .transform((v) => v ?? {}),
  ...managerInputSchemas,
} satisfies Record<DeskMethod, z.ZodType>

export interface DeskOutputs extends ManagerOutputs {
  getStatus: DeskStatus
  configureService: DeskStatus
  useTraining: DeskStatus
  useLive: DeskStatus
  listDenominations: DenominationList
  generateVoucher: JournalEntry
  lookupCustomer: CustomerLookup
  deposit: JournalEntry
  retryDeposit: JournalEntry
  recoverNow: RecoverResult
  listJournal: JournalPage
  getEntry: EntryDetail
  getDailyLimit: DailyLimit
  /** Notices nobody has dismissed, after `afterId`. */
  listNotices: { notices: Notice[] }
  dismissNotice: { dismissed: true }
  getSettings: Settings
  updateSettings: Settings
  /** The terminal's language (null: the operating system's), the one setting anyone may change. */
  setLanguage: { language: Language | null }
  testConnection: ConnectionTest
  /** null when the person cancelled the save dialog. */
  saveDiagnostics: { path: string } | null
  printReceipt: PrintResult
  getReceiptPreview: ReceiptPreview
  /** null when the person cancelled the save dialog. */
  saveReceiptPdf: { path: string } | null
  /** available: false where the operating system's printers cannot be reached (the browser shell). */
  listPrinters: { printers: SystemPrinterEntry[]; available: boolean }
  printTestReceipt: { printer: string; printedAt: string }
}

type Schemas = typeof deskInputSchemas
/** What a caller passes. */
export type DeskInput<M extends DeskMethod> = z.input<Schemas[M]>
/** What a handler receives after validation. */
export type DeskArgs<M extends DeskMethod> = z.output<Schemas[M]>

/** The renderer's `window.api`. */
export type DeskApi = {
  [M in DeskMethod]: undefined extends DeskInput<M>
    ? (input?: DeskInput<M>) => Promise<DeskOutputs[M]>
    : (input: DeskInput<M>) => Promise<DeskOutputs[M]>
}

/** The bridge's wire shape: an envelope, never a throw. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: AppErrorData }

export type ValidationResult<M extends DeskMethod> =
  | { ok: true; args: DeskArgs<M> }
  | { ok: false; error: AppErrorData }

/** Validates untrusted input for a call; the error lists which fields are wrong. */
export function validateDeskInput<M extends DeskMethod>(method: M, input: unknown): ValidationResult<M> {
  const result = deskInputSchemas[method].safeParse(input)
  if (result.success) return { ok: true, args: result.data as DeskArgs<M> }
  const fields = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))
  const first = fields[0]
  return {
    ok: false,
    error: {
      code: 'BAD_INPUT',
      message: first ? `${first.path || 'input'}: ${first.message}` : 'Invalid input.',
      details: { fields },
    },
  }
}
