/**
 * Head office sync: how fast a desk's journal reaches PostgreSQL. A throwaway cluster on 127.0.0.1 (durable:
 * fsync on, as a real head office), a journal of 10,000 entries with their events (created, sent, answered),
 * and the desk's own HeadOfficeSync catching all of it up from nothing, at a few batch sizes. Prints the
 * catch-up time and the throughput in entries and events per second.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import Database from 'better-sqlite3'
import pg from 'pg'
import { createTerminal } from '../src/head-office/admin'
import { migrate } from '../src/head-office/schema'
import { HeadOfficeSync } from '../src/main/head-office/sync'
import { createIdGenerator } from '../src/main/ids'
import { Journal } from '../src/main/journal/journal'
import { silentLogger } from '../src/main/log'
import { businessDay } from '../src/shared/day'
import { startPgCluster } from '../test/helpers/pg-cluster'

const ENTRIES = 10_000

/** A day of a busy counter, written straight into the journal's tables in one transaction. */
function makeJournal(path: string): Journal {
  // The app's own schema, then rows straight into the file through a connection of the bench's own.
  Journal.open(path).close()
  const db = new Database(path)
  const now = Date.now()
  const newId = createIdGenerator(() => now)
  const day = businessDay(now)
  const insertEntry = db.prepare(
    `INSERT INTO entries (id, kind, status, mode, created_at, created_pc_at, updated_at, day, clerk, amount_dirhams,
       phone, first_name, denomination_id, denomination_value_dirhams, external_transaction_id, service_transaction_id,
       voucher_code, code_last4, serial_number, attempts, service_account)
     VALUES (?, ?, ?, 'live', ?, ?, ?, ?, 'Amina', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 'https://svc|demo')`,
  )
  const insertEvent = db.prepare(
    'INSERT INTO entry_events (entry_id, at, type, clerk, http_status, detail) VALUES (?, ?, ?, ?, ?, ?)',
  )
  db.transaction(() => {
    for (let i = 0; i < ENTRIES; i++) {
      const id = newId()
      const at = new Date(now - (ENTRIES - i) * 1000).toISOString()
      const deposit = i % 3 === 0
      const code = deposit ? null : String(100_000_000_000_000 + i)
      insertEntry.run(
        id,
        deposit ? 'deposit' : 'voucher',
        deposit ? 'confirmed' : 'issued',
        at,
        at,
        at,
        day,
        deposit ? 12_500 : 30_000,
        deposit ? `091${String(i).padStart(7, '0')}` : null,
        deposit ? 'Mohamed' : null,
        deposit ? null : 4,
        deposit ? null : 30_000,
        deposit ? newId() : null,
        deposit ? String(500_000 + i) : null,
        code,
        code ? code.slice(-4) : null,
        code ? String(98_700_000_000 + i) : null,
      )
      insertEvent.run(id, at, 'created', 'Amina', null, null)
      insertEvent.run(id, at, 'sent', 'Amina', null, JSON.stringify({ attempt: 1 }))
      insertEvent.run(
        id,
        at,
        'answered',
        'Amina',
        deposit ? 200 : 201,
        JSON.stringify({ transactionId: String(i) }),
      )
    }
  })()
  db.close()
  return Journal.open(path)
}

async function main(): Promise<void> {
  const cluster = await startPgCluster({ durable: true })
  const dir = mkdtempSync(join(tmpdir(), 'ho-bench-'))
  try {
    console.log(
      `PostgreSQL on 127.0.0.1:${cluster.port} (fsync on); ${ENTRIES} entries, ${ENTRIES * 3} events each run\n`,
    )
    console.log(
      'batch size | catch-up of 10,000 entries | entries/s | events/s | longest hold-up of the main thread',
    )
    for (const batchSize of [100, 500, 2000]) {
      const database = `bench_${batchSize}`
      await cluster.createDatabase(database)
      const admin = new pg.Client({ connectionString: cluster.superUrl(database) })
      admin.on('error', () => undefined)
      await admin.connect()
      await migrate(admin)
      const t = await createTerminal(admin, { name: `Bench ${batchSize}`, role: `desk_bench_${batchSize}` })
      const journal = makeJournal(join(dir, `journal-${batchSize}.sqlite`))
      const sync = new HeadOfficeSync({
        journal: () => journal,
        settings: () => ({
          enabled: true,
          host: '127.0.0.1',
          port: cluster.port,
          database,
          user: t.role,
          terminal: t.name,
          caFile: null,
        }),
        password: () => t.password,
        log: silentLogger,
        now: Date.now,
        batchSize,
      })
      // The sync runs on the desk's main thread beside the clerks: how long it ever holds that thread up.
      const delay = monitorEventLoopDelay({ resolution: 5 })
      delay.enable()
      const start = performance.now()
      await sync.syncOnce()
      const seconds = (performance.now() - start) / 1000
      await new Promise((resolve) => setTimeout(resolve, 10))
      delay.disable()
      const heldUp = `${(delay.max / 1e6).toFixed(1)} ms`
      const held = await admin.query<{ n: string }>('SELECT count(*) AS n FROM headoffice.entry_events')
      if (Number(held.rows[0]?.n) !== ENTRIES * 3) throw new Error(`only ${held.rows[0]?.n} events arrived`)
      console.log(
        `${String(batchSize).padStart(10)} | ${`${seconds.toFixed(2)} s`.padStart(26)} | ${String(Math.round(ENTRIES / seconds)).padStart(9)} | ${String(Math.round((ENTRIES * 3) / seconds)).padStart(8)} | ${heldUp.padStart(10)}`,
      )
      await sync.stop()
      journal.close()
      await admin.end()
    }
    console.log(
      '\n(the app sends 500 events per transaction; a sale reaches the head office within the 2 s poll)',
    )
  } catch (error) {
    console.error('head office bench failed:', error)
    process.exitCode = 1
  } finally {
    await cluster.destroy()
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
