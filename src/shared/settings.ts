/**
 * The settings a manager keeps, each written once here: its check and its default. Every other shape is
 * derived from `editableSettings`: what main stores (StoredSettings, main/settings/settings.ts: these and what
 * only main keeps), what getSettings answers (`Settings`: these and the live service's state, never a
 * password), what updateSettings takes (`updateSettingsInput`: any of these), and how a stored file is read
 * (a value that passes its check, else its default). Adding a setting: a field and its default here, and
 * where it is used.
 *
 * A zod module: the renderer imports its types only; the deposit rules' defaults it needs before main has
 * answered are in deposit-rules.ts (zod-free), and read from there below.
 */
import { z } from 'zod'
import { DEFAULT_DEPOSIT_RULES } from './deposit-rules'
import { MAX_DIRHAMS, MIN_DEPOSIT_DIRHAMS } from './money'
import { PHONE_FORMATS } from './phone'
import { language, logo, outlet, printerSettings } from './schemas'
import type { Mode, PasswordStorage } from './types'

/** Where and how backups are made: part of the manager's settings. */
const backupSettings = z.strictObject({
  /** Where backups go; null until a manager chooses. */
  folder: z.union([z.string().trim().min(1).max(4000), z.null()]),
  /** A verified backup once a day while the app runs. */
  daily: z.boolean(),
  /** How many backups to keep in the folder (older ones made by this app are removed). */
  keep: z.number().int().min(1).max(365),
  /**
   * Backups in the clear: every whole voucher code sold and the PIN hashes, readable by whoever gets the
   * folder. Only a manager's explicit choice; by default backups are encrypted.
   */
  plain: z.boolean(),
})

/** What the receipts print and where. */
const receiptSettings = z.strictObject({
  printer: printerSettings,
  /** Print the receipt as soon as a sale or deposit succeeds. */
  autoPrint: z.boolean(),
  /** Printed at the top of every receipt. */
  outlet,
  /** How a customer redeems a voucher, printed under it (e.g. "Dial *123*code#"). */
  redemptionHint: z.string().max(500),
  /** null: receipts print in the language the clerk works in. */
  receiptLanguage: z.union([language, z.null()]),
  /** The outlet's logo at the top of every receipt: a PNG or JPEG data URL, or none. */
  logo,
})

/** The manager tools' settings: the auto-lock, the reprint window, a repeated sale's code, backups. */
const managerSettings = z.strictObject({
  autoLockMinutes: z.number().int().min(1).max(480),
  reprintWindowMinutes: z.number().int().min(0).max(1440),
  /**
   * A sale asked again with the same requestId (a double click, an answer lost on the way to the page) gives
   * the whole code back to the same sign-in for this long after the sale; otherwise the code comes back
   * masked. 0: never.
   */
  replayRevealMinutes: z.number().int().min(0).max(60),
  backup: backupSettings,
})

/** Every setting a manager edits (updateSettings) and everyone reads (getSettings), with its check. */
export const editableSettings = z.strictObject({
  tokenLifetimeHours: z.number().int().min(1).max(672),
  phoneFormat: z.enum(PHONE_FORMATS),
  /** null: follow the operating system's language. */
  language: z.union([language, z.null()]),
  connectTimeoutMs: z.number().int().min(1000).max(120_000),
  answerTimeoutMs: z.number().int().min(1000).max(300_000),
  /** Deposits above this amount are typed twice. */
  doubleEntryAboveDirhams: z.number().int().min(0).max(MAX_DIRHAMS),
  /** The largest single deposit; anything above is refused (a phone number typed as an amount, a slip). */
  depositMaxDirhams: z.number().int().min(MIN_DEPOSIT_DIRHAMS).max(MAX_DIRHAMS),
  /** The daily limit agreed with the provider, for the estimate before the service first reports it. */
  agreedDailyLimitDirhams: z.union([z.number().int().min(1).max(MAX_DIRHAMS), z.null()]),
  /**
   * A manager's update feed address (https); null: the one the installer was built with. Checked and
   * normalised in main (https only, see normalizeUpdateFeedUrl).
   */
  updateFeedUrl: z.union([z.string().trim().min(1).max(2000), z.null()]),
  ...receiptSettings.shape,
  ...managerSettings.shape,
})

export type EditableSettings = z.output<typeof editableSettings>
export type ReceiptSettings = z.output<typeof receiptSettings>
export type ManagerSettings = z.output<typeof managerSettings>
export type BackupSettings = z.output<typeof backupSettings>

/** The settings' names, in the order above. */
export const EDITABLE_SETTING_KEYS = Object.keys(
  editableSettings.shape,
) as readonly (keyof EditableSettings)[]

/**
 * What a new terminal starts with. Tokens for a day; 10 s to connect and 30 s for an answer; deposits above
 * 500 LYD typed twice and none above 5,000 LYD (deposit-rules.ts); no printer (receipts are shown and saved as
 * PDF until one is set up); lock after 10 idle minutes; clerks reprint for 15 minutes after a sale; a repeated
 * sale request gets its code back for 2 minutes; no backups until a folder is chosen, and backups encrypted.
 */
export const SETTING_DEFAULTS: EditableSettings = {
  tokenLifetimeHours: 24,
  phoneFormat: 'national',
  language: null,
  connectTimeoutMs: 10_000,
  answerTimeoutMs: 30_000,
  doubleEntryAboveDirhams: DEFAULT_DEPOSIT_RULES.doubleEntryAboveDirhams,
  depositMaxDirhams: DEFAULT_DEPOSIT_RULES.depositMaxDirhams,
  agreedDailyLimitDirhams: null,
  updateFeedUrl: null,
  printer: { kind: 'none', widthMm: 80 },
  autoPrint: false,
  outlet: { name: '', address: '', phone: '' },
  redemptionHint: '',
  receiptLanguage: null,
  logo: null,
  autoLockMinutes: 10,
  reprintWindowMinutes: 15,
  replayRevealMinutes: 2,
  backup: { folder: null, daily: false, keep: 7, plain: false },
}

/** The settings as the renderer reads them (getSettings): the editable ones, and the live service's state. */
export interface Settings extends EditableSettings {
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
}

/** A manager's change: any of the editable settings (a backup's fields one by one). */
export const updateSettingsInput = editableSettings.extend({ backup: backupSettings.partial() }).partial()

/** The terminal's language (null: the operating system's): the one setting anyone may change. */
export const setLanguageInput = z.strictObject({ language: z.union([language, z.null()]) })
