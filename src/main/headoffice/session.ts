/**
 * One connection of the sync to the head office, once the handshake (handshake.ts) said who this desk is
 * there: what the sending (push.ts), the chain's figures (chain-figures.ts) and the notices (notices.ts)
 * work on; and how a connection is closed without waiting on a server that answers nothing.
 */
import type pg from 'pg'
import type { HeadOfficeSettings } from '../../shared/head-office'

export interface Session {
  client: pg.Client
  key: string
  instance: string
  terminal: string
  /**
   * The head office's schema: from 2 on, terminals say they are there (heard_from); from 3 on, the service's
   * daily-limit refusals at each terminal are read by the others (chain_limit_reports).
   */
  schemaVersion: number
}

/**
 * What a connection was made for: another server, role, terminal or secret is another connection, and so are
 * other channels to listen on (the live service account changed).
 */
export function sessionKey(s: HeadOfficeSettings, password: string, channels: readonly string[]): string {
  return JSON.stringify([
    s.host,
    s.port,
    s.database,
    s.user,
    s.terminal,
    s.caFile,
    password.length,
    password,
    ...channels,
  ])
}

/**
 * Closes a connection without ever waiting long: a goodbye for `graceMs` at most, then the socket is cut. A
 * server that answers nothing (frozen, or a cable cut) never answers a goodbye either, and pg's own end()
 * waits for the server's side of the socket to close: a stop of the app would wait with it.
 */
export async function closeClient(client: pg.Client, graceMs: number): Promise<void> {
  const ended = client.end().catch(() => undefined)
  const timer = new Promise<'late'>((resolve) => setTimeout(resolve, graceMs, 'late').unref())
  if ((await Promise.race([ended, timer])) !== 'late')
    return // pg keeps its socket on the connection: destroyed, the connection ends and end() settles.
  ;(client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy()
  await ended
}
