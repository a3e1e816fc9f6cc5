/**
 * The settings as the renderer reads them (getSettings: never a password) and what a manager may change
 * (updateSettings).
 */
import { z } from 'zod'
import { MAX_DIRHAMS, MIN_DEPOSIT_DIRHAMS } from './money'
import type { ManagerSettings } from './people'
import { PHONE_FORMATS } from './phone'
import type { ReceiptSettings } from './receipts'
import { language, logo, outlet, printerSettings } from './schemas'
import type { Language, Mode, PasswordStorage } from './types'

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

export const updateSettingsInput = z.strictObject({
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
})

/** The terminal's language (null: the operating system's): the one setting anyone may change. */
export const setLanguageInput = z.strictObject({ language: z.union([language, z.null()]) })
