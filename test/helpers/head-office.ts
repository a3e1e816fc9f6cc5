/**
 * A head office for tests: a throwaway PostgreSQL cluster with the schema migrated, terminals created with
 * the admin command's code, and desks pointed at it the way a manager does (Settings → Head office).
 */
import pg from 'pg'
import { type CreatedTerminal, createTerminal } from '../../src/head-office/admin'
import { migrate } from '../../src/head-office/schema'
import { type Sandbox, startSandbox } from '../../src/sandbox/index'
import type { SandboxSeedInput } from '../../src/sandbox/seed'
import type { HeadOfficeStatus } from '../../src/shared/head-office'
import { DEMO, deskSeed, type TestDesk } from './desk'
import { type PgCluster, type PgTls, startPgCluster } from './pg-cluster'

export interface TestHeadOffice {
  cluster: PgCluster
  database: string
  readonly admin: pg.Client
  /** A new administrator connection (after the server was stopped and started). */
  reconnect(): Promise<void>
  terminal(name: string): Promise<CreatedTerminal>
  /** A query as the administrator (every row of every terminal). */
  query<R extends pg.QueryResultRow = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>
  close(): Promise<void>
}

export async function startHeadOffice(
  options: { tls?: PgTls; database?: string; durable?: boolean } = {},
): Promise<TestHeadOffice> {
  const cluster = await startPgCluster({
    ...(options.tls ? { tls: options.tls } : {}),
    ...(options.durable ? { durable: true } : {}),
  })
  const database = options.database ?? 'chain'
  await cluster.createDatabase(database)
  const connect = async () => {
    const c = new pg.Client({ connectionString: cluster.superUrl(database) })
    // The server may be stopped under it on purpose; the next query says so.
    c.on('error', () => undefined)
    await c.connect()
    return c
  }
  let admin = await connect()
  await migrate(admin)
  return {
    cluster,
    database,
    get admin() {
      return admin
    },
    async reconnect() {
      await admin.end().catch(() => undefined)
      admin = await connect()
    },
    terminal: (name) => createTerminal(admin, { name }),
    async query(sql, params) {
      return (await admin.query(sql, params)).rows
    },
    async close() {
      await admin.end().catch(() => undefined)
      await cluster.destroy()
    },
  }
}

/** A head office and the service its desks sell on: what the head office suites start from. */
export interface TestChain {
  ho: TestHeadOffice
  /** The reseller service every desk of the chain is live on (one account, as a chain's outlets share). */
  sandbox: Sandbox
  /** Stops the service, then the head office (a frozen server thawed first). */
  close(): Promise<void>
}

/**
 * Starts a head office (see startHeadOffice) and a sandbox service with `seed` (the desks' usual one unless
 * given); the desks each suite starts on `sandbox` join it with joinHeadOffice. A start that fails part way
 * puts away what it had started.
 */
export async function startChain(
  options: { headOffice?: Parameters<typeof startHeadOffice>[0]; seed?: SandboxSeedInput } = {},
): Promise<TestChain> {
  const ho = await startHeadOffice(options.headOffice)
  let sandbox: Sandbox
  try {
    sandbox = await startSandbox({ seed: options.seed ?? deskSeed() })
  } catch (error) {
    await ho.close()
    throw error
  }
  return {
    ho,
    sandbox,
    async close() {
      ho.cluster.thaw()
      await sandbox.close()
      await ho.close()
    },
  }
}

/** The desk's head office status once `done` holds; fails when it has not within `timeoutMs`. */
export async function statusWhen(
  desk: TestDesk,
  done: (s: HeadOfficeStatus) => boolean,
  timeoutMs = 10_000,
): Promise<HeadOfficeStatus> {
  const deadline = Date.now() + timeoutMs
  let status = await desk.call('getHeadOfficeStatus')
  while (!done(status)) {
    if (Date.now() > deadline) throw new Error(`head office status stayed ${JSON.stringify(status)}`)
    await new Promise((r) => setTimeout(r, 20))
    status = await desk.call('getHeadOfficeStatus')
  }
  return status
}

/** What Settings → Head office sends for a terminal of this head office: on loopback, no CA file. */
export function headOfficeTarget(ho: TestHeadOffice, terminal: CreatedTerminal) {
  return {
    host: '127.0.0.1',
    port: ho.cluster.port,
    database: ho.database,
    user: terminal.role,
    terminal: terminal.name,
    caFile: null,
  }
}

/** Live mode against the desk's sandbox, then the head office set up as a manager would. */
export async function joinHeadOffice(
  desk: TestDesk,
  ho: TestHeadOffice,
  terminal: CreatedTerminal,
  extra: { caFile?: string | null; enabled?: boolean } = {},
): Promise<void> {
  if ((await desk.call('getStatus')).mode !== 'live') {
    await desk.call('configureService', { baseUrl: desk.sandbox.baseUrl, ...DEMO })
  }
  await desk.call('configureHeadOffice', {
    ...headOfficeTarget(ho, terminal),
    enabled: extra.enabled ?? true,
    caFile: extra.caFile ?? null,
    password: terminal.password,
  })
}

/** Waits until everything the desk journaled is at the head office (the background sync did it). */
export async function waitSynced(desk: TestDesk, timeoutMs = 30_000): Promise<HeadOfficeStatus> {
  const deadline = Date.now() + timeoutMs
  let last: HeadOfficeStatus | null = null
  for (;;) {
    last = await desk.call('getHeadOfficeStatus')
    if (last.state === 'up-to-date' && last.eventsBehind === 0 && last.chainFiguresAt !== null) return last
    if (Date.now() > deadline)
      throw new Error(`the head office sync did not catch up: ${JSON.stringify(last)}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** Waits until the desk has read the chain-wide figures after an instant (another desk's news reached it). */
export async function waitChainAfter(desk: TestDesk, instantMs: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const s = await desk.call('getHeadOfficeStatus')
    if (s.chainFiguresAt !== null && Date.parse(s.chainFiguresAt) > instantMs) return
    if (Date.now() > deadline) throw new Error(`no chain figures after ${new Date(instantMs).toISOString()}`)
    await new Promise((r) => setTimeout(r, 30))
  }
}

/** Everything one desk did is at the head office, and the other desk has read the figures since. */
export async function settle(from: TestDesk, to: TestDesk): Promise<void> {
  await waitSynced(from)
  // Two reads more: the second began after this point.
  const sync = to.desk.headOffice.sync
  const target = sync.chainReads + 2
  const deadline = Date.now() + 30_000
  while (sync.chainReads < target) {
    if (Date.now() > deadline) throw new Error('the other desk did not read the chain figures again')
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** Deposits as a clerk does: look up, confirm the name, deposit. */
export async function depositTo(
  desk: TestDesk,
  who: { phone: string; name: string },
  amountDirhams: number,
): Promise<Awaited<ReturnType<TestDesk['call']>>> {
  await desk.call('lookupCustomer', { phone: who.phone })
  return desk.call('deposit', {
    phone: who.phone,
    amountDirhams,
    confirmedFirstName: who.name,
    confirmRepeat: true,
  })
}

/** The desk options that make the background sync quick in tests. */
export const QUICK_SYNC = {
  pollMs: 40,
  retryMs: [100, 200, 400],
  chainEveryMs: 150,
  batchSize: 100,
  // Ten chain reads missed: a desk that stopped syncing, not one slowed by a busy test machine.
  silentAfterMs: 1500,
}
