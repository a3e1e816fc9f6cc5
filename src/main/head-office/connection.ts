/**
 * How the desk connects to the head office: TLS is required unless the server is on this machine's loopback,
 * and a CA file, when set, is the only authority trusted for the server's certificate (with the host name
 * checked). The password comes from the secret store and goes only into the connection.
 */
import { readFileSync } from 'node:fs'
import { isIP } from 'node:net'
import type { ConnectionOptions } from 'node:tls'
import type pg from 'pg'
import { AppError } from '../../shared/errors'
import type { HeadOfficeReason, HeadOfficeSettings } from '../../shared/head-office'

/**
 * A PostgreSQL client. The driver is loaded on first use: a desk that works alone (the default) never loads
 * it, and starts as fast as before.
 */
export async function newClient(config: pg.ClientConfig): Promise<pg.Client> {
  const { default: driver } = await import('pg')
  return new driver.Client(config)
}

export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase()
  if (h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1') return true
  if (isIP(h) === 4) return h.startsWith('127.')
  if (h.startsWith('::ffff:')) return isIP(h.slice(7)) === 4 && h.slice(7).startsWith('127.')
  return false
}

export type TlsDecision =
  | { tls: false }
  | { tls: true; ca: 'file' | 'system'; servername: string | undefined }

/**
 * TLS unless the server is on loopback (where nothing crosses a network), and on loopback too when a CA file is
 * given. Every TLS connection verifies the certificate: against the CA file, or the system's authorities.
 */
export function tlsDecision(host: string, caFile: string | null): TlsDecision {
  if (isLoopbackHost(host) && caFile === null) return { tls: false }
  const bare = host.replace(/^\[|\]$/g, '')
  return { tls: true, ca: caFile === null ? 'system' : 'file', servername: isIP(bare) ? undefined : bare }
}

export interface ConnectOptions {
  connectTimeoutMs: number
  queryTimeoutMs: number
  applicationName?: string
}

/** The pg client configuration for a head office; the CA file is read here (a clear error if it cannot be). */
export function clientConfig(
  settings: Omit<HeadOfficeSettings, 'enabled'>,
  password: string,
  options: ConnectOptions,
): pg.ClientConfig {
  const decision = tlsDecision(settings.host, settings.caFile)
  let ssl: false | ConnectionOptions = false
  if (decision.tls) {
    ssl = { rejectUnauthorized: true }
    if (decision.servername) ssl.servername = decision.servername
    if (settings.caFile !== null) {
      try {
        ssl.ca = readFileSync(settings.caFile, 'utf8')
      } catch (error) {
        throw new AppError(
          'BAD_INPUT',
          `caFile: the CA certificate cannot be read (${(error as Error).message}).`,
          { field: 'caFile', reason: 'HO_CA_FILE' },
        )
      }
      if (!ssl.ca.includes('-----BEGIN CERTIFICATE-----')) {
        throw new AppError('BAD_INPUT', 'caFile: not a PEM certificate (-----BEGIN CERTIFICATE-----).', {
          field: 'caFile',
          reason: 'HO_CA_FILE',
        })
      }
    }
  }
  return {
    host: settings.host.replace(/^\[|\]$/g, ''),
    port: settings.port,
    database: settings.database,
    user: settings.user,
    password,
    ssl,
    connectionTimeoutMillis: options.connectTimeoutMs,
    // The server cancels a statement that runs too long; a server that answers nothing at all is found by the
    // desk's own wait, a moment longer (the server's word, when it comes, says more).
    statement_timeout: options.queryTimeoutMs,
    query_timeout: options.queryTimeoutMs + 1000,
    // The OS probes a connection idle for 10 s (a cable cut while nothing is asked; a firewall that forgets).
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    application_name: options.applicationName ?? 'reseller-desk',
  }
}

/** Refusals a person has to fix: retried slowly, and the screen says "stopped". */
export class StopError extends AppError {}

const SQLSTATE_MEANINGS: Record<string, [HeadOfficeReason, string]> = {
  '28P01': ['HO_LOGIN_REFUSED', 'The head office refused this terminal’s role or password.'],
  '28000': [
    'HO_NOT_ALLOWED',
    'The head office does not accept this terminal’s connection (pg_hba.conf, or TLS required).',
  ],
  '3D000': ['HO_NO_DATABASE', 'There is no such database at the head office.'],
  '42501': ['HO_NOT_PERMITTED', 'The head office refused: this role may not do that.'],
  '53300': ['HO_BUSY', 'The head office has too many connections.'],
  '57P01': ['HO_RESTARTING', 'The head office server is shutting down.'],
  '57P03': ['HO_RESTARTING', 'The head office server is starting up.'],
}

/**
 * The network's own refusals: nothing at that address answered (no such name — EAI_AGAIN when no name server
 * answers at all —, no route, nobody listening, nothing within the time).
 */
const NOT_REACHED_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'ETIMEDOUT',
])

const unavailable = (reason: HeadOfficeReason, message: string, cause?: string) =>
  new AppError('HEAD_OFFICE_UNAVAILABLE', message, { reason, ...(cause ? { cause } : {}) })

/**
 * What went wrong talking to the head office, as a reason in words for a manager (HEAD_OFFICE_REASONS) and a
 * message for support: never the password, and never a stack. Every one is HEAD_OFFICE_UNAVAILABLE: the desk
 * keeps selling and tries again.
 */
export function headOfficeError(error: unknown): AppError {
  if (error instanceof AppError) return error
  const e = error as { code?: string; message?: string }
  const message = String(e.message ?? error)
  const code = typeof e.code === 'string' ? e.code : undefined
  const meaning = code ? SQLSTATE_MEANINGS[code] : undefined
  if (code && meaning) return unavailable(meaning[0], meaning[1], code)
  if (code !== undefined && NOT_REACHED_CODES.has(code)) {
    return unavailable('HO_NOT_REACHED', `The head office cannot be reached (${code}).`, code)
  }
  if (/self[- ]signed|unable to verify|certificate|Hostname\/IP does not match|altnames/i.test(message)) {
    return unavailable(
      'HO_CERTIFICATE',
      `The head office's certificate is not trusted: ${message.replace(/\s+/g, ' ').slice(0, 200)}`,
    )
  }
  if (/does not support SSL|SSL off|no pg_hba\.conf entry/i.test(message)) {
    return unavailable('HO_NOT_ALLOWED', `The head office refused the connection: ${message.slice(0, 200)}`)
  }
  if (
    /timeout|timed out|terminated|connection error|ECONNRESET|EPIPE/i.test(message) ||
    code === 'ECONNRESET'
  ) {
    return unavailable('HO_NO_ANSWER', 'The head office stopped answering.', code)
  }
  return unavailable('HO_ERROR', `The head office answered with an error: ${message.slice(0, 200)}`, code)
}
