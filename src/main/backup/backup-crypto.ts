import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
} from 'node:crypto'
import { createReadStream } from 'node:fs'
import { open, stat } from 'node:fs/promises'
import { closedAfter } from '../atomic-file'

/**
 * A backup's encryption: AES-256-GCM (authenticated: a changed byte, a file swapped for another, a wrong key
 * are all refused, never read as data) with the backup key, a random 256-bit key this PC keeps in its secret
 * store (DPAPI on Windows). The same key is also kept in every backup wrapped under the recovery passphrase
 * (scrypt, then AES-256-GCM), which is what lets a backup be restored on another PC: the passphrase opens the
 * key, the key opens the files. Nothing here is secret except the key and the passphrase.
 */

export const CIPHER = 'aes-256-gcm'
const IV_BYTES = 12
const TAG_BYTES = 16
/** The passphrase's cost: 128 MiB and about half a second per try on an outlet PC (OWASP's scrypt floor). */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const
/** Letters, digits, spaces, anything: at least this many characters (four or five unrelated words). */
export const MIN_PASSPHRASE_LENGTH = 12

/** The backup key wrapped under the recovery passphrase: in every encrypted backup's manifest. */
export interface RecoveryWrap {
  kdf: 'scrypt'
  N: number
  r: number
  p: number
  salt: string
  iv: string
  tag: string
  wrapped: string
}

export interface BackupKey {
  key: Buffer
  recovery: RecoveryWrap
  /** When the passphrase was set (ISO). */
  setAt: string
}

/** The passphrase as the person means it: the same letters whichever way the keyboard composed them. */
export function normalizePassphrase(passphrase: string): string {
  return passphrase.normalize('NFC').trim()
}

export function passphraseProblem(passphrase: string): string | null {
  return [...normalizePassphrase(passphrase)].length < MIN_PASSPHRASE_LENGTH
    ? `passphrase: at least ${MIN_PASSPHRASE_LENGTH} characters.`
    : null
}

function scrypt(passphrase: string, salt: Buffer, params: { N: number; r: number; p: number }) {
  return new Promise<Buffer>((resolve, reject) =>
    scryptCallback(
      normalizePassphrase(passphrase),
      salt,
      32,
      { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  )
}

const RECOVERY_AAD = Buffer.from('reseller-desk backup key v1')

/** A new backup key, wrapped under the passphrase (asynchronous: scrypt runs on libuv's thread pool). */
export async function newBackupKey(passphrase: string, setAt: string): Promise<BackupKey> {
  const key = randomBytes(32)
  const salt = randomBytes(16)
  const kek = await scrypt(passphrase, salt, SCRYPT_PARAMS)
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv(CIPHER, kek, iv).setAAD(RECOVERY_AAD)
  const wrapped = Buffer.concat([cipher.update(key), cipher.final()])
  return {
    key,
    setAt,
    recovery: {
      kdf: 'scrypt',
      ...SCRYPT_PARAMS,
      salt: salt.toString('base64'),
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      wrapped: wrapped.toString('base64'),
    },
  }
}

export class WrongPassphraseError extends Error {
  constructor() {
    super('The passphrase does not open this backup (or its manifest was changed).')
  }
}

/** The backup key from a backup's wrap and the passphrase; WrongPassphraseError when it does not open. */
export async function openRecoveryWrap(wrap: RecoveryWrap, passphrase: string): Promise<Buffer> {
  if (wrap.kdf !== 'scrypt') throw new Error(`Unknown key derivation ${String(wrap.kdf)}.`)
  const kek = await scrypt(passphrase, Buffer.from(wrap.salt, 'base64'), wrap)
  const decipher = createDecipheriv(CIPHER, kek, Buffer.from(wrap.iv, 'base64')).setAAD(RECOVERY_AAD)
  decipher.setAuthTag(Buffer.from(wrap.tag, 'base64'))
  try {
    return Buffer.concat([decipher.update(Buffer.from(wrap.wrapped, 'base64')), decipher.final()])
  } catch {
    throw new WrongPassphraseError()
  }
}

/** Whether a key is the one a wrap holds, without the passphrase (the same PC restoring its own backup). */
export function sameKey(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Encrypts a file into `destination` (created, owner-only): IV, ciphertext, tag. `aad` binds it to its place
 * (the backup and the file's name), so a file moved from another backup or renamed is refused. Streams in
 * chunks: a year's journal (~500 MB) never sits in memory, and the event loop turns between chunks. Returns
 * the SHA-256 and size of what was written (checkable without the key).
 */
export async function encryptFile(
  source: string,
  destination: string,
  key: Buffer,
  aad: string,
): Promise<{ bytes: number; sha256: string }> {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv(CIPHER, key, iv).setAAD(Buffer.from(aad))
  const hash = createHash('sha256')
  let bytes = 0
  const out = await open(destination, 'wx', 0o600)
  await closedAfter(out, async () => {
    const write = async (chunk: Buffer) => {
      if (chunk.length === 0) return
      hash.update(chunk)
      bytes += chunk.length
      await out.write(chunk)
    }
    await write(iv)
    for await (const chunk of createReadStream(source)) await write(cipher.update(chunk as Buffer))
    await write(cipher.final())
    await write(cipher.getAuthTag())
    await out.sync()
  })
  return { bytes, sha256: hash.digest('hex') }
}

export class DamagedFileError extends Error {}

/**
 * Decrypts a file written by encryptFile into `destination` (created, owner-only). Refuses — DamagedFileError —
 * a file whose tag does not match (changed, truncated, another key, another place): what was written of it
 * then is not to be used (the caller removes it).
 */
export async function decryptFile(
  source: string,
  destination: string,
  key: Buffer,
  aad: string,
): Promise<void> {
  const size = (await stat(source)).size
  if (size < IV_BYTES + TAG_BYTES)
    throw new DamagedFileError('The file is too short to be an encrypted copy.')
  const head = await open(source, 'r')
  const iv = Buffer.alloc(IV_BYTES)
  const tag = Buffer.alloc(TAG_BYTES)
  await closedAfter(head, async () => {
    await head.read(iv, 0, IV_BYTES, 0)
    await head.read(tag, 0, TAG_BYTES, size - TAG_BYTES)
  })
  const decipher = createDecipheriv(CIPHER, key, iv).setAAD(Buffer.from(aad))
  decipher.setAuthTag(tag)
  const out = await open(destination, 'wx', 0o600)
  await closedAfter(out, async () => {
    if (size > IV_BYTES + TAG_BYTES) {
      const body = createReadStream(source, { start: IV_BYTES, end: size - TAG_BYTES - 1 })
      for await (const chunk of body) await out.write(decipher.update(chunk as Buffer))
    }
    try {
      await out.write(decipher.final())
    } catch {
      throw new DamagedFileError('The file was changed or damaged since the backup was made.')
    }
    await out.sync()
  })
}
