/**
 * Upgrades, one per earlier version: a journal (and a people database) written by each earlier version's
 * schema, with rows in every table that version had, opened by the current code. Its rows must read back as
 * they were written, its schema (tables, indexes, triggers) must be exactly a new database's, and the
 * triggers must guard the old rows as they guard new ones.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { Journal } from '../../../src/main/journal/journal'
import { MIGRATIONS, migrate, SCHEMA_VERSION } from '../../../src/main/journal/migrations'
import { PEOPLE_MIGRATIONS, PEOPLE_SCHEMA_VERSION } from '../../../src/main/people/migrations'
import { PeopleStore } from '../../../src/main/people/store'

const dir = mkdtempSync(join(tmpdir(), 'upgrade-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

type Row = Record<string, string | number | null>

/** A file as version `version` of the app left it: its migrations applied, WAL as the app opens it. */
function fileAtVersion(name: string, migrations: typeof MIGRATIONS, version: number): Database.Database {
  const db = new Database(join(dir, name))
  db.pragma('journal_mode = WAL')
  migrate(db, migrations.slice(0, version))
  expect(db.pragma('user_version', { simple: true })).toBe(version)
  return db
}

/** Inserts a row with the columns the table has at this version (a later column is left out). */
function insert(db: Database.Database, table: string, row: Row): void {
  const columns = (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name)
  const names = Object.keys(row).filter((k) => columns.includes(k))
  db.prepare(
    `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map((n) => `@${n}`).join(', ')})`,
  ).run(Object.fromEntries(names.map((n) => [n, row[n]])))
}

/** The whole schema: every table, index and trigger with its SQL. */
function schema(path: string): { type: string; name: string; sql: string | null }[] {
  const db = new Database(path, { readonly: true })
  try {
    return db
      .prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name")
      .all() as { type: string; name: string; sql: string | null }[]
  } finally {
    db.close()
  }
}

// ------------------------------------------------------------------------------------------------- journal

const DAY = 20261120
const AT = '2026-11-20T09:00:00.000Z'
const ENTRY = {
  created_at: AT,
  created_pc_at: AT,
  updated_at: AT,
  day: DAY,
  mode: 'live',
  clerk: 'سالم',
  clerk_id: 'p-salem',
  service_account: 'https://provider.example/api/v1/reseller|outlet7',
}
const ISSUED: Row = {
  ...ENTRY,
  id: '0190a000-0000-7000-8000-000000000001',
  kind: 'voucher',
  status: 'issued',
  amount_dirhams: 30_000,
  denomination_id: 4,
  denomination_value_dirhams: 30_000,
  voucher_code: '001110016812345',
  code_last4: '2345',
  serial_number: '98712345678',
  activation_date: '2026-11-20',
  expiry_date: '2027-11-20',
  attempts: 1,
  first_sent_at: AT,
}
const CONFIRMED: Row = {
  ...ENTRY,
  id: '0190a000-0000-7000-8000-000000000002',
  kind: 'deposit',
  status: 'confirmed',
  amount_dirhams: 12_500,
  phone: '0912345678',
  first_name: 'فاطمة',
  external_transaction_id: '0190a000-0000-7000-8000-0000000000e2',
  service_transaction_id: '4711',
  attempts: 1,
  first_sent_at: AT,
  request_id: 'req-2',
  // Schema 10: who confirmed the account holder (left out of older schemas' rows).
  name_confirmed_by: 'customer',
}
const UNKNOWN: Row = {
  ...ENTRY,
  id: '0190a000-0000-7000-8000-000000000003',
  kind: 'deposit',
  status: 'unknown',
  amount_dirhams: 5_000,
  phone: '0931234567',
  first_name: 'Ahmed',
  external_transaction_id: '0190a000-0000-7000-8000-0000000000e3',
  error_code: 'OUTCOME_UNKNOWN',
  error_message: 'No answer.',
  error_details: '{"reason":"timeout"}',
  attempts: 2,
  first_sent_at: AT,
  needs_attention: 1,
}
const FAILED: Row = {
  ...ENTRY,
  id: '0190a000-0000-7000-8000-000000000004',
  kind: 'voucher',
  status: 'failed',
  amount_dirhams: 5_000,
  denomination_id: 1,
  error_code: 'DAILY_LIMIT_EXCEEDED',
  error_message: 'Daily limit exceeded.',
  error_http_status: 422,
  attempts: 1,
  resolution: '{"outcome":"not-issued","by":"Fatima","at":"2026-11-20T10:00:00.000Z","note":"Checked"}',
}
const ENTRIES = [ISSUED, CONFIRMED, UNKNOWN, FAILED]

/** Rows in every table the journal has at `version`. */
function writeJournalRows(db: Database.Database, version: number): void {
  if (version < 1) return
  for (const entry of ENTRIES) {
    insert(db, 'entries', entry)
    insert(db, 'entry_events', { entry_id: entry.id as string, at: AT, type: 'created', clerk: 'سالم' })
    insert(db, 'entry_events', {
      entry_id: entry.id as string,
      at: AT,
      type: 'sent',
      detail: '{"attempt":1}',
    })
  }
  insert(db, 'entry_events', { entry_id: ISSUED.id as string, at: AT, type: 'answered', http_status: 200 })
  insert(db, 'denominations', { id: 1, name: '5 LYD', value_dirhams: 5_000, position: 0 })
  insert(db, 'denominations', { id: 4, name: '30 LYD', value_dirhams: 30_000, position: 1 })
  insert(db, 'meta', { key: 'denominations_fetched_at', value: AT })
  insert(db, 'limit_reports', {
    day: DAY,
    at: AT,
    daily_max_dirhams: 1_000_000,
    used_today_dirhams: 995_000,
    remaining_dirhams: 5_000,
    requested_dirhams: 10_000,
    entry_id: FAILED.id as string,
  })
  insert(db, 'notices', {
    at: AT,
    kind: 'deposit-resolved',
    entry_id: CONFIRMED.id as string,
    status: 'confirmed',
  })
  insert(db, 'notices', {
    at: AT,
    kind: 'deposit-resolved',
    entry_id: UNKNOWN.id as string,
    status: 'confirmed',
    dismissed_at: AT,
  })
  if (version >= 3) {
    insert(db, 'z_reports', {
      number: 1,
      day: DAY,
      closed_at: AT,
      closed_by: 'Fatima',
      closed_by_id: 'p-fatima',
      after_entry_id: '',
      last_entry_id: FAILED.id as string,
      report: '{"type":"z","entryCount":4}',
    })
  }
  // From schema 9 the Z itself notes the entries it closed open (before, migration 9 found them).
  if (version >= 9) {
    insert(db, 'z_open_entries', {
      entry_id: UNKNOWN.id as string,
      z_number: 1,
      kind: 'deposit',
      amount_dirhams: UNKNOWN.amount_dirhams as number,
    })
  }
}

describe('a journal written by an earlier version', () => {
  const fresh = join(dir, 'journal-new.sqlite')
  Journal.open(fresh).close()

  it.each(Array.from({ length: SCHEMA_VERSION }, (_, v) => v))(
    'from schema %i: opened by this version, every row as it was, the schema exactly a new one',
    (version) => {
      const name = `journal-v${version}.sqlite`
      const db = fileAtVersion(name, MIGRATIONS, version)
      writeJournalRows(db, version)
      db.close()

      const journal = Journal.open(join(dir, name))
      try {
        expect(journal.health.problem).toBeNull()
        expect(schema(journal.path)).toEqual(schema(fresh))
        if (version === 0) {
          expect(journal.list({}).entries).toEqual([])
          return
        }
        // Entries, with what later versions added left empty on old rows.
        const issued = journal.mustGet(ISSUED.id as string)
        expect(issued).toMatchObject({
          kind: 'voucher',
          status: 'issued',
          amountDirhams: 30_000,
          voucherCode: '001110016812345',
          serialNumber: '98712345678',
          clerk: 'سالم',
          clerkId: version >= 3 ? 'p-salem' : null,
          serviceAccount: version >= 4 ? ENTRY.service_account : null,
          attempts: 1,
        })
        expect(journal.mustGet(UNKNOWN.id as string)).toMatchObject({
          status: 'unknown',
          needsAttention: true,
          attempts: 2,
          error: { code: 'OUTCOME_UNKNOWN', message: 'No answer.', details: { reason: 'timeout' } },
        })
        expect(journal.mustGet(FAILED.id as string)).toMatchObject({
          error: { code: 'DAILY_LIMIT_EXCEEDED', httpStatus: 422 },
          resolution: { outcome: 'not-issued', by: 'Fatima', note: 'Checked' },
        })
        expect(journal.findByRequestId('req-2')?.id).toBe(CONFIRMED.id)
        // Who confirmed a deposit's account holder (schema 10): kept; none on rows from before.
        expect(journal.mustGet(CONFIRMED.id as string).nameConfirmedBy).toBe(
          version >= 10 ? 'customer' : null,
        )
        expect(journal.mustGet(UNKNOWN.id as string).nameConfirmedBy).toBeNull()
        expect(journal.listOpen('deposit').map((e) => e.id)).toEqual([UNKNOWN.id])
        // The open-entries index by phone (migration 6) over old rows.
        expect(journal.findOpenDepositTo(UNKNOWN.phone as string)?.id).toBe(UNKNOWN.id)
        expect(journal.findOpenDepositTo(CONFIRMED.phone as string)).toBeNull()
        expect(journal.events(ISSUED.id as string).map((e) => e.type)).toEqual([
          'created',
          'sent',
          'answered',
        ])
        // Search keys (migrations 5 and 8) on rows written before they existed: the phone's last digits (and
        // a voucher whose serial ends the same way), the name.
        expect(journal.list({ search: '5678' }).entries.map((e) => e.id)).toEqual([CONFIRMED.id, ISSUED.id])
        expect(journal.list({ search: 'فاطمه' }).entries.map((e) => e.id)).toEqual([CONFIRMED.id])
        expect(journal.list({ search: '2345' }).entries.map((e) => e.id)).toEqual([ISSUED.id])
        // A phone by its first digits and our reference by its end (migration 11), on old rows too.
        expect(journal.list({ search: '091 2' }).entries.map((e) => e.id)).toEqual([CONFIRMED.id])
        expect(journal.list({ search: '0000e2' }).entries.map((e) => e.id)).toEqual([CONFIRMED.id])
        // Entries made before receipt numbers (migration 10) have none; the next entry of their day is its first.
        expect(issued.receiptNo).toBeNull()
        // What the journal keeps beside the entries.
        expect(journal.denominations()).toEqual({
          items: [
            { id: 1, name: '5 LYD', valueDirhams: 5_000 },
            { id: 4, name: '30 LYD', valueDirhams: 30_000 },
          ],
          fetchedAt: AT,
          // Kept before the list said whose it was: no account's, fetched again before a sale.
          account: null,
        })
        expect(journal.lastLimitReport(DAY)).toMatchObject({
          entryId: FAILED.id,
          report: { remainingDirhams: 5_000 },
        })
        expect(journal.dayTotals(DAY)).toEqual({
          localUsedDirhams: 42_500,
          voucherCount: 1,
          depositCount: 1,
          unknownDirhams: 5_000,
        })
        // A notice dismissed before version 2 could record it stays; one dismissed since is gone.
        expect(journal.noticesAfter(0).map((n) => n.entryId)).toEqual(
          version >= 2 ? [CONFIRMED.id] : [CONFIRMED.id, UNKNOWN.id],
        )
        expect(journal.zReports(10).map((z) => z.number)).toEqual(version >= 3 ? [1] : [])
        // The unknown deposit that Z closed open (migration 9): the next Z carries its outcome once known.
        expect(journal.lateGroups()).toEqual(
          version >= 3 ? [{ kind: 'deposit', settled: null, n: 1, dirhams: UNKNOWN.amount_dirhams }] : [],
        )
        // The triggers guard the old rows too.
        expect(() =>
          journal.updateEntry(ISSUED.id as string, { voucherCode: '999999999999999' }, AT),
        ).toThrow(/final journal entry/)
        expect(() => journal.updateEntry(UNKNOWN.id as string, { status: 'failed' }, AT)).toThrow(
          /only through a resolution/,
        )
        const raw = new Database(journal.path)
        try {
          expect(() => raw.prepare('DELETE FROM entries WHERE id = ?').run(CONFIRMED.id)).toThrow(
            /cannot be deleted/,
          )
          expect(() => raw.prepare("UPDATE entry_events SET type = 'x'").run()).toThrow(/append-only/)
          // Written once, with the deposit: an old row cannot be given one afterwards, nor a new one changed.
          for (const id of [CONFIRMED.id, UNKNOWN.id]) {
            expect(() =>
              raw.prepare("UPDATE entries SET name_confirmed_by = 'clerk' WHERE id = ?").run(id),
            ).toThrow(/written once/)
          }
        } finally {
          raw.close()
        }
        // And new records go in beside the old ones.
        const next = journal.insertEntry({
          id: '0190a000-0000-7000-8000-000000000009',
          kind: 'voucher',
          mode: 'live',
          createdAt: AT,
          createdPcAt: AT,
          day: DAY,
          amountDirhams: 5_000,
          denominationId: 1,
        })
        expect(next.receiptNo).toBe('R-1120-0001')
        expect(journal.list({ search: 'R-1120-0001' }).entries.map((e) => e.id)).toEqual([next.id])
        expect(journal.updateEntry(UNKNOWN.id as string, { needsAttention: false }, AT).needsAttention).toBe(
          false,
        )
      } finally {
        journal.close()
      }
    },
  )
})

// ------------------------------------------------------------------------------------------------- people

function writePeopleRows(db: Database.Database, version: number): void {
  if (version < 1) return
  insert(db, 'people', {
    id: 'p-fatima',
    name: 'Fatima الفيتوري',
    role: 'manager',
    pin_hash: 'scrypt$15$8$1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g',
    created_at: AT,
    updated_at: AT,
  })
  insert(db, 'people', {
    id: 'p-salem',
    name: 'سالم',
    role: 'clerk',
    pin_hash: 'scrypt$15$8$1$b3RoZXJzYWx0b3RoZXJzYQ$b3RoZXJoYXNob3RoZXJoYXNob3RoZXJoYXNob3RoZXI',
    active: 0,
    created_at: AT,
    updated_at: AT,
    failed_attempts: 3,
    locked_until_ms: Date.parse(AT) + 60_000,
  })
  insert(db, 'people_log', {
    at: AT,
    person_id: 'p-fatima',
    type: 'created',
    by_id: null,
    detail: '{"role":"manager"}',
  })
  insert(db, 'people_log', {
    at: AT,
    person_id: 'p-salem',
    type: 'wrong-pin',
    by_id: null,
    detail: '{"failures":3}',
  })
}

describe('a people database written by an earlier version', () => {
  const fresh = join(dir, 'people-new.sqlite')
  PeopleStore.open(fresh).close()

  it.each(Array.from({ length: PEOPLE_SCHEMA_VERSION + 1 }, (_, v) => v))(
    'from schema %i: opened by this version, every person as they were, the schema exactly a new one',
    (version) => {
      const name = `people-v${version}.sqlite`
      const db = fileAtVersion(name, PEOPLE_MIGRATIONS, version)
      writePeopleRows(db, version)
      db.close()

      const path = join(dir, name)
      const people = PeopleStore.open(path)
      try {
        expect(people.health.problem).toBeNull()
        expect(schema(path)).toEqual(schema(fresh))
        if (version === 0) {
          expect(people.hasManager()).toBe(false)
          return
        }
        expect(people.hasManager()).toBe(true)
        expect(people.list().map((p) => [p.name, p.role, p.active, p.failedAttempts])).toEqual([
          ['Fatima الفيتوري', 'manager', true, 0],
          ['سالم', 'clerk', false, 3],
        ])
        // The log stays append-only, and people are never deleted.
        const raw = new Database(path)
        try {
          expect(raw.prepare('SELECT count(*) AS n FROM people_log').get()).toEqual({ n: 2 })
          expect(() => raw.prepare('DELETE FROM people_log').run()).toThrow(/append-only/)
          expect(() => raw.prepare("DELETE FROM people WHERE id = 'p-salem'").run()).toThrow(/never deleted/)
        } finally {
          raw.close()
        }
        // And the terminal goes on: the manager reactivates the clerk.
        expect(people.update('p-salem', { active: true }, AT, 'p-fatima').active).toBe(true)
      } finally {
        people.close()
      }
    },
  )
})
