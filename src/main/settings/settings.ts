import { readFileSync } from 'node:fs'
import type { CustomerDisplaySettings } from '../../shared/customer-view'
import { DEFAULT_DEPOSIT_RULES } from '../../shared/deposit-rules'
import type { HeadOfficeSettings } from '../../shared/head-office'
import { MAX_DIRHAMS, MIN_DEPOSIT_DIRHAMS } from '../../shared/money'
import type { ManagerSettings } from '../../shared/people'
import type { PhoneFormat } from '../../shared/phone'
import type { ReceiptSettings } from '../../shared/receipts'
import type { Language, Mode } from '../../shared/types'
import { normalizeUpdateFeedUrl } from '../../shared/updates'
import { writeFileAtomically } from '../atomic-file'
import {
  DEFAULT_CUSTOMER_DISPLAY_SETTINGS,
  sanitizeCustomerDisplaySettings,
} from './customer-display-settings'
import { sanitizeHeadOfficeSettings } from './head-office-settings'
import { DEFAULT_MANAGER_SETTINGS, sanitizeManagerSettings } from './manager-settings'
import { DEFAULT_RECEIPT_SETTINGS, sanitizeReceiptSettings } from './receipt-settings'

/** What the desk keeps between runs. Never a password or a token: those go through the secret store. */
export interface StoredSettings extends ReceiptSettings, ManagerSettings {
  mode: Mode
  live: { baseUrl: string; username: string; proxyUrl: string | null } | null
  tokenLifetimeHours: number
  phoneFormat: PhoneFormat
  language: Language | null
  connectTimeoutMs: number
  answerTimeoutMs: number
  doubleEntryAboveDirhams: number
  depositMaxDirhams: number
  agreedDailyLimitDirhams: number | null
  updateFeedUrl: string | null
  /** The head office this terminal sends its journal to; null: none (the default). */
  headOffice: HeadOfficeSettings | null
  /** The screen facing the customer (docs/customer-display.md). */
  customerDisplay: CustomerDisplaySettings
}

/**
 * 5,000 LYD: far above a counter deposit, far below a phone number typed into the amount field
 * (941234567 LYD). A manager changes it in Settings.
 */
export const DEFAULT_DEPOSIT_MAX_DIRHAMS = DEFAULT_DEPOSIT_RULES.depositMaxDirhams

export const DEFAULT_SETTINGS: StoredSettings = {
  mode: 'training',
  live: null,
  tokenLifetimeHours: 24,
  phoneFormat: 'national',
  language: null,
  connectTimeoutMs: 10_000,
  answerTimeoutMs: 30_000,
  doubleEntryAboveDirhams: DEFAULT_DEPOSIT_RULES.doubleEntryAboveDirhams,
  depositMaxDirhams: DEFAULT_DEPOSIT_MAX_DIRHAMS,
  agreedDailyLimitDirhams: null,
  updateFeedUrl: null,
  headOffice: null,
  customerDisplay: DEFAULT_CUSTOMER_DISPLAY_SETTINGS,
  ...DEFAULT_RECEIPT_SETTINGS,
  ...DEFAULT_MANAGER_SETTINGS,
}

export interface SettingsStore {
  get(): StoredSettings
  update(patch: Partial<StoredSettings>): StoredSettings
}

/** Only keys we know, with values of the right type: a hand-edited or older file never breaks start-up. */
export function sanitizeSettings(raw: unknown): StoredSettings {
  const r = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {}
  const out: StoredSettings = { ...DEFAULT_SETTINGS }
  if (r.mode === 'live' || r.mode === 'training') out.mode = r.mode
  const live = r.live as Record<string, unknown> | null | undefined
  if (live && typeof live.baseUrl === 'string' && typeof live.username === 'string') {
    out.live = {
      baseUrl: live.baseUrl,
      username: live.username,
      proxyUrl: typeof live.proxyUrl === 'string' ? live.proxyUrl : null,
    }
  }
  const int = (v: unknown, min: number, max: number): number | null =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : null
  out.tokenLifetimeHours = int(r.tokenLifetimeHours, 1, 672) ?? out.tokenLifetimeHours
  if (
    r.phoneFormat === 'national' ||
    r.phoneFormat === 'international' ||
    r.phoneFormat === 'international-plus'
  ) {
    out.phoneFormat = r.phoneFormat
  }
  if (r.language === 'ar' || r.language === 'en' || r.language === null) out.language = r.language
  out.connectTimeoutMs = int(r.connectTimeoutMs, 100, 120_000) ?? out.connectTimeoutMs
  out.answerTimeoutMs = int(r.answerTimeoutMs, 100, 300_000) ?? out.answerTimeoutMs
  out.doubleEntryAboveDirhams =
    int(r.doubleEntryAboveDirhams, 0, Number.MAX_SAFE_INTEGER) ?? out.doubleEntryAboveDirhams
  out.depositMaxDirhams = int(r.depositMaxDirhams, MIN_DEPOSIT_DIRHAMS, MAX_DIRHAMS) ?? out.depositMaxDirhams
  if (r.agreedDailyLimitDirhams === null) out.agreedDailyLimitDirhams = null
  else
    out.agreedDailyLimitDirhams =
      int(r.agreedDailyLimitDirhams, 1, MAX_DIRHAMS) ?? out.agreedDailyLimitDirhams
  if (typeof r.updateFeedUrl === 'string') {
    try {
      out.updateFeedUrl = normalizeUpdateFeedUrl(r.updateFeedUrl)
    } catch {
      out.updateFeedUrl = null
    }
  }
  Object.assign(out, sanitizeReceiptSettings(r))
  Object.assign(out, sanitizeManagerSettings(r))
  out.headOffice = sanitizeHeadOfficeSettings(r.headOffice)
  out.customerDisplay = sanitizeCustomerDisplaySettings(r.customerDisplay)
  if (out.mode === 'live' && !out.live) out.mode = 'training'
  return out
}

/**
 * Settings as a store hands them out: frozen to the last nested object, so one caller cannot change what the
 * next one reads, and handing them out costs nothing (a deposit reads them three times).
 */
export function frozenSettings(settings: StoredSettings): StoredSettings {
  const freeze = (value: unknown): void => {
    if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return
    Object.freeze(value)
    for (const inner of Object.values(value)) freeze(inner)
  }
  freeze(settings)
  return settings
}

/**
 * Settings read once and kept in memory, handed out frozen; an update is written first (`write`) and takes
 * effect only once written. The app is a single instance, so nothing else writes the file while it runs.
 */
export class KeptSettings implements SettingsStore {
  private current: StoredSettings

  constructor(
    stored: unknown,
    private readonly write: (next: StoredSettings) => void,
  ) {
    this.current = frozenSettings(sanitizeSettings(stored))
  }

  get(): StoredSettings {
    return this.current
  }

  update(patch: Partial<StoredSettings>): StoredSettings {
    const next = sanitizeSettings({ ...this.current, ...patch })
    this.write(next)
    this.current = frozenSettings(next)
    return this.current
  }
}

/**
 * Settings in a JSON file, written atomically (temp file + rename) so a power cut leaves the old or the new
 * file, never half of one. Used by the browser shell and tests; the Electron app uses electron-store the same
 * way (electron/store-settings.ts).
 */
export class JsonFileSettings extends KeptSettings {
  constructor(path: string) {
    let stored: unknown = {}
    try {
      stored = JSON.parse(readFileSync(path, 'utf8'))
    } catch {
      stored = {}
    }
    super(stored, (next) => writeFileAtomically(path, JSON.stringify(next, null, 2)))
  }
}
