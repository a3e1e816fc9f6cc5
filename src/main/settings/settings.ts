import { readFileSync } from 'node:fs'
import type { CustomerDisplaySettings } from '../../shared/customer-view'
import type { HeadOfficeSettings } from '../../shared/head-office'
import {
  EDITABLE_SETTING_KEYS,
  type EditableSettings,
  editableSettings,
  SETTING_DEFAULTS,
} from '../../shared/settings'
import type { Mode } from '../../shared/types'
import { normalizeUpdateFeedUrl } from '../../shared/updates'
import { writeFileAtomically } from '../atomic-file'
import {
  DEFAULT_CUSTOMER_DISPLAY_SETTINGS,
  sanitizeCustomerDisplaySettings,
} from './customer-display-settings'
import { sanitizeHeadOfficeSettings } from './head-office-settings'
import { sanitizeManagerSettings } from './manager-settings'
import { sanitizeReceiptSettings } from './receipt-settings'

/**
 * What the desk keeps between runs: the settings a manager edits (shared/settings.ts, where each is defined
 * once with its default) and what only main keeps. Never a password or a token: those go through the secret
 * store.
 */
export interface StoredSettings extends EditableSettings {
  mode: Mode
  live: { baseUrl: string; username: string; proxyUrl: string | null } | null
  /** The head office this terminal sends its journal to; null: none (the default). */
  headOffice: HeadOfficeSettings | null
  /** The screen facing the customer (docs/customer-display.md). */
  customerDisplay: CustomerDisplaySettings
}

export const DEFAULT_SETTINGS: StoredSettings = {
  mode: 'training',
  live: null,
  headOffice: null,
  customerDisplay: DEFAULT_CUSTOMER_DISPLAY_SETTINGS,
  ...SETTING_DEFAULTS,
}

export interface SettingsStore {
  get(): StoredSettings
  update(patch: Partial<StoredSettings>): StoredSettings
}

/** The settings everyone reads (getSettings), as stored: every editable one, nothing only main keeps. */
export function editableSettingsOf(s: StoredSettings): EditableSettings {
  return Object.fromEntries(EDITABLE_SETTING_KEYS.map((key) => [key, s[key]])) as unknown as EditableSettings
}

/**
 * Only keys we know, with values of the right type: a hand-edited or older file never breaks start-up. A
 * setting is read with its own check (shared/settings.ts), its default when that fails; the few below are
 * read more leniently than a manager may set them, so files written before their checks still load.
 * A setting that is an object (printer, outlet, backup) is read again by its own lenient reader below: its
 * check is strict (an unknown inner key refuses the whole value, as updateSettings must), and a file written by
 * a newer version would otherwise lose the whole setting. A new object-valued setting needs such a reader too.
 */
export function sanitizeSettings(raw: unknown): StoredSettings {
  const r = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {}
  const out: StoredSettings = { ...DEFAULT_SETTINGS }
  for (const key of EDITABLE_SETTING_KEYS) {
    const read = editableSettings.shape[key].safeParse(r[key])
    if (read.success) (out as unknown as Record<string, unknown>)[key] = read.data
  }
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
  const d = SETTING_DEFAULTS
  out.connectTimeoutMs = int(r.connectTimeoutMs, 100, 120_000) ?? d.connectTimeoutMs
  out.answerTimeoutMs = int(r.answerTimeoutMs, 100, 300_000) ?? d.answerTimeoutMs
  out.doubleEntryAboveDirhams =
    int(r.doubleEntryAboveDirhams, 0, Number.MAX_SAFE_INTEGER) ?? d.doubleEntryAboveDirhams
  out.updateFeedUrl = d.updateFeedUrl
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
