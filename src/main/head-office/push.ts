/**
 * Sending this terminal's journal to the head office: a batch of events (with the headers and states they
 * carry) in one PostgreSQL transaction, and the Z reports as closed. A row the head office holds already is
 * skipped, and must be the very row sent (its digest): otherwise the sync stops rather than overwrite or
 * drop either (docs/head-office.md, "The sync and its guarantees").
 */
import type pg from 'pg'
import type { FeedBatch, FeedZReport } from '../journal/head-office-feed'
import { StopError } from './connection'
import { RECEIPT_NUMBERS_SCHEMA_VERSION } from './handshake'
import type { Session } from './session'

const ENTRY_COLUMNS = `id text, kind text, mode text, created_at timestamptz, created_pc_at timestamptz, day integer,
  clerk text, clerk_id text, service_account text, amount_dirhams bigint, phone text, first_name text,
  denomination_id integer, denomination_value_dirhams bigint, external_transaction_id text, request_id text,
  digest text`
const ENTRY_NAMES = ENTRY_COLUMNS.split(',').map((c) => c.trim().split(' ')[0])

const EVENT_COLUMNS = `seq bigint, entry_id text, at timestamptz, type text, clerk text, http_status integer,
  detail jsonb, digest text`
const EVENT_NAMES = EVENT_COLUMNS.split(',').map((c) => c.trim().split(' ')[0])

const STATE_COLUMNS = `entry_id text, seq bigint, status text, amount_dirhams bigint, service_transaction_id text,
  serial_number text, code_last4 text, activation_date text, expiry_date text, error_code text, error_message text,
  attempts integer, needs_attention boolean, confirmed_by_duplicate boolean, resolution jsonb, updated_at timestamptz`
const STATE_NAMES = STATE_COLUMNS.split(',').map((c) => c.trim().split(' ')[0])

const Z_COLUMNS = `number integer, day integer, closed_at timestamptz, closed_by text, closed_by_id text,
  after_entry_id text, last_entry_id text, report jsonb, digest text`
const Z_NAMES = Z_COLUMNS.split(',').map((c) => c.trim().split(' ')[0])

function insertSql(table: string, columns: string, names: (string | undefined)[], key: string): string {
  const list = names.join(', ')
  return `INSERT INTO headoffice.${table} (terminal, ${list})
    SELECT $1, ${list} FROM json_to_recordset($2::json) AS r(${columns})
    ON CONFLICT (terminal, ${key}) DO NOTHING RETURNING ${key}`
}

const INSERT_ENTRIES = insertSql('entries', ENTRY_COLUMNS, ENTRY_NAMES, 'id')
// A head office of schema 6 or later keeps each entry's receipt number too.
const RECEIPT_COLUMNS = `${ENTRY_COLUMNS}, receipt_no text`
const INSERT_ENTRIES_WITH_RECEIPTS = insertSql(
  'entries',
  RECEIPT_COLUMNS,
  RECEIPT_COLUMNS.split(',').map((c) => c.trim().split(' ')[0]),
  'id',
)
const INSERT_EVENTS = insertSql('entry_events', EVENT_COLUMNS, EVENT_NAMES, 'seq')
const INSERT_Z = insertSql('z_reports', Z_COLUMNS, Z_NAMES, 'number')
// A state is the entry after event seq: the same key is the same state, so a second copy is simply skipped.
const INSERT_STATES = `INSERT INTO headoffice.entry_states (terminal, ${STATE_NAMES.join(', ')})
  SELECT $1, ${STATE_NAMES.join(', ')} FROM json_to_recordset($2::json) AS r(${STATE_COLUMNS})
  ON CONFLICT DO NOTHING`

/** One batch of events in one transaction: committed whole or not at all. `beforeCommit` is a test seam. */
export async function sendBatch(
  session: Session,
  batch: FeedBatch,
  beforeCommit?: (batch: FeedBatch) => Promise<void> | void,
): Promise<void> {
  const { client, terminal } = session
  await inTransaction(client, async () => {
    if (batch.entries.length > 0) {
      const rows = batch.entries.map((e) => ({
        id: e.id,
        kind: e.kind,
        mode: e.mode,
        created_at: e.createdAt,
        created_pc_at: e.createdPcAt,
        day: e.day,
        clerk: e.clerk,
        clerk_id: e.clerkId,
        service_account: e.serviceAccount,
        amount_dirhams: e.amountDirhams,
        phone: e.phone,
        first_name: e.firstName,
        denomination_id: e.denominationId,
        denomination_value_dirhams: e.denominationValueDirhams,
        external_transaction_id: e.externalTransactionId,
        request_id: e.requestId,
        digest: e.digest,
        receipt_no: e.receiptNo,
      }))
      const receipts = session.schemaVersion >= RECEIPT_NUMBERS_SCHEMA_VERSION
      const insert = receipts ? INSERT_ENTRIES_WITH_RECEIPTS : INSERT_ENTRIES
      await insertOnce(client, terminal, insert, rows, 'entries', 'id', batch.entries)
    }
    const rows = batch.events.map((e) => ({
      seq: e.seq,
      entry_id: e.entryId,
      at: e.at,
      type: e.type,
      clerk: e.clerk,
      http_status: e.httpStatus,
      detail: e.detail,
      digest: e.digest,
    }))
    await insertOnce(client, terminal, INSERT_EVENTS, rows, 'entry_events', 'seq', batch.events)
    const states = batch.events.flatMap((e) =>
      e.state
        ? [
            {
              entry_id: e.entryId,
              seq: e.seq,
              status: e.state.status,
              amount_dirhams: e.state.amountDirhams,
              service_transaction_id: e.state.serviceTransactionId,
              serial_number: e.state.serialNumber,
              code_last4: e.state.codeLast4,
              activation_date: e.state.activationDate,
              expiry_date: e.state.expiryDate,
              error_code: e.state.errorCode,
              error_message: e.state.errorMessage,
              attempts: e.state.attempts,
              needs_attention: e.state.needsAttention,
              confirmed_by_duplicate: e.state.confirmedByDuplicate,
              resolution: e.state.resolution,
              updated_at: e.state.updatedAt,
            },
          ]
        : [],
    )
    if (states.length > 0) await client.query(INSERT_STATES, [terminal, JSON.stringify(states)])
    await beforeCommit?.(batch)
  })
}

/** Z reports as the desk closed them, in one transaction. */
export async function sendZReports(session: Session, zs: FeedZReport[]): Promise<void> {
  const { client, terminal } = session
  await inTransaction(client, async () => {
    const rows = zs.map((z) => ({
      number: z.number,
      day: z.day,
      closed_at: z.closedAt,
      closed_by: z.closedBy,
      closed_by_id: z.closedById,
      after_entry_id: z.afterEntryId,
      last_entry_id: z.lastEntryId,
      report: z.report,
      digest: z.digest,
    }))
    await insertOnce(client, terminal, INSERT_Z, rows, 'z_reports', 'number', zs)
  })
}

/**
 * Inserts rows the head office may already hold (the statement skips those and answers the keys it
 * inserted); the rows it already had must be the very rows sent: otherwise stop, never overwrite or drop.
 */
async function insertOnce<K extends 'id' | 'seq' | 'number'>(
  client: pg.Client,
  terminal: string,
  insert: string,
  rows: unknown[],
  table: 'entries' | 'entry_events' | 'z_reports',
  key: K,
  sent: ({ [k in K]: string | number } & { digest: string })[],
): Promise<void> {
  const inserted = await client.query<{ [k in K]: string | number }>(insert, [terminal, JSON.stringify(rows)])
  const keys = new Set(inserted.rows.map((r) => String(r[key])))
  const skipped = sent.map((r) => [String(r[key]), r.digest] as const).filter(([k]) => !keys.has(k))
  if (skipped.length === 0) return
  const cast = key === 'id' ? 'text' : key === 'seq' ? 'bigint' : 'integer'
  const had = await client.query<{ k: string; digest: string }>(
    `SELECT ${key}::text AS k, digest FROM headoffice.${table} WHERE terminal = $1 AND ${key} = ANY($2::${cast}[])`,
    [terminal, skipped.map(([k]) => k)],
  )
  const held = new Map(had.rows.map((r) => [r.k, r.digest]))
  const different = skipped.find(([k, d]) => held.get(k) !== d)
  if (different) {
    throw new StopError(
      'HEAD_OFFICE_CONFLICT',
      `The head office holds a different record ${different[0]} for "${terminal}" than this journal: was the journal restored from an older backup, or copied? The sync is stopped so neither is lost.`,
      { terminal, table, key: different[0], reason: 'HO_DIFFERENT' },
    )
  }
}

/**
 * One PostgreSQL transaction: committed when `work` ends, rolled back whole when it throws. The ROLLBACK is
 * not waited for: the sync drops the connection after any failure (the server rolls back what a closed
 * connection left open), and a server that stopped answering would answer it no more than the COMMIT.
 */
async function inTransaction(client: pg.Client, work: () => Promise<void>): Promise<void> {
  await client.query('BEGIN')
  try {
    await work()
    await client.query('COMMIT')
  } catch (error) {
    client.query('ROLLBACK').catch(() => undefined)
    throw error
  }
}
