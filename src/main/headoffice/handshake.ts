/**
 * The handshake: who this desk is at the head office, checked before anything is sent. The schema is there,
 * the role is the terminal the desk is set up as, and the terminal is this journal's (the first desk to send
 * as a terminal claims it), with no history at the head office that this journal does not hold. The
 * Settings screen's Test runs the same checks.
 */
import type pg from 'pg'
import { AppError, toAppErrorData } from '../../shared/errors'
import type { HeadOfficeSettings, HeadOfficeTest } from '../../shared/head-office'
import { feedDeskId, feedEventDigest, lastFeedSeq, lastZNumber } from '../journal/head-office-feed'
import type { Journal } from '../journal/journal'
import { clientConfig, headOfficeError, newClient, StopError } from './connection'

/** The schema this build writes to; a head office with an older one is asked to migrate. */
export const REQUIRED_SCHEMA_VERSION = 1

export interface Terminal {
  terminal: string
  instance: string
  schemaVersion: number
}

/** Checks the schema and that this role is the terminal the desk is set up as; returns who we are. */
export async function checkTerminal(client: pg.Client, terminal: string): Promise<Terminal> {
  let version = 0
  try {
    const v = await client.query<{ v: number | null }>(
      'SELECT max(version) AS v FROM headoffice.schema_migrations',
    )
    version = v.rows[0]?.v ?? 0
  } catch (error) {
    if ((error as { code?: string }).code !== '42P01' && (error as { code?: string }).code !== '3F000')
      throw error
  }
  if (version < REQUIRED_SCHEMA_VERSION) {
    throw new StopError(
      'HEAD_OFFICE_UNAVAILABLE',
      `The head office database has no schema for this desk yet (version ${version}, needs ${REQUIRED_SCHEMA_VERSION}): run npm run headoffice -- migrate.`,
      { reason: 'HO_SCHEMA_OLD', schemaVersion: version },
    )
  }
  const who = await client.query<{ terminal: string | null; instance: string }>(
    'SELECT headoffice.my_terminal() AS terminal, (SELECT id::text FROM headoffice.instance) AS instance',
  )
  const mine = who.rows[0]?.terminal ?? null
  if (mine === null) {
    throw new StopError(
      'HEAD_OFFICE_UNAVAILABLE',
      'This role is not registered as a terminal at the head office.',
      {
        reason: 'HO_NOT_A_TERMINAL',
      },
    )
  }
  if (mine !== terminal) {
    throw new StopError(
      'HEAD_OFFICE_UNAVAILABLE',
      `This role belongs to the terminal "${mine}", not "${terminal}": correct the terminal name or the role.`,
      { reason: 'HO_WRONG_TERMINAL', registered: mine },
    )
  }
  return { terminal: mine, instance: who.rows[0]?.instance ?? '', schemaVersion: version }
}

/**
 * Claims the terminal for this journal (the first desk to send as it does), and compares what the head office
 * holds of it with the journal: returns how far it has (events and Z reports), exactly what it committed.
 */
export async function claimAndCompare(
  client: pg.Client,
  who: Terminal,
  journal: Journal,
): Promise<{ seq: number; z: number }> {
  const deskId = feedDeskId(journal)
  await client.query(
    'INSERT INTO headoffice.terminal_claims (terminal, desk_id) VALUES ($1, $2) ON CONFLICT (terminal) DO NOTHING',
    [who.terminal, deskId],
  )
  const claim = await client.query<{ desk_id: string }>(
    'SELECT desk_id FROM headoffice.terminal_claims WHERE terminal = $1',
    [who.terminal],
  )
  if (claim.rows[0]?.desk_id !== deskId) {
    throw new StopError(
      'HEAD_OFFICE_CONFLICT',
      `The terminal "${who.terminal}" already sends from another PC's journal. Each PC needs its own terminal (ask for a new one with create-terminal).`,
      { terminal: who.terminal, reason: 'HO_CLAIMED' },
    )
  }
  const remote = await client.query<{ seq: string; z: string }>(
    `SELECT (SELECT coalesce(max(seq), 0) FROM headoffice.entry_events WHERE terminal = $1) AS seq,
            (SELECT coalesce(max(number), 0) FROM headoffice.z_reports WHERE terminal = $1) AS z`,
    [who.terminal],
  )
  const remoteSeq = Number(remote.rows[0]?.seq ?? 0)
  const remoteZ = Number(remote.rows[0]?.z ?? 0)
  const localLast = lastFeedSeq(journal)
  if (remoteSeq > localLast || remoteZ > lastZNumber(journal)) {
    throw new StopError(
      'HEAD_OFFICE_CONFLICT',
      `The head office has more of "${who.terminal}" than this journal holds (event ${remoteSeq}, this journal ${localLast}): was the journal restored from an older backup? The sync is stopped so nothing is mixed up.`,
      { terminal: who.terminal, reason: 'HO_AHEAD', remoteSeq, localSeq: localLast },
    )
  }
  if (remoteSeq > 0) {
    // The last event the head office holds must be this journal's event of that number: otherwise the
    // journal was restored or replaced, and its new events would be mixed with another history.
    const held = await client.query<{ digest: string }>(
      'SELECT digest FROM headoffice.entry_events WHERE terminal = $1 AND seq = $2',
      [who.terminal, remoteSeq],
    )
    if (held.rows[0]?.digest !== feedEventDigest(journal, remoteSeq)) {
      throw new StopError(
        'HEAD_OFFICE_CONFLICT',
        `The head office holds a different history for "${who.terminal}" than this journal (event ${remoteSeq}): was the journal restored from an older backup, or copied? The sync is stopped so neither is lost.`,
        { terminal: who.terminal, reason: 'HO_DIFFERENT', seq: remoteSeq },
      )
    }
  }
  return { seq: remoteSeq, z: remoteZ }
}

/** Tries a connection as the desk would, without touching the journal: the Settings screen's Test. */
export async function testHeadOffice(
  settings: Omit<HeadOfficeSettings, 'enabled'>,
  password: string,
  connectTimeoutMs: number,
): Promise<HeadOfficeTest> {
  let client: pg.Client | null = null
  try {
    client = await newClient(clientConfig(settings, password, { connectTimeoutMs, queryTimeoutMs: 15_000 }))
    client.on('error', () => undefined)
    await client.connect()
    const who = await checkTerminal(client, settings.terminal)
    const info = await client.query<{ v: string; ssl: boolean | null }>(
      `SELECT current_setting('server_version') AS v,
              (SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()) AS ssl`,
    )
    return {
      ok: true,
      terminal: who.terminal,
      tls: info.rows[0]?.ssl === true,
      schemaVersion: who.schemaVersion,
      serverVersion: info.rows[0]?.v ?? '',
    }
  } catch (error) {
    return { ok: false, error: toAppErrorData(error instanceof AppError ? error : headOfficeError(error)) }
  } finally {
    await client?.end().catch(() => undefined)
  }
}
