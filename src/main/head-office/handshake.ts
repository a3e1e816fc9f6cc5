/**
 * The handshake: who this desk is at the head office, checked before anything is sent. The schema is there,
 * the role is the terminal the desk is set up as and has the rights the sync uses, and the terminal is this
 * journal's (the first desk to send as a terminal claims it), with no history at the head office that this
 * journal does not hold. The Settings screen's Test runs the same checks, in the same words, writing nothing.
 */
import type pg from 'pg'
import { AppError, toAppErrorData } from '../../shared/errors'
import type { HeadOfficeSettings, HeadOfficeTest } from '../../shared/head-office'
import {
  feedDeskId,
  feedEventDigest,
  knownFeedDeskId,
  lastFeedSeq,
  lastZNumber,
} from '../journal/head-office-feed'
import type { Journal } from '../journal/journal'
import { clientConfig, headOfficeError, newClient, StopError } from './connection'

/** The schema this build writes to; a head office with an older one is asked to migrate. */
export const REQUIRED_SCHEMA_VERSION = 1

export interface Terminal {
  terminal: string
  instance: string
  schemaVersion: number
  /** The terminal's receipt code (schema 6), or null: its live receipt numbers start with it. */
  receiptCode: string | null
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
      `The head office database has no schema for this desk yet (version ${version}, needs ${REQUIRED_SCHEMA_VERSION}): run npm run head-office -- migrate.`,
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
  let receiptCode: string | null = null
  if (version >= RECEIPT_NUMBERS_SCHEMA_VERSION) {
    const code = await client.query<{ code: string | null }>(
      'SELECT receipt_code AS code FROM headoffice.terminals WHERE name = $1',
      [mine],
    )
    receiptCode = code.rows[0]?.code ?? null
  }
  return { terminal: mine, instance: who.rows[0]?.instance ?? '', schemaVersion: version, receiptCode }
}

/**
 * What the sync does before sending: `claim` writes this journal's claim on the terminal when nobody holds it;
 * `look` (the Settings screen's Test) writes nothing and finds what the claim would meet.
 */
export type HandshakeMode = 'claim' | 'look'

/** The head office's schema from which terminals say when they were last heard from (heard_from). */
export const PRESENCE_SCHEMA_VERSION = 2
/** The head office's schema from which one terminal's daily-limit refusals are read by the others. */
export const LIMIT_REPORTS_SCHEMA_VERSION = 3
/** Receipt numbers: each terminal's receipt code, and each entry's number (head office schema 6). */
export const RECEIPT_NUMBERS_SCHEMA_VERSION = 6

/**
 * Every check the sync makes on a new connection before it sends anything, in its order: the schema and the
 * terminal, the role's rights, then (with a journal) the claim and the history. Returns who the desk is and
 * how far the head office has this journal (null without a journal).
 */
export async function handshake(
  client: pg.Client,
  terminal: string,
  journal: Journal | null,
  mode: HandshakeMode,
): Promise<{ who: Terminal; remote: { seq: number; z: number } | null }> {
  const who = await checkTerminal(client, terminal)
  await checkRights(client, who.schemaVersion)
  return { who, remote: journal ? await claimAndCompare(client, who, journal, mode) : null }
}

/**
 * The rights the sync uses, asked of PostgreSQL before they are needed: a role registered as a terminal but
 * not (or no longer) given them would otherwise be told only at its first batch, or its first chain read.
 */
export async function checkRights(client: pg.Client, schemaVersion: number): Promise<void> {
  const needs: [string, string, string][] = [
    ...['terminal_claims', 'entries', 'entry_events', 'entry_states', 'z_reports'].flatMap(
      (t): [string, string, string][] => [
        ['table', `headoffice.${t}`, 'INSERT'],
        ['table', `headoffice.${t}`, 'SELECT'],
      ],
    ),
    ['table', 'headoffice.chain_open_deposits', 'SELECT'],
    ['table', 'headoffice.chain_terminals', 'SELECT'],
    ['function', 'headoffice.chain_use_since(integer, timestamp with time zone)', 'EXECUTE'],
    ...(schemaVersion >= PRESENCE_SCHEMA_VERSION
      ? [['function', 'headoffice.heard_from()', 'EXECUTE'] as [string, string, string]]
      : []),
    ...(schemaVersion >= LIMIT_REPORTS_SCHEMA_VERSION
      ? [['table', 'headoffice.chain_limit_reports', 'SELECT'] as [string, string, string]]
      : []),
  ]
  const { rows } = await client.query<{ missing: string[] | null }>(
    `SELECT array_agg(n.privilege || ' on ' || n.object ORDER BY n.i) FILTER (WHERE NOT CASE n.kind
         WHEN 'table' THEN has_table_privilege(n.object, n.privilege)
         ELSE has_function_privilege(n.object, n.privilege) END) AS missing
     FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS n(kind, object, privilege, i)`,
    [needs.map((n) => n[0]), needs.map((n) => n[1]), needs.map((n) => n[2])],
  )
  const missing = rows[0]?.missing ?? []
  if (missing.length > 0) {
    throw new AppError(
      'HEAD_OFFICE_UNAVAILABLE',
      `This terminal's role may not ${missing.join(', ')}: whoever runs the head office must give it back (GRANT desk_terminal TO the role, and run npm run head-office -- migrate).`,
      { reason: 'HO_NOT_PERMITTED', missing },
    )
  }
}

/**
 * Claims the terminal for this journal (the first desk to send as it does; with `look`, only reads whose it
 * is), and compares what the head office holds of it with the journal: returns how far it has (events and Z
 * reports), exactly what it committed.
 */
export async function claimAndCompare(
  client: pg.Client,
  who: Terminal,
  journal: Journal,
  mode: HandshakeMode,
): Promise<{ seq: number; z: number }> {
  // A journal that never sent has no id yet: looking must not make one (the Test writes nothing).
  const deskId = mode === 'claim' ? feedDeskId(journal) : knownFeedDeskId(journal)
  if (mode === 'claim') {
    await client.query(
      'INSERT INTO headoffice.terminal_claims (terminal, desk_id) VALUES ($1, $2) ON CONFLICT (terminal) DO NOTHING',
      [who.terminal, deskId],
    )
  }
  const claim = await client.query<{ desk_id: string }>(
    'SELECT desk_id FROM headoffice.terminal_claims WHERE terminal = $1',
    [who.terminal],
  )
  const holder = claim.rows[0]?.desk_id
  // Unclaimed, a look finds nothing in the way: the claim would be this journal's.
  if (holder !== deskId && (mode === 'claim' || holder !== undefined)) {
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

/**
 * Tries a connection as the desk would, and makes every check the sync's would before sending, without
 * writing anything (to the head office or the journal): the Settings screen's Test. With the live journal,
 * what the claim would meet (another PC's journal sending as this terminal, a history this journal does not
 * hold) is said now, not after Save.
 */
export async function testHeadOffice(
  settings: Omit<HeadOfficeSettings, 'enabled'>,
  password: string,
  connectTimeoutMs: number,
  journal: Journal | null,
): Promise<HeadOfficeTest> {
  let client: pg.Client | null = null
  let connected = false
  try {
    client = await newClient(clientConfig(settings, password, { connectTimeoutMs, queryTimeoutMs: 15_000 }))
    client.on('error', () => undefined)
    await client.connect()
    connected = true
    const { who } = await handshake(client, settings.terminal, journal, 'look')
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
    const known = error instanceof AppError ? error : headOfficeError(error)
    return { ok: false, error: toAppErrorData(connected ? known : neverReached(known)) }
  } finally {
    await client?.end().catch(() => undefined)
  }
}

/**
 * A connection that never came up: whatever the socket said (cut, closed, an error without a code), nothing
 * there answered as a head office, and nothing was tested. Said as such — "cannot be reached" — never "stopped
 * answering" or "answered with an error" under a headline that says it could not be reached.
 */
function neverReached(error: AppError): AppError {
  const reason = error.details?.reason
  if (error.code !== 'HEAD_OFFICE_UNAVAILABLE' || (reason !== 'HO_NO_ANSWER' && reason !== 'HO_ERROR'))
    return error
  return new AppError('HEAD_OFFICE_UNAVAILABLE', `The head office cannot be reached: ${error.message}`, {
    ...error.details,
    reason: 'HO_NOT_REACHED',
  })
}
