import { createHash, randomUUID } from 'node:crypto'
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { listEntries } from '../../../src/main/journal/entry-search'
import { readFeed } from '../../../src/main/journal/head-office-feed'
import { Journal, type NewEntry, toJournalEntry } from '../../../src/main/journal/journal'
import { MIGRATIONS, migrate, SCHEMA_VERSION } from '../../../src/main/journal/migrations'
import { findRecentDeposit } from '../../../src/main/journal/money-queries'
import { phoneReversed, REFERENCE_TAIL_SQL } from '../../../src/main/journal/search-keys'
import type { Statements } from '../../../src/main/journal/statements'
import { ENTRY_STATUSES, type EntryStatus, isOpenStatus } from '../../../src/shared/types'

let dir: string
let journal: Journal
let seq = 0

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-'))
  journal = Journal.open(join(dir, 'journal.sqlite'))
})
afterEach(() => {
  for (const db of raws.splice(0)) db.close()
  journal?.close()
  rmSync(dir, { recursive: true, force: true })
})

/** A connection of the test's own to the journal's file, as anything else on the PC could open one. */
const raws: Database.Database[] = []
function raw(): Database.Database {
  const db = new Database(journal.path)
  raws.push(db)
  return db
}

function id(day: number): string {
  seq++
  return `0190${String(day).padStart(8, '0')}-0000-7000-8000-${String(seq).padStart(12, '0')}`
}

function voucher(day = 20261126, extra: Partial<NewEntry> = {}): NewEntry {
  return {
    id: id(day),
    kind: 'voucher',
    mode: 'training',
    createdAt: `${String(day).slice(0, 4)}-${String(day).slice(4, 6)}-${String(day).slice(6)}T10:00:00.000Z`,
    createdPcAt: '2026-11-26T10:00:00.000Z',
    day,
    amountDirhams: 30_000,
    denominationId: 4,
    denominationValueDirhams: 30_000,
    ...extra,
  }
}

function depositEntry(day = 20261126, phone = '0912345678'): NewEntry {
  return {
    ...voucher(day),
    kind: 'deposit',
    denominationId: null,
    denominationValueDirhams: null,
    phone,
    firstName: 'محمد',
    externalTransactionId: `ref-${seq}`,
    amountDirhams: 12_500,
  }
}

function issue(entryId: string, code = '001110016812345', serial = '98712345678') {
  return journal.updateEntry(
    entryId,
    {
      status: 'issued',
      voucherCode: code,
      serialNumber: serial,
      activationDate: '2026-11-26',
      expiryDate: '2027-11-26',
    },
    '2026-11-26T10:00:01.000Z',
    { type: 'answered', at: '2026-11-26T10:00:01.000Z', httpStatus: 201 },
  )
}

describe('migrations', () => {
  it('bring an empty database to the current version, once', () => {
    const db = new Database(':memory:')
    expect(migrate(db)).toEqual({ from: 0, to: SCHEMA_VERSION })
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION)
    expect(migrate(db)).toEqual({ from: SCHEMA_VERSION, to: SCHEMA_VERSION })
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all()
    expect(tables.map((t) => (t as { name: string }).name)).toEqual(
      expect.arrayContaining([
        'denominations',
        'entries',
        'entry_events',
        'limit_reports',
        'meta',
        'notices',
      ]),
    )
  })

  it('run all in one transaction: a failing migration leaves the previous version intact', () => {
    const db = new Database(':memory:')
    const broken = [
      ...MIGRATIONS,
      (d: Database.Database) => d.exec('CREATE TABLE extra (x); SELECT no_such_function();'),
    ]
    expect(() => migrate(db, broken)).toThrow()
    expect(db.pragma('user_version', { simple: true })).toBe(0)
    expect(
      db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name IN ('entries', 'extra')").get(),
    ).toEqual({ n: 0 })
  })

  it('give entries written before the search keys existed their keys at once (migration 5)', () => {
    const db = new Database(':memory:')
    migrate(db, MIGRATIONS.slice(0, 4))
    db.prepare(
      `INSERT INTO entries (id, kind, status, mode, created_at, created_pc_at, updated_at, day, amount_dirhams,
         phone, first_name, external_transaction_id)
       VALUES ('e1', 'deposit', 'confirmed', 'live', 'x', 'x', 'x', 20261126, 100, '0912345678', 'أسماء', 'r1')`,
    ).run()
    expect(migrate(db)).toEqual({ from: 4, to: SCHEMA_VERSION })
    expect(db.prepare('SELECT phone_reversed, name_key FROM entries').get()).toEqual({
      phone_reversed: '8765432190',
      name_key: 'اسماء',
    })
  })

  it('record what Z reports closed before migration 9 and is still open, so the next Z carries its outcome', () => {
    const db = new Database(':memory:')
    migrate(db, MIGRATIONS.slice(0, 8))
    const entry = db.prepare(
      `INSERT INTO entries (id, kind, status, mode, created_at, created_pc_at, updated_at, day, amount_dirhams,
         denomination_id, external_transaction_id)
       VALUES (?, 'voucher', ?, 'live', 'x', 'x', 'x', ?, ?, 1, ?)`,
    )
    // Day 1, closed by Z 1: e1 failed at once, e2 unknown then and settled since (the version before said such
    // an outcome is in no Z: it stays so), e3 still unknown. Day 2, not closed: e4 unknown.
    entry.run('e1', 'failed', 20261101, 5000, 'r1')
    entry.run('e2', 'failed', 20261101, 5000, 'r2')
    entry.run('e3', 'unknown', 20261101, 7000, 'r3')
    entry.run('e4', 'unknown', 20261102, 5000, 'r4')
    const z = db.prepare(
      `INSERT INTO z_reports (number, day, closed_at, after_entry_id, last_entry_id, report)
       VALUES (?, ?, 'x', ?, ?, '{}')`,
    )
    z.run(1, 20261101, '', 'e3')
    expect(migrate(db)).toEqual({ from: 8, to: SCHEMA_VERSION })
    const rows = () => db.prepare('SELECT * FROM z_open_entries ORDER BY entry_id').all()
    expect(rows()).toEqual([
      { entry_id: 'e3', z_number: 1, kind: 'voucher', amount_dirhams: 7000, settled: null, carried_by: null },
    ])
    // Its outcome is noted when it is known, whatever writes it; it cannot be carried before, nor by its own Z.
    expect(() => db.prepare("UPDATE z_open_entries SET carried_by = 2 WHERE entry_id = 'e3'").run()).toThrow()
    db.prepare(
      `UPDATE entries SET status = 'failed', resolution = '{"outcome":"not-issued"}' WHERE id = 'e3'`,
    ).run()
    expect(rows()).toMatchObject([{ entry_id: 'e3', settled: 'failed', carried_by: null }])
    z.run(2, 20261102, '', 'e4')
    expect(() => db.prepare("UPDATE z_open_entries SET carried_by = 1 WHERE entry_id = 'e3'").run()).toThrow(
      'carried once',
    )
    db.prepare("UPDATE z_open_entries SET carried_by = 2 WHERE entry_id = 'e3'").run()
    // Carried once; never changed or deleted after; and a failed entry stays failed.
    for (const sql of [
      "UPDATE z_open_entries SET carried_by = 2 WHERE entry_id = 'e3'",
      "UPDATE z_open_entries SET settled = 'issued' WHERE entry_id = 'e3'",
    ]) {
      expect(() => db.prepare(sql).run()).toThrow('carried once')
    }
    expect(() => db.prepare("DELETE FROM z_open_entries WHERE entry_id = 'e3'").run()).toThrow(
      'cannot be deleted',
    )
    expect(() => db.prepare("UPDATE entries SET status = 'unknown' WHERE id = 'e2'").run()).toThrow(
      'stays failed',
    )
  })

  it('compute the phone key in SQL as the desk computes it when it asks by phone', () => {
    const db = new Database(':memory:')
    migrate(db)
    const insert = db.prepare(
      `INSERT INTO entries (id, kind, status, mode, created_at, created_pc_at, updated_at, day, amount_dirhams,
         phone, external_transaction_id)
       VALUES (?, 'deposit', 'pending', 'live', 'x', 'x', 'x', 20261126, 100, ?, ?)`,
    )
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 24, unit: 'grapheme' }), (phone) => {
        const id = randomUUID()
        insert.run(id, phone, id)
        const row = db.prepare('SELECT phone_reversed FROM entries WHERE id = ?').get(id) as {
          phone_reversed: string
        }
        expect(row.phone_reversed).toBe(phoneReversed(phone))
      }),
      { numRuns: 300 },
    )
  })

  it('refuse a database written by a newer version', () => {
    journal.close()
    const raw = new Database(join(dir, 'journal.sqlite'))
    raw.pragma(`user_version = ${SCHEMA_VERSION + 1}`)
    raw.close()
    expect(() => Journal.open(join(dir, 'journal.sqlite'))).toThrow(
      expect.objectContaining({ code: 'JOURNAL_UNAVAILABLE' }),
    )
  })
})

describe('opening', () => {
  it('reads back WAL and synchronous=FULL and passes quick_check', async () => {
    expect(journal.journalMode()).toBe('wal')
    expect(journal.synchronous()).toBe(2)
    expect(journal.health).toEqual({ problem: null, checked: true })
    await expect(journal.assertWritable()).resolves.toBeUndefined()
  })

  /** A journal of 300 entries with the middle of its file scribbled over (the header left alone). */
  function corrupt(): string {
    for (let i = 0; i < 300; i++) journal.insertEntry(voucher())
    raw().pragma('wal_checkpoint(TRUNCATE)')
    journal.close()
    const path = join(dir, 'journal.sqlite')
    const size = statSync(path).size
    const fd = openSync(path, 'r+')
    writeSync(fd, Buffer.alloc(4096 * 3, 0x5a), 0, 4096 * 3, Math.floor(size / 2 / 4096) * 4096)
    closeSync(fd)
    return path
  }

  it('blocks money records but stays readable when quick_check fails', async () => {
    journal = Journal.open(corrupt())
    expect(journal.health.problem).toMatch(/integrity/)
    await expect(journal.assertWritable()).rejects.toMatchObject({ code: 'JOURNAL_UNAVAILABLE' })
    expect(journal.list({ limit: 5 }).entries.length).toBeGreaterThan(0)
  })

  it('checks in the background when asked: readable at once, money records wait for the verdict', async () => {
    const path = corrupt()
    journal = Journal.open(path, { check: 'background' })
    expect(journal.health).toEqual({ problem: null, checked: false })
    expect(journal.writable).toBe(false)
    // Reading needs no verdict.
    expect(journal.list({ limit: 5 }).entries.length).toBeGreaterThan(0)
    // A money record waits, then is refused.
    await expect(journal.assertWritable()).rejects.toMatchObject({ code: 'JOURNAL_UNAVAILABLE' })
    expect(journal.health).toMatchObject({ problem: expect.stringMatching(/integrity/), checked: true })

    // A sound journal checked in the background becomes writable once the check answers.
    const sound = Journal.open(join(dir, 'sound.sqlite'), { check: 'background' })
    try {
      await sound.assertWritable()
      expect(sound.writable).toBe(true)
    } finally {
      sound.close()
    }
  })
})

describe('money records', () => {
  it('cannot change the money fields of an issued voucher', () => {
    const e = journal.insertEntry(voucher())
    issue(e.id)
    const at = '2026-11-26T11:00:00.000Z'
    expect(() => journal.updateEntry(e.id, { amountDirhams: 1 }, at)).toThrow(/final journal entry/)
    expect(() => journal.updateEntry(e.id, { voucherCode: '999999999999999' }, at)).toThrow(
      /final journal entry/,
    )
    expect(() => journal.updateEntry(e.id, { status: 'failed' }, at)).toThrow(/final journal entry/)
    expect(() => raw().prepare('UPDATE entries SET serial_number = ? WHERE id = ?').run('1', e.id)).toThrow()
    // What is not money may still change: the attention flag.
    expect(journal.updateEntry(e.id, { needsAttention: true }, at).needsAttention).toBe(true)
    expect(journal.mustGet(e.id).voucherCode).toBe('001110016812345')
  })

  it('lets a deposit confirmed by duplicate receive the provider id once, from empty', () => {
    const e = journal.insertEntry(depositEntry())
    const at = '2026-11-26T11:00:00.000Z'
    journal.updateEntry(e.id, { status: 'confirmed', confirmedByDuplicate: true }, at)
    journal.updateEntry(e.id, { serviceTransactionId: '4711' }, at)
    expect(() => journal.updateEntry(e.id, { serviceTransactionId: '4712' }, at)).toThrow(
      /final journal entry/,
    )
    expect(() => journal.updateEntry(e.id, { confirmedByDuplicate: false }, at)).toThrow(
      /final journal entry/,
    )
  })

  it('lets an unknown entry become failed only through a resolution', () => {
    const e = journal.insertEntry(voucher())
    const at = '2026-11-26T11:00:00.000Z'
    journal.updateEntry(e.id, { status: 'unknown', needsAttention: true }, at)
    expect(() => journal.updateEntry(e.id, { status: 'failed' }, at)).toThrow(/only through a resolution/)
    const resolved = journal.updateEntry(
      e.id,
      { status: 'failed', resolution: { outcome: 'not-issued', by: 'M' } },
      at,
    )
    expect(resolved.status).toBe('failed')
  })

  it('refuses a provider id added later to a deposit that was not confirmed by duplicate', () => {
    const e = journal.insertEntry(depositEntry())
    const at = '2026-11-26T11:00:00.000Z'
    journal.updateEntry(e.id, { status: 'confirmed' }, at)
    expect(() => journal.updateEntry(e.id, { serviceTransactionId: '4711' }, at)).toThrow(
      /final journal entry/,
    )
  })

  it('never deletes an entry, never changes an event', () => {
    const e = journal.insertEntry(voucher())
    expect(() => raw().prepare('DELETE FROM entries WHERE id = ?').run(e.id)).toThrow(/cannot be deleted/)
    expect(() => raw().prepare("UPDATE entry_events SET type = 'x'").run()).toThrow(/append-only/)
    expect(() => raw().prepare('DELETE FROM entry_events').run()).toThrow(/append-only/)
    expect(journal.events(e.id).map((ev) => ev.type)).toEqual(['created'])
  })

  it('refuses a second use of an external id, and a deposit without one', () => {
    const d = depositEntry()
    journal.insertEntry(d)
    expect(() =>
      journal.insertEntry({ ...depositEntry(), externalTransactionId: d.externalTransactionId }),
    ).toThrow(/UNIQUE/)
    expect(() => journal.insertEntry({ ...depositEntry(), externalTransactionId: null })).toThrow(/CHECK/)
  })
})

describe('a new entry', () => {
  it('comes back from insertEntry exactly as the journal reads it back, whatever it was given, with or without its sent mark', () => {
    const optional = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: undefined })
    fc.assert(
      fc.property(
        fc.record({
          deposit: fc.boolean(),
          status: fc.constantFrom('pending' as const, 'unknown' as const, 'failed' as const),
          amountDirhams: fc.integer({ min: 0, max: 100_000_000 }),
          clerk: optional(fc.oneof(fc.constant(null), fc.string({ maxLength: 12 }))),
          clerkId: optional(fc.oneof(fc.constant(null), fc.uuid())),
          serviceAccount: optional(fc.oneof(fc.constant(null), fc.webUrl())),
          firstName: optional(fc.oneof(fc.constant(null), fc.string({ maxLength: 12 }))),
          requestId: optional(fc.boolean()),
          sent: fc.boolean(),
          denominationValueDirhams: optional(
            fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 100_000 })),
          ),
        }),
        (g) => {
          const base = voucher(20261126)
          const entry: NewEntry = {
            ...base,
            amountDirhams: g.amountDirhams,
            ...(g.deposit
              ? {
                  kind: 'deposit',
                  phone: '0912345678',
                  externalTransactionId: id(20261126),
                  denominationId: null,
                }
              : {}),
            ...(g.clerk === undefined ? {} : { clerk: g.clerk }),
            ...(g.clerkId === undefined ? {} : { clerkId: g.clerkId }),
            ...(g.serviceAccount === undefined ? {} : { serviceAccount: g.serviceAccount }),
            ...(g.firstName === undefined ? {} : { firstName: g.firstName }),
            ...(g.requestId ? { requestId: `req-${base.id}` } : {}),
            ...(g.denominationValueDirhams === undefined
              ? {}
              : { denominationValueDirhams: g.denominationValueDirhams }),
          }
          const sent = g.sent ? { at: base.createdAt, detail: { attempt: 1 } } : undefined
          const inserted = journal.insertEntry(entry, g.status, sent ? { sentWithEntry: sent } : {})
          expect(inserted).toEqual(journal.get(entry.id))
          expect(journal.events(entry.id).map((e) => e.type)).toEqual(
            g.sent ? ['created', 'sent'] : ['created'],
          )
        },
      ),
      { numRuns: 200 },
    )
  })
})

describe('open entries', () => {
  it('lists what a crash left (pending) apart from what waits for a person, and deposits of a recent window', () => {
    const pending = journal.insertEntry(voucher())
    const unknown = journal.insertEntry(voucher())
    journal.updateEntry(unknown.id, { status: 'unknown' }, '2026-11-26T10:00:00.000Z')
    const deposit = (createdAt: string) =>
      journal.insertEntry({
        ...voucher(),
        kind: 'deposit',
        createdAt,
        phone: '0912345678',
        externalTransactionId: id(20261126),
      })
    const old = deposit('2026-11-26T08:00:00.000Z')
    const recent = deposit('2026-11-26T09:55:00.000Z')
    expect(journal.listPending('voucher').map((e) => e.id)).toEqual([pending.id])
    expect(journal.listOpenDepositsSince('2026-11-26T09:45:00.000Z').map((e) => e.id)).toEqual([recent.id])
    expect(journal.listOpen('deposit').map((e) => e.id)).toEqual([old.id, recent.id])
    expect(journal.countOpen()).toBe(4)
    expect(journal.countOpen('pending')).toBe(3)
    expect(journal.findOpenDepositTo('0912345678')?.id).toBe(old.id)
    expect(journal.findOpenDepositTo('0923456789')).toBeNull()
  })

  it('are the entries of the statuses shared/types calls open, and only those', () => {
    const at = '2026-11-26T10:01:00.000Z'
    const settle: Record<EntryStatus, (id: string) => void> = {
      pending: () => {},
      unknown: (id) => journal.updateEntry(id, { status: 'unknown' }, at),
      failed: (id) => journal.updateEntry(id, { status: 'failed' }, at),
      issued: (id) =>
        journal.updateEntry(id, { status: 'issued', voucherCode: '001110016812345', serialNumber: '1' }, at),
      confirmed: (id) => journal.updateEntry(id, { status: 'confirmed', serviceTransactionId: 't' }, at),
    }
    for (const status of ENTRY_STATUSES) {
      for (const entry of [voucher(), depositEntry()]) {
        if (entry.kind === 'voucher' ? status === 'confirmed' : status === 'issued') continue
        settle[status](journal.insertEntry(entry).id)
      }
    }
    const open = [...journal.listOpen('voucher'), ...journal.listOpen('deposit')].map((e) => e.status)
    expect(new Set(open)).toEqual(new Set(ENTRY_STATUSES.filter(isOpenStatus)))
    expect(journal.countOpen()).toBe(open.length)
    expect(ENTRY_STATUSES.filter(isOpenStatus)).toEqual(['pending', 'unknown'])
  })

  it('finds a confirmed deposit of the same amount minutes ago, across midnight too (its day is the day before)', () => {
    // 23:58 in Tripoli (UTC+2) on the 26th; asked at 00:05 on the 27th for the last ten minutes.
    const late = journal.insertEntry({
      ...voucher(20261126),
      kind: 'deposit',
      createdAt: '2026-11-26T21:58:00.000Z',
      phone: '0912345678',
      amountDirhams: 12_000,
      externalTransactionId: id(20261126),
    })
    journal.updateEntry(
      late.id,
      { status: 'confirmed', serviceTransactionId: '77' },
      '2026-11-26T21:58:01.000Z',
    )
    const since = '2026-11-26T21:55:00.000Z'
    expect(journal.findRecentDeposit('0912345678', 12_000, since)?.id).toBe(late.id)
    expect(journal.findRecentDeposit('0912345678', 12_500, since)).toBeNull()
    expect(journal.findRecentDeposit('0912345678', 12_000, '2026-11-26T21:59:00.000Z')).toBeNull()
  })
})

describe('the denomination list (kept without waiting for the disk)', () => {
  it('reads back as saved with the account it came from, replaces the list before, and leaves every later commit waiting for the disk', () => {
    journal.saveDenominations(
      [{ id: 1, name: '5 LYD', valueDirhams: 5_000 }],
      '2026-11-26T08:00:00.000Z',
      'https://a.example/api|shop',
    )
    journal.saveDenominations(
      [
        { id: 4, name: '30 LYD', valueDirhams: 30_000 },
        { id: 2, name: '10 LYD', valueDirhams: 10_000 },
      ],
      '2026-11-26T09:00:00.000Z',
      'https://b.example/api|shop',
    )
    expect(journal.denominations()).toEqual({
      items: [
        { id: 4, name: '30 LYD', valueDirhams: 30_000 },
        { id: 2, name: '10 LYD', valueDirhams: 10_000 },
      ],
      fetchedAt: '2026-11-26T09:00:00.000Z',
      account: 'https://b.example/api|shop',
    })
    expect(journal.synchronous()).toBe(2)
  })
})

describe('events without a disk sync (a deposit’s sent mark)', () => {
  it('are kept like any event, and every later commit waits for the disk again, even after a refusal', () => {
    const entry = journal.insertEntry(voucher())
    journal.addEventUnsynced(entry.id, { type: 'sent', at: '2026-11-26T10:00:01.000Z' })
    expect(journal.events(entry.id).map((e) => e.type)).toEqual(['created', 'sent'])
    expect(journal.synchronous()).toBe(2)
    // An event for no entry is refused (foreign key); the journal is still back to synchronous=FULL.
    expect(() =>
      journal.addEventUnsynced('no-such-entry', { type: 'sent', at: '2026-11-26T10:00:02.000Z' }),
    ).toThrow()
    expect(journal.synchronous()).toBe(2)
  })
})

describe('told when something is recorded (the head office sync sends it at once)', () => {
  it('calls once the commit is over, once for everything recorded by then, and no more once stopped', async () => {
    let calls = 0
    let duringCommit = false
    const stop = journal.onRecorded(() => {
      calls++
    })
    const entry = voucher()
    journal.transaction(() => {
      journal.insertEntry(entry)
      journal.addEvent(entry.id, { type: 'printed', at: entry.createdAt, clerk: null })
      duringCommit = calls > 0
    })
    journal.updateEntry(entry.id, { status: 'failed' }, entry.createdAt, {
      type: 'answered',
      at: entry.createdAt,
      clerk: null,
    })
    expect(duringCommit).toBe(false)
    await new Promise((r) => setImmediate(r))
    expect(calls).toBe(1)
    journal.addEvent(entry.id, { type: 'printed', at: entry.createdAt, clerk: null })
    await new Promise((r) => setImmediate(r))
    expect(calls).toBe(2)
    stop()
    journal.addEvent(entry.id, { type: 'printed', at: entry.createdAt, clerk: null })
    await new Promise((r) => setImmediate(r))
    expect(calls).toBe(2)
  })
})

describe('attempts', () => {
  it('are the sent events, whatever the row recorded: the entry, its DTO and the head office feed agree', () => {
    // Two requests left for the service and no outcome was recorded between them (a kill after each send).
    const e = journal.insertEntry(depositEntry())
    journal.addEventUnsynced(e.id, { type: 'sent', at: '2026-11-26T10:00:01.000Z', detail: { attempt: 1 } })
    journal.addEventUnsynced(e.id, { type: 'sent', at: '2026-11-26T10:05:00.000Z', detail: { attempt: 1 } })
    expect(journal.mustGet(e.id).attempts).toBe(2)
    expect(toJournalEntry(journal.mustGet(e.id)).attempts).toBe(2)
    const state = readFeed(journal, 0, 100).events.at(-1)?.state
    expect(state).toMatchObject({ status: 'pending', attempts: 2 })
    // An entry from before sent events existed keeps the count its row holds.
    const old = journal.insertEntry(depositEntry(20261126, '0923456789'))
    journal.updateEntry(old.id, { attempts: 3 }, '2026-11-26T10:06:00.000Z')
    expect(journal.mustGet(old.id).attempts).toBe(3)
  })
})

describe('notices', () => {
  it('belong to the person who made the deposit (and to anyone for entries made before people were set up), with their mode', () => {
    const made = (clerkId: string | null) =>
      journal.insertEntry({ ...depositEntry(), ...(clerkId ? { clerkId } : {}) }, 'confirmed').id
    const omar = made('p-omar')
    const huda = made('p-huda')
    const nobody = made(null)
    for (const entryId of [omar, huda, nobody])
      journal.addNotice({
        at: '2026-11-26T10:00:00.000Z',
        kind: 'deposit-resolved',
        entryId,
        status: 'confirmed',
      })
    const of = (person: string | null) => journal.noticesAfter(0, person).map((n) => n.entryId)
    expect(of('p-omar')).toEqual([omar, nobody])
    expect(of('p-huda')).toEqual([huda, nobody])
    expect(of(null)).toEqual([omar, huda, nobody])
    expect(journal.noticesAfter(0, 'p-omar')[0]).toMatchObject({ entryId: omar, mode: 'training' })
  })
})

describe('receipt numbers', () => {
  it('number each day’s entries 1, 2, 3… from the first, whatever their kind or outcome, T in training and R live', () => {
    const a = journal.insertEntry(voucher(20261126))
    const b = journal.insertEntry(depositEntry(20261126), 'failed')
    const c = journal.insertEntry(voucher(20261126, { mode: 'live' }))
    const nextDay = journal.insertEntry(voucher(20261127))
    expect([a, b, c, nextDay].map((e) => e.receiptNo)).toEqual([
      'T-1126-0001',
      'T-1126-0002',
      'R-1126-0003',
      'T-1127-0001',
    ])
    // As the journal reads them back, and as the renderer gets them.
    expect(journal.get(b.id)?.receiptNo).toBe('T-1126-0002')
    expect(toJournalEntry(journal.mustGet(c.id)).receiptNo).toBe('R-1126-0003')
  })

  it('take the terminal’s code when the desk gives one, and go past 9999 in a day', () => {
    expect(journal.insertEntry(voucher(20261126, { mode: 'live', receiptPrefix: 'KA' })).receiptNo).toBe(
      'KA-1126-0001',
    )
    const db = raw()
    db.prepare(
      `INSERT INTO entries (id, kind, status, mode, created_at, created_pc_at, updated_at, day, amount_dirhams,
         denomination_id, receipt)
       VALUES ('x-9999', 'voucher', 'failed', 'live', ?, ?, ?, 20261126, 5000, 1, '009999R')`,
    ).run('2026-11-26T11:00:00.000Z', '2026-11-26T11:00:00.000Z', '2026-11-26T11:00:00.000Z')
    expect(journal.insertEntry(voucher(20261126)).receiptNo).toBe('T-1126-10000')
  })

  it('never change once given, and never repeat within a day', () => {
    const a = journal.insertEntry(voucher())
    const db = raw()
    expect(() => db.prepare("UPDATE entries SET receipt = '000007T' WHERE id = ?").run(a.id)).toThrow(
      /receipt number never changes/,
    )
    expect(() => db.prepare("UPDATE entries SET receipt = '000001R' WHERE id = ?").run(a.id)).toThrow(
      /receipt number never changes/,
    )
    const b = journal.insertEntry(voucher())
    expect(() =>
      db
        .prepare(
          `INSERT INTO entries (id, kind, status, mode, created_at, created_pc_at, updated_at, day,
             amount_dirhams, denomination_id, receipt)
           VALUES ('dup', 'voucher', 'failed', 'live', 'x', 'x', 'x', 20261126, 5000, 1, '000002T')`,
        )
        .run(),
    ).toThrow(/UNIQUE/)
    expect(journal.get(b.id)?.receiptNo).toBe('T-1126-0002')
  })

  it('are found by the journal’s search in every form they are read out, in any year the journal holds', () => {
    const lastYear = journal.insertEntry(voucher(20251126))
    for (let i = 0; i < 172; i++) journal.insertEntry(voucher(20261126))
    const wanted = journal.insertEntry(depositEntry(20261126))
    expect(wanted.receiptNo).toBe('T-1126-0173')
    const find = (search: string) => journal.list({ search }).entries.map((e) => e.id)
    for (const typed of ['T-1126-0173', 't 1126 0173', '1126-0173', '11260173', 'T-١١٢٦-٠١٧٣'])
      expect(find(typed), typed).toEqual([wanted.id])
    expect(find('R-1126-0173')).toEqual([])
    // The same month, day and number a year apart: both, newest first (each receipt shows its date).
    expect(find('T-1126-0001')).toEqual([
      journal.list({ day: 20261126, limit: 500 }).entries.at(-1)?.id,
      lastYear.id,
    ])
    expect(find('T-1326-0001')).toEqual([])
  })
})

describe('the head office feed', () => {
  it('carries each entry’s receipt number; an entry without one keeps the digest it was sent with before', () => {
    const numbered = journal.insertEntry(voucher())
    const db = raw()
    db.prepare(
      `INSERT INTO entries (id, kind, status, mode, created_at, created_pc_at, updated_at, day, amount_dirhams,
         denomination_id)
       VALUES ('old-entry', 'voucher', 'failed', 'live', ?, ?, ?, 20261126, 5000, 1)`,
    ).run('2026-11-26T09:00:00.000Z', '2026-11-26T09:00:00.000Z', '2026-11-26T09:00:00.000Z')
    db.prepare("INSERT INTO entry_events (entry_id, at, type) VALUES ('old-entry', ?, 'created')").run(
      '2026-11-26T09:00:00.000Z',
    )
    const headers = new Map(readFeed(journal, 0, 100).entries.map((e) => [e.id, e]))
    expect(headers.get(numbered.id)?.receiptNo).toBe(numbered.receiptNo)
    const old = headers.get('old-entry')
    expect(old?.receiptNo).toBeNull()
    // The digest as it was computed before receipt numbers: the fixed fields alone.
    const { receiptNo: _n, amountDirhams: _a, digest, ...fixed } = old as NonNullable<typeof old>
    expect(digest).toBe(createHash('sha256').update(JSON.stringify(fixed)).digest('hex'))
    const { digest: withNumber } = headers.get(numbered.id) as NonNullable<typeof old>
    const {
      receiptNo,
      amountDirhams: _b,
      digest: _d,
      ...rest
    } = headers.get(numbered.id) as NonNullable<typeof old>
    expect(withNumber).toBe(
      createHash('sha256')
        .update(JSON.stringify({ ...rest, receiptNo }))
        .digest('hex'),
    )
  })
})

describe('listing and searching', () => {
  it('pages newest first across days with an opaque cursor', () => {
    const ids: string[] = []
    for (const day of [20261124, 20261125, 20261126])
      for (let i = 0; i < 7; i++) ids.push(journal.insertEntry(voucher(day)).id)
    const seen: string[] = []
    let cursor: string | undefined
    do {
      const page = journal.list({ limit: 4, ...(cursor ? { cursor } : {}) })
      seen.push(...page.entries.map((e) => e.id))
      cursor = page.nextCursor
    } while (cursor)
    expect(seen).toEqual([...ids].reverse())
    expect(journal.list({ day: 20261125 }).entries).toHaveLength(7)
    expect(journal.list({ from: 20261125, to: 20261126 }).entries).toHaveLength(14)
    expect(() => journal.list({ cursor: 'garbage' })).toThrow(expect.objectContaining({ code: 'BAD_INPUT' }))
  })

  it('finds entries by phone, serial, code suffix, service transaction id and reference', () => {
    const v = journal.insertEntry(voucher())
    issue(v.id, '001110016812345', '98712345678')
    const d = journal.insertEntry(depositEntry(20261126, '0921234567'))
    journal.updateEntry(
      d.id,
      { status: 'confirmed', serviceTransactionId: '55501' },
      '2026-11-26T10:00:02.000Z',
    )
    journal.insertEntry(depositEntry(20261126, '0931234567'))
    const find = (search: string) => journal.list({ search }).entries.map((e) => e.id)
    expect(find('+218 92 123 4567')).toEqual([d.id])
    expect(find('98712345678')).toEqual([v.id])
    expect(find('2345')).toEqual([v.id])
    expect(find('55501')).toEqual([d.id])
    expect(find(d.externalTransactionId ?? '')).toEqual([d.id])
    expect(find('٩٨٧١٢٣٤٥٦٧٨')).toEqual([v.id])
    expect(find('nothing-like-this')).toEqual([])
  })

  it('finds a voucher by the last 4 digits of its serial, as printed in groups, by its index', () => {
    const v = journal.insertEntry(voucher())
    issue(v.id, '001110016812345', '37130775489')
    journal.insertEntry(depositEntry(20261126, '0921234567'))
    const find = (search: string) => journal.list({ search }).entries.map((e) => e.id)
    expect(find('5489')).toEqual([v.id])
    expect(find('٥٤٨٩')).toEqual([v.id])
    expect(find('371 3077 5489')).toEqual([v.id])
    expect(find('7548')).toEqual([])
    const plan = (
      raw()
        .prepare('EXPLAIN QUERY PLAN SELECT id FROM entries WHERE (code_last4 = ? OR serial_last4 = ?)')
        .all('5489', '5489') as { detail: string }[]
    )
      .map((row) => row.detail)
      .join('\n')
    expect(plan).toContain('entries_serial_last4 (serial_last4=?)')
    expect(plan).not.toMatch(/^SCAN entries$/m)
  })

  it('finds deposits by the last digits of the phone and by the customer’s name, spelled either way', () => {
    const named = (phone: string, firstName: string) =>
      journal.insertEntry({ ...depositEntry(20261126, phone), firstName }).id
    const fatima = named('0921234567', 'فاطمة')
    const ahmed = named('0931239876', 'أحمد')
    const latin = named('0941117654', 'Ahmed')
    const v = issue(journal.insertEntry(voucher()).id, '001110016812345', '98712345678')
    const find = (search: string) => new Set(journal.list({ search }).entries.map((e) => e.id))
    expect(find('4567')).toEqual(new Set([fatima]))
    expect(find('234567')).toEqual(new Set([fatima]))
    expect(find('٩٨٧٦')).toEqual(new Set([ahmed]))
    expect(find('654')).toEqual(new Set([latin]))
    // The last four digits of a voucher code still find the voucher.
    expect(find('2345')).toEqual(new Set([v.id]))
    expect(find('فاطمه')).toEqual(new Set([fatima]))
    expect(find('فاط')).toEqual(new Set([fatima]))
    expect(find('احمد')).toEqual(new Set([ahmed]))
    expect(find('AHM')).toEqual(new Set([latin]))
    expect(find('*')).toEqual(new Set())
    expect(find('Ahmed Ali')).toEqual(new Set())
  })

  it('finds a phone by its first digits in every form a person types them', () => {
    const named = (phone: string) => journal.insertEntry(depositEntry(20261126, phone)).id
    const a = named('0912345678')
    const b = named('0912349999')
    const c = named('0921234567')
    const find = (search: string) => new Set(journal.list({ search }).entries.map((e) => e.id))
    for (const typed of [
      '0912',
      '912',
      '218912',
      '+218 91 2',
      '00218912',
      '091 234',
      '091-234',
      '٠٩١٢',
      '(091) 2',
    ])
      expect(find(typed), typed).toEqual(new Set([a, b]))
    expect(find('0912345')).toEqual(new Set([a]))
    expect(find('92 12')).toEqual(new Set([c]))
    // Too short to mean anything but "every customer".
    expect(find('09')).toEqual(new Set())
    // Last digits are still last digits.
    expect(find('9999')).toEqual(new Set([b]))
  })

  it('finds a deposit by the last 6 or more characters of our reference, with or without its dashes', () => {
    const d = journal.insertEntry({
      ...depositEntry(20261126),
      externalTransactionId: '01a2222c-76cd-71fc-83bf-ffbf35951ba1',
    })
    journal.insertEntry({
      ...depositEntry(20261126, '0921234567'),
      externalTransactionId: '01a2222c-76cd-71fc-83bf-fb72c6c73571',
    })
    const find = (search: string) => journal.list({ search }).entries.map((e) => e.id)
    for (const typed of ['951ba1', '35951BA1', 'ffbf35951ba1', '83bf-ffbf35951ba1', '71fc-83bf-ffbf35951ba1'])
      expect(find(typed), typed).toEqual([d.id])
    expect(find('01a2222c-76cd-71fc-83bf-ffbf35951ba1')).toEqual([d.id])
    // Fewer than 6 characters, or the start of it, find nothing by the reference.
    expect(find('51ba1')).toEqual([])
    expect(find('01a2222c')).toEqual([])
  })

  it('searches a receipt number, a phone’s first digits and a reference’s end through indexes', () => {
    journal.insertEntry(voucher())
    const plan = (sql: string, ...params: unknown[]) =>
      (
        raw()
          .prepare(`EXPLAIN QUERY PLAN SELECT id FROM entries WHERE ${sql}`)
          .all(...params) as { detail: string }[]
      )
        .map((row) => row.detail)
        .join('\n')
    const receipt = plan('(day IN (?, ?) AND receipt GLOB ?)', 20251126, 20261126, '000173*')
    expect(receipt).toContain('entries_receipt')
    expect(receipt).not.toMatch(/^SCAN entries$/m)
    const start = plan('phone GLOB ?', '0912*')
    expect(start).toContain('entries_phone_start')
    expect(start).not.toMatch(/^SCAN entries$/m)
    const tail = plan(
      `(external_transaction_id IS NOT NULL AND (${REFERENCE_TAIL_SQL}) >= ? AND (${REFERENCE_TAIL_SQL}) < ?)`,
      '1ab159',
      '1ab159\u007f',
    )
    expect(tail).toContain('entries_reference_tail')
    expect(tail).not.toMatch(/^SCAN entries$/m)
  })

  it('searches through indexes only, even with no day given', () => {
    const plan = (search: string) => {
      const terms = raw()
        .prepare(
          `EXPLAIN QUERY PLAN SELECT * FROM entries WHERE (phone_reversed GLOB ? OR name_key GLOB ? OR id = ?)`,
        )
        .all('7654*', 'احم*', search) as { detail: string }[]
      return terms.map((t) => t.detail).join('\n')
    }
    expect(plan('x')).toContain('entries_phone_key')
    expect(plan('x')).toContain('entries_name_key')
    expect(plan('x')).not.toMatch(/^SCAN entries$/m)
  })

  it('asks by a whole phone through the phone key: a search, and the check before every deposit', () => {
    // The statements the journal's own functions run, with their parameters, planned on this journal.
    const db = raw()
    const ran: { sql: string; params: unknown[] }[] = []
    const recording = {
      prepare: (sql: string) => {
        const statement = db.prepare(sql)
        const record =
          (run: (...p: unknown[]) => unknown) =>
          (...params: unknown[]) => {
            ran.push({ sql, params })
            return run(...params)
          }
        return {
          all: record(statement.all.bind(statement)),
          get: record(statement.get.bind(statement)),
          run: record(statement.run.bind(statement)),
        }
      },
    } as unknown as Statements
    const plans = (work: () => unknown) => {
      ran.length = 0
      work()
      return ran.map(({ sql, params }) =>
        (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[])
          .map((row) => row.detail)
          .join('\n'),
      )
    }
    const searched = plans(() => listEntries(recording, { search: '+218 91 234 5678' }))
    expect(searched).toHaveLength(1)
    // A seek by the whole phone: its reversed key, or (since migration 11) the phone itself.
    expect(searched[0]).toMatch(/entries_phone_key \(phone_reversed=\?\)|entries_phone_start \(phone=\?\)/)
    expect(searched[0]).not.toMatch(/SCAN entries/)
    const recent = plans(() => findRecentDeposit(recording, '0912345678', 10_000, '2026-11-26T10:00:00.000Z'))
    expect(recent).toHaveLength(1)
    expect(recent[0]).toContain('entries_phone_key (phone_reversed=? AND day>?)')
    expect(recent[0]).not.toMatch(/SCAN entries/)
  })

  it('shows a voucher code masked but its last 4 digits unless revealing is allowed', () => {
    const v = issue(journal.insertEntry(voucher()).id, '001110016812345')
    expect(toJournalEntry(v).voucher?.code).toBe('***********2345')
    expect(toJournalEntry(v, { revealCode: true }).voucher?.code).toBe('001110016812345')
  })
})

describe('backup', () => {
  it('copies the journal online and verifies the copy', async () => {
    for (let i = 0; i < 20; i++) journal.insertEntry(voucher())
    const copy = join(dir, 'backup', 'copy.sqlite')
    const { mkdirSync } = await import('node:fs')
    mkdirSync(join(dir, 'backup'))
    expect(await journal.backupTo(copy)).toEqual({ path: copy, integrity: 'ok' })
    const restored = Journal.open(copy)
    expect(restored.list({ limit: 100 }).entries).toHaveLength(20)
    restored.close()
    expect(readFileSync(copy).subarray(0, 15).toString()).toBe('SQLite format 3')
  })
})
