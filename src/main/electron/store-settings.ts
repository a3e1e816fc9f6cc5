import Store from 'electron-store'
import {
  DEFAULT_SETTINGS,
  type SettingsStore,
  type StoredSettings,
  sanitizeSettings,
} from '../settings/settings'

/** Settings in electron-store (a JSON file in the app's data folder, written atomically). */
export class ElectronStoreSettings implements SettingsStore {
  private readonly store: Store<StoredSettings>

  constructor(options: { cwd?: string } = {}) {
    this.store = new Store<StoredSettings>({ name: 'settings', defaults: DEFAULT_SETTINGS, ...options })
  }

  get(): StoredSettings {
    return sanitizeSettings(this.store.store)
  }

  update(patch: Partial<StoredSettings>): StoredSettings {
    const next = sanitizeSettings({ ...this.get(), ...patch })
    this.store.store = next
    return next
  }
}
