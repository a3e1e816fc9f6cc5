import Store from 'electron-store'
import { DEFAULT_SETTINGS, KeptSettings, type StoredSettings } from '../settings/settings'

/**
 * Settings in electron-store (a JSON file in the app's data folder, written atomically), read once at start
 * and kept in memory (KeptSettings). electron-store reads and parses its file again on every read of
 * `.store`: on the main thread, several times a deposit; and a file a virus scanner holds open for a moment
 * made that read — and the deposit — fail.
 */
export class ElectronStoreSettings extends KeptSettings {
  constructor(options: { cwd?: string } = {}) {
    const store = new Store<StoredSettings>({ name: 'settings', defaults: DEFAULT_SETTINGS, ...options })
    // A copy: electron-store may add its own bookkeeping key to what it is given.
    super(store.store, (next) => {
      store.store = { ...next }
    })
  }
}
