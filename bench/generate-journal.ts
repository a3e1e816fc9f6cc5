/**
 * A journal of a busy outlet's year: 1,000,000 entries over 365 days (about 2,700 a day), vouchers and
 * deposits with the statuses real days have, 20,000 customers, unique references and transaction ids.
 * Written through the journal's own schema (Journal.open runs the real migrations, so indexes and triggers
 * are the app's) with direct INSERTs in one transaction. Cached under test-output/bench/ by schema and
 * generator version, so only the first run pays the ~minute it takes.
 * Events are not generated: the day view and the searches never read them.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { createIdGenerator } from '../src/main/ids'
import { Journal } from '../src/main/journal/journal'
import { SCHEMA_VERSION } from '../src/main/journal/migrations'
import { businessDay, isoDateInZone } from '../src/shared/day'

const GENERATOR_VERSION = 1
const DAY_MS = 86_400_000
const TRIPOLI_OFFSET_MS = 2 * 3600_000
export const CUSTOMERS = 20_000
const DENOMINATIONS = [
  { id: 1, value: 5_000 },
  { id: 2, value: 10_000 },
  { id: 3, value: 20_000 },
  { id: 4, value: 30_000 },
  { id: 5, value: 50_000 },
  { id: 6, value: 100_000 },
] as const
const CLERKS = ['Amina', 'Salem', 'Huda'] as const

export const BENCH_DIR = fileURLToPath(new URL('../test-output/bench/', import.meta.url))

/** mulberry32: the same journal on every machine, so cached and fresh files hold the same data. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function customerPhone(k: number): string {
  return `09${1 + (k % 6)}${String(k).padStart(7, '0')}`
}

function digits(random: () => number, count: number): string {
  let out = String(1 + Math.floor(random() * 9))
  while (out.length < count) out += String(Math.floor(random() * 10))
  return out
}

function oneYearLater(isoDate: string): string {
  return `${Number(isoDate.slice(0, 4)) + 1}${isoDate.slice(4)}`
}

/** The cached million-entry journal, generated first if needed. */
export function millionEntryJournal(entries = 1_000_000, log: (line: string) => void = console.log): string {
  mkdirSync(BENCH_DIR, { recursive: true })
  const path = join(BENCH_DIR, `journal-${entries}-schema${SCHEMA_VERSION}-gen${GENERATOR_VERSION}.sqlite`)
  if (existsSync(path)) return path
  const partial = `${path}.partial`
  for (const suffix of ['', '-wal', '-shm']) rmSync(partial + suffix, { force: true })
  const started = performance.now()
  log(`generating a journal of ${entries.toLocaleString('en')} entries (cached for later runs) …`)
  // The app's own schema (migrations, indexes, triggers), then rows straight into the file.
  Journal.open(partial).close()
  const db = new Database(partial)
  db.pragma('cache_size = -262144')
  const insert = db.prepare(
    `INSERT INTO entries (id, kind, status, mode, created_at, created_pc_at, updated_at, day, clerk,
       amount_dirhams, phone, first_name, denomination_id, denomination_value_dirhams, external_transaction_id,
       service_transaction_id, voucher_code, code_last4, serial_number, activation_date, expiry_date,
       error_code, error_message, error_http_status, attempts, first_sent_at, needs_attention)
     VALUES (?, ?, ?, 'live', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const random = seededRandom(20_260_101)
  const end = Date.now()
  const start = end - 365 * DAY_MS
  const step = (end - start) / entries
  let now = start
  const newId = createIdGenerator(() => now)
  const days = new Map<number, { day: number; iso: string }>()
  let serviceTransactionId = 100_001
  db.transaction(() => {
    for (let i = 0; i < entries; i++) {
      now = start + i * step
      const at = new Date(now).toISOString()
      const dayIndex = Math.floor((now + TRIPOLI_OFFSET_MS) / DAY_MS)
      let day = days.get(dayIndex)
      if (!day) {
        day = { day: businessDay(now), iso: isoDateInZone(now) }
        days.set(dayIndex, day)
      }
      const roll = random()
      const outcome = roll < 0.97 ? 'done' : roll < 0.99 ? 'failed' : 'unknown'
      const error =
        outcome === 'failed'
          ? ['DAILY_LIMIT_EXCEEDED', 'The daily limit is reached.', 422]
          : outcome === 'unknown'
            ? ['OUTCOME_UNKNOWN', 'No answer came back.', null]
            : [null, null, null]
      const clerk = CLERKS[i % CLERKS.length] as string
      const sent = outcome === 'failed' && random() < 0.5 ? 0 : 1
      if (random() < 0.6) {
        const d = DENOMINATIONS[Math.floor(random() * DENOMINATIONS.length)] as (typeof DENOMINATIONS)[number]
        const code = outcome === 'done' ? digits(random, 15) : null
        insert.run(
          newId(),
          'voucher',
          outcome === 'done' ? 'issued' : outcome,
          at,
          at,
          at,
          day.day,
          clerk,
          d.value,
          null,
          null,
          d.id,
          d.value,
          null,
          null,
          code,
          code?.slice(-4) ?? null,
          outcome === 'done' ? digits(random, 11) : null,
          outcome === 'done' ? day.iso : null,
          outcome === 'done' ? oneYearLater(day.iso) : null,
          ...error,
          sent,
          sent ? at : null,
          outcome === 'unknown' ? 1 : 0,
        )
      } else {
        const k = Math.floor(random() * CUSTOMERS)
        insert.run(
          newId(),
          'deposit',
          outcome === 'done' ? 'confirmed' : outcome,
          at,
          at,
          at,
          day.day,
          clerk,
          (10 + Math.floor(random() * 4_990)) * 100,
          customerPhone(k),
          `Customer ${k}`,
          null,
          null,
          newId(),
          outcome === 'done' ? String(serviceTransactionId++) : null,
          null,
          null,
          null,
          null,
          null,
          ...error,
          sent,
          sent ? at : null,
          outcome === 'unknown' ? 1 : 0,
        )
      }
    }
  })()
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  renameSync(partial, path)
  log(`generated in ${((performance.now() - started) / 1000).toFixed(1)} s: ${path}`)
  return path
}
