import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { PasswordStorage } from '../../shared/contract'

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

/** For the browser shell and tests only: secrets in a plain file, and it says so. Never used by the app. */
export class DevelopmentSecretStore implements SecretStore {
  readonly kind = 'development-plaintext' as const

  constructor(private readonly path: string) {}

  private read(): Record<string, string> {
    try {
      return JSON.parse(readFileSync(this.path, 'utf8')) as Record<string, string>
    } catch {
      return {}
    }
  }

  private write(all: Record<string, string>): void {
    mkdirSync(dirname(this.path), { recursive: true })
    writeFileSync(this.path, JSON.stringify(all), { mode: 0o600 })
  }

  async set(name: string, value: string): Promise<boolean> {
    this.write({ ...this.read(), [name]: value })
    return true
  }

  async get(name: string): Promise<string | null> {
    return this.read()[name] ?? null
  }

  async delete(name: string): Promise<void> {
    const all = this.read()
    delete all[name]
    if (Object.keys(all).length === 0) rmSync(this.path, { force: true })
    else this.write(all)
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
