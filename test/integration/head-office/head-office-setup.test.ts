/**
 * A head office set up the way docs/head-office.md tells a chain's owner, against a real PostgreSQL: the
 * administrator made with PostgreSQL's own createuser (not a superuser), the database with createdb, then
 * `npm run head-office`; a desk working live against the sandbox service (the doc's "Trying it out") sends
 * its journal; the owner reads the progress and the Z reports.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scramVerifier } from '../../../src/head-office/admin'
import { HEAD_OFFICE_SCHEMA_VERSION } from '../../../src/head-office/schema'
import { businessDay } from '../../../src/shared/day'
import { startTestDesk, type TestDesk } from '../../helpers/desk'
import { QUICK_SYNC, waitSynced } from '../../helpers/head-office'
import {
  giveToServer,
  makeTlsFiles,
  type PgCluster,
  pgBinDir,
  startPgCluster,
} from '../../helpers/pg-cluster'

const run = promisify(execFile)
const TSX = join(process.cwd(), 'node_modules', '.bin', 'tsx')
const CLI = join(process.cwd(), 'src', 'head-office', 'cli.ts')
const ADMIN_PASSWORD = 'admin-password-4471-x'

interface Result {
  code: number
  stdout: string
  stderr: string
}

/** `npm run head-office -- ARGS` with HEADOFFICE_URL set, as the doc does it. */
async function headOfficeCli(url: string, ...args: string[]): Promise<Result> {
  try {
    const r = await run(TSX, [CLI, ...args], { env: { ...process.env, HEADOFFICE_URL: url } })
    return { code: 0, stdout: r.stdout, stderr: r.stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

/** One of PostgreSQL's programs, as `sudo -u postgres PROGRAM …` runs it on the server. */
async function asPostgres(cluster: PgCluster, program: string, ...args: string[]): Promise<void> {
  await run(
    join(pgBinDir(), program),
    ['-h', cluster.host, '-p', String(cluster.port), '-U', 'postgres', ...args],
    {
      env: { ...process.env, PGPASSWORD: cluster.superPassword },
    },
  )
}

async function connect(url: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  return c
}

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('accepted; a refusal was expected')
}

/** A statement as the superuser (what `sudo -u postgres psql -c …` does). */
async function superQuery(cluster: PgCluster, database: string, sql: string): Promise<pg.QueryResultRow[]> {
  const c = await connect(cluster.superUrl(database))
  try {
    return (await c.query(sql)).rows
  } finally {
    await c.end()
  }
}

/** The administrator's password: what `createuser --pwprompt` asks for. */
async function setPassword(cluster: PgCluster, role: string): Promise<void> {
  await superQuery(
    cluster,
    'postgres',
    `ALTER ROLE ${role} PASSWORD ${pg.escapeLiteral(scramVerifier(ADMIN_PASSWORD))}`,
  )
}

/** The doc's code blocks of a language in the subsection under a heading, in order. */
function docBlocks(heading: string, language: string): string[] {
  const doc = readFileSync(join(process.cwd(), 'docs', 'head-office.md'), 'utf8')
  const at = doc.indexOf(`\n${heading}\n`)
  if (at < 0) throw new Error(`docs/head-office.md has no "${heading}"`)
  const rest = doc.slice(at + heading.length + 2)
  const section = rest.slice(0, rest.search(/\n#{2,3} /) >>> 0)
  const blocks = [...section.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))]
  if (blocks.length === 0) throw new Error(`no ${language} block under "${heading}"`)
  return blocks.map((m) => m[1] as string)
}

/** The statements of a block that PostgreSQL runs (psql's own commands, and comments, left out). */
function statements(block: string): string[] {
  return block
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .map((line) => line.replace(/--.*$/, ''))
    .join('\n')
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s !== '')
}

describe("the administrator's URL with _ in the server's name (a Windows or Docker name)", () => {
  it('is read as pg reads it, and refused only as any server elsewhere is; one pg cannot read is said so', async () => {
    // Refused before connecting (no sslmode): as any other server elsewhere, by the name pg read.
    const remote = await headOfficeCli(
      `postgres://headoffice_admin:${ADMIN_PASSWORD}@ho_db:5432/reseller_chain`,
      'status',
    )
    expect(remote.code).toBe(2)
    expect(remote.stderr).toContain('The head office database at ho_db is not on this machine')
    expect(remote.stderr).toContain('add sslmode=verify-full to the URL')
    expect(remote.stderr).not.toContain(ADMIN_PASSWORD)
    const unreadable = await headOfficeCli(
      `postgres://headoffice_admin:${ADMIN_PASSWORD}@ho_db:99999/reseller_chain?sslmode=verify-full`,
      'status',
    )
    expect(unreadable.code).toBe(2)
    expect(unreadable.stderr).toContain('The head office URL cannot be used: Invalid URL')
    expect(unreadable.stderr).not.toContain(ADMIN_PASSWORD)
    expect(unreadable.stdout).toBe('')
  })
})

describe('an administrator made without --createrole', () => {
  let cluster: PgCluster
  let url: string

  beforeAll(async () => {
    cluster = await startPgCluster()
    await asPostgres(cluster, 'createuser', 'plain_admin')
    await asPostgres(cluster, 'createdb', '--owner', 'plain_admin', 'plain_chain')
    await setPassword(cluster, 'plain_admin')
    url = cluster.url('plain_admin', ADMIN_PASSWORD, 'plain_chain')
  })

  afterAll(async () => {
    await cluster?.destroy()
  })

  it('migrate says in plain words what to run, changes nothing, and works once that was run', async () => {
    const refused = await headOfficeCli(url, 'migrate')
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('The role plain_admin may not create roles')
    expect(refused.stderr).toContain('desk_terminal and headoffice_reader')
    expect(refused.stderr).toContain(`sudo -u postgres psql -c 'ALTER ROLE plain_admin CREATEROLE'`)
    expect(refused.stderr).not.toContain('permission denied')
    expect(await superQuery(cluster, 'plain_chain', "SELECT to_regnamespace('headoffice') AS s")).toEqual([
      { s: null },
    ])
    // What the message says to run.
    const command = /psql -c '(.+)'/.exec(refused.stderr)?.[1] ?? ''
    await superQuery(cluster, 'postgres', command)
    const migrated = await headOfficeCli(url, 'migrate')
    expect(migrated.stdout).toContain(`Migrated from version 0 to ${HEAD_OFFICE_SCHEMA_VERSION}`)
    expect(migrated.code).toBe(0)
  })

  it('create-terminal says so too, and creates no role', async () => {
    await superQuery(cluster, 'postgres', 'ALTER ROLE plain_admin NOCREATEROLE')
    const refused = await headOfficeCli(url, 'create-terminal', '--name', 'Souq counter 1')
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(
      'The role plain_admin may not create roles, and create-terminal creates the login role desk_souq_counter_1',
    )
    expect(refused.stderr).toContain(`sudo -u postgres psql -c 'ALTER ROLE plain_admin CREATEROLE'`)
    expect(
      await superQuery(cluster, 'postgres', "SELECT 1 FROM pg_roles WHERE rolname = 'desk_souq_counter_1'"),
    ).toEqual([])
  })

  it('migrate by a role that does not own the database refuses, changing nothing, until the owner closed it', async () => {
    await superQuery(cluster, 'postgres', 'CREATE DATABASE postgres_owned')
    await superQuery(cluster, 'postgres', 'GRANT CREATE ON DATABASE postgres_owned TO plain_admin')
    const ownedUrl = cluster.url('plain_admin', ADMIN_PASSWORD, 'postgres_owned')
    const refused = await headOfficeCli(ownedUrl, 'migrate')
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(
      'Every role of this PostgreSQL may still connect to postgres_owned, or create temporary objects in it: only its owner (postgres) or a superuser can change that',
    )
    expect(refused.stderr).toContain('Nothing was changed.')
    expect(await superQuery(cluster, 'postgres_owned', "SELECT to_regnamespace('headoffice') AS s")).toEqual([
      { s: null },
    ])
    // What the message says to run, then migrate again.
    const command = /psql -c '(.+)'/.exec(refused.stderr)?.[1] ?? ''
    expect(command).toBe(
      'REVOKE CONNECT, TEMPORARY ON DATABASE postgres_owned FROM PUBLIC; GRANT CONNECT ON DATABASE postgres_owned TO plain_admin',
    )
    await superQuery(cluster, 'postgres', command)
    const migrated = await headOfficeCli(ownedUrl, 'migrate')
    expect(migrated.code).toBe(0)
    expect(migrated.stdout).toContain(`Migrated from version 0 to ${HEAD_OFFICE_SCHEMA_VERSION}`)
    // Reporting tools: the one grant the owner still has to make, said with its statement.
    const grant = /psql -c '(.+)'/.exec(migrated.stdout)?.[1] ?? ''
    expect(grant).toBe('GRANT CONNECT ON DATABASE postgres_owned TO headoffice_reader')
    await superQuery(cluster, 'postgres', grant)
    expect(
      await superQuery(
        cluster,
        'postgres',
        "SELECT has_database_privilege('public', 'postgres_owned', 'CONNECT') AS public, has_database_privilege('public', 'postgres_owned', 'TEMPORARY') AS temp, has_database_privilege('headoffice_reader', 'postgres_owned', 'CONNECT') AS reader",
      ),
    ).toEqual([{ public: false, temp: false, reader: true }])
    expect((await headOfficeCli(ownedUrl, 'migrate')).stdout).not.toContain('psql')
  })

  it('create-terminal by a role that does not own the database fails, where PostgreSQL only warned', async () => {
    // The owner closed the database; plain_admin may create roles but cannot grant CONNECT on it.
    await superQuery(cluster, 'postgres', 'ALTER ROLE plain_admin CREATEROLE')
    const created = await headOfficeCli(
      cluster.url('plain_admin', ADMIN_PASSWORD, 'postgres_owned'),
      'create-terminal',
      '--name',
      'Owned counter',
    )
    expect(created.code).toBe(1)
    expect(created.stderr).toContain('no privileges were granted for "postgres_owned"')
    expect(created.stderr).toContain(
      "Only the database's owner (postgres) or a superuser can let the terminal connect",
    )
    expect(created.stdout).not.toContain('password:')
    expect(
      await superQuery(cluster, 'postgres', "SELECT 1 FROM pg_roles WHERE rolname = 'desk_owned_counter'"),
    ).toEqual([])
    await superQuery(cluster, 'postgres', 'ALTER ROLE plain_admin NOCREATEROLE')
  })

  it('create-terminal before migrate says to migrate first', async () => {
    await superQuery(cluster, 'postgres', 'CREATE DATABASE empty_chain OWNER plain_admin')
    const early = await headOfficeCli(
      cluster.url('plain_admin', ADMIN_PASSWORD, 'empty_chain'),
      'create-terminal',
      '--name',
      'Souq counter 1',
    )
    expect(early.code).toBe(1)
    expect(early.stderr).toContain('no head office schema yet: run `npm run head-office -- migrate` first')
  })
})

describe('the administrator’s URL to a server that is not on this machine', () => {
  let cluster: PgCluster
  let tlsDir: string
  let ca: string
  // 0.0.0.0 is not loopback by the desk's rule (neither 127.0.0.0/8, ::1 nor localhost), yet Linux connects it to
  // this machine: a server "elsewhere" that the test can reach without leaving 127.0.0.1.
  const elsewhere = (query = '') => `${cluster.superUrl('chain').replace('@127.0.0.1:', '@0.0.0.0:')}${query}`
  const schema = async () =>
    (await superQuery(cluster, 'chain', "SELECT to_regnamespace('headoffice') AS s"))[0]?.s ?? null

  beforeAll(async () => {
    tlsDir = mkdtempSync(join(tmpdir(), 'ho-cli-tls-'))
    const files = makeTlsFiles(tlsDir, { dns: ['localhost'], ip: ['127.0.0.1', '0.0.0.0'] })
    ca = files.caFile
    giveToServer(tlsDir, 0o755)
    for (const f of readdirSync(tlsDir))
      giveToServer(join(tlsDir, f), f.endsWith('.pem') || f.endsWith('.key') ? 0o600 : 0o644)
    // TLS offered, not required: pg's default (no TLS) would be let in.
    cluster = await startPgCluster({
      tls: { certFile: files.certFile, keyFile: files.keyFile, requireTls: false },
    })
    await cluster.createDatabase('chain')
  })

  afterAll(async () => {
    await cluster?.destroy()
    if (tlsDir) rmSync(tlsDir, { recursive: true, force: true })
  })

  it('is refused before connecting without sslmode=verify-full, with the way to fix the URL', async () => {
    for (const url of [
      elsewhere(),
      elsewhere('?sslmode=disable'),
      elsewhere('?sslmode=prefer'),
      elsewhere('?sslmode=require'),
      elsewhere(`?sslmode=verify-ca&sslrootcert=${ca}`),
      // The server named by a parameter is the one pg connects to.
      `${cluster.superUrl('chain')}?host=0.0.0.0`,
    ]) {
      const refused = await headOfficeCli(url, 'migrate')
      expect(refused.code, url).toBe(2)
      expect(refused.stderr).toContain('The head office database at 0.0.0.0 is not on this machine')
      expect(refused.stderr).toContain(
        'postgres://headoffice_admin:…@db.example.ly:5432/reseller_chain?sslmode=verify-full&sslrootcert=ca.crt',
      )
      expect(refused.stderr).not.toContain(cluster.superPassword)
      expect(refused.stdout).toBe('')
    }
    expect(await schema()).toBeNull()
  })

  it('works over verified TLS with sslmode=verify-full, and on loopback without sslmode as before', async () => {
    const migrated = await headOfficeCli(elsewhere(`?sslmode=verify-full&sslrootcert=${ca}`), 'migrate')
    expect(migrated.stderr).toBe('')
    expect(migrated.stdout).toContain(`Migrated from version 0 to ${HEAD_OFFICE_SCHEMA_VERSION}`)
    expect(migrated.code).toBe(0)
    for (const url of [
      cluster.superUrl('chain'),
      cluster.superUrl('chain').replace('127.0.0.1', 'localhost'),
    ]) {
      const status = await headOfficeCli(url, 'status', '--json')
      expect(status.code, url).toBe(0)
      expect(JSON.parse(status.stdout).terminals).toEqual([])
    }
  })
})

describe('the head office set up as docs/head-office.md says', () => {
  let cluster: PgCluster
  let url: string
  let terminal: { role: string; password: string }
  let desk: TestDesk
  let sandbox: ChildProcess
  let sandboxUrl: string

  beforeAll(async () => {
    cluster = await startPgCluster()
    // Step 1, as the doc writes it (the password is what --pwprompt would ask for).
    await asPostgres(cluster, 'createuser', '--createrole', 'headoffice_admin')
    await asPostgres(cluster, 'createdb', '--owner', 'headoffice_admin', 'reseller_chain')
    await setPassword(cluster, 'headoffice_admin')
    url = cluster.url('headoffice_admin', ADMIN_PASSWORD, 'reseller_chain')
  })

  afterAll(async () => {
    await desk?.close()
    if (sandbox && sandbox.exitCode === null) {
      const exited = new Promise((resolve) => sandbox.once('exit', resolve))
      sandbox.kill('SIGTERM')
      await exited
    }
    await cluster?.destroy()
  })

  it('migrate and create-terminal work, and only the database’s own roles may connect to it', async () => {
    await superQuery(
      cluster,
      'postgres',
      `CREATE ROLE other_app LOGIN PASSWORD ${pg.escapeLiteral(scramVerifier('other-app-password-1'))}`,
    )
    const otherUrl = cluster.url('other_app', 'other-app-password-1', 'reseller_chain')
    // Before migrate every role of the cluster may connect (PostgreSQL's default).
    await (await connect(otherUrl)).end()

    const migrated = await headOfficeCli(url, 'migrate')
    expect(migrated.stderr).toBe('')
    expect(migrated.stdout).toContain(
      `Migrated from version 0 to ${HEAD_OFFICE_SCHEMA_VERSION}: 0001_journal`,
    )
    expect(migrated.stdout).toContain(
      'Other roles of this PostgreSQL may no longer connect to reseller_chain (CONNECT revoked from PUBLIC)',
    )
    expect(await refusal(connect(otherUrl))).toMatch(/permission denied for database "reseller_chain"/)
    const again = await headOfficeCli(url, 'migrate')
    expect(again.stdout.trim()).toBe(
      `The head office schema is up to date (version ${HEAD_OFFICE_SCHEMA_VERSION}).`,
    )

    const created = await headOfficeCli(url, 'create-terminal', '--name', 'Souq counter 1')
    expect(created.stderr).toBe('')
    terminal = {
      role: /role: +(\S+)/.exec(created.stdout)?.[1] ?? '',
      password: /password: (\S+)/.exec(created.stdout)?.[1] ?? '',
    }
    expect(terminal.role).toBe('desk_souq_counter_1')
    const t = await connect(cluster.url(terminal.role, terminal.password, 'reseller_chain'))
    expect((await t.query('SELECT headoffice.my_terminal() AS name')).rows).toEqual([
      { name: 'Souq counter 1' },
    ])
    await t.end()

    // A reporting tool's login role, made as the doc says (as the administrator), may connect and read.
    const admin = await connect(url)
    const [setup] = docBlocks('### Reading the Z reports', 'sql')
    for (const sql of statements(setup ?? '')) await admin.query(sql)
    await admin.query(
      `ALTER ROLE chain_reports PASSWORD ${pg.escapeLiteral(scramVerifier('reports-pw-12345'))}`,
    )
    await admin.end()
    const reports = await connect(cluster.url('chain_reports', 'reports-pw-12345', 'reseller_chain'))
    expect((await reports.query('SELECT count(*)::int AS n FROM headoffice.z_reports')).rows).toEqual([
      { n: 0 },
    ])
    await reports.end()
  })

  it('a desk live on the sandbox sends its sales and its Z; status and the doc’s Z query show them', async () => {
    // "Trying it out": the sandbox as the live service, its default seed, state kept in a file.
    sandbox = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/sandbox/cli.ts', '--port', '0', '--db', join(cluster.dir, 'sandbox.sqlite')],
      { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] },
    )
    const lines = createInterface({ input: sandbox.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]()
    sandboxUrl = String((await lines.next()).value)
    expect(sandboxUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/reseller$/)
    desk = await startTestDesk({ deps: { headOfficeSync: QUICK_SYNC } })
    await desk.call('configureService', { baseUrl: sandboxUrl, username: 'demo', password: 'demo-pass' })
    expect((await desk.call('getStatus')).mode).toBe('live')
    await desk.call('configureHeadOffice', {
      enabled: true,
      host: '127.0.0.1',
      port: cluster.port,
      database: 'reseller_chain',
      user: terminal.role,
      terminal: 'Souq counter 1',
      caFile: null,
      password: terminal.password,
    })
    await desk.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })
    await desk.call('generateVoucher', { denominationId: 4, valueDirhams: 30_000 })
    await desk.call('closeDay', {})
    await waitSynced(desk)

    const admin = await connect(url)
    const held = (
      await admin.query<{ events: number; received: Date }>(
        `SELECT (SELECT count(*)::int FROM headoffice.entry_events) AS events,
                greatest((SELECT max(received_at) FROM headoffice.entry_events),
                         (SELECT max(received_at) FROM headoffice.z_reports)) AS received`,
      )
    ).rows[0]
    await admin.end()
    if (!held) throw new Error('nothing arrived')
    const today = new Date(Date.now() + 2 * 3_600_000).toISOString().slice(0, 10)
    // Tripoli is UTC+2 all year.
    const receivedThere = new Date(held.received.getTime() + 2 * 3_600_000)
      .toISOString()
      .slice(0, 16)
      .replace('T', ' ')

    const status = await headOfficeCli(url, 'status')
    expect(status.code).toBe(0)
    expect(status.stdout).toContain('Times are Africa/Tripoli time (UTC+02:00)')
    expect(status.stdout).toMatch(
      new RegExp(
        `^Souq counter 1 +2 +${held.events} +1 +no\\. 1 of ${today} +${receivedThere} \\((less than a minute|1 min) ago\\)$`,
        'm',
      ),
    )
    const json = JSON.parse((await headOfficeCli(url, 'status', '--json')).stdout)
    expect(json.terminals).toEqual([
      expect.objectContaining({
        terminal: 'Souq counter 1',
        entries: 2,
        events: held.events,
        missingEvents: 0,
        zReports: 1,
        lastReceivedAt: held.received.toISOString(),
      }),
    ])

    // The doc's query for the Z reports of a day, as the reporting role, for today.
    const [query] = statements(docBlocks('### Reading the Z reports', 'sql')[1] ?? '')
    if (!query?.startsWith('SELECT')) throw new Error('the doc has no SELECT for the Z reports')
    const reports = await connect(cluster.url('chain_reports', 'reports-pw-12345', 'reseller_chain'))
    const rows = (await reports.query(query.replace(/\b20\d{6}\b/, String(businessDay(Date.now()))))).rows
    await reports.end()
    expect(rows).toEqual([
      expect.objectContaining({
        terminal: 'Souq counter 1',
        z: 1,
        sales: 2,
        sales_lyd: '35.000',
        earlier_lyd: '0.000',
        with_earlier_lyd: '35.000',
        need_attention: 0,
      }),
    ])
  })

  it("a bogus open deposit recorded by a terminal's role is voided with the doc's statement", async () => {
    // A role whose password leaked records a deposit no counter made: the other counters stop at its phone.
    const role = await connect(cluster.url(terminal.role, terminal.password, 'reseller_chain'))
    const now = new Date().toISOString()
    try {
      await role.query(
        `INSERT INTO headoffice.entries (terminal, id, kind, mode, created_at, created_pc_at, day, amount_dirhams,
           phone, service_account, digest)
         VALUES ('Souq counter 1', 'bogus-1', 'deposit', 'live', $1, $1, 20261127, 999000, '0917777777', 'x', 'x')`,
        [now],
      )
      const open = () =>
        role.query("SELECT entry_id FROM headoffice.chain_open_deposits WHERE entry_id = 'bogus-1'")
      expect((await open()).rows).toEqual([{ entry_id: 'bogus-1' }])
      const admin = await connect(url)
      try {
        const [voiding] = docBlocks("### When a terminal's password may be known to others", 'sql')
        for (const sql of statements(voiding ?? ''))
          await admin.query(sql.replaceAll('Souq counter 2', 'Souq counter 1').replace('ENTRY-ID', 'bogus-1'))
        const state = await admin.query(
          "SELECT status, needs_attention, error_message FROM headoffice.entry_current WHERE id = 'bogus-1'",
        )
        expect(state.rows).toEqual([
          {
            status: 'failed',
            needs_attention: true,
            error_message: 'Voided at the head office: no counter made this deposit',
          },
        ])
      } finally {
        await admin.end()
      }
      expect((await open()).rows).toEqual([])
    } finally {
      await role.end()
    }
  })
})
