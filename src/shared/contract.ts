/**
 * The desk API: every call main offers the renderer, declared once in DESK_CALLS — its input schema
 * (validated in main, never trusted), its result type, the role it needs and whether it records money.
 * Everything else is derived from that table: the preload's and the browser shell's `window.api`, its type,
 * the bridge's validation, the role policy in main, and the handlers main must implement (desk/handlers.ts).
 * Rejections are plain AppErrorData objects.
 *
 * The table only: what a call answers is declared beside its domain (status.ts, sale.ts, deposit.ts,
 * journal.ts, daily-limit.ts, settings.ts, receipts.ts, people.ts, reports.ts, backups.ts, customer-view.ts,
 * updates.ts, head-office.ts), and its input schema in inputs/ (settings.ts and head-office.ts keep theirs).
 */
import type { z } from 'zod'
import type { BackupProtection, BackupResult, DailyBackupStatus } from './backups'
import type { CustomerDisplaySetup, CustomerDisplayState } from './customer-view'
import type { DailyLimit } from './daily-limit'
import type { CustomerLookup, RecoverResult } from './deposit'
import type { AppErrorData } from './errors'
import {
  configureHeadOfficeInput,
  type HeadOfficeStatus,
  type HeadOfficeTest,
  type HeadOfficeView,
  testHeadOfficeInput,
} from './head-office'
import { MAX_ISSUE_CHARS, MAX_REPORTED_ISSUES } from './input-size'
import { configureCustomerDisplayInput, showCustomerInput } from './inputs/customer-display'
import { depositInput, lookupCustomerInput } from './inputs/deposit'
import {
  annotateEntryInput,
  dismissNoticeInput,
  entryInput,
  listJournalInput,
  listNoticesInput,
  resolveEntryInput,
} from './inputs/journal'
import { addClerkInput, createManagerInput, signInInput, updateClerkInput } from './inputs/people'
import { printTestReceiptInput, saveReceiptPdfInput } from './inputs/receipts'
import {
  backupNowInput,
  backupPassphraseInput,
  closeDayInput,
  exportProgressInput,
  exportReportInput,
  getReportInput,
  listZReportsInput,
  printReportInput,
  zReportInput,
} from './inputs/reports'
import { generateVoucherInput, listDenominationsInput } from './inputs/sale'
import { configureServiceInput, testConnectionInput } from './inputs/service'
import type { EntryDetail, JournalPage, Notice } from './journal'
import type { Person, Session } from './people'
import type { PrintResult, ReceiptPreview, SystemPrinterEntry } from './receipts'
import type { ExportJob, Report, ZSummary } from './reports'
import type { DenominationList } from './sale'
import { noInput, optionalFields, path, receiptOf } from './schemas'
import { type Settings, setLanguageInput, updateSettingsInput } from './settings'
import type { ConnectionTest, DeskStatus, VersionInfo } from './status'
import type { JournalEntry, Language } from './types'
import type { UpdateStatus } from './updates'

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
    input: configureServiceInput,
    output: returns<DeskStatus>(),
    role: 'manager',
    money: false,
  },
  useTraining: { input: noInput, output: returns<DeskStatus>(), role: 'manager', money: false },
  useLive: { input: noInput, output: returns<DeskStatus>(), role: 'manager', money: false },
  testConnection: {
    input: testConnectionInput,
    output: returns<ConnectionTest>(),
    role: 'manager',
    money: false,
  },

  // Selling ----------------------------------------------------------------------------------------------
  listDenominations: {
    input: listDenominationsInput,
    output: returns<DenominationList>(),
    role: 'clerk',
    money: false,
  },
  generateVoucher: {
    input: generateVoucherInput,
    output: returns<JournalEntry>(),
    role: 'clerk',
    money: true,
  },
  lookupCustomer: {
    input: lookupCustomerInput,
    output: returns<CustomerLookup>(),
    role: 'clerk',
    money: false,
  },
  deposit: {
    input: depositInput,
    output: returns<JournalEntry>(),
    role: 'clerk',
    money: true,
  },
  retryDeposit: {
    input: entryInput,
    output: returns<JournalEntry>(),
    role: 'clerk',
    money: true,
  },
  recoverNow: { input: noInput, output: returns<RecoverResult>(), role: 'clerk', money: true },

  // The journal ------------------------------------------------------------------------------------------
  listJournal: {
    input: listJournalInput,
    output: returns<JournalPage>(),
    role: 'clerk',
    money: false,
  },
  getEntry: {
    input: entryInput,
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
    input: listNoticesInput,
    output: returns<{ notices: Notice[] }>(),
    role: 'clerk',
    money: false,
    passive: true,
  },
  dismissNotice: {
    input: dismissNoticeInput,
    output: returns<{ dismissed: true }>(),
    role: 'clerk',
    money: false,
  },

  // Settings and diagnostics -----------------------------------------------------------------------------
  // Nothing secret is in settings (never a password); clerks need the deposit threshold and printer choice.
  getSettings: { input: noInput, output: returns<Settings>(), role: 'clerk', money: false },
  updateSettings: {
    input: updateSettingsInput,
    output: returns<Settings>(),
    role: 'manager',
    money: false,
  },
  /** The terminal's language (null: the operating system's), the one setting anyone may change: it works
   * on the sign-in screen too, and answers with the language only. */
  setLanguage: {
    input: setLanguageInput,
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
    input: saveReceiptPdfInput,
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
    input: printTestReceiptInput,
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
    input: createManagerInput,
    output: returns<Session>(),
    role: 'any',
    money: false,
  },
  signIn: {
    input: signInInput,
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
    input: addClerkInput,
    output: returns<Person>(),
    role: 'manager',
    money: false,
  },
  updateClerk: {
    input: updateClerkInput,
    output: returns<Person>(),
    role: 'manager',
    money: false,
  },

  // Entries that need a person ---------------------------------------------------------------------------
  resolveEntry: {
    input: resolveEntryInput,
    output: returns<JournalEntry>(),
    role: 'manager',
    money: true,
  },
  /** A note on a final entry a person should look at; a deposit confirmed by duplicate also gets the
   * provider's id. */
  annotateEntry: {
    input: annotateEntryInput,
    output: returns<JournalEntry>(),
    role: 'manager',
    money: true,
  },

  // Reports, exports, backups ----------------------------------------------------------------------------
  /** scope chain: every terminal's figures from the head office. */
  getReport: {
    input: getReportInput,
    output: returns<Report>(),
    role: 'manager',
    money: false,
  },
  getXReport: { input: noInput, output: returns<Report>(), role: 'manager', money: false },
  closeDay: {
    input: closeDayInput,
    output: returns<Report>(),
    role: 'manager',
    money: true,
  },
  listZReports: {
    input: listZReportsInput,
    output: returns<{ reports: ZSummary[] }>(),
    role: 'manager',
    money: false,
  },
  getZReport: {
    input: zReportInput,
    output: returns<Report>(),
    role: 'manager',
    money: false,
  },
  printReport: {
    input: printReportInput,
    output: returns<{ printer: string; printedAt: string }>(),
    role: 'manager',
    money: false,
  },
  /** null when the person cancelled the save dialog. */
  exportReport: {
    input: exportReportInput,
    output: returns<ExportJob | null>(),
    role: 'manager',
    money: false,
  },
  getExportProgress: {
    input: exportProgressInput,
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
    input: backupNowInput,
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
    input: backupPassphraseInput,
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
    input: showCustomerInput,
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
    input: configureCustomerDisplayInput,
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
    input: configureHeadOfficeInput,
    output: returns<HeadOfficeView>(),
    role: 'manager',
    money: false,
  },
  testHeadOffice: {
    input: testHeadOfficeInput,
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
