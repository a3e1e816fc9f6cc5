import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from '../../src/sandbox/index'
import { type BrowserShell, startBrowserShell } from '../../src/shells/browser/server'
import { type AuthProxy, startAuthProxy } from '../helpers/auth-proxy'
import { DEMO, deskSeed } from '../helpers/desk'
import { type Browser, launchBrowser, screenshot, signInOnScreen, watchErrors } from './support/browser'
import { buildRendererForTest } from './support/renderer'

/**
 * Two holes of the security review, as a clerk's page would use them: a script in the window calls
 * window.api through the browser shell, exactly as the renderer does. The desk runs live, against a service
 * reached through a proxy that wants a username and password — which an older version kept in settings.
 */
const MANAGER = { name: 'Fatima', pin: '2580' }
const SALIM = { name: 'Salim', pin: '1357' }
const HUDA = { name: 'Huda', pin: '2468' }
const PROXY_SECRET = 'relay-pass-7731'

let live: Sandbox
let proxy: AuthProxy
let shell: BrowserShell
let browser: Browser
let workDir: string
let dataDir: string
let rendererDir: string
let managerPage: Page
let salimPage: Page
let hudaPage: Page

/** A call made by the page's own script; rejections come back as the plain error the page sees. */
async function pageCall<T = unknown>(
  page: Page,
  method: string,
  input?: unknown,
): Promise<{ ok: true; value: T } | { ok: false; code: string }> {
  return page.evaluate(
    async ([m, i]) => {
      try {
        const api = (globalThis as unknown as { api: Record<string, (x: unknown) => Promise<unknown>> }).api
        return { ok: true as const, value: (await api[m as string]?.(i)) as never }
      } catch (e) {
        return { ok: false as const, code: (e as { code: string }).code }
      }
    },
    [method, input] as const,
  )
}

async function value<T>(page: Page, method: string, input?: unknown): Promise<T> {
  const result = await pageCall<T>(page, method, input)
  if (!result.ok) throw new Error(`${method}: ${result.code}`)
  return result.value
}

async function openPage(): Promise<Page> {
  const page = await browser.newPage()
  await page.goto(shell.url)
  await page.waitForFunction(() => 'api' in globalThis)
  return page
}

beforeAll(async () => {
  rendererDir = await buildRendererForTest()
  live = await startSandbox({ seed: deskSeed() })
  proxy = await startAuthProxy('relay', PROXY_SECRET)
  workDir = mkdtempSync(join(tmpdir(), 'desk-e2e-security-'))
  dataDir = join(workDir, 'data')
  mkdirSync(dataDir)
  // What an older version left: the live service with the proxy's username and password in settings.json.
  // (Training mode at start: the browser shell needs its training sandbox running to start at all.)
  writeFileSync(
    join(dataDir, 'settings.json'),
    JSON.stringify({
      mode: 'training',
      live: {
        baseUrl: live.baseUrl,
        username: DEMO.username,
        proxyUrl: proxy.address.replace('http://', `http://relay:${PROXY_SECRET}@`),
      },
    }),
  )
  writeFileSync(join(dataDir, 'development-secrets.json'), JSON.stringify({ 'live-password': DEMO.password }))
  shell = await startBrowserShell({ dataDir, rendererDir })
  browser = await launchBrowser()
  managerPage = await openPage()
  await value(managerPage, 'createManager', MANAGER)
  const salim = await value<{ id: string }>(managerPage, 'addClerk', SALIM)
  const huda = await value<{ id: string }>(managerPage, 'addClerk', HUDA)
  salimPage = await openPage()
  await value(salimPage, 'signIn', { personId: salim.id, pin: SALIM.pin })
  hudaPage = await openPage()
  await value(hudaPage, 'signIn', { personId: huda.id, pin: HUDA.pin })
  await value(managerPage, 'useLive')
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await shell?.close()
  await proxy?.close()
  await live?.close()
  rmSync(workDir, { recursive: true, force: true })
  rmSync(rendererDir, { recursive: true, force: true })
})

describe('proxy credentials, through the browser shell', () => {
  it('moved from settings to the secret store at start, and the live service still goes through the proxy', async () => {
    expect(readFileSync(join(dataDir, 'settings.json'), 'utf8')).not.toContain(PROXY_SECRET)
    expect(readFileSync(join(dataDir, 'development-secrets.json'), 'utf8')).toContain(PROXY_SECRET)
    expect(await value(salimPage, 'getStatus')).toMatchObject({ mode: 'live' })
    const tunnels = proxy.seen.tunnels
    expect(
      await value(salimPage, 'generateVoucher', { denominationId: 1, valueDirhams: 5_000 }),
    ).toMatchObject({
      status: 'issued',
    })
    expect(proxy.seen.tunnels).toBeGreaterThan(tunnels)
    expect(proxy.seen.refused).toBe(0)
  })

  it('never reach a clerk’s page, the diagnostics file or the log', async () => {
    const settings = await value<{ live: unknown }>(salimPage, 'getSettings')
    expect(settings.live).toMatchObject({ proxyUrl: proxy.address, proxyHasCredentials: true })
    expect(JSON.stringify(settings)).not.toContain(PROXY_SECRET)
    expect(JSON.stringify(settings)).not.toContain('relay:')
    // Nothing on the page itself holds them either.
    expect(await salimPage.content()).not.toContain(PROXY_SECRET)
    const saved = await value<{ path: string }>(managerPage, 'saveDiagnostics', {})
    const diagnostics = readFileSync(saved.path, 'utf8')
    expect(diagnostics).not.toContain(PROXY_SECRET)
    expect(JSON.parse(diagnostics).settings.live.proxyHasCredentials).toBe(true)
    for (const name of readdirSync(join(dataDir, 'logs'))) {
      expect(readFileSync(join(dataDir, 'logs', name), 'utf8')).not.toContain(PROXY_SECRET)
    }
  })
})

describe('a repeated requestId, through the browser shell', () => {
  type Sale = { id: string; voucher?: { code: string } }
  const wholeCode = (id: string) => shell.app.desk.workspace().journal.get(id)?.voucherCode ?? ''

  it('gives a voucher’s whole code back only to the page that sold it, and records each time it did', async () => {
    const sale = await value<Sale>(salimPage, 'generateVoucher', {
      denominationId: 4,
      valueDirhams: 30_000,
      requestId: 'r-1',
    })
    const code = wholeCode(sale.id)
    expect(code).toMatch(/^\d{12,}$/)
    expect(sale.voucher?.code).toBe(code)
    // Another clerk's page sends the same requestId: the same entry, the last four digits only.
    const replayed = await value<Sale>(hudaPage, 'generateVoucher', {
      denominationId: 4,
      valueDirhams: 30_000,
      requestId: 'r-1',
    })
    expect(replayed.id).toBe(sale.id)
    expect(replayed.voucher?.code).toBe(`${'*'.repeat(code.length - 4)}${code.slice(-4)}`)
    // The selling page asking again (its answer was lost) gets it whole.
    const again = await value<Sale>(salimPage, 'generateVoucher', {
      denominationId: 4,
      valueDirhams: 30_000,
      requestId: 'r-1',
    })
    expect(again.voucher?.code).toBe(code)
    expect(live.controls.ledger().vouchers.filter((v) => v.code === code)).toHaveLength(1)
    const detail = await value<{ events: { type: string; clerk?: string; detail?: { via?: string } }[] }>(
      managerPage,
      'getEntry',
      { entryId: sale.id },
    )
    expect(detail.events.filter((e) => e.type === 'code-shown').map((e) => [e.clerk, e.detail?.via])).toEqual(
      [
        [SALIM.name, 'sale'],
        [SALIM.name, 'replayed-request'],
      ],
    )
  })

  it('gives nothing whole once the manager sets the replay window to 0', async () => {
    await value(managerPage, 'updateSettings', { replayRevealMinutes: 0 })
    const sale = await value<Sale>(salimPage, 'generateVoucher', {
      denominationId: 1,
      valueDirhams: 5_000,
      requestId: 'r-2',
    })
    const again = await value<Sale>(salimPage, 'generateVoucher', {
      denominationId: 1,
      valueDirhams: 5_000,
      requestId: 'r-2',
    })
    expect(again.voucher?.code).not.toBe(wholeCode(sale.id))
    expect(await pageCall(salimPage, 'updateSettings', { replayRevealMinutes: 60 })).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    })
  })
})

describe('the manager’s screens', () => {
  it('show the proxy address only, say its sign-in is saved, and offer the replay window', async () => {
    const page = await openPage()
    const errors = watchErrors(page)
    await signInOnScreen(page, MANAGER.name, MANAGER.pin)
    for (const width of [1024, 1366]) {
      await page.setViewportSize({ width, height: 768 })
      await page.keyboard.press('F4')
      const proxyField = page.getByLabel('Proxy (optional)')
      await expect.poll(() => proxyField.inputValue()).toBe(proxy.address)
      await page.getByText(/Its username and password are saved/).waitFor()
      await proxyField.scrollIntoViewIfNeeded()
      await screenshot(page, `en-40-settings-proxy-${width}`)
      // Going without them is a tick away, and the hint says what saving will do.
      const forget = page.getByLabel('Use this proxy without its saved username and password')
      await forget.check()
      await page.getByText(/saving forgets the ones kept/).waitFor()
      await screenshot(page, `en-40-settings-proxy-forget-${width}`)
      await forget.uncheck()
      await page.getByText(/Its username and password are saved/).waitFor()
      await page.keyboard.press('F5')
      await page.getByRole('tab', { name: 'People' }).click()
      const replay = page.getByLabel('A repeated sale shows its whole code again for this many minutes')
      await expect.poll(() => replay.inputValue()).toBe('0')
      await replay.scrollIntoViewIfNeeded()
      await screenshot(page, `en-41-people-replay-${width}`)
      await page.getByRole('button', { name: 'العربية' }).click()
      await expect.poll(() => page.evaluate('document.documentElement.dir')).toBe('rtl')
      await page.getByLabel('يُعرض الرمز كاملاً عند تكرار طلب البيع خلال هذا العدد من الدقائق').waitFor()
      await screenshot(page, `ar-41-people-replay-${width}`)
      await page.keyboard.press('F4')
      await page.getByText(/اسم المستخدم وكلمة المرور الخاصان به محفوظان/).waitFor()
      await page.getByLabel('الوسيط (اختياري)').scrollIntoViewIfNeeded()
      await page.getByLabel('استخدام هذا الوسيط دون اسم المستخدم وكلمة المرور المحفوظين').check()
      await page.getByText(/والحفظ يمحو المحفوظَين/).waitFor()
      await screenshot(page, `ar-40-settings-proxy-${width}`)
      await page.getByLabel('استخدام هذا الوسيط دون اسم المستخدم وكلمة المرور المحفوظين').uncheck()
      await page.getByRole('button', { name: 'English' }).click()
    }
    // The manager sets the replay window back from the screen, with the keyboard.
    await page.keyboard.press('F5')
    await page.getByRole('tab', { name: 'People' }).click()
    const replay = page.getByLabel('A repeated sale shows its whole code again for this many minutes')
    await replay.fill('61')
    await page.getByText('0 – 60').waitFor()
    await replay.fill('2')
    await replay.press('Enter')
    await page.getByText('Saved.', { exact: true }).waitFor()
    expect(
      (await value<{ replayRevealMinutes: number }>(managerPage, 'getSettings')).replayRevealMinutes,
    ).toBe(2)
    expect(errors).toEqual([])
  })
})
