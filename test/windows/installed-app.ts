/**
 * The installed app on a real Windows PC (the Windows CI job, after the silent install): its fuses and asar
 * integrity, its first start, one training voucher sale through the real window, a clean quit. Not part of
 * `npm test` (it needs Windows and the installed app):
 *
 *   npx tsx test/windows/installed-app.ts --exe "C:\...\Reseller Desk.exe" --out test-output/windows
 *
 * The window is driven with Playwright over the Chrome DevTools Protocol (`--remote-debugging-port`, a
 * Chromium switch) rather than Playwright's `_electron.launch`: that one attaches through Node's `--inspect`,
 * which the shipped app's EnableNodeCliInspectArguments fuse turns off (Playwright documents the clash), and
 * this job tests the installer that ships, not a build with a fuse turned back on.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium, type Page } from 'playwright-core'
import { readAsarIntegrity, readFuses } from '../helpers/stand-in-electron'

const { values } = parseArgs({ options: { exe: { type: 'string' }, out: { type: 'string' } } })
const exe = values.exe ?? ''
const out = values.out ?? 'test-output/windows'
if (!existsSync(exe)) throw new Error(`no installed app at ${exe}`)
mkdirSync(out, { recursive: true })

function check(condition: unknown, what: string): void {
  if (!condition) throw new Error(`FAILED: ${what}`)
  console.log(`ok - ${what}`)
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = await probe().catch(() => undefined)
    if (value !== undefined) return value
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

const fuses = readFuses(exe)
check(
  fuses.RunAsNode === '0' &&
    fuses.EnableNodeOptionsEnvironmentVariable === '0' &&
    fuses.EnableNodeCliInspectArguments === '0' &&
    fuses.EnableEmbeddedAsarIntegrityValidation === '1' &&
    fuses.OnlyLoadAppFromAsar === '1' &&
    fuses.EnableCookieEncryption === '1' &&
    fuses.GrantFileProtocolExtraPrivileges === '0',
  `the installed exe carries the fuses ${JSON.stringify(fuses)}`,
)
check(readAsarIntegrity(exe).length === 1, 'the installed exe carries the asar integrity of app.asar')

const port = await freePort()
const app = spawn(exe, [`--remote-debugging-port=${port}`], { stdio: 'ignore' })
let exited = false
const exit = new Promise<number | null>((resolve) =>
  app.once('exit', (code) => {
    exited = true
    resolve(code)
  }),
)

try {
  await until('the DevTools endpoint', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/json/version`)
    return response.ok ? true : undefined
  })
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  const page = await until<Page>('the app window', async () =>
    browser
      .contexts()
      .flatMap((c) => c.pages())
      .find((p) => p.url().startsWith('app://desk/')),
  )
  check(page.url() === 'app://desk/index.html', `the window shows ${page.url()}`)
  check((await page.evaluate('typeof require')) === 'undefined', 'the page has no Node')
  check((await page.evaluate('typeof window.api.getStatus')) === 'function', 'the page has the desk API')
  const csp = await page.evaluate(
    "fetch('/index.html').then((r) => r.headers.get('content-security-policy'))",
  )
  check(typeof csp === 'string' && csp.includes("default-src 'self'"), 'the page comes with its CSP header')
  const outside = await page.evaluate("fetch('/%2e%2e/main/index.js').then((r) => r.status)")
  check(outside === 404, 'an encoded way out of the renderer folder is a 404')

  await page.getByRole('heading', { name: 'No manager is set up on this PC' }).waitFor({ timeout: 60_000 })
  check(
    ((await page.locator('.training-badge').textContent()) ?? '').includes('TRAINING'),
    'first start in training',
  )
  await page.screenshot({ path: join(out, 'first-start.png') })

  await page.locator('.denomination').first().click()
  await page.getByRole('button', { name: 'Confirm sale' }).click()
  await page.getByRole('heading', { name: 'Voucher issued' }).waitFor({ timeout: 60_000 })
  const code = ((await page.locator('.voucher-card .code-big').textContent()) ?? '').replaceAll(' ', '')
  check(/^\d{12,}$/.test(code), 'a training voucher was issued')
  await page.screenshot({ path: join(out, 'voucher-issued.png') })

  // Closing the window quits the app: the desk stops and the journal is closed.
  await page.evaluate('window.close()').catch(() => {})
  await browser.close().catch(() => {})
  const exitCode = await Promise.race([
    exit,
    new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 30_000)),
  ])
  check(exitCode === 0, `the app quit by itself (exit ${exitCode})`)
  const data = join(process.env.APPDATA ?? '', 'reseller-desk')
  check(existsSync(join(data, 'journal-training.sqlite')), `the journal is in ${data}`)
  check(!existsSync(join(data, 'journal-training.sqlite-wal')), 'the journal was closed cleanly')
  check(
    readFileSync(join(data, 'logs', 'desk.log'), 'utf8').includes('desk stopped'),
    'the log says the desk stopped',
  )
} finally {
  if (!exited) app.kill()
}
