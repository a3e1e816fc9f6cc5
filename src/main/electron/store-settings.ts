import Store from 'electron-store'
import {
  DEFAULT_SETTINGS,
  frozenSettings,
  type SettingsStore,
  type StoredSettings,
  sanitizeSettings,
} from '../settings/settings'

/**
 * Settings in electron-store (a JSON file in the app's data folder, written atomically), read once at start
 * and kept in memory. electron-store reads and parses its file again on every read of `.store`: on the
 * main thread, several times a deposit; and a file a virus scanner holds open for a moment made that read —
 * and the deposit — fail. The app is a single instance, so nothing else writes the file while it runs.
 */
export class ElectronStoreSettings implements SettingsStore {
  private readonly store: Store<StoredSettings>
  private current: StoredSettings

  constructor(options: { cwd?: string } = {}) {
    this.store = new Store<StoredSettings>({ name: 'settings', defaults: DEFAULT_SETTINGS, ...options })
    this.current = frozenSettings(sanitizeSettings(this.store.store))
  }

  get(): StoredSettings {
    return this.current
  }

  /** Written first: settings that could not be written are not in effect either. */
  update(patch: Partial<StoredSettings>): StoredSettings {
    const next = sanitizeSettings({ ...this.current, ...patch })
    // A copy: electron-store may add its own bookkeeping key to what it is given.
    this.store.store = { ...next }
    this.current = frozenSettings(next)
    return this.current
  }
}
