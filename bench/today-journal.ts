/**
 * A training journal holding today's entries, written straight through the journal's schema in one
 * transaction (Journal.open runs the real migrations first): half vouchers issued, half deposits confirmed,
 * one every half second up to now. For the benchmarks that drive the clerk's screens (ui, shop-pc).
 */
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { Journal } from '../src/main/journal/journal'
import { businessDay } from '../src/shared/day'

export function fillTodaysJournal(dataDir: string, entries: number): void {
  const journal = Journal.open(join(dataDir, 'journal-training.sqlite'))
  const day = businessDay(Date.now())
  const db = new Database(journal.path)
  const insert = db.prepare(
    `INSERT INTO entries (id, kind, status, mode, created_at, created_pc_at, updated_at, day, clerk, amount_dirhams,
       phone, first_name, denomination_id, denomination_value_dirhams, external_transaction_id,
       service_transaction_id, voucher_code, code_last4, serial_number, activation_date, expiry_date)
     VALUES (?, ?, ?, 'training', ?, ?, ?, ?, 'Amina', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const start = Date.now() - entries * 500
  db.transaction(() => {
    for (let i = 0; i < entries; i++) {
      const at = new Date(start + i * 500).toISOString()
      const id = `01900000-${String(i).padStart(4, '0').slice(-4)}-7000-8000-${String(i).padStart(12, '0')}`
      if (i % 2 === 0) {
        const code = String(100000000000000 + i * 7919)
        insert.run(
          id,
          'voucher',
          'issued',
          at,
          at,
          at,
          day,
          30_000,
          null,
          null,
          4,
          30_000,
          null,
          null,
          code,
          code.slice(-4),
          String(10000000000 + i),
          '2026-11-26',
          '2027-11-26',
        )
      } else {
        insert.run(
          id,
          'deposit',
          'confirmed',
          at,
          at,
          at,
          day,
          12_500,
          `0912${String(i).padStart(6, '0')}`,
          'محمد',
          null,
          null,
          `ref-${i}`,
          String(500000 + i),
          null,
          null,
          null,
          null,
          null,
        )
      }
    }
  })()
  db.close()
  journal.close()
}
