/**
 * The installed app on a real Windows PC (the Windows CI job, after the silent installs). Not part of
 * `npm test` (it needs Windows and the installed apps):
 *
 *   npx tsx test/windows/installed-app.ts --shipped "C:\...\Reseller Desk.exe" \
 *     --test-build "C:\...\Reseller Desk Test Build.exe" --out test-output/windows
 *
 * The shipped build: its fuses and asar integrity; started with `--remote-debugging-port` it refuses (its
 * error box) and the port never answers; started as its shortcut starts it, it runs.
 *
 * The test build (RESELLER_DESK_TEST_BUILD=1: its own name and data folder, never published) is driven over
 * the Chrome DevTools Protocol on a pipe (`--remote-debugging-pipe`, the one switch it admits beyond the
 * shipped build's): first start, one training voucher sale through the real window, a clean quit. No TCP
 * port, and no Playwright `_electron.launch`, which attaches through Node's `--inspect` — shut by a fuse in
 * both builds. The protocol client (cdp-pipe.ts) is run against Chromium by `npm test` (test/e2e/cdp-pipe).
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { readAsarIntegrity, readFuses } from '../helpers/stand-in-electron'
import { type PageSession, PipeCdp } from './cdp-pipe'

const { values } = parseArgs({
  options: { shipped: { type: 'string' }, 'test-build': { type: 'string' }, out: { type: 'string' } },
})
const shipped = values.shipped ?? ''
const testBuild = values['test-build'] ?? ''
const out = values.out ?? 'test-output/windows'
for (const exe of [shipped, testBuild]) if (!existsSync(exe)) throw new Error(`no installed app at ${exe}`)
mkdirSync(out, { recursive: true })
const appData = process.env.APPDATA ?? ''

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

for (const exe of [shipped, testBuild]) {
  const fuses = readFuses(exe)
  check(
    fuses.RunAsNode === '0' &&
      fuses.EnableNodeOptionsEnvironmentVariable === '0' &&
      fuses.EnableNodeCliInspectArguments === '0' &&
      fuses.EnableEmbeddedAsarIntegrityValidation === '1' &&
      fuses.OnlyLoadAppFromAsar === '1' &&
      fuses.EnableCookieEncryption === '1' &&
      fuses.GrantFileProtocolExtraPrivileges === '0',
    `${exe} carries the fuses ${JSON.stringify(fuses)}`,
  )
  check(readAsarIntegrity(exe).length === 1, `${exe} carries the asar integrity of app.asar`)
}

// The shipped build, asked for a DevTools port: it shows its refusal (an error box nobody closes here) and
// the port never opens. Then it is ended.
{
  const port = await freePort()
  const refused = spawn(shipped, [`--remote-debugging-port=${port}`], { stdio: 'ignore' })
  const end = Date.now() + 20_000
  let answered = false
  while (Date.now() < end && !answered) {
    answered = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (r) => r.ok,
      () => false,
    )
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  check(!answered, `the shipped build started with --remote-debugging-port=${port} never opened it`)
  refused.kill()
}

// The shipped build as its shortcut starts it: it runs (its log says the training service started), then it
// is ended. (The installer may have started it once already: only what this start wrote counts.)
{
  const logFile = join(appData, 'reseller-desk', 'logs', 'desk.log')
  const before = existsSync(logFile) ? readFileSync(logFile).length : 0
  const normal = spawn(shipped, [], { stdio: 'ignore' })
  await until('the shipped build to start', async () =>
    existsSync(logFile) && readFileSync(logFile).subarray(before).includes('training service started')
      ? true
      : undefined,
  )
  check(true, 'the shipped build started without switches runs')
  normal.kill()
}

// The test build, driven over the pipe.
const app = spawn(testBuild, ['--remote-debugging-pipe'], {
  stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
})
let exited = false
const exit = new Promise<number | null>((resolve) =>
  app.once('exit', (code) => {
    exited = true
    resolve(code)
  }),
)
const save = async (page: PageSession, name: string) =>
  writeFileSync(join(out, name), await page.screenshot())
const clickButton = (page: PageSession, name: string) =>
  page.evaluate(
    `(() => { const b = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === ${JSON.stringify(name)}); if (!b) throw new Error('no button ${name}'); b.click(); return true })()`,
  )
const heading = (text: string) =>
  `[...document.querySelectorAll('h1, h2, h3')].some((h) => h.textContent.includes(${JSON.stringify(text)}))`

try {
  const cdp = new PipeCdp(app)
  const page = await until('the app window', () => cdp.attachToPage((url) => url.startsWith('app://desk/')))
  check(page.url === 'app://desk/index.html', `the window shows ${page.url}`)
  await page.waitFor('the page to load', "document.readyState === 'complete'")
  check((await page.evaluate('typeof require')) === 'undefined', 'the page has no Node')
  check((await page.evaluate('typeof window.api.getStatus')) === 'function', 'the page has the desk API')
  const csp = await page.evaluate(
    "fetch('/index.html').then((r) => r.headers.get('content-security-policy'))",
  )
  check(typeof csp === 'string' && csp.includes("default-src 'self'"), 'the page comes with its CSP header')
  const outside = await page.evaluate("fetch('/%2e%2e/main/index.js').then((r) => r.status)")
  check(outside === 404, 'an encoded way out of the renderer folder is a 404')

  await page.waitFor('the first-start banner', heading('No manager is set up on this PC'))
  const badge = await page.evaluate<string>("document.querySelector('.training-badge')?.textContent ?? ''")
  check(badge.includes('TRAINING'), 'first start in training')
  await save(page, 'first-start.png')

  await page.evaluate("document.querySelector('.denomination').click()")
  await page.waitFor(
    'the confirm button',
    `[...document.querySelectorAll('button')].some((b) => b.textContent.trim() === 'Confirm sale')`,
  )
  await clickButton(page, 'Confirm sale')
  await page.waitFor('the issued voucher', heading('Voucher issued'))
  const code = (
    await page.evaluate<string>("document.querySelector('.voucher-card .code-big')?.textContent ?? ''")
  ).replaceAll(' ', '')
  check(/^\d{12,}$/.test(code), 'a training voucher was issued')
  await save(page, 'voucher-issued.png')

  // Closing the window quits the app: the desk stops and the journal is closed.
  await page.evaluate('window.close()').catch(() => {})
  const exitCode = await Promise.race([
    exit,
    new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 30_000)),
  ])
  check(exitCode === 0, `the app quit by itself (exit ${exitCode})`)
  const data = join(appData, 'reseller-desk-test-build')
  check(existsSync(join(data, 'journal-training.sqlite')), `the test build's journal is in ${data}`)
  check(!existsSync(join(data, 'journal-training.sqlite-wal')), 'the journal was closed cleanly')
  check(
    readFileSync(join(data, 'logs', 'desk.log'), 'utf8').includes('desk stopped'),
    'the log says the desk stopped',
  )
} finally {
  if (!exited) app.kill()
}
