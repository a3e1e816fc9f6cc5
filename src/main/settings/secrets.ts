import { readFileSync } from 'node:fs'
import type { PasswordStorage } from '../../shared/types'
import { writeFileAtomically } from '../atomic-file'

/**
 * Where the live password is kept. In Electron: encrypted with safeStorage (the OS keychain/DPAPI); when
 * the OS offers no encryption, nothing is saved (`kind: 'unavailable'`) and the screen says so.
 */
export interface SecretStore {
  readonly kind: PasswordStorage
  /** false when the secret could not be saved (no encryption available). */
  set(name: string, value: string): Promise<boolean>
  get(name: string): Promise<string | null>
  delete(name: string): Promise<void>
}

/** The file secrets stores keep their values in: a JSON object, written whole, readable by this user only. */
export class SecretFile {
  constructor(private readonly path: string) {}

  read(): Record<string, string> {
    try {
      return JSON.parse(readFileSync(this.path, 'utf8')) as Record<string, string>
    } catch {
      return {}
    }
  }

  write(all: Record<string, string>): void {
    writeFileAtomically(this.path, JSON.stringify(all), { mode: 0o600 })
  }

  remove(name: string): void {
    const all = this.read()
    delete all[name]
    this.write(all)
  }
}

/** For the browser shell and tests only: secrets in a plain file, and it says so. Never used by the app. */
export class DevelopmentSecretStore implements SecretStore {
  readonly kind = 'development-plaintext' as const
  private readonly file: SecretFile

  constructor(path: string) {
    this.file = new SecretFile(path)
  }

  async set(name: string, value: string): Promise<boolean> {
    this.file.write({ ...this.file.read(), [name]: value })
    return true
  }

  async get(name: string): Promise<string | null> {
    return this.file.read()[name] ?? null
  }

  async delete(name: string): Promise<void> {
    this.file.remove(name)
  }
}

/** A store that never saves: what the app uses when the OS offers no encryption. */
export class UnavailableSecretStore implements SecretStore {
  readonly kind = 'unavailable' as const
  async set(): Promise<boolean> {
    return false
  }
  async get(): Promise<string | null> {
    return null
  }
  async delete(): Promise<void> {}
}
