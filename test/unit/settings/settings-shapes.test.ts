import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type SettingsFeature, settingsFeature } from '../../../src/main/desk/settings-handlers'
import type { SecretStore } from '../../../src/main/settings/secrets'
import { JsonFileSettings, sanitizeSettings } from '../../../src/main/settings/settings'
import { DESK_CALLS } from '../../../src/shared/contract'
import { depositRulesOf } from '../../../src/shared/deposit-rules'
import {
  EDITABLE_SETTING_KEYS,
  type EditableSettings,
  editableSettings,
  SETTING_DEFAULTS,
} from '../../../src/shared/settings'

/**
 * Every setting set to something other than its default, each within its check. Typed as the settings: a new
 * setting cannot be added without a value here, so everything below covers it too.
 */
function changed(backupFolder: string): EditableSettings {
  return {
    tokenLifetimeHours: 12,
    phoneFormat: 'international-plus',
    language: 'ar',
    connectTimeoutMs: 5_000,
    answerTimeoutMs: 20_000,
    doubleEntryAboveDirhams: 800_000,
    depositMaxDirhams: 3_000_000,
    agreedDailyLimitDirhams: 9_000_000,
    updateFeedUrl: 'https://updates.example.ly/desk/',
    printer: { kind: 'escpos-network', address: 'tcp://192.168.1.50:9100', widthMm: 58 },
    autoPrint: true,
    outlet: { name: 'Al Noor', address: 'Omar Al Mukhtar St', phone: '0912345678' },
    redemptionHint: 'Dial *123*code#',
    receiptLanguage: 'en',
    logo: 'data:image/png;base64,iVBORw0KGgo=',
    autoLockMinutes: 30,
    reprintWindowMinutes: 60,
    replayRevealMinutes: 0,
    backup: { folder: backupFolder, daily: true, keep: 14, plain: true },
  }
}

let dir = ''
let backupDir = ''
let store: JsonFileSettings
let feature: SettingsFeature
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'settings-shapes-'))
  backupDir = mkdtempSync(join(tmpdir(), 'settings-shapes-backups-'))
  store = new JsonFileSettings(join(dir, 'settings.json'))
  feature = settingsFeature({
    store,
    secrets: { kind: 'encrypted' } as SecretStore,
    live: { proxy: { current: () => null, hasCredentials: () => false }, passwordSaved: false } as never,
    workspaces: { mode: 'training', rebuildSessions: () => {} } as never,
    dataDir: dir,
    feedChanged: () => {},
  })
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
  rmSync(backupDir, { recursive: true, force: true })
})

describe('a setting is defined once (shared/settings.ts) and every shape follows', () => {
  it('its default passes its own check, and each example differs from the default', () => {
    expect(editableSettings.parse(SETTING_DEFAULTS)).toEqual(SETTING_DEFAULTS)
    const example = changed(backupDir)
    expect(editableSettings.parse(example)).toEqual(example)
    for (const key of EDITABLE_SETTING_KEYS) expect(example[key], key).not.toEqual(SETTING_DEFAULTS[key])
  })

  it('a new terminal starts with every default, and shows the clerk exactly those', async () => {
    expect(sanitizeSettings({})).toMatchObject(SETTING_DEFAULTS)
    const shown = await feature.handlers.getSettings({}, { clerk: 'Test Clerk' } as never)
    expect(shown).toEqual({ mode: 'training', live: null, passwordStorage: 'encrypted', ...SETTING_DEFAULTS })
  })

  it('a manager may change each setting on its own; it is kept, read back after a restart and shown', async () => {
    const example = changed(backupDir)
    for (const key of EDITABLE_SETTING_KEYS) {
      const args = DESK_CALLS.updateSettings.input.parse({ [key]: example[key] })
      await feature.handlers.updateSettings(args, { clerk: 'Manager' } as never)
    }
    const shown = await feature.handlers.getSettings({}, { clerk: 'Test Clerk' } as never)
    expect(shown).toEqual({ mode: 'training', live: null, passwordStorage: 'encrypted', ...example })
    // What was written is what the next start reads.
    expect(new JsonFileSettings(join(dir, 'settings.json')).get()).toMatchObject(example)
  })

  it('what the clerk is shown holds nothing only main keeps (the head office, the customer display)', async () => {
    const shown = await feature.handlers.getSettings({}, { clerk: 'Test Clerk' } as never)
    expect(Object.keys(shown).sort()).toEqual(
      ['mode', 'live', 'passwordStorage', ...EDITABLE_SETTING_KEYS].sort(),
    )
  })

  it('a setting the update does not know is refused, not stored', () => {
    expect(DESK_CALLS.updateSettings.input.safeParse({ headOffice: null }).success).toBe(false)
    expect(DESK_CALLS.updateSettings.input.safeParse({ backup: { where: 'D:\\' } }).success).toBe(false)
  })

  it('the Deposit screen, before the settings have answered, applies the defaults a new terminal has', () => {
    // The renderer reads the defaults from deposit-rules.ts (no zod there); a figure of its own would differ.
    const fresh = sanitizeSettings({})
    expect(depositRulesOf(null)).toEqual({
      doubleEntryAboveDirhams: fresh.doubleEntryAboveDirhams,
      depositMaxDirhams: fresh.depositMaxDirhams,
    })
  })
})
