import { SecretFile, type SecretStore, UnavailableSecretStore } from '../settings/secrets'

/** The part of Electron's safeStorage we use: the async API (the sync one is deprecated in Electron 45). */
export interface SafeStorageLike {
  isAsyncEncryptionAvailable(): Promise<boolean>
  encryptStringAsync(plainText: string): Promise<Buffer>
  decryptStringAsync(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>
  getSelectedStorageBackend?(): string
}

/** Secrets encrypted by the OS (DPAPI on Windows, the keyring on Linux), kept as base64 in a file. */
export class SafeStorageSecretStore implements SecretStore {
  readonly kind = 'encrypted' as const

  private readonly file: SecretFile

  constructor(
    private readonly safeStorage: SafeStorageLike,
    path: string,
  ) {
    this.file = new SecretFile(path)
  }

  async set(name: string, value: string): Promise<boolean> {
    const encrypted = await this.safeStorage.encryptStringAsync(value)
    this.file.write({ ...this.file.read(), [name]: encrypted.toString('base64') })
    return true
  }

  async get(name: string): Promise<string | null> {
    const stored = this.file.read()[name]
    if (stored === undefined) return null
    try {
      const { result, shouldReEncrypt } = await this.safeStorage.decryptStringAsync(
        Buffer.from(stored, 'base64'),
      )
      if (shouldReEncrypt) await this.set(name, result)
      return result
    } catch {
      // Encrypted under another user or machine key: as if nothing were saved.
      return null
    }
  }

  async delete(name: string): Promise<void> {
    this.file.remove(name)
  }
}

/**
 * The secret store for this PC. Where the OS offers no real encryption (or Linux falls back to its
 * "basic_text" store, which is obfuscation only), the password is not saved at all and the screen says so.
 */
export async function createSecretStore(safeStorage: SafeStorageLike, path: string): Promise<SecretStore> {
  const available = await safeStorage.isAsyncEncryptionAvailable().catch(() => false)
  const backend = safeStorage.getSelectedStorageBackend?.()
  if (!available || backend === 'basic_text') return new UnavailableSecretStore()
  return new SafeStorageSecretStore(safeStorage, path)
}
