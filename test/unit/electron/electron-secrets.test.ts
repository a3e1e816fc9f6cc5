import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createSecretStore, type SafeStorageLike } from '../../../src/main/electron/safe-storage-secrets'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

function path(): string {
  const dir = mkdtempSync(join(tmpdir(), 'secrets-'))
  dirs.push(dir)
  return join(dir, 'secrets.json')
}

/** Stands in for the OS: "encrypts" by reversing and tagging, and can say a key was rotated. */
function fakeSafeStorage(options: { available?: boolean; backend?: string; rotated?: boolean } = {}) {
  const calls = { encrypt: 0 }
  const storage: SafeStorageLike = {
    isAsyncEncryptionAvailable: async () => options.available ?? true,
    encryptStringAsync: async (text) => {
      calls.encrypt++
      return Buffer.from(`enc:${[...text].reverse().join('')}`)
    },
    decryptStringAsync: async (data) => {
      const text = data.toString()
      if (!text.startsWith('enc:')) throw new Error('bad key')
      return { result: [...text.slice(4)].reverse().join(''), shouldReEncrypt: options.rotated ?? false }
    },
    ...(options.backend ? { getSelectedStorageBackend: () => options.backend as string } : {}),
  }
  return { storage, calls }
}

describe('the password store on a PC', () => {
  it('keeps the password encrypted by the OS, never in plain text', async () => {
    const file = path()
    const store = await createSecretStore(fakeSafeStorage().storage, file)
    expect(store.kind).toBe('encrypted')
    expect(await store.set('live-password', 's3cret')).toBe(true)
    expect(readFileSync(file, 'utf8')).not.toContain('s3cret')
    expect(await store.get('live-password')).toBe('s3cret')
    await store.delete('live-password')
    expect(await store.get('live-password')).toBeNull()
  })

  it('re-encrypts when the OS rotated its key, and reads a foreign file as nothing saved', async () => {
    const file = path()
    const { storage, calls } = fakeSafeStorage({ rotated: true })
    const store = await createSecretStore(storage, file)
    await store.set('p', 'x')
    expect(await store.get('p')).toBe('x')
    expect(calls.encrypt).toBe(2)
    const other = await createSecretStore(fakeSafeStorage().storage, file)
    const { writeFileSync } = await import('node:fs')
    writeFileSync(file, JSON.stringify({ p: Buffer.from('not ours').toString('base64') }))
    expect(await other.get('p')).toBeNull()
  })

  it('saves nothing where the OS offers no real encryption (none, or Linux basic_text)', async () => {
    for (const options of [{ available: false }, { backend: 'basic_text' }]) {
      const store = await createSecretStore(fakeSafeStorage(options).storage, path())
      expect(store.kind).toBe('unavailable')
      expect(await store.set('p', 'x')).toBe(false)
      expect(await store.get('p')).toBeNull()
    }
  })
})
