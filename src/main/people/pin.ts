import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto'

/**
 * PINs are short (4+ digits), so the hash must be slow: scrypt with 2^15 iterations of 8-block mixing
 * (~32 MB, tens of milliseconds a try) and a salt per person, so one table of guesses never fits two people.
 * The stored form names its parameters, so stronger ones later still verify the PINs hashed today.
 */
const LOG2_N = 15
const R = 8
const P = 1
const KEY_BYTES = 32
const SALT_BYTES = 16

function derive(pin: string, salt: Buffer, log2n: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** log2n, r, p, maxmem: 256 * 2 ** log2n * r + 1024 * 1024 }
  return new Promise((resolve, reject) =>
    scrypt(pin, salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key))),
  )
}

/** `scrypt$15$8$1$<salt>$<hash>`, base64url. */
export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await derive(pin, salt, LOG2_N, R, P)
  return ['scrypt', LOG2_N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/** Whether a PIN matches its stored hash; a malformed hash never matches. Constant time in the key compare. */
export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  const [scheme, log2n, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !key) return false
  const params = [Number(log2n), Number(r), Number(p)]
  if (!params.every((n) => Number.isInteger(n) && n > 0 && n < 32)) return false
  const expected = Buffer.from(key, 'base64url')
  const actual = await derive(
    pin,
    Buffer.from(salt, 'base64url'),
    params[0] ?? 0,
    params[1] ?? 0,
    params[2] ?? 0,
  )
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}
