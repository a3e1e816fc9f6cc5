/**
 * What the head office sync reads from the journal, and the marks it keeps there. The journal's events are
 * its outbox: an append-only table whose ids grow by one with every event, written in the same transaction
 * as the change they record. The sync sends them in id order (seq = the event id), each entry's header with
 * its 'created' event, and the entry's state with the entry's latest event. Nothing here writes a money
 * record; the marks go to the meta table.
 */
import { createHash, randomUUID } from 'node:crypto'
import type { EntryStatus, JournalEventType } from '../../shared/types'
import { connectionOf } from './connection'
import { attemptsOf, ENTRY_COLUMNS, type EntryRow, receiptNoOf } from './entry-rows'
import type { Journal, NewEntry } from './journal'
import type { StoredZ } from './reports'

/**
 * What was asked, as journaled before sending (a new entry's fields, every one given): fields that never
 * change once written. Never a voucher code.
 * The amount as it stood when first sent (a voucher's value may be corrected by the answer; the state has
 * it); `digest`: sha256 of the other fields, so the same header sent twice has the same digest. Who confirmed a
 * deposit's account holder (the customer display) stays on this desk: the head office's schema does not take it.
 */
export type FeedEntry = Required<Omit<NewEntry, 'nameConfirmedBy' | 'receiptPrefix'>> & {
  /** The receipt number (`KA-0428-0173`); null on entries made before numbers were given. */
  receiptNo: string | null
  digest: string
}

/** The entry as it stood after an event (its latest when read). */
export interface FeedState {
  status: EntryStatus
  amountDirhams: number
  serviceTransactionId: string | null
  serialNumber: string | null
  codeLast4: string | null
  activationDate: string | null
  expiryDate: string | null
  errorCode: string | null
  errorMessage: string | null
  attempts: number
  needsAttention: boolean
  confirmedByDuplicate: boolean
  resolution: Record<string, unknown> | null
  updatedAt: string
}

export interface FeedEvent {
  seq: number
  entryId: string
  at: string
  type: JournalEventType
  clerk: string | null
  httpStatus: number | null
  detail: Record<string, unknown> | null
  /** sha256 of the event itself (not the state): what was recorded once is the same every time. */
  digest: string
  /** Present when this is the entry's latest event at the time of reading. */
  state: FeedState | null
}

export interface FeedBatch {
  /** Headers of the entries whose 'created' event is in this batch. */
  entries: FeedEntry[]
  events: FeedEvent[]
  /** The last event's seq, or the one asked after when the batch is empty. */
  lastSeq: number
}

/** A stored Z report as the head office takes it: the report parsed, with its digest. */
export interface FeedZReport extends Omit<StoredZ, 'report'> {
  report: Record<string, unknown>
  digest: string
}

export interface FeedMark {
  /** The head office database and terminal this mark is for. */
  instance: string
  terminal: string
  /** Events with seq up to this one are committed at the head office. */
  seq: number
  /** Z reports up to this number are too. */
  z: number
  /** When the head office last committed something from this desk (or answered a check). */
  reachedAt: string | null
  /**
   * The terminal's receipt code there (head office schema 6): what this desk's live receipt numbers start with
   * while it sends to this terminal. Absent or null: none (an older head office).
   */
  receiptCode?: string | null
}

const MARK_KEY = 'headoffice.mark'
const DESK_ID_KEY = 'headoffice.desk_id'

function digest(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex')
}

interface EventRow {
  id: number
  entry_id: string
  at: string
  type: JournalEventType
  clerk: string | null
  http_status: number | null
  detail: string | null
}

function toHeader(r: EntryRow): FeedEntry {
  const fixed = {
    id: r.id,
    kind: r.kind,
    mode: r.mode,
    createdAt: r.created_at,
    createdPcAt: r.created_pc_at,
    day: r.day,
    clerk: r.clerk,
    clerkId: r.clerk_id,
    serviceAccount: r.service_account,
    phone: r.phone,
    firstName: r.first_name,
    denominationId: r.denomination_id,
    denominationValueDirhams: r.denomination_value_dirhams,
    externalTransactionId: r.external_transaction_id,
    requestId: r.request_id,
  }
  // In the digest only when there is one: an entry from before receipt numbers keeps the digest it was sent
  // with (the head office compares a second copy's digest with the first's).
  const receiptNo = receiptNoOf(r)
  return {
    ...fixed,
    receiptNo,
    amountDirhams: r.amount_dirhams,
    digest: digest(receiptNo === null ? fixed : { ...fixed, receiptNo }),
  }
}

function toState(r: EntryRow): FeedState {
  return {
    status: r.status,
    amountDirhams: r.amount_dirhams,
    serviceTransactionId: r.service_transaction_id,
    serialNumber: r.serial_number,
    codeLast4: r.code_last4,
    activationDate: r.activation_date,
    expiryDate: r.expiry_date,
    errorCode: r.error_code,
    errorMessage: r.error_message,
    attempts: attemptsOf(r),
    needsAttention: r.needs_attention === 1,
    confirmedByDuplicate: r.confirmed_by_duplicate === 1,
    resolution: r.resolution === null ? null : (JSON.parse(r.resolution) as Record<string, unknown>),
    updatedAt: r.updated_at,
  }
}

/** SQLite takes at most this many parameters in one statement here (well under its limit). */
const IN_CHUNK = 500

function inChunks<T>(ids: string[], query: (chunk: string[]) => T[]): T[] {
  const out: T[] = []
  for (let i = 0; i < ids.length; i += IN_CHUNK) out.push(...query(ids.slice(i, i + IN_CHUNK)))
  return out
}

/**
 * The next events after `afterSeq`, at most `limit`, with the headers and states they carry, read in one
 * read transaction (one snapshot: an event and the entry's state never disagree).
 */
export function readFeed(journal: Journal, afterSeq: number, limit: number): FeedBatch {
  const db = connectionOf(journal)
  return db.transaction((): FeedBatch => {
    const events = db
      .prepare(
        'SELECT id, entry_id, at, type, clerk, http_status, detail FROM entry_events WHERE id > ? ORDER BY id LIMIT ?',
      )
      .all(afterSeq, limit) as EventRow[]
    if (events.length === 0) return { entries: [], events: [], lastSeq: afterSeq }
    const ids = [...new Set(events.map((e) => e.entry_id))]
    const rows = new Map(
      inChunks(
        ids,
        (chunk) =>
          db
            .prepare(`SELECT ${ENTRY_COLUMNS} FROM entries WHERE id IN (${chunk.map(() => '?').join(',')})`)
            .all(...chunk) as EntryRow[],
      ).map((r) => [r.id, r]),
    )
    const latest = new Map(
      inChunks(
        ids,
        (chunk) =>
          db
            .prepare(
              `SELECT entry_id, max(id) AS last FROM entry_events WHERE entry_id IN (${chunk.map(() => '?').join(',')})
               GROUP BY entry_id`,
            )
            .all(...chunk) as { entry_id: string; last: number }[],
      ).map((r) => [r.entry_id, r.last]),
    )
    const entries: FeedEntry[] = []
    const out: FeedEvent[] = []
    for (const e of events) {
      const row = rows.get(e.entry_id)
      if (!row) throw new Error(`journal event ${e.id} refers to a missing entry ${e.entry_id}`)
      if (e.type === 'created') entries.push(toHeader(row))
      const event = {
        seq: e.id,
        entryId: e.entry_id,
        at: e.at,
        type: e.type,
        clerk: e.clerk,
        httpStatus: e.http_status,
        detail: e.detail === null ? null : (JSON.parse(e.detail) as Record<string, unknown>),
      }
      out.push({
        ...event,
        digest: digest(event),
        state: latest.get(e.entry_id) === e.id ? toState(row) : null,
      })
    }
    return { entries, events: out, lastSeq: out[out.length - 1]?.seq ?? afterSeq }
  })()
}

/** The digest of one event as the feed sends it (null when the journal has no such event). */
export function feedEventDigest(journal: Journal, seq: number): string | null {
  const batch = readFeed(journal, seq - 1, 1)
  const event = batch.events[0]
  return event && event.seq === seq ? event.digest : null
}

/** Z reports closed after `afterNumber`, in order. */
export function readZReports(journal: Journal, afterNumber: number, limit: number): FeedZReport[] {
  const rows = connectionOf(journal)
    .prepare('SELECT * FROM z_reports WHERE number > ? ORDER BY number LIMIT ?')
    .all(afterNumber, limit) as {
    number: number
    day: number
    closed_at: string
    closed_by: string | null
    closed_by_id: string | null
    after_entry_id: string
    last_entry_id: string
    report: string
  }[]
  return rows.map((r) => {
    const z = {
      number: r.number,
      day: r.day,
      closedAt: r.closed_at,
      closedBy: r.closed_by,
      closedById: r.closed_by_id,
      afterEntryId: r.after_entry_id,
      lastEntryId: r.last_entry_id,
      report: JSON.parse(r.report) as Record<string, unknown>,
    }
    return { ...z, digest: digest(z) }
  })
}

export interface FeedBacklog {
  /** Entries with at least one event the head office does not have yet. */
  entries: number
  events: number
  zReports: number
  /** The newest event's seq in the journal (0 when empty). */
  lastSeq: number
}

export function feedBacklog(journal: Journal, afterSeq: number, afterZ: number): FeedBacklog {
  const db = connectionOf(journal)
  return db.transaction(() => {
    const e = db
      .prepare(
        'SELECT count(DISTINCT entry_id) AS entries, count(*) AS events FROM entry_events WHERE id > ?',
      )
      .get(afterSeq) as { entries: number; events: number }
    const z = db.prepare('SELECT count(*) AS n FROM z_reports WHERE number > ?').get(afterZ) as { n: number }
    const last = db.prepare('SELECT coalesce(max(id), 0) AS last FROM entry_events').get() as { last: number }
    return { entries: e.entries, events: e.events, zReports: z.n, lastSeq: last.last }
  })()
}

/** The newest event's seq: a cheap look whether there is anything new to send. */
export function lastFeedSeq(journal: Journal): number {
  return (
    connectionOf(journal).prepare('SELECT coalesce(max(id), 0) AS last FROM entry_events').get() as {
      last: number
    }
  ).last
}

export function lastZNumber(journal: Journal): number {
  return (
    connectionOf(journal).prepare('SELECT coalesce(max(number), 0) AS n FROM z_reports').get() as {
      n: number
    }
  ).n
}

export function readFeedMark(journal: Journal): FeedMark | null {
  const raw = journal.getMeta(MARK_KEY)
  if (raw === null) return null
  try {
    const m = JSON.parse(raw) as FeedMark
    if (typeof m.instance === 'string' && typeof m.terminal === 'string' && Number.isInteger(m.seq)) {
      return {
        instance: m.instance,
        terminal: m.terminal,
        seq: m.seq,
        z: m.z ?? 0,
        reachedAt: m.reachedAt ?? null,
        receiptCode: typeof m.receiptCode === 'string' ? m.receiptCode : null,
      }
    }
  } catch {
    // an unreadable mark is no mark: the head office says how far it has
  }
  return null
}

/** Saved only after the head office committed what the mark covers. */
export function saveFeedMark(journal: Journal, mark: FeedMark): void {
  journal.setMeta(MARK_KEY, JSON.stringify(mark))
}

/** This journal's identity at the head office, if it was ever made (null: it never sent anywhere). */
export function knownFeedDeskId(journal: Journal): string | null {
  return journal.getMeta(DESK_ID_KEY) || null
}

/** This journal's identity at the head office (a terminal is claimed by one journal); made once. */
export function feedDeskId(journal: Journal): string {
  const existing = knownFeedDeskId(journal)
  if (existing) return existing
  const id = randomUUID()
  journal.setMeta(DESK_ID_KEY, id)
  return id
}
