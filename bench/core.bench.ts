/**
 * Desk core benchmark, in one run on loopback against an in-process sandbox:
 * (a) a deposit through the desk core vs a raw one, side by side in one loop: a raw write + fsync, a raw
 *     POST /deposit to the same sandbox, a raw write + fsync (target 4's baseline); and the POST alone
 *     through the desk's service client (ofetch over undici) beside the raw POST, so its price per call is
 *     known;
 * (b) a durable journal commit vs a raw write + fsync on the same disk;
 * (c) token requests per 1000 operations;
 * (d) the day view and searches on a journal of 1,000,000 entries.
 * Prints figures; asserts nothing. Run: npm run bench (or npx tsx bench/core.bench.ts [runs]).
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  rmSync,
  statfsSync,
  statSync,
  writeSync,
} from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { Agent, fetch as undiciFetch, request as undiciRequest } from 'undici'
import { createDesk, type Desk } from '../src/main/app-desk'
import { createIdGenerator } from '../src/main/ids'
import { Journal } from '../src/main/journal/journal'
import { silentLogger } from '../src/main/log'
import { deposit as postDeposit } from '../src/main/reseller/client'
import { ServiceClock } from '../src/main/reseller/clock'
import { ServiceHttp } from '../src/main/reseller/http'
import { DevelopmentSecretStore } from '../src/main/settings/secrets'
import { JsonFileSettings } from '../src/main/settings/settings'
import { type Sandbox, startSandbox } from '../src/sandbox/index'
import { businessDay } from '../src/shared/day'
import type { Dirhams } from '../src/shared/money'
import { BENCH_DIR, CUSTOMERS, customerPhone, millionEntryJournal } from './generate-journal'
import { ms, printTable, printTargets, ratio, type Summary, summarize, timed, times } from './stats'

const RUNS = Number(process.argv[2] ?? 300)
const WARMUP = 20
const QUERIES = 200
const CREDENTIALS = { username: 'demo', password: 'demo-pass' }
const CUSTOMER = { phone: '0912345678', name: 'Bench' }
const as = { clerk: 'Bench' }
/** What a raw commit writes: 256 bytes, about a money record's size. */
const RAW_RECORD = Buffer.alloc(256, 7)

const workDir = join(BENCH_DIR, `core-${process.pid}`)

function fsType(path: string): string {
  const type = statfsSync(path).type
  const known: Record<number, string> = {
    61267: 'ext4',
    16914836: 'tmpfs',
    1481003842: 'xfs',
    2435016766: 'btrfs',
  }
  return known[type] ?? `0x${type.toString(16)}`
}

function buildDesk(dataDir: string, sandbox: Sandbox): Desk {
  const settings = new JsonFileSettings(join(dataDir, 'settings.json'))
  return createDesk({
    dataDir,
    settings,
    secrets: new DevelopmentSecretStore(join(dataDir, 'secrets.json')),
    startTraining: async () => ({
      baseUrl: sandbox.baseUrl,
      credentials: CREDENTIALS,
      close: async () => {},
    }),
  })
}

async function rawToken(sandbox: Sandbox): Promise<string> {
  const res = await fetch(`${sandbox.baseUrl}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...CREDENTIALS, expires_at: new Date(Date.now() + 86_400_000).toISOString() }),
  })
  return ((await res.json()) as { data: { token: string } }).data.token
}

// ------------------------------------------------------------------------------------------------ (a)

async function depositBench(sandbox: Sandbox) {
  const desk = buildDesk(join(workDir, 'desk-a'), sandbox)
  await desk.start()
  await desk.handlers.lookupCustomer({ phone: CUSTOMER.phone }, as)
  const token = await rawToken(sandbox)
  const newId = createIdGenerator(Date.now)
  // The desk sends a deposit over its kept connection (a voucher opens a fresh one, see ServiceHttp); the raw
  // client is measured both ways so the ratio shows what is the desk's own work and what is the connection.
  const fresh = new Agent({ pipelining: 0 })
  // The raw deposit, the same bytes for either client: a token, JSON, a new reference each time.
  const depositUrl = `${sandbox.baseUrl}/deposit`
  const depositHeaders = {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    accept: 'application/json',
  }
  const depositBody = () =>
    JSON.stringify({ phone: CUSTOMER.phone, amount: 1, external_transaction_id: newId() })
  const rawPost = (dispatcher?: Agent) =>
    undiciFetch(depositUrl, {
      method: 'POST',
      headers: depositHeaders,
      body: depositBody(),
      ...(dispatcher ? { dispatcher } : {}),
    }).then(async (r) => {
      if (r.status !== 200) throw new Error(`raw deposit answered ${r.status}`)
      await r.arrayBuffer()
    })
  // The same POST over undici's request API on a kept connection: the lightest raw client (the desk sent
  // with it before its client went back to ofetch), so the table also shows the desk against it.
  const kept = new Agent({ pipelining: 1 })
  const rawRequest = () =>
    undiciRequest(depositUrl, {
      method: 'POST',
      dispatcher: kept,
      headers: depositHeaders,
      body: depositBody(),
    }).then(async (r) => {
      if (r.statusCode !== 200) throw new Error(`raw deposit answered ${r.statusCode}`)
      await r.body.json()
    })
  // Target 4's baseline, measured in the same loop as the desk (not beside a commit figure taken minutes
  // later, when the machine may be faster or slower): what a deposit cannot do without — a raw durable write
  // of the intent, the POST, a raw durable write of the outcome.
  const fd = openSync(join(workDir, 'desk-a', 'raw-fsync.bin'), 'w')
  const rawCommit = () => {
    writeSync(fd, RAW_RECORD)
    fsyncSync(fd)
  }
  const withRawCommits = (post: () => Promise<void>) => async () => {
    rawCommit()
    await post()
    rawCommit()
  }
  const rawFetchDeposit = withRawCommits(() => rawPost())
  // The desk's own service client, alone: ServiceHttp on ofetch over its kept connection, the answer read and
  // checked as a deposit's is (reseller/client.ts). Beside rawRequest, the price of the client per call.
  const serviceHttp = new ServiceHttp(
    { baseUrl: sandbox.baseUrl, proxyUrl: null, connectTimeoutMs: 5000, answerTimeoutMs: 10_000 },
    new ServiceClock(),
    silentLogger,
  )
  const viaClient = () =>
    postDeposit(serviceHttp, token, {
      phone: CUSTOMER.phone,
      amountDirhams: 1000 as Dirhams,
      externalTransactionId: newId(),
    })
  const rawRequestDeposit = withRawCommits(rawRequest)
  const viaDesk = () =>
    desk.handlers
      .deposit(
        {
          phone: CUSTOMER.phone,
          amountDirhams: 1000,
          confirmedFirstName: CUSTOMER.name,
          confirmRepeat: true,
        },
        as,
      )
      .then((e) => {
        if (e.status !== 'confirmed') throw new Error(`desk deposit ended ${e.status}`)
      })
  const samples = {
    desk: [] as number[],
    keepAlive: [] as number[],
    postAlone: [] as number[],
    request: [] as number[],
    fresh: [] as number[],
    requestAlone: [] as number[],
    client: [] as number[],
    /** Client minus raw request(), per iteration: the two are timed back to back. */
    clientCost: [] as number[],
  }
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const d = await timed(viaDesk)
    const k = await timed(rawFetchDeposit)
    const r = await timed(rawRequestDeposit)
    const p = await timed(() => rawPost())
    const f = await timed(() => rawPost(fresh))
    const q = await timed(rawRequest)
    const c = await timed(viaClient)
    if (i < WARMUP) continue
    samples.requestAlone.push(q)
    samples.client.push(c)
    samples.clientCost.push(c - q)
    samples.desk.push(d)
    samples.keepAlive.push(k)
    samples.postAlone.push(p)
    samples.request.push(r)
    samples.fresh.push(f)
  }
  closeSync(fd)
  await fresh.close()
  await kept.close()
  await serviceHttp.close()
  await desk.stop()
  return {
    requestAlone: summarize(samples.requestAlone),
    client: summarize(samples.client),
    clientCost: summarize(samples.clientCost),
    desk: summarize(samples.desk),
    keepAlive: summarize(samples.keepAlive),
    postAlone: summarize(samples.postAlone),
    request: summarize(samples.request),
    fresh: summarize(samples.fresh),
  }
}

// ------------------------------------------------------------------------------------------------ (b)

async function commitBench() {
  const journal = Journal.open(join(workDir, 'commit', 'journal.sqlite'))
  const fd = openSync(join(workDir, 'commit', 'raw-fsync.bin'), 'w')
  let now = Date.now()
  const newId = createIdGenerator(() => now)
  const commit = () => {
    now = Date.now()
    const at = new Date(now).toISOString()
    journal.insertEntry({
      id: newId(),
      kind: 'deposit',
      mode: 'training',
      createdAt: at,
      createdPcAt: at,
      day: businessDay(now),
      amountDirhams: 10_000,
      phone: CUSTOMER.phone,
      firstName: CUSTOMER.name,
      externalTransactionId: newId(),
      clerk: 'Bench',
    })
  }
  const rawFsync = () => {
    writeSync(fd, RAW_RECORD)
    fsyncSync(fd)
  }
  const samples = { journal: [] as number[], fsync: [] as number[] }
  for (let i = 0; i < WARMUP + RUNS * 2; i++) {
    const j = await timed(commit)
    const f = await timed(rawFsync)
    if (i < WARMUP) continue
    samples.journal.push(j)
    samples.fsync.push(f)
  }
  // Pages a commit writes: the write-ahead log's growth in frames (a page and its 24-byte header each),
  // counted in a pass of its own after the timed one: a stat of the log between timed commits made the next
  // commit about 0.04 ms slower (measured), which is the probe's cost, not the journal's. A commit that
  // restarts the log from its beginning (after a checkpoint) does not grow it and is not counted.
  const walPath = `${join(workDir, 'commit', 'journal.sqlite')}-wal`
  const pageSize = journal.pageSize()
  const walFrames = () => (existsSync(walPath) ? (statSync(walPath).size - 32) / (24 + pageSize) : 0)
  const frames: number[] = []
  for (let i = 0; i < 100; i++) {
    const before = walFrames()
    commit()
    const grown = walFrames() - before
    if (grown > 0) frames.push(grown)
  }
  const sync = journal.synchronous()
  const mode = journal.journalMode()
  closeSync(fd)
  journal.close()
  return {
    journal: summarize(samples.journal),
    fsync: summarize(samples.fsync),
    settings: `${mode}, synchronous=${sync}`,
    pages: frames.length === 0 ? null : { median: summarize(frames).median, pageSize },
  }
}

// ------------------------------------------------------------------------------------------------ (c)

async function tokenBench(sandbox: Sandbox) {
  const before = sandbox.controls.ledger().token_requests
  const desk = buildDesk(join(workDir, 'desk-c'), sandbox)
  await desk.start()
  const customers = Array.from({ length: 10 }, (_, i) => ({
    phone: `0925${String(i).padStart(6, '0')}`,
    name: `Token ${i}`,
  }))
  for (const c of customers)
    sandbox.controls.upsertUser({ phone: c.phone, first_name: c.name, status: 'active' })
  const counts = { lookups: 0, deposits: 0, vouchers: 0, lists: 0 }
  for (let i = 0; i < 1000; i++) {
    // Each customer is looked up (i % 4 === 0) just before its deposit (i % 4 === 1).
    const c = customers[Math.floor(i / 4) % customers.length] as (typeof customers)[number]
    switch (i % 4) {
      case 0:
        await desk.handlers.lookupCustomer({ phone: c.phone }, as)
        counts.lookups++
        break
      case 1:
        await desk.handlers.deposit(
          { phone: c.phone, amountDirhams: 1000 + i, confirmedFirstName: c.name },
          as,
        )
        counts.deposits++
        break
      case 2:
        await desk.handlers.generateVoucher({ denominationId: 1, valueDirhams: 5_000 }, as)
        counts.vouchers++
        break
      default:
        await desk.handlers.listDenominations({ refresh: true }, as)
        counts.lists++
    }
  }
  const after = sandbox.controls.ledger().token_requests
  await desk.stop()
  return { tokenRequests: after - before, counts }
}

// ------------------------------------------------------------------------------------------------ (d)

function pick<T>(db: Database.Database, sql: string, count: number): T[] {
  const max = db.prepare('SELECT max(rowid) FROM entries').pluck().get() as number
  const statement = db.prepare(sql).pluck()
  const out: T[] = []
  while (out.length < count) {
    const value = statement.get(1 + Math.floor(Math.random() * max)) as T | undefined
    if (value !== undefined && value !== null) out.push(value)
  }
  return out
}

function millionBench() {
  const path = millionEntryJournal()
  const opened = performance.now()
  const journal = Journal.open(path)
  const openMs = performance.now() - opened
  // Sample values picked through a read-only connection of the bench's own.
  const db = new Database(path, { readonly: true })
  const total = db.prepare('SELECT count(*) FROM entries').pluck().get() as number
  const days = db.prepare('SELECT DISTINCT day FROM entries').pluck().all() as number[]
  const perDay = total / days.length
  const measure = (values: (string | number)[], query: (v: string | number) => { entries: unknown[] }) => {
    const samples: number[] = []
    let found = 0
    for (const v of values) {
      const start = performance.now()
      found += query(v).entries.length
      samples.push(performance.now() - start)
    }
    return { ...summarize(samples), found: found / values.length }
  }
  const randomDays = Array.from(
    { length: QUERIES },
    () => days[Math.floor(Math.random() * days.length)] as number,
  )
  const phones = Array.from({ length: QUERIES }, () => customerPhone(Math.floor(Math.random() * CUSTOMERS)))
  const serials = pick<string>(db, 'SELECT serial_number FROM entries WHERE rowid = ?', QUERIES)
  const transactions = pick<string>(db, 'SELECT service_transaction_id FROM entries WHERE rowid = ?', QUERIES)
  const references = pick<string>(db, 'SELECT external_transaction_id FROM entries WHERE rowid = ?', QUERIES)
  const last4 = pick<string>(db, 'SELECT code_last4 FROM entries WHERE rowid = ?', QUERIES)
  db.close()
  const rows = {
    dayView: measure(randomDays, (day) => journal.list({ day: day as number, limit: 50 })),
    dayViewPage2: measure(randomDays, (day) => {
      const first = journal.list({ day: day as number, limit: 50 })
      return journal.list({
        day: day as number,
        limit: 50,
        ...(first.nextCursor ? { cursor: first.nextCursor } : {}),
      })
    }),
    allDays: measure(randomDays.slice(0, 50), () => journal.list({})),
    phone: measure(phones, (p) => journal.list({ search: String(p) })),
    serial: measure(serials, (s) => journal.list({ search: String(s) })),
    transaction: measure(transactions, (s) => journal.list({ search: String(s) })),
    reference: measure(references, (s) => journal.list({ search: String(s) })),
    last4: measure(last4, (s) => journal.list({ search: String(s) })),
  }
  journal.close()
  return { path, total, days: days.length, perDay, openMs, rows }
}

// ------------------------------------------------------------------------------------------------ run

const sandbox = await startSandbox({
  seed: {
    timezone: 'Africa/Tripoli',
    rate_limit_per_minute: 0,
    resellers: [{ ...CREDENTIALS, daily_max_amount: 1_000_000, allowed_ips: ['127.0.0.1', '::1'] }],
    denominations: [
      { id: 1, name: '5 LYD', value: 5 },
      { id: 4, name: '30 LYD', value: 30 },
    ],
    users: [{ phone: CUSTOMER.phone, first_name: CUSTOMER.name, status: 'active' }],
  },
})
try {
  mkdirSync(workDir, { recursive: true })
  console.log(
    `Reseller Desk core bench — Node ${process.version}, ${cpus().length} CPUs, ${RUNS} runs after ${WARMUP} warm-up, ` +
      `temp files on ${fsType(BENCH_DIR)} (${workDir})`,
  )
  const a = await depositBench(sandbox)
  const againstDesk = (label: string, raw: Summary) => [
    label,
    ms(raw.median),
    ms(raw.p95),
    ratio(a.desk.median, raw.median),
    ratio(a.desk.p95, raw.p95),
  ]
  printTable(
    '(a) One deposit on loopback, in-process sandbox',
    ['', 'median', 'p95', 'desk ÷ this (median)', 'desk ÷ this (p95)'],
    [
      [
        'desk core: lookup check, journal pending, POST, journal confirmed',
        ms(a.desk.median),
        ms(a.desk.p95),
        '',
        '',
      ],
      againstDesk('raw: write + fsync, POST /deposit (fetch, token, keep-alive), write + fsync', a.keepAlive),
      againstDesk(
        'raw: write + fsync, POST /deposit (undici request(), token, keep-alive), write + fsync',
        a.request,
      ),
      againstDesk('raw POST /deposit alone, fetch with a token, keep-alive', a.postAlone),
      againstDesk('raw POST /deposit alone, fetch with a token, new connection', a.fresh),
    ],
  )
  printTable(
    "(a′) The desk's service client: one POST /deposit alone, kept connection",
    ['', 'median', 'p95'],
    [
      ['raw POST /deposit, undici request()', ms(a.requestAlone.median), ms(a.requestAlone.p95)],
      [
        "through the desk's service client (reseller/http.ts: ofetch over undici, answer read and checked)",
        ms(a.client.median),
        ms(a.client.p95),
      ],
      [
        'the client’s price per call (client − raw, each pair timed back to back)',
        ms(a.clientCost.median),
        ms(a.clientCost.p95),
      ],
    ],
  )

  const b = await commitBench()
  printTable(
    `(b) Durable commit on the same disk (${b.settings})`,
    ['', 'median', 'p95', 'ratio (median)', 'ratio (p95)'],
    [
      [
        'journal insertEntry (entry + created event, one transaction)',
        ms(b.journal.median),
        ms(b.journal.p95),
        ratio(b.journal.median, b.fsync.median),
        ratio(b.journal.p95, b.fsync.p95),
      ],
      ['raw writeSync 256 B + fsyncSync', ms(b.fsync.median), ms(b.fsync.p95), '1.00×', '1.00×'],
    ],
  )
  if (b.pages) {
    console.log(
      `An entry + event commit writes ${b.pages.median} pages of ${b.pages.pageSize / 1024} KiB to the write-ahead log (median), ` +
        `${Math.round((b.pages.median * (b.pages.pageSize + 24)) / 1024)} KiB, against the raw commit's 256 bytes.`,
    )
  }

  printTargets('Targets 4 and 5 (the money path, the journal commit), medians of this run', [
    {
      name: 'deposit through the core ÷ (raw POST, kept connection + two raw commits)',
      value: a.desk.median / a.keepAlive.median,
      goal: 1.3,
      format: times,
    },
    {
      name: '  the same with the raw POST over undici request() (the desk’s own API)',
      value: a.desk.median / a.request.median,
      goal: 1.3,
      format: times,
    },
    {
      name: '  (figured the earlier way: the POST alone + 2 × (b)’s raw commit, timed apart)',
      value: a.desk.median / (a.postAlone.median + 2 * b.fsync.median),
      goal: 1.3,
      format: times,
    },
    {
      name: 'journal commit (entry + event) ÷ raw write + fsync',
      value: b.journal.median / b.fsync.median,
      goal: 2,
      format: times,
    },
  ])

  const c = await tokenBench(sandbox)
  printTable(
    '(c) Token requests per 1000 operations (a fresh desk: its first token included)',
    ['operations', 'POST /token received by the sandbox'],
    [
      [
        `1000 (${c.counts.lookups} lookups, ${c.counts.deposits} deposits, ${c.counts.vouchers} vouchers, ${c.counts.lists} denomination refreshes)`,
        String(c.tokenRequests),
      ],
    ],
  )

  const d = millionBench()
  printTable(
    `(d) Journal of ${d.total.toLocaleString('en')} entries over ${d.days} days (~${Math.round(d.perDay)} a day), through Journal.list; ${QUERIES} queries each`,
    ['query', 'p50', 'p95', 'rows returned (mean)'],
    [
      [
        'day view: one day, first page of 50',
        ms(d.rows.dayView.median),
        ms(d.rows.dayView.p95),
        d.rows.dayView.found.toFixed(0),
      ],
      [
        'day view: first + second page (cursor)',
        ms(d.rows.dayViewPage2.median),
        ms(d.rows.dayViewPage2.p95),
        d.rows.dayViewPage2.found.toFixed(0),
      ],
      [
        'all days, first page of 50 (50 queries)',
        ms(d.rows.allDays.median),
        ms(d.rows.allDays.p95),
        d.rows.allDays.found.toFixed(0),
      ],
      [
        'search by phone (09XXXXXXXX)',
        ms(d.rows.phone.median),
        ms(d.rows.phone.p95),
        d.rows.phone.found.toFixed(1),
      ],
      [
        'search by voucher serial',
        ms(d.rows.serial.median),
        ms(d.rows.serial.p95),
        d.rows.serial.found.toFixed(1),
      ],
      [
        'search by service transaction id',
        ms(d.rows.transaction.median),
        ms(d.rows.transaction.p95),
        d.rows.transaction.found.toFixed(1),
      ],
      [
        'search by our reference (external id)',
        ms(d.rows.reference.median),
        ms(d.rows.reference.p95),
        d.rows.reference.found.toFixed(1),
      ],
      [
        'search by last 4 digits of a code',
        ms(d.rows.last4.median),
        ms(d.rows.last4.p95),
        d.rows.last4.found.toFixed(1),
      ],
    ],
  )
  console.log(`\nOpening the million-entry journal (migrations check + quick_check): ${ms(d.openMs)}`)
} finally {
  await sandbox.close()
  rmSync(workDir, { recursive: true, force: true })
}
