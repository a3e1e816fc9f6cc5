/**
 * The head office schema against a real PostgreSQL: migrations, terminal roles, row-level security and the
 * append-only rule, proven with the terminals' own connections.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTerminal, roleNameFor, scramVerifier, terminalProgress } from '../../../src/head-office/admin'
import { HEAD_OFFICE_SCHEMA_VERSION, loadMigrations, migrate } from '../../../src/head-office/schema'
import { accountChannel, DEPOSITS_CHANNEL } from '../../../src/main/head-office/notices'
import { type PgCluster, startPgCluster } from '../../helpers/pg-cluster'

const run = promisify(execFile)

let cluster: PgCluster
let admin: pg.Client
const DB = 'chain'

async function connectAs(user: string, password: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: cluster.url(user, password, DB) })
  await c.connect()
  return c
}

async function pgError(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p
  } catch (error) {
    return error as { code: string; message: string }
  }
  throw new Error('the statement was accepted; a refusal was expected')
}

function entryRow(terminal: string, id: string, extra: Record<string, unknown> = {}) {
  // Recent: open deposits count for 30 days.
  const now = new Date().toISOString()
  return {
    terminal,
    id,
    kind: 'deposit',
    mode: 'live',
    created_at: now,
    created_pc_at: now,
    day: 20250301,
    amount_dirhams: 10_000,
    phone: '0912345678',
    service_account: 'https://svc|demo',
    digest: 'x',
    ...extra,
  }
}

async function insertEntry(c: pg.Client, row: Record<string, unknown>) {
  const cols = Object.keys(row)
  await c.query(
    `INSERT INTO headoffice.entries (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
    Object.values(row),
  )
}

async function insertEvent(c: pg.Client, row: Record<string, unknown>) {
  const cols = Object.keys(row)
  await c.query(
    `INSERT INTO headoffice.entry_events (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
    Object.values(row),
  )
}

async function insertState(c: pg.Client, row: Record<string, unknown>) {
  const full = {
    attempts: 1,
    needs_attention: false,
    confirmed_by_duplicate: false,
    updated_at: new Date().toISOString(),
    ...row,
  }
  const cols = Object.keys(full)
  await c.query(
    `INSERT INTO headoffice.entry_states (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
    Object.values(full),
  )
}

beforeAll(async () => {
  cluster = await startPgCluster()
  await cluster.createDatabase(DB)
  admin = new pg.Client({ connectionString: cluster.superUrl(DB) })
  await admin.connect()
})

afterAll(async () => {
  await admin?.end()
  await cluster?.destroy()
})

describe('migrations', () => {
  it('the CLI migrates, says so when up to date, creates a terminal and reports progress', async () => {
    const url = cluster.superUrl(DB)
    const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx')
    const cli = join(process.cwd(), 'src', 'head-office', 'cli.ts')
    const first = await run(tsx, [cli, 'migrate', '--url', url])
    expect(first.stdout).toContain(`Migrated from version 0 to ${HEAD_OFFICE_SCHEMA_VERSION}: 0001_journal`)
    const again = await run(tsx, [cli, 'migrate'], { env: { ...process.env, HEADOFFICE_URL: url } })
    expect(again.stdout).toContain(`up to date (version ${HEAD_OFFICE_SCHEMA_VERSION})`)
    const created = await run(tsx, [cli, 'create-terminal', '--url', url, '--name', 'Souq counter 1'])
    expect(created.stdout).toContain('role:     desk_souq_counter_1')
    const password = /password: (\S+)/.exec(created.stdout)?.[1] ?? ''
    expect(password.length).toBeGreaterThanOrEqual(20)
    const terminal = await connectAs('desk_souq_counter_1', password)
    expect((await terminal.query('SELECT headoffice.my_terminal() AS t')).rows[0].t).toBe('Souq counter 1')
    await terminal.end()
    const status = await run(tsx, [cli, 'status', '--url', url])
    expect(status.stdout).toMatch(
      /^Souq counter 1 +0 +0 +0 +- +never \(no desk has sent as this terminal yet\)$/m,
    )
    const missing = await run(tsx, [cli, 'migrate']).catch((e: { code: number; stderr: string }) => e)
    expect(missing).toMatchObject({ code: 2 })
  })

  it('ships one file per schema version, numbered without gaps', () => {
    expect(loadMigrations().map((m) => m.version)).toEqual(
      Array.from({ length: HEAD_OFFICE_SCHEMA_VERSION }, (_, i) => i + 1),
    )
  })

  it('refuses an applied migration that was edited, and a database from a newer build', async () => {
    const edited = loadMigrations().map((m) => ({ ...m, checksum: 'changed' }))
    await expect(migrate(admin, edited)).rejects.toThrow(/differs from the one applied/)
    const fewer = loadMigrations().slice(0, HEAD_OFFICE_SCHEMA_VERSION - 1)
    await expect(migrate(admin, fewer)).rejects.toThrow(/this build knows/)
  })

  it('a failing migration leaves the database as it was', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ho-mig-'))
    for (const m of loadMigrations())
      writeFileSync(join(dir, `${String(m.version).padStart(4, '0')}_${m.name}.sql`), m.sql)
    writeFileSync(
      join(dir, `${String(HEAD_OFFICE_SCHEMA_VERSION + 1).padStart(4, '0')}_broken.sql`),
      'CREATE TABLE headoffice.half (x int); SELECT 1/0;',
    )
    await expect(migrate(admin, loadMigrations(dir))).rejects.toThrow(/division by zero/)
    const half = await admin.query("SELECT to_regclass('headoffice.half') AS t")
    expect(half.rows[0].t).toBeNull()
    const v = await admin.query('SELECT max(version) AS v FROM headoffice.schema_migrations')
    expect(v.rows[0].v).toBe(HEAD_OFFICE_SCHEMA_VERSION)
  })
})

describe('terminal roles', () => {
  let a: pg.Client
  let b: pg.Client

  beforeAll(async () => {
    const ta = await createTerminal(admin, { name: 'Counter A' })
    const tb = await createTerminal(admin, { name: 'Counter B', role: 'desk_b' })
    a = await connectAs(ta.role, ta.password)
    b = await connectAs(tb.role, tb.password)
  })

  afterAll(async () => {
    await a?.end()
    await b?.end()
  })

  it('a terminal inserts its own rows and reads them back', async () => {
    await insertEntry(a, entryRow('Counter A', 'a1'))
    await insertEvent(a, {
      terminal: 'Counter A',
      seq: 1,
      entry_id: 'a1',
      at: '2025-03-01T08:00:00Z',
      type: 'created',
      digest: 'x',
    })
    await insertState(a, {
      terminal: 'Counter A',
      entry_id: 'a1',
      seq: 1,
      status: 'pending',
      amount_dirhams: 10_000,
    })
    const own = await a.query('SELECT id FROM headoffice.entries')
    expect(own.rows).toEqual([{ id: 'a1' }])
  })

  it("cannot write another terminal's rows", async () => {
    const e = await pgError(insertEntry(a, entryRow('Counter B', 'forged')))
    expect(e.code).toBe('42501')
    expect(e.message).toMatch(/row-level security/)
    await insertEntry(b, entryRow('Counter B', 'b1'))
    const ev = await pgError(
      insertEvent(a, {
        terminal: 'Counter B',
        seq: 99,
        entry_id: 'b1',
        at: '2025-03-01T08:00:00Z',
        type: 'created',
        digest: 'x',
      }),
    )
    expect(ev.code).toBe('42501')
  })

  it('cannot update, delete or truncate, even its own rows', async () => {
    for (const sql of [
      "UPDATE headoffice.entries SET amount_dirhams = 1 WHERE id = 'a1'",
      "DELETE FROM headoffice.entries WHERE id = 'a1'",
      "UPDATE headoffice.entry_events SET type = 'x' WHERE seq = 1",
      "UPDATE headoffice.entry_states SET status = 'failed'",
      'DELETE FROM headoffice.entry_states',
      'DELETE FROM headoffice.entry_events',
      'TRUNCATE headoffice.entries CASCADE',
      'DELETE FROM headoffice.terminal_claims',
      "UPDATE headoffice.terminals SET role_name = 'desk_b'",
    ]) {
      const e = await pgError(a.query(sql))
      expect(e.code, sql).toBe('42501')
    }
  })

  it('says it is there only for itself, through heard_from() alone (schema 2)', async () => {
    await a.query('SELECT headoffice.heard_from()')
    await b.query('SELECT headoffice.heard_from()')
    const heard = async () =>
      Object.fromEntries(
        (
          await admin.query<{ terminal: string; heard_at: Date }>(
            'SELECT terminal, heard_at FROM headoffice.terminal_presence',
          )
        ).rows.map((r) => [r.terminal, r.heard_at.getTime()]),
      )
    const before = await heard()
    expect(Object.keys(before).sort()).toEqual(['Counter A', 'Counter B'])
    // The table itself is closed to terminals: neither B's row nor its own, neither read nor written.
    for (const sql of [
      "UPDATE headoffice.terminal_presence SET heard_at = now() WHERE terminal = 'Counter B'",
      "INSERT INTO headoffice.terminal_presence VALUES ('Counter B', now())",
      'DELETE FROM headoffice.terminal_presence',
      'SELECT * FROM headoffice.terminal_presence',
    ]) {
      expect((await pgError(a.query(sql))).code, sql).toBe('42501')
    }
    await new Promise((r) => setTimeout(r, 20))
    await a.query('SELECT headoffice.heard_from()')
    const after = await heard()
    expect(after['Counter A']).toBeGreaterThan(before['Counter A'] ?? 0)
    expect(after['Counter B']).toBe(before['Counter B'])
    // Both see when each was last heard from, as figures.
    const seen = await a.query<{ terminal: string; last_heard_at: Date | null }>(
      `SELECT terminal, last_heard_at FROM headoffice.chain_terminals
       WHERE terminal IN ('Counter A', 'Counter B') ORDER BY terminal`,
    )
    expect(seen.rows.map((r) => [r.terminal, r.last_heard_at?.getTime()])).toEqual([
      ['Counter A', after['Counter A']],
      ['Counter B', after['Counter B']],
    ])
  })

  it("sees no other terminal's rows, only the chain-wide figures", async () => {
    await insertEvent(b, {
      terminal: 'Counter B',
      seq: 1,
      entry_id: 'b1',
      at: '2025-03-01T09:00:00Z',
      type: 'answered',
      digest: 'x',
    })
    await insertState(b, {
      terminal: 'Counter B',
      entry_id: 'b1',
      seq: 1,
      status: 'confirmed',
      amount_dirhams: 10_000,
    })
    const forged = await pgError(
      insertState(a, {
        terminal: 'Counter B',
        entry_id: 'b1',
        seq: 2,
        status: 'failed',
        amount_dirhams: 10_000,
      }),
    )
    expect(forged.code).toBe('42501')
    expect((await a.query('SELECT terminal FROM headoffice.entries')).rows).toEqual([
      { terminal: 'Counter A' },
    ])
    expect((await a.query('SELECT terminal FROM headoffice.entry_events')).rows).toEqual([
      { terminal: 'Counter A' },
    ])
    const denied = await pgError(a.query('SELECT * FROM headoffice.entry_current'))
    expect(denied.code).toBe('42501')
    const use = await a.query(
      'SELECT terminal, used_dirhams, open_dirhams FROM headoffice.chain_day_use WHERE day = 20250301 ORDER BY terminal',
    )
    expect(use.rows).toEqual([
      { terminal: 'Counter A', used_dirhams: '0', open_dirhams: '10000' },
      { terminal: 'Counter B', used_dirhams: '10000', open_dirhams: '0' },
    ])
    const open = await b.query('SELECT terminal, phone FROM headoffice.chain_open_deposits')
    expect(open.rows).toEqual([{ terminal: 'Counter A', phone: '0912345678' }])
  })

  it("cannot read another terminal's rows through a chain view with a condition of its own (schema 3)", async () => {
    // B's b1 is confirmed: no view shows it to A. Evaluated on b1, this condition's error would show B's phone.
    const leaky = `SELECT terminal, phone FROM headoffice.chain_open_deposits
      WHERE CASE WHEN terminal = 'Counter B' THEN ('x' || phone)::int = 0 ELSE false END`
    expect((await a.query(leaky)).rows).toEqual([])
    // Nor can it plant a function of its own beside the views: no temporary objects for anyone but the owner.
    const temp = await pgError(a.query("CREATE FUNCTION pg_temp.f() RETURNS int LANGUAGE sql AS 'SELECT 1'"))
    expect(temp.code).toBe('42501')
  })

  it('shares daily-limit refusals as figures, leaving out a malformed one and future open deposits', async () => {
    const limit = { dailyMaxDirhams: 3_000_000, usedTodayDirhams: 2_900_000, remainingDirhams: 100_000 }
    const voucher = { day: 20250302, kind: 'voucher', phone: null }
    await insertEntry(b, entryRow('Counter B', 'b2', voucher))
    await insertEntry(b, entryRow('Counter B', 'b3', voucher))
    for (const [seq, entry, figures] of [
      [2, 'b2', { ...limit, requestedDirhams: 500_000 }],
      [3, 'b3', { ...limit, requestedDirhams: 'a lot' }],
    ] as const) {
      await insertEvent(b, {
        terminal: 'Counter B',
        seq,
        entry_id: entry,
        at: '2025-03-02T10:00:00Z',
        type: 'answered',
        http_status: 422,
        detail: JSON.stringify({ code: 'DAILY_LIMIT_EXCEEDED', limit: figures }),
        digest: 'x',
      })
    }
    const shared = await a.query(
      `SELECT terminal, service_account, day, daily_max_dirhams, used_today_dirhams, remaining_dirhams,
         requested_dirhams FROM headoffice.chain_limit_reports`,
    )
    expect(shared.rows).toEqual([
      {
        terminal: 'Counter B',
        service_account: 'https://svc|demo',
        day: 20250302,
        daily_max_dirhams: '3000000',
        used_today_dirhams: '2900000',
        remaining_dirhams: '100000',
        requested_dirhams: '500000',
      },
    ])
    // Only as figures: the entries and events themselves stay B's.
    expect(
      (await a.query("SELECT * FROM headoffice.entry_events WHERE terminal = 'Counter B'")).rows,
    ).toEqual([])
    // A deposit dated ahead of the head office's clock never stops deposits to its phone elsewhere.
    await insertEntry(
      b,
      entryRow('Counter B', 'b4', { created_at: '2999-01-01T00:00:00Z', phone: '0919999999' }),
    )
    const open = await a.query(
      "SELECT entry_id FROM headoffice.chain_open_deposits WHERE terminal = 'Counter B'",
    )
    expect(open.rows).toEqual([])
  })

  it('even the owner cannot change or remove a recorded row', async () => {
    const e = await pgError(admin.query("UPDATE headoffice.entries SET amount_dirhams = 1 WHERE id = 'a1'"))
    expect(e.message).toMatch(/append-only/)
    const d = await pgError(admin.query("DELETE FROM headoffice.entry_events WHERE terminal = 'Counter A'"))
    expect(d.message).toMatch(/append-only/)
  })

  it('a role that is not a registered terminal reads no figures and writes nothing', async () => {
    await admin.query(
      `CREATE ROLE stray LOGIN PASSWORD ${pg.escapeLiteral(scramVerifier('stray-password-123456'))} IN ROLE desk_terminal`,
    )
    // migrate took CONNECT away from PUBLIC: a role of the cluster that is not a terminal cannot even connect.
    const shut = await pgError(connectAs('stray', 'stray-password-123456'))
    expect(shut.message).toMatch(/permission denied for database "chain"/)
    // Let in, it still reads and writes nothing.
    await admin.query(`GRANT CONNECT ON DATABASE ${DB} TO stray`)
    const stray = await connectAs('stray', 'stray-password-123456')
    try {
      expect((await stray.query('SELECT * FROM headoffice.chain_day_use')).rows).toEqual([])
      expect((await stray.query('SELECT * FROM headoffice.chain_open_deposits')).rows).toEqual([])
      const e = await pgError(insertEntry(stray, entryRow('Counter A', 'stray1')))
      expect(e.code).toBe('42501')
      // Nor can it say it is a terminal that is there.
      expect((await pgError(stray.query('SELECT headoffice.heard_from()'))).code).toBe('42501')
    } finally {
      await stray.end()
    }
  })

  it('progress counts events per terminal', async () => {
    const rows = (await terminalProgress(admin)).terminals
    expect(rows.find((r) => r.terminal === 'Counter A')).toMatchObject({ lastSeq: 1, seqCount: 1 })
  })

  it('role names come from the terminal name: Latin as it is, Arabic in Latin letters with a stable short hash', () => {
    expect(roleNameFor('Souq Counter 2')).toBe('desk_souq_counter_2')
    // Readable, and the same name always makes the same role (it was random, or desk_2 for both below).
    expect(roleNameFor('فرع الميناء 2')).toMatch(/^desk_fra_almina_2_[0-9a-f]{6}$/)
    expect(roleNameFor('فرع السوق 2')).toMatch(/^desk_fra_alsuq_2_[0-9a-f]{6}$/)
    expect(roleNameFor('منفذ السوق')).toBe(roleNameFor(' منفذ السوق '))
    expect(roleNameFor('مصراتة ٣')).toMatch(/^desk_msrata_3_[0-9a-f]{6}$/)
    // Names the letters would make alike keep apart: the hash is of the name itself.
    expect(roleNameFor('Café 1')).not.toBe(roleNameFor('Cafe 1'))
    expect(roleNameFor(`${'a'.repeat(45)} 1`)).not.toBe(roleNameFor(`${'a'.repeat(45)} 2`))
  })

  it('two Arabic terminals with the same number get their own roles; a role taken says to use --role', async () => {
    const port = await createTerminal(admin, { name: 'فرع الميناء 2' })
    const souq = await createTerminal(admin, { name: 'فرع السوق 2' })
    expect(port.role).not.toBe(souq.role)
    const t = await connectAs(souq.role, souq.password)
    try {
      expect((await t.query('SELECT headoffice.my_terminal() AS name')).rows).toEqual([
        { name: 'فرع السوق 2' },
      ])
    } finally {
      await t.end()
    }
    const taken = await createTerminal(admin, { name: 'فرع المطار 2', role: souq.role }).catch(
      (e: Error) => e,
    )
    expect((taken as Error).message).toBe(
      `The role ${souq.role} is already the terminal "فرع السوق 2": give this terminal another role with --role, such as --role ${souq.role}_2. Nothing was changed.`,
    )
    const again = await createTerminal(admin, { name: 'فرع السوق 2' }).catch((e: Error) => e)
    expect((again as Error).message).toContain('A terminal named "فرع السوق 2" is already registered')
    expect(
      (await admin.query("SELECT count(*)::int AS n FROM headoffice.terminals WHERE name LIKE 'فرع%'")).rows,
    ).toEqual([{ n: 2 }])
  })
})

describe('notices (schema 4)', () => {
  it("tell the desks listening on the rows' account, and on deposits, once a commit; nothing rolled back or trained", async () => {
    const t = await createTerminal(admin, { name: 'Notices' })
    const sender = await connectAs(t.role, t.password)
    const listener = new pg.Client({ connectionString: cluster.superUrl(DB) })
    await listener.connect()
    const demo = accountChannel('https://svc|demo')
    const other = accountChannel('https://svc|other')
    const heard: string[] = []
    listener.on('notification', (n) =>
      heard.push(n.channel === demo ? 'demo' : n.channel === other ? 'other' : n.channel),
    )
    let seq = 0
    /** One transaction of a desk's batch: an entry, its event and its state; then what the listener heard. */
    async function batch(id: string, extra: Record<string, unknown>, end: 'COMMIT' | 'ROLLBACK') {
      // Emptied before the batch, never after its COMMIT: its notices may already be in by then.
      heard.length = 0
      await sender.query('BEGIN')
      await insertEntry(sender, entryRow('Notices', id, extra))
      await insertEvent(sender, {
        terminal: 'Notices',
        seq: ++seq,
        entry_id: id,
        at: new Date().toISOString(),
        type: 'created',
        digest: 'x',
      })
      await insertState(sender, {
        terminal: 'Notices',
        entry_id: id,
        seq,
        status: 'pending',
        amount_dirhams: 1,
      })
      await sender.query(end)
      if (end === 'ROLLBACK') seq--
      // Notices arrive in commit order: the fence, committed after, comes after the batch's.
      await sender.query("NOTIFY fence, ''")
      const deadline = Date.now() + 10_000
      while (!heard.includes('fence')) {
        if (Date.now() > deadline) throw new Error('the fence never came')
        await new Promise((r) => setTimeout(r, 5))
      }
      return heard.filter((c) => c !== 'fence')
    }
    try {
      for (const channel of [demo, other, DEPOSITS_CHANNEL, 'fence'])
        await listener.query(`LISTEN "${channel}"`)
      // A terminal's own role fires the trigger (its rows, under row-level security); one notice per channel.
      expect(await batch('n1', { kind: 'voucher', phone: null }, 'COMMIT')).toEqual(['demo'])
      expect((await batch('n2', { service_account: 'https://svc|other' }, 'COMMIT')).sort()).toEqual([
        'headoffice_deposits',
        'other',
      ])
      expect(await batch('n3', {}, 'ROLLBACK')).toEqual([])
      expect(await batch('n4', { mode: 'training' }, 'COMMIT')).toEqual([])
      // What was heard lands (the notices say only that): the rows are there.
      expect((await sender.query('SELECT id FROM headoffice.entries ORDER BY id')).rows).toEqual([
        { id: 'n1' },
        { id: 'n2' },
        { id: 'n4' },
      ])
    } finally {
      await sender.end()
      await listener.end()
    }
  })
})

describe("the head office's functions and a terminal's temporary objects", () => {
  let role: string
  let password: string

  beforeAll(async () => {
    const t = await createTerminal(admin, { name: 'Counter T', role: 'desk_t' })
    role = t.role
    password = t.password
  })

  it('every function of the schema looks in pg_catalog before the temporary schema', async () => {
    const { rows } = await admin.query<{ fn: string; config: string[] | null }>(
      `SELECT p.oid::regprocedure::text AS fn, p.proconfig AS config
       FROM pg_proc p WHERE p.pronamespace = 'headoffice'::regnamespace ORDER BY 1`,
    )
    expect(rows.length).toBeGreaterThanOrEqual(6)
    for (const r of rows) expect(r.config, r.fn).toContain('search_path=pg_catalog, pg_temp')
  })

  it('a type planted in pg_temp never runs as the schema’s owner, even for a terminal allowed temporary objects', async () => {
    // The documented setup takes TEMPORARY from PUBLIC; a database where someone gave it back must still hold.
    await admin.query(`GRANT TEMPORARY ON DATABASE ${DB} TO ${role}`)
    const c = await connectAs(role, password)
    try {
      // The check of a type named like a built-in one, in the terminal's own temporary schema: PostgreSQL looks
      // there first for type names unless the function's search_path names pg_temp, last.
      await c.query(`CREATE FUNCTION pg_temp.planted(v pg_catalog.text) RETURNS boolean LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM pg_catalog.set_config('planted.ran_as', current_user, false);
          EXECUTE 'ALTER TABLE headoffice.entries DISABLE TRIGGER entries_append_only';
          RETURN true;
        END $$`)
      await c.query('CREATE DOMAIN pg_temp.text AS pg_catalog.text CHECK (pg_temp.planted(VALUE))')
      await c.query(
        'CREATE DOMAIN pg_temp.timestamptz AS pg_catalog.timestamptz CHECK (pg_temp.planted(VALUE::pg_catalog.text))',
      )
      await c.query('SELECT headoffice.heard_from()')
      await c.query('SELECT * FROM headoffice.chain_use_since(20250301, NULL)')
      await c.query('SELECT headoffice.my_terminal(), headoffice.may_read_chain()')
      await c.query('SELECT * FROM headoffice.chain_limit_reports')
      const ran = await c.query("SELECT current_setting('planted.ran_as', true) AS who")
      expect(ran.rows[0].who ?? '').toBe('')
      // The append-only rule still holds for everyone.
      const trigger = await admin.query(
        "SELECT tgenabled FROM pg_trigger WHERE tgname = 'entries_append_only' AND tgrelid = 'headoffice.entries'::regclass",
      )
      expect(trigger.rows).toEqual([{ tgenabled: 'O' }])
    } finally {
      await c.end()
      await admin.query(`REVOKE TEMPORARY ON DATABASE ${DB} FROM ${role}`)
    }
  })

  it('the owner’s functions name their types by schema (schema 5): a planted type is not theirs even without the pinned search_path', async () => {
    await admin.query(`GRANT TEMPORARY ON DATABASE ${DB} TO ${role}`)
    // As if the pin were lost (a function restored from elsewhere, a hand-made ALTER): the caller's path rules.
    await admin.query('ALTER FUNCTION headoffice.heard_from() RESET search_path')
    await admin.query('ALTER FUNCTION headoffice.chain_use_since(integer, timestamptz) RESET search_path')
    const c = await connectAs(role, password)
    try {
      await c.query(`CREATE FUNCTION pg_temp.planted(v pg_catalog.text) RETURNS boolean LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM pg_catalog.set_config('planted.ran_as', current_user, false);
          RETURN true;
        END $$`)
      await c.query('CREATE DOMAIN pg_temp.text AS pg_catalog.text CHECK (pg_temp.planted(VALUE))')
      await c.query(
        'CREATE DOMAIN pg_temp.int8 AS pg_catalog.int8 CHECK (pg_temp.planted(VALUE::pg_catalog.text))',
      )
      await c.query(
        'CREATE DOMAIN pg_temp.timestamptz AS pg_catalog.timestamptz CHECK (pg_temp.planted(VALUE::pg_catalog.text))',
      )
      await c.query('SELECT headoffice.heard_from()')
      await c.query('SELECT * FROM headoffice.chain_use_since(20250301, NULL)')
      const ran = await c.query("SELECT current_setting('planted.ran_as', true) AS who")
      expect(ran.rows[0].who ?? '').toBe('')
    } finally {
      await c.end()
      await admin.query(`REVOKE TEMPORARY ON DATABASE ${DB} FROM ${role}`)
      // The next migrate pins them again.
      await migrate(admin)
    }
    const { rows } = await admin.query<{ config: string[] | null }>(
      "SELECT proconfig AS config FROM pg_proc WHERE proname IN ('heard_from', 'chain_use_since')",
    )
    for (const r of rows) expect(r.config).toContain('search_path=pg_catalog, pg_temp')
  })
})
