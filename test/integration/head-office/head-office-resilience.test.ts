/**
 * The sync's guarantees when things go wrong, against a real PostgreSQL: the server stopped in the middle of
 * a batch and started again, a desk offline for a day of sales, a crash between the head office's commit
 * and the desk's mark, a journal restored from an older backup. After catching up: 0 lost, 0 duplicated,
 * events in the desk's order — or a stop that says why, never a silent mix.
 */
import { copyFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FeedBatch, readFeed } from '../../../src/main/journal/head-office-feed'
import type { Sandbox } from '../../../src/sandbox/index'
import { AHMED, MOHAMED, SALE, startTestDesk, type TestDesk } from '../../helpers/desk'
import {
  depositTo,
  joinHeadOffice,
  QUICK_SYNC,
  startChain,
  statusWhen,
  type TestChain,
  type TestHeadOffice,
  waitSynced,
} from '../../helpers/head-office'
import { expectSameHistory } from '../../helpers/history'
import { readJournal } from '../../helpers/journal-file'

const SALES = [SALE.five, SALE.thirty, SALE.hundred]

let chain: TestChain
let ho: TestHeadOffice
let sandbox: Sandbox

beforeAll(async () => {
  chain = await startChain()
  ;({ ho, sandbox } = chain)
})

afterAll(async () => {
  await chain?.close()
})

async function sell(desk: TestDesk, vouchers: number, deposits: number): Promise<void> {
  for (let i = 0; i < vouchers; i++) await desk.call('generateVoucher', SALES[i % 3])
  for (let i = 0; i < deposits; i++) await depositTo(desk, i % 2 ? MOHAMED : AHMED, 1_000 + i)
}

describe('PostgreSQL stopped in the middle of a sync', () => {
  let desk: TestDesk
  let stopOnBatch = 0
  let batches = 0
  /** Holds the desk's batches after the stop until the test has counted what the head office kept. */
  let counted: Promise<void> = Promise.resolve()
  let releaseCounted = () => {}

  beforeAll(async () => {
    desk = await startTestDesk({
      sandbox,
      deps: {
        headOfficeSync: {
          ...QUICK_SYNC,
          batchSize: 50,
          hooks: {
            beforeCommit: async (_batch: FeedBatch) => {
              batches++
              // The server goes away after the batch's rows are written, before its COMMIT.
              if (batches === stopOnBatch) await ho.cluster.stop('immediate')
              // The desk tries again on its own as soon as the server is back: its next batch waits
              // (uncommitted, so unseen) until the test has counted.
              else if (stopOnBatch > 0 && batches > stopOnBatch) await counted
            },
          },
        },
      },
    })
  })

  afterAll(async () => {
    await desk?.close()
  })

  it('the desk keeps selling, shows the lag, and catches up without losing or repeating anything', async () => {
    const t = await ho.terminal('Mid-sync')
    await joinHeadOffice(desk, ho, t, { enabled: false })
    await sell(desk, 60, 10)
    counted = new Promise((resolve) => {
      releaseCounted = resolve
    })
    stopOnBatch = 3
    await joinHeadOffice(desk, ho, t, { enabled: true })
    // Wait until the server has gone away under the third batch.
    for (let i = 0; i < 400 && ho.cluster.running; i++) await new Promise((r) => setTimeout(r, 25))
    expect(ho.cluster.running).toBe(false)
    // Selling does not wait on the head office.
    await sell(desk, 15, 5)
    const down = await statusWhen(desk, (s) => s.state === 'reconnecting')
    expect(down.state).toBe('reconnecting')
    expect(down.error?.code).toBe('HEAD_OFFICE_UNAVAILABLE')
    const entries = readJournal(desk.desk.workspace().journal, (db) =>
      db.prepare('SELECT count(*) AS n FROM entries').get(),
    ) as {
      n: number
    }
    // Two batches of 50 events committed: the rest of 90 entries is behind.
    expect(down.eventsBehind).toBeGreaterThan(0)
    expect(down.entriesBehind).toBeGreaterThan(entries.n - 40)
    expect(down.entriesBehind).toBeLessThanOrEqual(entries.n)
    expect(down.lastReachedAt).not.toBeNull()
    await ho.cluster.start()
    await ho.reconnect()
    const atTheHeadOfficeBefore = Number(
      (
        await ho.query<{ n: string }>(
          "SELECT count(*) AS n FROM headoffice.entry_events WHERE terminal = 'Mid-sync'",
        )
      )[0]?.n,
    )
    // The interrupted batch was rolled back whole: at most the two committed batches are there (the test
    // cluster commits asynchronously, so its crash may lose the last of them too; the desk sends again from
    // what the head office holds).
    expect(atTheHeadOfficeBefore).toBeLessThanOrEqual(100)
    releaseCounted()
    desk.desk.headOffice.sync.kick()
    await waitSynced(desk)
    const events = await expectSameHistory(ho, desk, 'Mid-sync')
    expect(events).toBeGreaterThan(200)
  })
})

describe('a desk offline for a day', () => {
  let desk: TestDesk

  beforeAll(async () => {
    desk = await startTestDesk({ sandbox, deps: { headOfficeSync: { ...QUICK_SYNC, batchSize: 200 } } })
  })

  afterAll(async () => {
    await desk?.close()
  })

  it('catches up a day of sales, unresolved deposits settled meanwhile and a Z report included', async () => {
    const t = await ho.terminal('Offline day')
    await joinHeadOffice(desk, ho, t)
    await sell(desk, 3, 1)
    const synced = await waitSynced(desk)
    // The head office's line is down for the day: the desk points at a port nobody listens on.
    const settings = (await desk.call('getHeadOffice')).settings
    if (!settings) throw new Error('the head office is set up')
    await desk.call('configureHeadOffice', { ...settings, port: 1, password: t.password })
    // While up to date the sync reaches the head office every poll, and a cycle under way when the line
    // went down may still end well: the last contact is known once the sync has found the line down.
    let down = await desk.call('getHeadOfficeStatus')
    for (let i = 0; i < 200 && down.state !== 'reconnecting'; i++) {
      await new Promise((r) => setTimeout(r, 25))
      down = await desk.call('getHeadOfficeStatus')
    }
    expect(down.state).toBe('reconnecting')
    const reachedBefore = down.lastReachedAt
    expect(Date.parse(reachedBefore ?? '')).toBeGreaterThanOrEqual(Date.parse(synced.lastReachedAt ?? ''))
    sandbox.controls.setFaults([{ method: 'POST', path: '/deposit', action: 'drop-before-commit', times: 1 }])
    const unknown = await depositTo(desk, AHMED, 4_321)
    expect(unknown).toMatchObject({ status: 'unknown' })
    await sell(desk, 120, 30)
    const id = (unknown as { id: string }).id
    for (
      let i = 0;
      i < 20 && (await desk.call('retryDeposit', { entryId: id })).status !== 'confirmed';
      i++
    ) {
      await new Promise((r) => setTimeout(r, 100))
    }
    await desk.call('closeDay', {})
    // Until the desk has counted the day's entries as not yet at the head office.
    const offline = await statusWhen(desk, (s) => s.entriesBehind === 151)
    expect(offline).toMatchObject({ state: 'reconnecting', lastReachedAt: reachedBefore })
    expect(offline.entriesBehind).toBe(151)
    // Back online: everything arrives, in order, with the Z report.
    await desk.call('configureHeadOffice', { ...settings, password: t.password })
    await waitSynced(desk)
    const events = await expectSameHistory(ho, desk, 'Offline day')
    expect(events).toBeGreaterThan(450)
    const z = await ho.query<{ number: number; day: number }>(
      "SELECT number, day FROM headoffice.z_reports WHERE terminal = 'Offline day'",
    )
    expect(z).toHaveLength(1)
    const resolved = await ho.query<{ status: string; types: string[] }>(
      `SELECT c.status, array_agg(v.type ORDER BY v.seq) AS types FROM headoffice.entry_current c
       JOIN headoffice.entry_events v ON v.terminal = c.terminal AND v.entry_id = c.id
       WHERE c.terminal = 'Offline day' AND c.id = $1 GROUP BY c.status`,
      [(unknown as { id: string }).id],
    )
    expect(resolved[0]?.status).toBe('confirmed')
    expect(resolved[0]?.types.slice(0, 2)).toEqual(['created', 'sent'])
    expect(resolved[0]?.types.at(-1)).toBe('resolved')
  })
})

describe('a crash between the head office commit and the desk saving its mark', () => {
  it('resumes from what the head office holds: nothing sent twice, nothing skipped', async () => {
    let crashes = 1
    const desk = await startTestDesk({
      sandbox,
      deps: {
        headOfficeSync: {
          ...QUICK_SYNC,
          batchSize: 10,
          hooks: {
            afterCommit: () => {
              if (crashes-- > 0) throw new Error('power cut after commit')
            },
          },
        },
      },
    })
    try {
      const t = await ho.terminal('Crash')
      await joinHeadOffice(desk, ho, t, { enabled: false })
      await sell(desk, 10, 0)
      await joinHeadOffice(desk, ho, t)
      await waitSynced(desk)
      expect(crashes).toBeLessThan(0)
      await expectSameHistory(ho, desk, 'Crash')
    } finally {
      await desk.close()
    }
  })
})

describe('rows the head office already has', () => {
  /** Puts a row at the head office as another sender would, right after the desk's first batch. */
  async function withRowPlanted(name: string, plant: (batch: FeedBatch, desk: TestDesk) => Promise<void>) {
    let planted = false
    let deskRef: TestDesk | null = null
    const desk = await startTestDesk({
      sandbox,
      deps: {
        headOfficeSync: {
          ...QUICK_SYNC,
          batchSize: 5,
          hooks: {
            afterCommit: async (batch: FeedBatch) => {
              if (planted || !deskRef) return
              planted = true
              await plant(batch, deskRef)
            },
          },
        },
      },
    })
    deskRef = desk
    const t = await ho.terminal(name)
    await joinHeadOffice(desk, ho, t, { enabled: false })
    await sell(desk, 6, 0)
    await joinHeadOffice(desk, ho, t)
    return desk
  }

  async function plantEvent(terminal: string, seq: number, desk: TestDesk, digest: string | null) {
    const batch = readFeed(desk.desk.workspace().journal, seq - 1, 1)
    const e = batch.events[0] as FeedBatch['events'][number]
    await ho.query(
      `INSERT INTO headoffice.entry_events (terminal, seq, entry_id, at, type, clerk, detail, digest)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [terminal, seq, e.entryId, e.at, e.type, e.clerk, e.detail, digest ?? e.digest],
    )
  }

  it('the same row sent again is kept once, and the sync goes on', async () => {
    const desk = await withRowPlanted('Same row', (batch, d) =>
      plantEvent('Same row', batch.lastSeq + 1, d, null),
    )
    try {
      await waitSynced(desk)
      await expectSameHistory(ho, desk, 'Same row')
    } finally {
      await desk.close()
    }
  })

  it('a different row under the same number stops the sync; neither row is lost or overwritten', async () => {
    let at = 0
    const desk = await withRowPlanted('Other row', async (batch, d) => {
      at = batch.lastSeq + 1
      await plantEvent('Other row', at, d, 'not-this-desk')
    })
    try {
      for (let i = 0; i < 200 && (await desk.call('getHeadOfficeStatus')).state !== 'stopped'; i++) {
        await new Promise((r) => setTimeout(r, 25))
      }
      const status = await desk.call('getHeadOfficeStatus')
      expect(status.state).toBe('stopped')
      expect(status.error).toMatchObject({ code: 'HEAD_OFFICE_CONFLICT', details: { key: String(at) } })
      const held = await ho.query<{ seq: string; digest: string }>(
        "SELECT seq, digest FROM headoffice.entry_events WHERE terminal = 'Other row' AND seq >= $1 ORDER BY seq",
        [at],
      )
      // The planted row stands, and the batch that met it was rolled back whole.
      expect(held).toEqual([{ seq: String(at), digest: 'not-this-desk' }])
      // The desk's own events past it are all still in its journal, waiting: none was dropped.
      const local = readJournal(desk.desk.workspace().journal, (db) =>
        db.prepare('SELECT max(id) AS last FROM entry_events').get(),
      ) as {
        last: number
      }
      expect(local.last).toBeGreaterThan(at)
      expect((await desk.call('getHeadOfficeStatus')).eventsBehind).toBe(local.last - at + 1)
    } finally {
      await desk.close()
    }
  })
})

describe('a journal restored from an older backup', () => {
  it('stops the sync with a clear reason instead of mixing two histories under one terminal', async () => {
    const desk = await startTestDesk({ sandbox, deps: { headOfficeSync: QUICK_SYNC } })
    const copies = mkdtempSync(join(tmpdir(), 'ho-restore-'))
    try {
      const t = await ho.terminal('Restored')
      await joinHeadOffice(desk, ho, t)
      await sell(desk, 2, 0)
      await waitSynced(desk)
      await desk.desk.workspace().journal.backupTo(join(copies, 'journal-live.sqlite'))
      await sell(desk, 3, 1)
      await waitSynced(desk)
      const before = await ho.query<{ n: string }>(
        "SELECT count(*) AS n FROM headoffice.entry_events WHERE terminal = 'Restored'",
      )
      await desk.desk.stop()
      copyFileSync(join(copies, 'journal-live.sqlite'), join(desk.dir, 'journal-live.sqlite'))
      for (const suffix of ['-wal', '-shm'])
        copyFileSync(join(copies, 'journal-live.sqlite'), join(desk.dir, `journal-live.sqlite${suffix}`))
      await desk.restart()
      const ahead = await statusWhen(desk, (s) => s.state === 'stopped')
      expect(ahead.state).toBe('stopped')
      expect(ahead.error).toMatchObject({ code: 'HEAD_OFFICE_CONFLICT', details: { reason: 'HO_AHEAD' } })
      // Selling goes on; the head office keeps what it had, untouched.
      await sell(desk, 6, 0)
      await expect(desk.desk.headOffice.sync.syncOnce()).rejects.toMatchObject({
        code: 'HEAD_OFFICE_CONFLICT',
        details: { reason: 'HO_DIFFERENT' },
      })
      const after = await ho.query<{ n: string }>(
        "SELECT count(*) AS n FROM headoffice.entry_events WHERE terminal = 'Restored'",
      )
      expect(after).toEqual(before)
    } finally {
      await desk.close()
    }
  })
})
