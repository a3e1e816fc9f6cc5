/**
 * One connection of the sync to the head office, once the handshake (handshake.ts) said who this desk is
 * there: what the sending (push.ts), the chain's figures (chain-figures.ts) and the notices (notices.ts)
 * work on; and how a connection is closed without waiting on a server that answers nothing.
 */
import type pg from 'pg'
import type { HeadOfficeSettings } from '../../shared/head-office'
import { type FeedMark, readFeedMark, saveFeedMark } from '../journal/head-office-feed'
import type { Journal } from '../journal/journal'
import type { Logger } from '../log'
import { clientConfig, newClient, tlsDecision } from './connection'
import { handshake } from './handshake'
import { listen } from './notices'

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

export interface OpenSession {
  settings: HeadOfficeSettings
  password: string
  journal: Journal
  /** Where to listen for the head office's notices (notices.ts). */
  channels: readonly string[]
  key: string
  connectTimeoutMs: number
  /** How long a statement may run; the desk waits a second more for any answer. */
  queryTimeoutMs: number
  log: Logger
  now: () => number
  /**
   * The app is stopping: a connection being opened is cut, and none is opened once it is. (pg's connect()
   * never settles when its client is ended while it connects — the stop that ended it would wait for ever —
   * so the opening is raced against this, not left to pg.)
   */
  signal: AbortSignal
  /** The server answered: the connection is made (its role and secret accepted). */
  answered: () => void
  /** The connection ended without the desk closing it (the server went away); with pg's word, if any. */
  ended: (client: pg.Client, error: Error | null) => void
  /** Another connection's records landed (a notice; this connection's own are left out). */
  notice: () => void
}

/**
 * Opens the sync's connection: connects, makes the handshake (claiming the terminal), listens for notices,
 * and saves the mark the head office gives (how far it has this journal: exactly what it committed).
 */
export async function openSession(o: OpenSession): Promise<{ session: Session; mark: FeedMark }> {
  o.signal.throwIfAborted()
  const client = await newClient(
    clientConfig(o.settings, o.password, {
      connectTimeoutMs: o.connectTimeoutMs,
      queryTimeoutMs: o.queryTimeoutMs,
      applicationName: 'reseller-desk sync',
    }),
  )
  // A connection that dies between queries must not crash main (pg emits 'error' then 'end').
  let lost: Error | null = null
  client.on('error', (error) => {
    lost = error
  })
  client.on('end', () => o.ended(client, lost))
  client.on('notification', (n) => {
    if (n.processId !== (client as unknown as { processID: number | null }).processID) o.notice()
  })
  let onAbort: (() => void) | null = null
  const cut = new Promise<never>((_, reject) => {
    onAbort = () => reject(o.signal.reason)
    o.signal.addEventListener('abort', onAbort, { once: true })
  })
  try {
    return await Promise.race([opened(o, client), cut])
  } catch (error) {
    await closeClient(client, 0)
    throw error
  } finally {
    if (onAbort) o.signal.removeEventListener('abort', onAbort)
  }
}

async function opened(o: OpenSession, client: pg.Client): Promise<{ session: Session; mark: FeedMark }> {
  o.signal.throwIfAborted()
  await client.connect()
  // Cut while it connected (the stop won the race): the desk does not say it reached the head office.
  o.signal.throwIfAborted()
  o.answered()
  const { who, remote: held } = await handshake(client, o.settings.terminal, o.journal, 'claim')
  await listen(client, o.channels)
  const remote = held ?? { seq: 0, z: 0 }
  const saved = readFeedMark(o.journal)
  const same = saved && saved.instance === who.instance && saved.terminal === who.terminal
  if (same && saved.seq > remote.seq) {
    // The head office lost what it had committed (restored from a backup): send it again from its mark.
    o.log.warn('the head office has fewer events than it had committed; sending them again', {
      saved: saved.seq,
      remote: remote.seq,
    })
  }
  // The head office says how far it has; what it has is exactly what it committed, in order.
  const mark: FeedMark = {
    instance: who.instance,
    terminal: who.terminal,
    seq: remote.seq,
    z: remote.z,
    reachedAt: new Date(o.now()).toISOString(),
    receiptCode: who.receiptCode,
  }
  // Cut while it opened: the journal is left as it was.
  o.signal.throwIfAborted()
  saveFeedMark(o.journal, mark)
  o.log.info('connected to the head office', {
    terminal: who.terminal,
    tls: tlsDecision(o.settings.host, o.settings.caFile).tls,
    from: remote.seq,
  })
  const session = {
    client,
    key: o.key,
    instance: who.instance,
    terminal: who.terminal,
    schemaVersion: who.schemaVersion,
  }
  return { session, mark }
}
