/**
 * The desk API: every call main offers the renderer, declared once in DESK_CALLS — its input schema
 * (validated in main, never trusted), its result type, the role it needs and whether it records money.
 * Everything else is derived from that table: the preload's and the browser shell's `window.api`, its type,
 * the bridge's validation, the role policy in main, and the handlers main must implement (desk/handlers.ts).
 * Rejections are plain AppErrorData objects.
 */
import { z } from 'zod'
import type { BackupProtection, BackupResult, DailyBackupStatus } from './backups'
import { CUSTOMER_LANGUAGES, type CustomerDisplaySetup, type CustomerDisplayState } from './customer-view'
import type { AppErrorData } from './errors'
import {
  type ChainUse,
  type HeadOfficeStatus,
  type HeadOfficeTest,
  type HeadOfficeView,
  headOfficeSettingsInput,
  type OtherOpenDeposit,
} from './head-office'
import { MAX_ISSUE_CHARS, MAX_REPORTED_ISSUES } from './input-size'
import type { RefusalFigures } from './limit-refusal'
import { MAX_DIRHAMS, MIN_DEPOSIT_DIRHAMS } from './money'
import type { ManagerSettings, Person, Session } from './people'
import { ROLES } from './people'
import { PHONE_FORMATS } from './phone'
import type { ExportJob, Report, ZSummary } from './reports'
import { EXPORT_FORMATS, REPORT_SCOPES } from './reports'
import {
  day,
  dayRange,
  digits,
  id,
  language,
  logo,
  newPin,
  noInput,
  note,
  optionalFields,
  outlet,
  password,
  path,
  personName,
  phoneText,
  plainDate,
  printerSettings,
  proxyUrl,
  receiptOf,
  requestId,
  serviceTransactionId,
  typedPin,
  url,
  username,
} from './schemas'
import {
  ENTRY_KINDS,
  ENTRY_STATUSES,
  type EntryStatus,
  type JournalEntry,
  type JournalEvent,
  type Language,
  type Mode,
  type PasswordStorage,
} from './types'
import type { UpdateStatus } from './updates'
import { VOUCHER_CODE_DIGITS, VOUCHER_SERIAL_DIGITS } from './voucher-code'

export { RECEIPT_LOGO_MAX_CHARS, RECEIPT_LOGO_PATTERN } from './schemas'
export type {
  AutomaticRetry,
  EntryError,
  EntryKind,
  EntryResolution,
  EntryStatus,
  JournalEntry,
  JournalEvent,
  JournalEventType,
  Language,
  Mode,
  PasswordStorage,
  ResolutionOutcome,
  VoucherDetails,
} from './types'
export { ENTRY_KINDS, ENTRY_STATUSES, EVENT_TYPES, RESOLUTION_OUTCOMES } from './types'

// ---------------------------------------------------------------------------------------------------------
// Results

export interface DeskStatus {
  mode: Mode
  serviceUrl: string
  /**
   * Whether the service is reached. null until the first call tells, and while a call that went unanswered
   * is being checked (false only once that check went unanswered too).
   */
  online: boolean | null
  tokenExpiresAt: string | null
  /** Service clock minus PC clock, from the HTTP Date header; null until known. */
  clockOffsetMs: number | null
  needsAttention: number
  /** Whether live credentials are stored, so the switch to live can be offered. */
  liveConfigured: boolean
  /** When the journal cannot take money records (integrity, durability), why; money calls are refused. */
  journalProblem: string | null
  /**
   * Names the list of denominations the desk now sells from (this mode's service, as last fetched); null when
   * it has none yet. A Sell screen whose list has another digest shows a list that is no longer the desk's.
   */
  catalogDigest: string | null
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
  /** The mode whose service gave the list. */
  mode: Mode
  /** Names this list (DeskStatus.catalogDigest); null when empty. */
  digest: string | null
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
  /** An unresolved deposit to this phone at another terminal (head office figures; deposits are refused). */
  openDepositElsewhere?: OtherOpenDeposit
}

/** The service's last daily-limit refusal here: its four figures, and when it answered. */
export interface ReportedLimit extends RefusalFigures {
  at: string
}

/**
 * The daily limit as every screen shows it (header, its panel, the reviews, a refusal): one set of figures, so
 * they never contradict each other. used + open + left = the limit whenever the limit is known.
 */
export interface LimitFigures {
  /** The service's daily maximum as it last said, else the limit agreed in Settings; null when neither. */
  limitDirhams: number | null
  /**
   * Money that moved today on the account: the service's own used figure at its last refusal plus what moved
   * since, else issued vouchers and confirmed deposits (this PC's, and the other counters' when known).
   */
  usedDirhams: number
  /**
   * Sent today with no known outcome yet (pending, unknown; other counters' too): counted as possibly used, so
   * `left` is never above what is left (it may be below, by what did not go through).
   */
  openDirhams: number
  /** What is probably left: limit − used − open, never below 0; null when the limit is not known. */
  leftDirhams: number | null
}

export interface DailyLimit {
  day: number
  /** Issued vouchers and confirmed deposits of the day on this PC. */
  localUsedDirhams: number
  voucherCount: number
  depositCount: number
  /** Sent today with no known outcome yet (pending, unknown): they may have used the limit. */
  unknownDirhams: number
  /**
   * The service's last daily-limit refusal of the day to this account, with its four figures: this PC's, or
   * another terminal's shared by the head office when that is later (then reportedElsewhere names it).
   */
  reported: ReportedLimit | null
  /** The terminal the service gave `reported` to, when not this PC. */
  reportedElsewhere?: string
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
  /** Other terminals' use of the same service account today, when the head office was reached recently. */
  chain?: ChainUse
  /** The figures every screen shows (used + open + left = the limit); `leftDirhams` is the estimate. */
  figures: LimitFigures
}

export interface Notice {
  id: number
  at: string
  kind: 'deposit-resolved'
  entryId: string
  status: EntryStatus
  /** The mode of the journal it comes from: a training notice says TRAINING. */
  mode: Mode
}

export interface RecoverResult {
  resolved: number
  stillOpen: number
}

export interface Settings extends ReceiptSettings, ManagerSettings {
  mode: Mode
  live: {
    baseUrl: string
    username: string
    /** The proxy's address only: never its credentials. */
    proxyUrl: string | null
    /** The proxy has a username and password, kept in the secret store beside the password. */
    proxyHasCredentials: boolean
    passwordSaved: boolean
  } | null
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
  /** A manager's update feed address (https); null: the one the installer was built with. */
  updateFeedUrl: string | null
}

/** What this copy of the app is and runs on (Settings, support calls). */
export interface VersionInfo {
  app: string
  /** Electron's and Chromium's versions; null outside Electron (the browser shell). */
  electron: string | null
  chrome: string | null
  node: string
  /** Platform and architecture, e.g. `win32 x64`. */
  os: string
  mode: Mode
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
// The calls

/** Who may make a call: anyone (even signed out), any signed-in person, or a manager. */
export type CallRole = 'any' | 'clerk' | 'manager'
export const CALL_ROLES = ['any', 'clerk', 'manager'] as const satisfies readonly CallRole[]

declare const RESULT: unique symbol
/** A call's result type, carried by the table as a type (the value is only a marker). */
export interface Returns<T> {
  readonly returns: true
  readonly [RESULT]?: T
}
function returns<T>(): Returns<T> {
  return { returns: true }
}

/** One call, all of it. */
export interface CallDeclaration<I extends z.ZodType = z.ZodType, O = unknown> {
  input: I
  output: Returns<O>
  role: CallRole
  /** It records money in the journal (a sale, a deposit, a re-send, a resolution, a Z): refused while the
   * journal cannot promise to keep what it writes. */
  money: boolean
  /** A poll that is not the person's own doing: it does not hold off the auto-lock. */
  passive?: true
}

/**
 * Every call, once. Adding one: declare it here, implement its handler (main), call it from its screen.
 * Clerk-specific limits (today's journal, the reprint window) live beside the role policy in main.
 */
export const DESK_CALLS = {
  // Status, modes and the service ------------------------------------------------------------------------
  getStatus: { input: noInput, output: returns<DeskStatus>(), role: 'any', money: false, passive: true },
  configureService: {
    input: z.strictObject({
      baseUrl: url,
      username,
      password,
      proxyUrl: proxyUrl.optional(),
      /** True: the proxy is used without the username and password kept for its address, which are forgotten. */
      forgetProxyCredentials: z.boolean().optional(),
    }),
    output: returns<DeskStatus>(),
    role: 'manager',
    money: false,
  },
  useTraining: { input: noInput, output: returns<DeskStatus>(), role: 'manager', money: false },
  useLive: { input: noInput, output: returns<DeskStatus>(), role: 'manager', money: false },
  testConnection: {
    input: z.strictObject({
      baseUrl: url,
      username,
      /** Omitted: the stored password. */
      password: password.optional(),
      proxyUrl: proxyUrl.optional(),
      /** True: test the proxy without the username and password kept for its address. */
      forgetProxyCredentials: z.boolean().optional(),
    }),
    output: returns<ConnectionTest>(),
    role: 'manager',
    money: false,
  },

  // Selling ----------------------------------------------------------------------------------------------
  listDenominations: {
    input: optionalFields({ refresh: z.boolean().optional() }),
    output: returns<DenominationList>(),
    role: 'clerk',
    money: false,
  },
  generateVoucher: {
    input: z.strictObject({
      denominationId: z.number().int().positive().max(2_147_483_647),
      /**
       * The value the clerk confirmed: nothing is sent when the desk's freshest list gives the id another value
       * (DENOMINATION_CHANGED).
       */
      valueDirhams: z.number().int().positive().max(MAX_DIRHAMS),
      /** The clerk was told a voucher of this value sold today has no known outcome, and sells another. */
      confirmOpenVoucher: z.boolean().optional(),
      requestId: requestId.optional(),
    }),
    output: returns<JournalEntry>(),
    role: 'clerk',
    money: true,
  },
  lookupCustomer: {
    input: z.strictObject({ phone: phoneText }),
    output: returns<CustomerLookup>(),
    role: 'clerk',
    money: false,
  },
  deposit: {
    input: z.strictObject({
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
    output: returns<JournalEntry>(),
    role: 'clerk',
    money: true,
  },
  retryDeposit: {
    input: z.strictObject({ entryId: id }),
    output: returns<JournalEntry>(),
    role: 'clerk',
    money: true,
  },
  recoverNow: { input: noInput, output: returns<RecoverResult>(), role: 'clerk', money: true },

  // The journal ------------------------------------------------------------------------------------------
  listJournal: {
    input: optionalFields({
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
    output: returns<JournalPage>(),
    role: 'clerk',
    money: false,
  },
  getEntry: {
    input: z.strictObject({ entryId: id }),
    output: returns<EntryDetail>(),
    role: 'clerk',
    money: false,
  },
  getDailyLimit: {
    input: noInput,
    output: returns<DailyLimit>(),
    role: 'clerk',
    money: false,
    passive: true,
  },
  /** Notices nobody has dismissed, after `afterId`. */
  listNotices: {
    input: optionalFields({ afterId: z.number().int().min(0).optional() }),
    output: returns<{ notices: Notice[] }>(),
    role: 'clerk',
    money: false,
    passive: true,
  },
  dismissNotice: {
    input: z.strictObject({ id: z.number().int().min(1) }),
    output: returns<{ dismissed: true }>(),
    role: 'clerk',
    money: false,
  },

  // Settings and diagnostics -----------------------------------------------------------------------------
  // Nothing secret is in settings (never a password); clerks need the deposit threshold and printer choice.
  getSettings: { input: noInput, output: returns<Settings>(), role: 'clerk', money: false },
  updateSettings: {
    input: z.strictObject({
      tokenLifetimeHours: z.number().int().min(1).max(672).optional(),
      phoneFormat: z.enum(PHONE_FORMATS).optional(),
      language: z.union([language, z.null()]).optional(),
      connectTimeoutMs: z.number().int().min(1000).max(120_000).optional(),
      answerTimeoutMs: z.number().int().min(1000).max(300_000).optional(),
      doubleEntryAboveDirhams: z.number().int().min(0).max(MAX_DIRHAMS).optional(),
      depositMaxDirhams: z.number().int().min(MIN_DEPOSIT_DIRHAMS).max(MAX_DIRHAMS).optional(),
      agreedDailyLimitDirhams: z.union([z.number().int().min(1).max(MAX_DIRHAMS), z.null()]).optional(),
      /** Checked and normalised in main (https only, see normalizeUpdateFeedUrl). */
      updateFeedUrl: z.union([z.string().trim().min(1).max(2000), z.null()]).optional(),
      printer: printerSettings.optional(),
      autoPrint: z.boolean().optional(),
      outlet: outlet.optional(),
      redemptionHint: z.string().max(500).optional(),
      logo: logo.optional(),
      receiptLanguage: z.union([language, z.null()]).optional(),
      autoLockMinutes: z.number().int().min(1).max(480).optional(),
      reprintWindowMinutes: z.number().int().min(0).max(1440).optional(),
      replayRevealMinutes: z.number().int().min(0).max(60).optional(),
      backup: z
        .strictObject({
          folder: z.union([z.string().trim().min(1).max(4000), z.null()]).optional(),
          daily: z.boolean().optional(),
          keep: z.number().int().min(1).max(365).optional(),
          /** Backups in the clear (every whole voucher code, the PIN hashes): only when a manager chooses it. */
          plain: z.boolean().optional(),
        })
        .optional(),
    }),
    output: returns<Settings>(),
    role: 'manager',
    money: false,
  },
  /** The terminal's language (null: the operating system's), the one setting anyone may change: it works
   * on the sign-in screen too, and answers with the language only. */
  setLanguage: {
    input: z.strictObject({ language: z.union([language, z.null()]) }),
    output: returns<{ language: Language | null }>(),
    role: 'any',
    money: false,
  },
  getVersionInfo: { input: noInput, output: returns<VersionInfo>(), role: 'clerk', money: false },
  /** null when the person cancelled the save dialog. */
  saveDiagnostics: {
    input: optionalFields({ path: path.optional() }),
    output: returns<{ path: string } | null>(),
    role: 'manager',
    money: false,
  },

  // Receipts and printers --------------------------------------------------------------------------------
  printReceipt: { input: receiptOf, output: returns<PrintResult>(), role: 'clerk', money: false },
  getReceiptPreview: { input: receiptOf, output: returns<ReceiptPreview>(), role: 'clerk', money: false },
  /** null when the person cancelled the save dialog. */
  saveReceiptPdf: {
    input: z.strictObject({
      entryId: id,
      language: language.optional(),
      /** Omitted: main asks where to save. */
      path: path.optional(),
    }),
    output: returns<{ path: string } | null>(),
    role: 'clerk',
    money: false,
  },
  /** available: false where the operating system's printers cannot be reached (the browser shell). */
  listPrinters: {
    input: noInput,
    output: returns<{ printers: SystemPrinterEntry[]; available: boolean }>(),
    role: 'clerk',
    money: false,
  },
  printTestReceipt: {
    input: optionalFields({ printer: printerSettings.optional(), language: language.optional() }),
    output: returns<{ printer: string; printedAt: string }>(),
    role: 'manager',
    money: false,
  },

  // Updates of the installed app (state 'unavailable' where the host does not update itself) ---------------
  getUpdateStatus: {
    input: noInput,
    output: returns<UpdateStatus>(),
    role: 'any',
    money: false,
    passive: true,
  },
  checkForUpdates: { input: noInput, output: returns<UpdateStatus>(), role: 'manager', money: false },
  /** A manager's install now: refused while money moves; the desk stops, the installer runs, the app restarts. */
  installUpdate: { input: noInput, output: returns<UpdateStatus>(), role: 'manager', money: false },

  // People and sessions ----------------------------------------------------------------------------------
  getSession: { input: noInput, output: returns<Session>(), role: 'any', money: false, passive: true },
  touchSession: { input: noInput, output: returns<Session>(), role: 'clerk', money: false },
  createManager: {
    input: z.strictObject({ name: personName, pin: newPin }),
    output: returns<Session>(),
    role: 'any',
    money: false,
  },
  signIn: {
    input: z.strictObject({ personId: id, pin: typedPin }),
    output: returns<Session>(),
    role: 'any',
    money: false,
  },
  signOut: { input: noInput, output: returns<Session>(), role: 'any', money: false },
  /** Active people for the sign-in picker; a manager also sees deactivated ones. */
  listPeople: {
    input: noInput,
    output: returns<{ people: Person[] }>(),
    role: 'any',
    money: false,
    passive: true,
  },
  addClerk: {
    input: z.strictObject({ name: personName, pin: newPin, role: z.enum(ROLES).optional() }),
    output: returns<Person>(),
    role: 'manager',
    money: false,
  },
  updateClerk: {
    input: z.strictObject({
      personId: id,
      name: personName.optional(),
      pin: newPin.optional(),
      role: z.enum(ROLES).optional(),
      active: z.boolean().optional(),
    }),
    output: returns<Person>(),
    role: 'manager',
    money: false,
  },

  // Entries that need a person ---------------------------------------------------------------------------
  resolveEntry: {
    input: z.discriminatedUnion('outcome', [
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
    output: returns<JournalEntry>(),
    role: 'manager',
    money: true,
  },
  /** A note on a final entry a person should look at; a deposit confirmed by duplicate also gets the
   * provider's id. */
  annotateEntry: {
    input: z.strictObject({ entryId: id, serviceTransactionId: serviceTransactionId.optional(), note }),
    output: returns<JournalEntry>(),
    role: 'manager',
    money: true,
  },

  // Reports, exports, backups ----------------------------------------------------------------------------
  /** scope chain: every terminal's figures from the head office. */
  getReport: {
    input: dayRange({ scope: z.enum(REPORT_SCOPES).optional() }),
    output: returns<Report>(),
    role: 'manager',
    money: false,
  },
  getXReport: { input: noInput, output: returns<Report>(), role: 'manager', money: false },
  closeDay: {
    input: optionalFields({ day: day.optional() }),
    output: returns<Report>(),
    role: 'manager',
    money: true,
  },
  listZReports: {
    input: optionalFields({ limit: z.number().int().min(1).max(500).optional() }),
    output: returns<{ reports: ZSummary[] }>(),
    role: 'manager',
    money: false,
  },
  getZReport: {
    input: z.strictObject({ number: z.number().int().min(1) }),
    output: returns<Report>(),
    role: 'manager',
    money: false,
  },
  printReport: {
    input: z.discriminatedUnion('report', [
      z.strictObject({ report: z.literal('x'), language: language.optional() }),
      z.strictObject({
        report: z.literal('z'),
        number: z.number().int().min(1),
        language: language.optional(),
      }),
    ]),
    output: returns<{ printer: string; printedAt: string }>(),
    role: 'manager',
    money: false,
  },
  /** null when the person cancelled the save dialog. */
  exportReport: {
    input: dayRange({
      format: z.enum(EXPORT_FORMATS),
      language: language.optional(),
      /** Omitted: main asks where to save (the host's save dialog). */
      path: path.optional(),
      /** chain: every terminal's figures from the head office (summary only). */
      scope: z.enum(REPORT_SCOPES).optional(),
    }),
    output: returns<ExportJob | null>(),
    role: 'manager',
    money: false,
  },
  getExportProgress: {
    input: z.strictObject({ jobId: id }),
    output: returns<ExportJob>(),
    role: 'manager',
    money: false,
    passive: true,
  },
  /** The last daily backup this run tried, made or failed (a failure is otherwise only in the log). */
  getDailyBackup: {
    input: noInput,
    output: returns<DailyBackupStatus | null>(),
    role: 'manager',
    money: false,
    passive: true,
  },
  /**
   * null when the person cancelled the folder dialog. A folder on the data folder's disk is refused
   * (BAD_INPUT, details.reason SAME_DISK_AS_DATA, details.folder) unless `sameDisk` says the manager knows.
   */
  backupNow: {
    input: optionalFields({ folder: path.optional(), sameDisk: z.literal(true).optional() }),
    output: returns<BackupResult | null>(),
    role: 'manager',
    money: false,
  },
  /** Whether a recovery passphrase is set (backups are encrypted with a key kept in the secret store). */
  getBackupProtection: {
    input: noInput,
    output: returns<BackupProtection>(),
    role: 'manager',
    money: false,
    passive: true,
  },
  /**
   * A new recovery passphrase (the manager writes it down): a new backup key, kept in the secret store and
   * wrapped under the passphrase in every backup made from now on. Never kept, never sent back.
   */
  setBackupPassphrase: {
    input: z.strictObject({ passphrase: z.string().min(1).max(500) }),
    output: returns<BackupProtection>(),
    role: 'manager',
    money: false,
  },

  // The customer display (a second screen facing the customer: docs/customer-display.md) --------------------
  /**
   * What the clerk's screen is at, by reference only (a phone looked up, an amount, a value of the list): main
   * decides what the customer sees from its own lookups and list, never from text the page sends. The sale's
   * waiting step and its outcome are shown by main from the money calls themselves.
   */
  showCustomer: {
    input: z.discriminatedUnion('show', [
      z.strictObject({ show: z.literal('idle') }),
      z.strictObject({ show: z.literal('wait') }),
      z.strictObject({ show: z.literal('deposit-name'), phone: phoneText }),
      z.strictObject({
        show: z.literal('deposit-amount'),
        phone: phoneText,
        amountDirhams: z.union([z.number().int().min(0).max(MAX_DIRHAMS), z.null()]),
      }),
      z.strictObject({
        show: z.literal('deposit-review'),
        phone: phoneText,
        amountDirhams: z.number().int().min(MIN_DEPOSIT_DIRHAMS).max(MAX_DIRHAMS),
      }),
      z.strictObject({
        show: z.literal('voucher'),
        denominationId: z.number().int().positive().max(2_147_483_647),
        valueDirhams: z.number().int().positive().max(MAX_DIRHAMS),
      }),
    ]),
    output: returns<CustomerDisplayState>(),
    role: 'clerk',
    money: false,
  },
  /** Whether the display is open, and whether the customer answered the name question on it. */
  getCustomerDisplay: {
    input: noInput,
    output: returns<CustomerDisplayState>(),
    role: 'clerk',
    money: false,
    passive: true,
  },
  getCustomerDisplaySetup: {
    input: noInput,
    output: returns<CustomerDisplaySetup>(),
    role: 'manager',
    money: false,
  },
  configureCustomerDisplay: {
    input: z.strictObject({
      /** null: no customer display. */
      display: z
        .union([
          z.strictObject({
            /** Chromium's display id (an int64 on Windows, a hash: JavaScript may hold it inexactly, the same way each time). */
            id: z
              .number()
              .min(-(2 ** 64))
              .max(2 ** 64),
            label: z.string().max(200),
          }),
          z.null(),
        ])
        .optional(),
      language: z.enum(CUSTOMER_LANGUAGES).optional(),
      customerConfirms: z.boolean().optional(),
    }),
    output: returns<CustomerDisplaySetup>(),
    role: 'manager',
    money: false,
  },

  // The head office (several counters, PostgreSQL) ---------------------------------------------------------
  /** The connection (never the terminal's secret) and the sync's state, for the manager's settings. */
  getHeadOffice: { input: noInput, output: returns<HeadOfficeView>(), role: 'manager', money: false },
  /** "Head office: 37 entries behind, last reached 10:42" on every screen; nothing secret in it. */
  getHeadOfficeStatus: {
    input: noInput,
    output: returns<HeadOfficeStatus>(),
    role: 'clerk',
    money: false,
    passive: true,
  },
  configureHeadOffice: {
    input: headOfficeSettingsInput.extend({
      /** Omitted: keep the stored secret (only for the same server, database and role). */
      password: password.optional(),
    }),
    output: returns<HeadOfficeView>(),
    role: 'manager',
    money: false,
  },
  testHeadOffice: {
    input: headOfficeSettingsInput.omit({ enabled: true }).extend({ password: password.optional() }),
    output: returns<HeadOfficeTest>(),
    role: 'manager',
    money: false,
  },
} as const satisfies Record<string, CallDeclaration>

// ---------------------------------------------------------------------------------------------------------
// Derived from the table

type Calls = typeof DESK_CALLS
export type DeskMethod = keyof Calls
/** Every call by name, in the table's order. */
export const DESK_METHODS = Object.keys(DESK_CALLS) as readonly DeskMethod[]

export function isDeskMethod(name: unknown): name is DeskMethod {
  return typeof name === 'string' && Object.hasOwn(DESK_CALLS, name)
}

/** What a caller passes. */
export type DeskInput<M extends DeskMethod> = z.input<Calls[M]['input']>
/** What a handler receives after validation. */
export type DeskArgs<M extends DeskMethod> = z.output<Calls[M]['input']>
/** What each call answers. */
export type DeskOutputs = { [M in DeskMethod]: Calls[M]['output'] extends Returns<infer T> ? T : never }

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

/**
 * Validates untrusted input for a call; the error names which fields are wrong — the first few, each in a few
 * words (an input with a thousand unknown keys gets an answer of a few hundred bytes, not one naming them all).
 */
export function validateDeskInput<M extends DeskMethod>(method: M, input: unknown): ValidationResult<M> {
  const result = (DESK_CALLS[method].input as z.ZodType).safeParse(input)
  if (result.success) return { ok: true, args: result.data as DeskArgs<M> }
  const short = (text: string) =>
    text.length > MAX_ISSUE_CHARS ? `${text.slice(0, MAX_ISSUE_CHARS)}…` : text
  const issues = result.error.issues
  const fields = issues
    .slice(0, MAX_REPORTED_ISSUES)
    .map((i) => ({ path: short(i.path.join('.')), message: short(i.message) }))
  const first = fields[0]
  return {
    ok: false,
    error: {
      code: 'BAD_INPUT',
      message: first ? `${first.path || 'input'}: ${first.message}` : 'Invalid input.',
      details: {
        fields,
        ...(issues.length > fields.length ? { moreIssues: issues.length - fields.length } : {}),
      },
    },
  }
}
