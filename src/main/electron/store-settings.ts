import Store from 'electron-store'
import { writeFileAtomically } from '../atomic-file'
import { DEFAULT_SETTINGS, KeptSettings, type StoredSettings } from '../settings/settings'

/**
 * Settings in electron-store's file (settings.json in the app's data folder), read once at start and kept in
 * memory (KeptSettings). electron-store reads and parses its file again on every read of `.store`: on the main
 * thread, several times a deposit; and a file a virus scanner holds open for a moment made that read — and the
 * deposit — fail.
 *
 * Written by the desk's own durable write, in electron-store's format: electron-store's write syncs the file
 * but not its folder (a power cut could undo a saved change), and on Windows falls back to a plain write, which
 * a power cut can leave half written, when its rename reports EXDEV.
 */
export class ElectronStoreSettings extends KeptSettings {
  constructor(options: { cwd?: string } = {}) {
    const store = new Store<StoredSettings>({ name: 'settings', defaults: DEFAULT_SETTINGS, ...options })
    super(store.store, (next) => writeFileAtomically(store.path, JSON.stringify(next, undefined, '\t')))
  }
}
