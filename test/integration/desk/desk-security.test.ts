import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger, MemorySink } from '../../../src/main/log'
import { businessDay } from '../../../src/shared/day'
import { type AuthProxy, startAuthProxy } from '../../helpers/auth-proxy'
import { BACKUP_PASSPHRASE, DEMO, startTestDesk, type TestDesk } from '../../helpers/desk'
import { MANAGER, type Window, windowOf } from '../../helpers/manager'

/**
 * The holes an outside security review found, each reproduced through the desk API as a page would call it.
 */

describe('output paths named by a caller', () => {
  let td: TestDesk
  let out: string

  beforeAll(async () => {
    td = await startTestDesk({
      backupPassphrase: BACKUP_PASSPHRASE,
      deps: {
        diagnostics: {
          chooseSavePath: async () => null,
          logLines: () => [],
          versions: () => ({}),
        },
      },
    })
    out = mkdtempSync(join(tmpdir(), 'desk-out-'))
    symlinkSync(td.dir, join(out, 'shortcut'), 'dir')
  })

  afterAll(async () => {
    await td?.close()
    rmSync(out, { recursive: true, force: true })
  })

  it('never write through a link into the data folder (diagnostics over settings.json)', async () => {
    const before = readFileSync(join(td.dir, 'settings.json'), 'utf8')
    const refused = await td.rejection('saveDiagnostics', { path: join(out, 'shortcut', 'settings.json') })
    expect(refused).toMatchObject({ code: 'BAD_INPUT', details: { field: 'path' } })
    expect(refused.message).toContain('data folder')
    expect(readFileSync(join(td.dir, 'settings.json'), 'utf8')).toBe(before)
    expect(await td.call('saveDiagnostics', { path: join(out, 'diagnostics.json') })).toEqual({
      path: join(out, 'diagnostics.json'),
    })
  })

  it('refuse exports and backups there too, and a name that only starts with two dots', async () => {
    const today = businessDay(td.desk.workspace().session.clock.now())
    const refusals = await Promise.all([
      td.rejection('exportReport', {
        format: 'csv',
        from: today,
        to: today,
        path: join(out, 'shortcut', 'journal-training.csv'),
      }),
      td.rejection('exportReport', {
        format: 'csv',
        from: today,
        to: today,
        path: join(td.dir, '..day.csv'),
      }),
      td.rejection('backupNow', { folder: join(out, 'shortcut', 'backups') }),
      td.rejection('updateSettings', { backup: { folder: join(out, 'shortcut') } }),
    ])
    expect(refusals.map((r) => r.code)).toEqual(['BAD_INPUT', 'BAD_INPUT', 'BAD_INPUT', 'BAD_INPUT'])
    mkdirSync(join(out, 'backups'))
    // (On the data folder's disk, as the test's folders are: the manager says so.)
    expect((await td.call('backupNow', { folder: join(out, 'backups'), sameDisk: true }))?.folder).toContain(
      out,
    )
  })
})

describe('a repeated requestId', () => {
  let td: TestDesk
  let monotonicMs = 0
  let manager: Window
  let salim: Window
  let huda: Window
  const SALIM = { name: 'Salim', pin: '1357' }
  const HUDA = { name: 'Huda', pin: '2468' }

  beforeAll(async () => {
    td = await startTestDesk({ deps: { monotonicNow: () => performance.now() + monotonicMs } })
    manager = windowOf(td, 'window-manager')
    salim = windowOf(td, 'window-salim')
    huda = windowOf(td, 'window-huda')
    await manager.call('createManager', MANAGER)
    const s = await manager.call('addClerk', { ...SALIM })
    const h = await manager.call('addClerk', { ...HUDA })
    await salim.call('signIn', { personId: s.id, pin: SALIM.pin })
    await huda.call('signIn', { personId: h.id, pin: HUDA.pin })
  })

  afterAll(async () => {
    await td?.close()
  })

  const wholeCode = (id: string) => td.desk.workspace().journal.get(id)?.voucherCode ?? ''
  const shown = async (id: string) =>
    (await manager.call('getEntry', { entryId: id })).events
      .filter((e) => e.type === 'code-shown')
      .map((e) => ({ clerk: e.clerk, via: e.detail?.via }))

  it('records the code shown at the sale: who, when and why', async () => {
    const sale = await salim.call('generateVoucher', {
      denominationId: 1,
      valueDirhams: 5_000,
      requestId: 'sale-shown',
    })
    expect(sale.voucher?.code).toBe(wholeCode(sale.id))
    expect(await shown(sale.id)).toEqual([{ clerk: SALIM.name, via: 'sale' }])
    const event = (await manager.call('getEntry', { entryId: sale.id })).events.find(
      (e) => e.type === 'code-shown',
    )
    expect(Date.parse(event?.at ?? '')).toBeGreaterThan(0)
  })

  it('gives the whole code back only to the sign-in that made the sale, and says so in the journal', async () => {
    const sale = await salim.call('generateVoucher', {
      denominationId: 1,
      valueDirhams: 5_000,
      requestId: 'sale-1',
    })
    const code = wholeCode(sale.id)
    // Another clerk replaying the same requestId (a page script, a copied request) sees the last four only.
    const other = await huda.call('generateVoucher', {
      denominationId: 1,
      valueDirhams: 5_000,
      requestId: 'sale-1',
    })
    expect(other.id).toBe(sale.id)
    expect(other.voucher?.code).not.toBe(code)
    expect(other.voucher?.code).toBe(`${'*'.repeat(code.length - 4)}${code.slice(-4)}`)
    // So does the manager: a whole code again goes through the reprint rules (preview, print).
    expect(
      (await manager.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000, requestId: 'sale-1' }))
        .voucher?.code,
    ).not.toBe(code)
    // The same sign-in, a double click or a lost answer a moment later: the whole code, recorded.
    const again = await salim.call('generateVoucher', {
      denominationId: 1,
      valueDirhams: 5_000,
      requestId: 'sale-1',
    })
    expect(again.voucher?.code).toBe(code)
    expect(await shown(sale.id)).toEqual([
      { clerk: SALIM.name, via: 'sale' },
      { clerk: SALIM.name, via: 'replayed-request' },
    ])
    expect(td.sandbox.controls.ledger().vouchers.filter((v) => v.code === code)).toHaveLength(1)
  })

  it('masks it after the window (2 minutes by default), or after signing in again', async () => {
    const sale = await salim.call('generateVoucher', {
      denominationId: 1,
      valueDirhams: 5_000,
      requestId: 'sale-2',
    })
    const code = wholeCode(sale.id)
    monotonicMs += 121_000
    expect(
      (await salim.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000, requestId: 'sale-2' }))
        .voucher?.code,
    ).not.toBe(code)
    const fresh = await salim.call('generateVoucher', {
      denominationId: 1,
      valueDirhams: 5_000,
      requestId: 'sale-3',
    })
    await salim.call('signOut')
    const people = (await manager.call('listPeople')).people
    await salim.call('signIn', { personId: people.find((p) => p.name === SALIM.name)?.id, pin: SALIM.pin })
    expect(
      (await salim.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000, requestId: 'sale-3' }))
        .voucher?.code,
    ).not.toBe(wholeCode(fresh.id))
    expect(await shown(sale.id)).toEqual([{ clerk: SALIM.name, via: 'sale' }])
  })

  it('follows the manager: the window is a setting, and no clerk reprint means no code again', async () => {
    expect((await manager.call('getSettings')).replayRevealMinutes).toBe(2)
    expect((await salim.rejection('updateSettings', { replayRevealMinutes: 60 })).code).toBe('FORBIDDEN')
    await manager.call('updateSettings', { replayRevealMinutes: 0 })
    const a = await salim.call('generateVoucher', {
      denominationId: 1,
      valueDirhams: 5_000,
      requestId: 'sale-4',
    })
    expect(
      (await salim.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000, requestId: 'sale-4' }))
        .voucher?.code,
    ).not.toBe(wholeCode(a.id))
    await manager.call('updateSettings', { replayRevealMinutes: 5, reprintWindowMinutes: 0 })
    const b = await salim.call('generateVoucher', {
      denominationId: 1,
      valueDirhams: 5_000,
      requestId: 'sale-5',
    })
    expect(b.voucher?.code).toBe(wholeCode(b.id))
    await new Promise((r) => setTimeout(r, 20))
    expect(
      (await salim.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000, requestId: 'sale-5' }))
        .voucher?.code,
    ).not.toBe(wholeCode(b.id))
    await manager.call('updateSettings', { replayRevealMinutes: 2, reprintWindowMinutes: 15 })
  })
})

describe('proxy credentials', () => {
  let td: TestDesk
  let proxy: AuthProxy
  const sink = new MemorySink()
  const SECRET = 's3cret-relay-pass'
  let diagnosticsDir: string

  beforeAll(async () => {
    proxy = await startAuthProxy('relay', SECRET)
    diagnosticsDir = mkdtempSync(join(tmpdir(), 'desk-diag-'))
    td = await startTestDesk({
      deps: {
        log: createLogger(sink),
        diagnostics: { chooseSavePath: async () => null, logLines: () => sink.lines, versions: () => ({}) },
      },
    })
  })

  afterAll(async () => {
    await td?.close()
    await proxy?.close()
    rmSync(diagnosticsDir, { recursive: true, force: true })
  })

  const withCredentials = () => proxy.address.replace('http://', `http://relay:${SECRET}@`)
  const files = () =>
    ['settings.json', 'secrets.json'].map((f) => {
      try {
        return readFileSync(join(td.dir, f), 'utf8')
      } catch {
        return ''
      }
    })

  it('keeps them in the secret store; settings, diagnostics and logs carry the address only', async () => {
    const status = await td.call('configureService', {
      baseUrl: td.sandbox.baseUrl,
      username: DEMO.username,
      password: DEMO.password,
      proxyUrl: withCredentials(),
    })
    expect(status.mode).toBe('live')
    expect(proxy.seen.tunnels).toBeGreaterThan(0)
    expect(proxy.seen.refused).toBe(0)
    const [settingsFile, secretsFile] = files()
    expect(settingsFile).not.toContain(SECRET)
    expect(settingsFile).toContain(proxy.address)
    expect(secretsFile).toContain(SECRET)
    const settings = await td.call('getSettings')
    expect(settings.live).toMatchObject({ proxyUrl: proxy.address, proxyHasCredentials: true })
    expect(JSON.stringify(settings)).not.toContain(SECRET)
    const path = join(diagnosticsDir, 'diagnostics.json')
    await td.call('saveDiagnostics', { path })
    const diagnostics = readFileSync(path, 'utf8')
    expect(diagnostics).not.toContain(SECRET)
    expect(JSON.parse(diagnostics).settings.live).toMatchObject({
      proxyUrl: proxy.address,
      proxyHasCredentials: true,
    })
    expect(sink.lines.join('\n')).not.toContain(SECRET)
  })

  it('uses the kept ones for the same proxy address, and never sends them to another', async () => {
    const tunnels = proxy.seen.tunnels
    expect((await td.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })).status).toBe(
      'issued',
    )
    expect(proxy.seen.tunnels).toBeGreaterThan(tunnels)
    // The address as the Settings screen shows it, without credentials: the saved ones go with it.
    expect(
      await td.call('testConnection', {
        baseUrl: td.sandbox.baseUrl,
        username: DEMO.username,
        password: DEMO.password,
        proxyUrl: proxy.address,
      }),
    ).toMatchObject({ ok: true })
    await td.call('configureService', {
      baseUrl: td.sandbox.baseUrl,
      username: DEMO.username,
      password: DEMO.password,
      proxyUrl: proxy.address,
    })
    expect((await td.call('getSettings')).live?.proxyHasCredentials).toBe(true)
    // Another proxy (here the same one under another name) gets no credentials it was not given.
    const other = proxy.address.replace('127.0.0.1', 'localhost')
    const refused = proxy.seen.refused
    const test = await td.call('testConnection', {
      baseUrl: td.sandbox.baseUrl,
      username: DEMO.username,
      password: DEMO.password,
      proxyUrl: other,
    })
    expect(test).toMatchObject({
      ok: false,
      error: { code: 'NOT_SENT', details: { reason: 'PROXY_REFUSED' } },
    })
    expect(proxy.seen.refused).toBeGreaterThan(refused)
    // No proxy any more: the credentials go from the secret store too.
    await td.call('configureService', {
      baseUrl: td.sandbox.baseUrl,
      username: DEMO.username,
      password: DEMO.password,
      proxyUrl: null,
    })
    expect((await td.call('getSettings')).live).toMatchObject({ proxyUrl: null, proxyHasCredentials: false })
    expect(files()[1]).not.toContain(SECRET)
  })

  it('moves credentials an older version left in settings to the secret store at start', async () => {
    // As an older version wrote them: the whole proxy address in settings.json.
    td.settings.update({
      mode: 'live',
      live: { baseUrl: td.sandbox.baseUrl, username: DEMO.username, proxyUrl: withCredentials() },
    })
    expect(files()[0]).toContain(SECRET)
    await td.restart()
    const [settingsFile, secretsFile] = files()
    expect(settingsFile).not.toContain(SECRET)
    expect(JSON.parse(settingsFile as string).live.proxyUrl).toBe(proxy.address)
    expect(secretsFile).toContain(SECRET)
    expect((await td.call('getStatus')).mode).toBe('live')
    expect((await td.call('getSettings')).live).toMatchObject({
      proxyUrl: proxy.address,
      proxyHasCredentials: true,
    })
    const tunnels = proxy.seen.tunnels
    expect((await td.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })).status).toBe(
      'issued',
    )
    expect(proxy.seen.tunnels).toBeGreaterThan(tunnels)
    expect(sink.lines.join('\n')).not.toContain(SECRET)
  })

  it('forgets them when a manager asks, keeping the address, once the relay works without them', async () => {
    const withoutThem = {
      baseUrl: td.sandbox.baseUrl,
      username: DEMO.username,
      password: DEMO.password,
      proxyUrl: proxy.address,
      forgetProxyCredentials: true,
    }
    // While the relay still asks for them, going without them is refused and nothing changes.
    const refused = await td.rejection('configureService', withoutThem)
    expect(refused).toMatchObject({ code: 'NOT_SENT', details: { reason: 'PROXY_REFUSED' } })
    expect((await td.call('getSettings')).live?.proxyHasCredentials).toBe(true)
    expect(files()[1]).toContain(SECRET)
    // The relay no longer asks: a test goes without them and keeps them; saving forgets them.
    proxy.requireCredentials = false
    try {
      const open = proxy.seen.withoutCredentials
      expect(await td.call('testConnection', withoutThem)).toMatchObject({ ok: true })
      expect(proxy.seen.withoutCredentials).toBeGreaterThan(open)
      expect((await td.call('getSettings')).live?.proxyHasCredentials).toBe(true)
      await td.call('configureService', withoutThem)
      expect((await td.call('getSettings')).live).toMatchObject({
        proxyUrl: proxy.address,
        proxyHasCredentials: false,
      })
      expect(files()[1]).not.toContain(SECRET)
      // Sales go through the same proxy, without them, and so after a restart.
      await td.restart()
      const before = proxy.seen.withoutCredentials
      expect((await td.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })).status).toBe(
        'issued',
      )
      expect(proxy.seen.withoutCredentials).toBeGreaterThan(before)
    } finally {
      proxy.requireCredentials = true
    }
  })
})
