import type Database from 'better-sqlite3'
import type { ReportedLimit } from '../../shared/daily-limit'
import { AppError } from '../../shared/errors'
import type { Notice } from '../../shared/journal'
import type { Denomination } from '../../shared/sale'
import type { EntryKind, EntryStatus, JournalEvent } from '../../shared/types'
import { keepConnection } from './connection'
import {
  addLimitReport,
  type DayTotals,
  dayTotals,
  lastLimitReport,
  type NewLimitReport,
} from './daily-limit'
import * as kept from './denominations-and-notices'
import type { EntryRecord } from './entry-rows'
import type { JournalFilter } from './entry-search'
import * as entrySearch from './entry-search'
import type { EntryUpdate, NewEntry } from './entry-writes'
import * as entryWrites from './entry-writes'
import { addEvent, listEvents, type NewEvent, wasSent } from './events'
import * as moneyQueries from './money-queries'
import { copyOffThread, integrityCheckOffThread } from './off-thread'
import { checkDatabase, type IntegrityCheckTiming, type JournalHealth, openDatabase } from './open'
import type { ReportGroup, ReportList, ReportScope, ReportSource, StoredZ } from './reports'
import * as reports from './reports'
import { preparedOnce, type Statements } from './statements'

export type { DayTotals } from './daily-limit'
export type { EntryRecord, EntryRow } from './entry-rows'
export type { JournalFilter } from './entry-search'
export { maskCode, toJournalEntry } from './entry-view'
export type { EntryUpdate, NewEntry } from './entry-writes'
export type { NewEvent } from './events'

/**
 * The journal: one SQLite file per mode holding every voucher sale and deposit, their append-only events and
 * what the desk keeps beside them. This class is its only door: the connection is private, and every SQL
 * statement on the journal lives in this folder, split by concern — entry-rows.ts (the one entry row shape),
 * entry-writes.ts, money-queries.ts (what the money rules ask), entry-search.ts (the list and its search),
 * events.ts, daily-limit.ts, denominations-and-notices.ts (with meta), reports.ts (reports, exports, Z),
 * snapshot.ts (a read-only view for exports), backup.ts; migrations.ts and open.ts make and open the file.
 */
export class Journal implements ReportSource {
  readonly #db: Database.Database
  /** The connection's statements, each prepared once. */
  readonly #sql: Statements
  /**
   * One write transaction for every commit, made once: it runs the work it is given. better-sqlite3 builds
   * a transaction function's wrappers when it is made, about 7 µs — a few percent of a money commit.
   */
  readonly #write: Database.Transaction<(work: () => unknown) => unknown>
  readonly path: string
  readonly health: JournalHealth
  /** Told soon after events or Z reports were recorded (the head office sync sends them at once). */
  readonly #recordedListeners = new Set<() => void>()
  #recordedSoon = false
  /** Settles once the integrity check has answered (at once when it ran during open). */
  readonly checked: Promise<JournalHealth>

  private constructor(
    db: Database.Database,
    path: string,
    health: JournalHealth,
    checked: Promise<JournalHealth>,
  ) {
    this.#db = db
    this.#sql = preparedOnce(db)
    this.#write = db.transaction((work: () => unknown) => work())
    keepConnection(this, db)
    this.path = path
    this.health = health
    this.checked = checked
  }

  /** With check 'background' (the desk), quick_check runs in a worker thread and money records wait for it. */
  static open(path: string, options: { check?: IntegrityCheckTiming } = {}): Journal {
    const { db, health, checked } = openDatabase(path, undefined, options.check ?? 'now')
    return new Journal(db, path, health, checked)
  }

  /** Refuses a journal file the desk could not open, creating nothing (see checkDatabase: it opens the file). */
  static check(path: string): void {
    checkDatabase(path)
  }

  /** Whether the connection is open (a desk stopped before a background check answered has closed it). */
  get isOpen(): boolean {
    return this.#db.open
  }

  close(): void {
    if (this.#db.open) this.#db.close()
  }

  /** Whether money records may be written now: checked, and nothing wrong. */
  get writable(): boolean {
    return this.health.checked && this.health.problem === null
  }

  /**
   * Refuses money records when the journal cannot promise to keep them; while its integrity check is still
   * running (a start with a large journal), waits for the verdict first.
   */
  async assertWritable(): Promise<void> {
    if (!this.health.checked) await this.checked
    if (this.health.problem !== null) {
      throw new AppError('JOURNAL_UNAVAILABLE', this.health.problem)
    }
  }

  /** The connection's journal mode, as read back now: 'wal'. */
  journalMode(): string {
    return String(this.#db.pragma('journal_mode', { simple: true }))
  }

  /** The database's page size in bytes (what a commit writes per page it touches). */
  pageSize(): number {
    return Number(this.#db.pragma('page_size', { simple: true }))
  }

  /** The connection's synchronous setting now: 2 (FULL) but for the one unsynced commit of addEventUnsynced. */
  synchronous(): number {
    return Number(this.#db.pragma('synchronous', { simple: true }))
  }

  /** Runs fn in one write transaction: all of it is recorded, or none. */
  transaction<T>(fn: () => T): T {
    return this.#write.immediate(fn) as T
  }

  // ------------------------------------------------------------------------------------------ entries

  /**
   * Commits a new entry with its 'created' event, durably, before anything is sent. With `sentWithEntry`,
   * the same commit also marks its first money request as leaving (its `sent` event, and when it was first
   * sent): a deposit whose POST follows with nothing in between (a token in hand) needs no commit of its own
   * for that mark (docs/journal.md). Its PostTracker must then be told so (it writes no second mark).
   */
  insertEntry(
    entry: NewEntry,
    status: EntryStatus = 'pending',
    options: { sentWithEntry?: Omit<NewEvent, 'type'> } = {},
  ): EntryRecord {
    const sent = options.sentWithEntry
    return this.transaction(() => {
      const receiptNo = entryWrites.insertEntry(this.#sql, entry, status, sent?.at ?? null)
      this.addEvent(entry.id, { type: 'created', at: entry.createdAt, clerk: entry.clerk ?? null })
      if (sent) this.addEvent(entry.id, { ...sent, type: 'sent' })
      // What the row now holds, without reading it back inside the commit (~10% of a commit's time).
      return entryWrites.insertedRecord(entry, status, sent?.at ?? null, receiptNo)
    })
  }

  /** Applies an update and its event in one transaction; returns the entry as now stored. */
  updateEntry(id: string, update: EntryUpdate, at: string, event?: NewEvent): EntryRecord {
    return this.transaction(() => {
      entryWrites.updateEntry(this.#sql, id, update, at)
      if (event) this.addEvent(id, event)
      return this.mustGet(id)
    })
  }

  get(id: string): EntryRecord | null {
    return moneyQueries.getEntry(this.#sql, id)
  }

  mustGet(id: string): EntryRecord {
    const e = this.get(id)
    if (!e) throw new AppError('NOT_FOUND', `No journal entry ${id}.`)
    return e
  }

  findByRequestId(requestId: string): EntryRecord | null {
    return moneyQueries.findByRequestId(this.#sql, requestId)
  }

  /** Entries whose outcome is not known yet, oldest first. */
  listOpen(kind: EntryKind): EntryRecord[] {
    return moneyQueries.listOpen(this.#sql, kind)
  }

  /**
   * Entries still `pending` (what a crash leaves), oldest first. Narrower than listOpen: a year's journal may
   * hold thousands of `unknown` entries waiting for a person, and start-up must not read them all.
   */
  listPending(kind: EntryKind): EntryRecord[] {
    return moneyQueries.listPending(this.#sql, kind)
  }

  /** Open deposits whose first attempt (or creation) is at or after an instant, oldest first. */
  listOpenDepositsSince(sinceIso: string): EntryRecord[] {
    return moneyQueries.listOpenDepositsSince(this.#sql, sinceIso)
  }

  /** How many entries have no known outcome yet (pending or unknown), or only the pending ones. */
  countOpen(only?: 'pending'): number {
    return moneyQueries.countOpen(this.#sql, only)
  }

  findOpenDepositTo(phone: string): EntryRecord | null {
    return moneyQueries.findOpenDepositTo(this.#sql, phone)
  }

  /** The day's earliest voucher of this value with no known outcome: selling it again asks first. */
  findOpenVoucher(day: number, valueDirhams: number): EntryRecord | null {
    return moneyQueries.findOpenVoucher(this.#sql, day, valueDirhams)
  }

  /** A confirmed deposit of the same amount to the same phone since an instant: a likely clerk slip. */
  findRecentDeposit(phone: string, amountDirhams: number, sinceIso: string): EntryRecord | null {
    return moneyQueries.findRecentDeposit(this.#sql, phone, amountDirhams, sinceIso)
  }

  /** Another entry holding this serial (first) or this code, and which of the two it holds. */
  findVoucherElsewhere(
    code: string,
    serialNumber: string,
    exceptId: string,
  ): { id: string; sameSerial: boolean } | null {
    return moneyQueries.findVoucherElsewhere(this.#sql, code, serialNumber, exceptId)
  }

  countNeedsAttention(): number {
    return moneyQueries.countNeedsAttention(this.#sql)
  }

  /** Newest first (by business day, then id), keyset-paginated. */
  list(filter: JournalFilter): { entries: EntryRecord[]; nextCursor?: string } {
    return entrySearch.listEntries(this.#sql, filter)
  }

  // ------------------------------------------------------------------------------------------ events

  /** Whether a money request of this entry was ever marked as about to leave. */
  wasSent(entryId: string): boolean {
    return wasSent(this.#sql, entryId)
  }

  /**
   * Adds an event whose loss in a power cut would change nothing — a deposit's `sent` — without waiting for
   * the disk: this one commit runs with synchronous=NORMAL. A crash of the app keeps it (the write reached
   * the OS); a power cut may drop it; the entry's next commit (synchronous=FULL) syncs the write-ahead log
   * and with it this event. docs/journal.md says why a deposit may and a voucher may not.
   */
  addEventUnsynced(entryId: string, event: NewEvent): void {
    this.#unsynced(() => this.addEvent(entryId, event))
  }

  /** Runs one commit with synchronous=NORMAL (written to the OS, not waited for on the disk), then FULL again. */
  #unsynced<T>(fn: () => T): T {
    this.#sql.prepare('PRAGMA synchronous = NORMAL').run()
    try {
      return fn()
    } finally {
      this.#sql.prepare('PRAGMA synchronous = FULL').run()
    }
  }

  addEvent(entryId: string, event: NewEvent): void {
    addEvent(this.#sql, entryId, event)
    this.#recorded()
  }

  /**
   * Calls `listener` soon after events or Z reports are recorded: once the commit that recorded them is over,
   * once for all those recorded by then. Returns how to stop.
   */
  onRecorded(listener: () => void): () => void {
    this.#recordedListeners.add(listener)
    return () => {
      this.#recordedListeners.delete(listener)
    }
  }

  #recorded(): void {
    if (this.#recordedSoon || this.#recordedListeners.size === 0) return
    this.#recordedSoon = true
    // A write transaction runs to its end synchronously: this runs after its commit (or its rollback).
    setImmediate(() => {
      this.#recordedSoon = false
      for (const listener of this.#recordedListeners) listener()
    })
  }

  events(entryId: string): JournalEvent[] {
    return listEvents(this.#sql, entryId)
  }

  // ------------------------------------------------------------------------------------------ daily limit

  /** The day's figures; with afterId, only entries created after that one (ids are time-ordered). */
  dayTotals(day: number, afterId?: string): DayTotals {
    return dayTotals(this.#sql, day, afterId)
  }

  addLimitReport(report: NewLimitReport): void {
    addLimitReport(this.#sql, report)
  }

  /** The service's last daily-limit refusal of the day, and the entry it answered (ids are time-ordered). */
  lastLimitReport(day: number): { report: ReportedLimit; entryId: string | null } | null {
    return lastLimitReport(this.#sql, day)
  }

  // ------------------------------------------------------------------------------------------ kept beside

  /**
   * Keeps the fetched list without waiting for the disk (it is fetched at every start, and a disk sync on this
   * thread can take a tenth of a second on a busy PC): a power cut may lose it, leaving the list kept before,
   * which the desk fetches again. The next synced commit syncs it.
   */
  saveDenominations(items: Denomination[], fetchedAt: string, account: string): void {
    this.#unsynced(() => this.transaction(() => kept.saveDenominations(this.#sql, items, fetchedAt, account)))
  }

  denominations(): kept.KeptDenominations {
    return kept.denominations(this.#sql)
  }

  addNotice(notice: Omit<Notice, 'id' | 'mode'>): void {
    kept.addNotice(this.#sql, notice)
  }

  /** Notices nobody has dismissed yet, after an id; with a person, those of the entries they made. */
  noticesAfter(afterId: number, personId: string | null = null): Notice[] {
    return kept.noticesAfter(this.#sql, afterId, personId)
  }

  dismissNotice(id: number, at: string): void {
    kept.dismissNotice(this.#sql, id, at)
  }

  getMeta(key: string): string | null {
    return kept.getMeta(this.#sql, key)
  }

  setMeta(key: string, value: string): void {
    kept.setMeta(this.#sql, key, value)
  }

  // ------------------------------------------------------------------------------------------ reports

  reportGroups(scope: ReportScope): ReportGroup[] {
    return reports.reportGroups(this.#sql, scope)
  }

  reportEntries(scope: ReportScope, list: ReportList, limit: number): EntryRecord[] {
    return reports.reportEntries(this.#sql, scope, list, limit)
  }

  /** Where the next X or Z of a day starts: after the last entry the day's latest Z closed ('' for none). */
  zCoverage(day: number): { afterId: string; parts: number } {
    return reports.zCoverage(this.#sql, day)
  }

  /** The newest entry of a day after an id, or null. */
  lastEntryOfDay(day: number, afterId: string): string | null {
    return reports.lastEntryOfDay(this.#sql, day, afterId)
  }

  nextZNumber(): number {
    return reports.nextZNumber(this.#sql)
  }

  insertZReport(z: StoredZ): void {
    reports.insertZReport(this.#sql, z)
    this.#recorded()
  }

  /** Entries earlier Zs closed open that no Z has carried yet, grouped by kind and what they are now. */
  lateGroups(): reports.LateGroup[] {
    return reports.lateGroups(this.#sql)
  }

  /** The first of those whose outcome is now known, in day and id order. */
  lateEntries(limit: number): EntryRecord[] {
    return reports.lateEntries(this.#sql, limit)
  }

  /** Records the entries a Z closes with no outcome yet (after its row is stored). */
  recordOpenAtZ(z: { number: number; day: number; afterEntryId: string; lastEntryId: string }): void {
    reports.recordOpenAtZ(this.#sql, z)
  }

  /** Marks the settled ones of those as carried by this Z; returns how many. */
  carryLateOutcomes(zNumber: number): number {
    return reports.carryLateOutcomes(this.#sql, zNumber)
  }

  /** A stored Z report (JSON), or null. */
  zReport(number: number): string | null {
    return reports.zReport(this.#sql, number)
  }

  /** Stored Z reports, newest first. */
  zReports(limit: number): Pick<StoredZ, 'number' | 'day' | 'closedAt' | 'closedBy' | 'report'>[] {
    return reports.zReports(this.#sql, limit)
  }

  // ------------------------------------------------------------------------------------------ backup

  /**
   * An online copy to a file (safe while clerks keep selling), made and verified by integrity_check in a
   * worker thread, as a backup's (off-thread.ts).
   */
  async backupTo(destination: string): Promise<{ path: string; integrity: string }> {
    await copyOffThread(this.path, destination)
    const integrity = await integrityCheckOffThread(destination)
    if (integrity !== 'ok')
      throw new AppError('JOURNAL_UNAVAILABLE', `The backup copy failed its check: ${integrity}`)
    return { path: destination, integrity }
  }
}
