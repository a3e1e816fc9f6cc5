import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APP_PAGE } from '../../../src/main/electron/app-protocol'
import { CONTENT_SECURITY_POLICY } from '../../../src/main/electron/window'
import { DESK_METHODS } from '../../../src/shared/contract'
import type { Envelope } from '../../helpers/main-harness'
import { runMainHarness } from '../../helpers/run-main-harness'

/**
 * The built main bundle (out/main/index.js), started as the installed app starts it: `app.isPackaged` true,
 * a look-alike page offered through ELECTRON_RENDERER_URL, Electron replaced by the fake module. `npm test`
 * builds first; a single run of this file builds only when there is no bundle (so rebuild after editing main).
 */
const root = mkdtempSync(join(tmpdir(), 'main-bundle-'))
const bundle = resolve('out/main/index.js')
let report: Record<string, unknown>

beforeAll(async () => {
  if (!existsSync(bundle)) {
    execFileSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], {
      stdio: 'ignore',
    })
  }
  report = await runMainHarness({
    bundle,
    appDataDir: join(root, 'AppData', 'Roaming'),
    report: join(root, 'report.json'),
    isPackaged: true,
    version: '0.1.0',
    env: { ELECTRON_RENDERER_URL: 'http://127.0.0.1:9/' },
  })
  if (report.failure) throw new Error(`the harness failed: ${report.failure}`)
}, 120_000)
afterAll(() => rmSync(root, { recursive: true, force: true }))

const envelope = (key: string) => report[key] as Envelope
const userData = () => join(root, 'AppData', 'Roaming', 'reseller-desk')

describe('the packaged main process', () => {
  it('opens one hardened window: sandboxed, isolated, no Node, no DevTools, no menu', () => {
    const options = report.windowOptions as { webPreferences: Record<string, unknown>; show: boolean }
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      devTools: false,
    })
    expect(options.webPreferences.preload).toBe(resolve('out/preload/index.cjs'))
    expect(report.menus).toEqual([null])
    expect(report.shown).toBe(true)
    expect(report.windowOpen).toEqual({ action: 'deny' })
  })

  it('opens its window without first loading what only later work needs', () => {
    const loaded = report.loadedBeforeWindow as string[]
    // The desk's own: the journal, the settings, the service's client, the calls' schemas.
    expect(loaded).toEqual(expect.arrayContaining(['better-sqlite3', 'electron-store', 'undici', 'zod']))
    // A receipt's barcode encoder (loaded once the window is up), the manager's exports (in their worker).
    for (const later of ['bwip-js', 'exceljs', 'pdf-lib', 'harfbuzzjs'])
      expect(loaded, later).not.toContain(later)
  })

  it('loads its page from app://desk/ with the CSP header, never from ELECTRON_RENDERER_URL', () => {
    expect(report.privilegedSchemes).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
    ])
    expect(report.protocols).toEqual(['app'])
    const first = report.firstLoad as { url: string; status: number; headers: Record<string, string> }
    expect(first.url).toBe(APP_PAGE)
    expect(first.status).toBe(200)
    expect(first.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
    expect(report.loadsAfterCrash).not.toContainEqual(expect.stringContaining('127.0.0.1:9'))
    const served = report.served as Record<string, { status: number }>
    expect(served.traversal?.status).toBe(404)
    expect(served.encodedTraversal?.status).toBe(404)
  })

  it('keeps its data in AppData\\Roaming\\reseller-desk whatever the product name', () => {
    expect(report.userData).toBe(userData())
    expect(existsSync(join(userData(), 'settings.json'))).toBe(true)
  })

  it("works out a manager's export and report in its built worker, not on the desk's thread", () => {
    expect(envelope('managerExport')).toMatchObject({ ok: true, value: { state: 'done' } })
    // The two training sales of the smoke test, in the CSV's summary.
    expect(report.managerExportText).toContain('Sales (issued vouchers and confirmed deposits),Total,2,')
    expect(envelope('managerReport')).toMatchObject({ ok: true, value: { sales: { count: 2 } } })
    // Had the worker file not loaded, the desk would have made them on its own thread and said so.
    const log = readFileSync(join(userData(), 'logs', 'desk.log'), 'utf8')
    expect(log).not.toContain('the task runs on the main thread')
    expect(log).not.toContain('stopped part way')
  })

  it('has a handler for every call of the contract, and no other', () => {
    expect([...(report.channels as string[])].sort()).toEqual(DESK_METHODS.map((m) => `desk:${m}`).sort())
  })

  it('refuses calls from another window, another page, a local file, the dev address or a subframe', () => {
    const foreign = report.foreign as Record<string, Envelope>
    expect(Object.keys(foreign)).toHaveLength(5)
    for (const answer of Object.values(foreign)) {
      expect(answer).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: expect.any(String) } })
    }
  })

  it('refuses a call over the input caps before validating it, with a short answer, and does nothing', () => {
    const tooLarge = { ok: false, error: { code: 'BAD_INPUT', details: { reason: 'INPUT_TOO_LARGE' } } }
    const oversized = report.oversized as Record<string, unknown>
    expect(oversized.signIn).toMatchObject(tooLarge)
    expect(oversized.signInBytes).toBeLessThan(300)
    expect(oversized.createManager).toMatchObject(tooLarge)
    expect(oversized.createManagerBytes).toBeLessThan(300)
    expect(oversized.session).toMatchObject({ ok: true, value: { setupNeeded: true, person: null } })
  })

  it('shows the first-start screen, then sells a training voucher through the handlers', () => {
    expect(envelope('firstStart')).toMatchObject({ ok: true, value: { setupNeeded: true, person: null } })
    expect(envelope('createManager')).toMatchObject({ ok: true, value: { person: { role: 'manager' } } })
    expect(envelope('status')).toMatchObject({ ok: true, value: { mode: 'training', journalProblem: null } })
    // Built without a signature (no publisher in app-update.yml): the installed app does not update itself,
    // whatever feed a manager might set, and says why.
    expect(envelope('updates')).toMatchObject({
      ok: true,
      value: {
        currentVersion: '0.1.0',
        state: 'unavailable',
        feed: null,
        error: expect.stringContaining('This build is not signed'),
      },
    })
    const sale = envelope('sale')
    expect(sale).toMatchObject({ ok: true, value: { kind: 'voucher', status: 'issued', mode: 'training' } })
    expect(sale.value?.voucher).toMatchObject({ code: expect.stringMatching(/^\d{12,}$/) })
  })

  it('carries a sale through a renderer crash, reloads the page and tells the clerk', () => {
    expect(envelope('saleDuringCrash')).toMatchObject({ ok: true, value: { status: 'issued' } })
    expect(report.loadsAfterCrash).toEqual([APP_PAGE, APP_PAGE])
    expect(report.dialogs).toEqual([
      {
        kind: 'message',
        options: expect.objectContaining({ type: 'warning', message: expect.stringContaining('reloaded') }),
      },
    ])
    // The sign-in ended with the page: the reloaded page starts at sign-in.
    expect(envelope('afterCrash')).toMatchObject({ ok: false, error: { code: 'NOT_SIGNED_IN' } })
    const log = readFileSync(join(userData(), 'logs', 'desk.log'), 'utf8')
    expect(log).toMatch(/ERROR \[app\/window\] the screen stopped; reloading it .*"reason":"crashed"/)
  })

  it('stops the desk cleanly on quit: both sales on disk, the journal closed', () => {
    expect(report.quitPrevented).toBe(true)
    expect(report.quitCalls).toBe(1)
    expect(report.exitCalls).toEqual([])
    const log = readFileSync(join(userData(), 'logs', 'desk.log'), 'utf8')
    expect(log).toContain('INFO [app] desk stopped')
    const journal = join(userData(), 'journal-training.sqlite')
    // A closed WAL database leaves no -wal file behind.
    expect(existsSync(`${journal}-wal`)).toBe(false)
    const db = new Database(journal, { readonly: true })
    const rows = db.prepare('select kind, status from entries order by created_at').all()
    db.close()
    expect(rows).toEqual([
      { kind: 'voucher', status: 'issued' },
      { kind: 'voucher', status: 'issued' },
    ])
    const ids = [envelope('sale').value?.id, envelope('saleDuringCrash').value?.id]
    expect(new Set(ids).size).toBe(2)
  })
})

describe('the packaged main process built with a signature', () => {
  it('has its updater, checking installers against the publisher the build names', async () => {
    const dir = join(root, 'signed')
    const resourcesDir = join(dir, 'resources')
    mkdirSync(resourcesDir, { recursive: true })
    writeFileSync(
      join(resourcesDir, 'app-update.yml'),
      'provider: generic\nurl: https://updates.invalid/reseller-desk/\nupdaterCacheDirName: reseller-desk-updater\npublisherName:\n  - Reseller Desk Ltd\n',
    )
    const signed = await runMainHarness({
      bundle,
      appDataDir: join(dir, 'AppData', 'Roaming'),
      report: join(dir, 'report.json'),
      isPackaged: true,
      version: '0.1.0',
      resourcesDir,
      updatesOnly: true,
    })
    if (signed.failure) throw new Error(`the harness failed: ${signed.failure}`)
    // No feed address was built in and none is set: the updater is there, waiting for one.
    expect(signed.updates).toMatchObject({
      ok: true,
      value: { state: 'not-configured', feed: null, error: null },
    })
  }, 60_000)
})

/** The built main bundle `bundlePath` started packaged with a command line, expecting a refusal or a window. */
async function startWith(
  bundlePath: string,
  name: string,
  args: string[],
  isPackaged: boolean,
  env: Record<string, string> = {},
) {
  const dir = join(root, name)
  const result = await runMainHarness({
    bundle: bundlePath,
    appDataDir: join(dir, 'AppData', 'Roaming'),
    report: join(dir, 'report.json'),
    isPackaged,
    version: '0.1.0',
    args,
    refusal: true,
    env,
  })
  if (result.failure) throw new Error(`the harness failed: ${result.failure}`)
  return result
}

/** What the system's error box said. */
const said = (result: Record<string, unknown>) =>
  (result.dialogs as { options: { title: string; content: string } }[])[0]?.options

describe('the packaged main process started with a switch of its own command line', () => {
  const start = (name: string, args: string[], isPackaged: boolean, env: Record<string, string> = {}) =>
    startWith(bundle, name, args, isPackaged, env)

  it('refuses to start: no window, no handler, no data folder, and says why', async () => {
    const refused = await start('debug-port', ['--remote-debugging-port=9222'], true)
    expect(refused.exitCalls).toEqual([1])
    expect(refused.windows).toBe(0)
    expect(refused.channels).toEqual([])
    expect(refused.userDataExists).toBe(false)
    expect(refused.dialogs).toEqual([
      {
        kind: 'error',
        options: {
          title: 'Reseller Desk did not start',
          content: expect.stringContaining('(--remote-debugging-port)'),
        },
      },
    ])
    const both = await start(
      'debug-pipe',
      ['--inspect', '--ignore-certificate-errors', '--remote-debugging-pipe'],
      true,
    )
    expect(both.exitCalls).toEqual([1])
    expect(both.windows).toBe(0)
    expect(said(both)?.content).toContain('(--inspect, --ignore-certificate-errors, --remote-debugging-pipe)')
  }, 60_000)

  it('takes only its own switches: the isolation switches a list of dangerous ones missed are refused too', async () => {
    const weakened = await start(
      'weakened',
      ['--no-sandbox', '--disable-gpu-sandbox', '--disable-site-isolation-trials', '--js-flags=--expose-gc'],
      true,
    )
    expect(weakened.exitCalls).toEqual([1])
    expect(weakened.windows).toBe(0)
    expect(said(weakened)?.content).toContain(
      '(--no-sandbox, --disable-gpu-sandbox, --disable-site-isolation-trials, --js-flags)',
    )
    // Chromium reads one dash as a switch too; an argument that is no switch is refused as written.
    const other = await start('one-dash', ['-Remote-Debugging-Port=9222', 'C:\\evil\\page.html'], true)
    expect(other.exitCalls).toEqual([1])
    expect(said(other)?.content).toContain('(--remote-debugging-port, C:\\evil\\page.html)')
  }, 60_000)

  it('starts with what its installer passes after an update, and unpackaged (a developer’s run) with anything', async () => {
    const updated = await start('updated', ['--updated'], true)
    expect(updated.exitCalls).toEqual([])
    expect(updated.windows).toBe(1)
    const developer = await start('developer', ['--remote-debugging-port=9222', '--no-sandbox'], false)
    expect(developer.exitCalls).toEqual([])
    expect(developer.windows).toBe(1)
  }, 60_000)

  it('refuses to start while a variable that changes the certificate checks is set, and says which', async () => {
    const off = await start('tls-off', [], true, { NODE_TLS_REJECT_UNAUTHORIZED: '0' })
    expect(off.exitCalls).toEqual([1])
    expect(off.windows).toBe(0)
    expect(off.channels).toEqual([])
    expect(off.userDataExists).toBe(false)
    expect(said(off)?.title).toBe('Reseller Desk did not start')
    expect(said(off)?.content).toContain(
      'Reseller Desk does not start while these environment variables are set (NODE_TLS_REJECT_UNAUTHORIZED)',
    )
    expect(said(off)?.content).toContain('متغيرات البيئة')
    const both = await start('tls-both', ['--inspect'], true, {
      NODE_TLS_REJECT_UNAUTHORIZED: '1',
      NODE_EXTRA_CA_CERTS: join(root, 'someone-else.pem'),
    })
    expect(both.exitCalls).toEqual([1])
    expect(said(both)?.content).toContain('(--inspect)')
    expect(said(both)?.content).toContain('(NODE_TLS_REJECT_UNAUTHORIZED, NODE_EXTRA_CA_CERTS)')
    const developer = await start('tls-developer', [], false, { NODE_EXTRA_CA_CERTS: join(root, 'dev.pem') })
    expect(developer.exitCalls).toEqual([])
    expect(developer.windows).toBe(1)
  }, 60_000)
})

describe('the test build (RESELLER_DESK_TEST_BUILD=1 when bundled): what the Windows workflow drives', () => {
  // Inside the project, so the bundle finds the project's node_modules as out/ does (test-output/ is ignored).
  const testBuild = resolve('test-output', 'test-build')

  beforeAll(() => {
    execFileSync(
      process.execPath,
      ['node_modules/electron-vite/bin/electron-vite.js', 'build', '--outDir', testBuild],
      { stdio: 'ignore', env: { ...process.env, RESELLER_DESK_TEST_BUILD: '1' } },
    )
  }, 180_000)

  it('admits the DevTools protocol over a pipe, never a TCP port, and keeps its own data folder', async () => {
    const bundlePath = join(testBuild, 'main', 'index.js')
    const piped = await startWith(bundlePath, 'test-build-pipe', ['--remote-debugging-pipe'], true)
    expect(piped.exitCalls).toEqual([])
    expect(piped.windows).toBe(1)
    expect(piped.userData).toBe(
      join(root, 'test-build-pipe', 'AppData', 'Roaming', 'reseller-desk-test-build'),
    )
    const port = await startWith(bundlePath, 'test-build-port', ['--remote-debugging-port=9222'], true)
    expect(port.exitCalls).toEqual([1])
    expect(said(port)?.content).toContain('(--remote-debugging-port)')
    // The shipped build refuses the pipe (above, with --inspect); the test build is the only one taking it.
  }, 90_000)
})

describe('the customer display under the packaged main process (issue 34)', () => {
  let follow: Record<string, unknown>
  const envelopeOf = (key: string) => follow[key] as Envelope
  type Facts = {
    options: Record<string, unknown> & { webPreferences: Record<string, unknown> }
    bounds: { x: number; y: number; width: number; height: number }
    loads: string[]
    shown: boolean
    shownInactive: boolean
    fullScreen: boolean
    zoomLimits: [number, number] | null
  }

  beforeAll(async () => {
    const dir = join(root, 'customer-display')
    follow = await runMainHarness({
      bundle,
      appDataDir: join(dir, 'AppData', 'Roaming'),
      report: join(dir, 'report.json'),
      isPackaged: true,
      version: '0.1.0',
      customerDisplay: 'follow',
    })
    if (follow.failure) throw new Error(`the harness failed: ${follow.failure}`)
  }, 120_000)

  it('opens nothing until a manager chooses a display, then lists the displays the system has', () => {
    expect(follow.beforeChoice).toEqual({ customerWindows: 0 })
    expect(envelopeOf('setup')).toMatchObject({
      ok: true,
      value: {
        placesWindows: true,
        open: false,
        settings: { display: null, language: 'ar', customerConfirms: false },
        displays: [
          { id: 1, label: 'Clerk monitor', primary: true },
          { id: 2, label: 'Customer monitor', primary: false, touch: 'available' },
        ],
      },
    })
  })

  it('makes its window on the chosen display: full screen, frameless, unfocusable, no preload, the secure preferences', () => {
    // The label kept is the system's, not the one the page sent.
    expect(envelopeOf('configured')).toMatchObject({
      ok: true,
      value: { open: true, settings: { display: { id: 2, label: 'Customer monitor' } } },
    })
    const opened = follow.opened as Facts
    expect(opened.options).toMatchObject({
      x: 1920,
      y: 0,
      width: 1024,
      height: 768,
      fullscreen: true,
      frame: false,
      focusable: false,
      skipTaskbar: true,
      show: false,
    })
    expect(opened.options.webPreferences).toEqual({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      devTools: false,
    })
    expect(opened.options.webPreferences).not.toHaveProperty('preload')
    expect(opened.loads).toEqual(['app://desk/customer.html'])
    expect(opened).toMatchObject({ shown: true, shownInactive: true, fullScreen: true, zoomLimits: [1, 1] })
    expect(follow.firstView).toEqual({ state: 'idle', language: 'ar', training: true, outletName: '' })
  })

  it('gives its page no calls and lets it neither navigate, open a window nor take a key', () => {
    expect(envelopeOf('fromCustomerPage')).toEqual({
      ok: false,
      error: { code: 'FORBIDDEN', message: expect.any(String) },
    })
    expect(follow.refusedByThePage).toEqual({
      navigateAway: true,
      navigateToTheDesk: true,
      key: true,
      windowOpen: { action: 'deny' },
    })
  })

  it('pushes what main decided: the first name and the masked phone, never the number', () => {
    expect(follow.nameView).toMatchObject({
      state: 'name',
      holder: { firstName: 'محمد', maskedPhone: '••• ••• •678' },
      confirm: null,
    })
    expect(follow.scriptsOfTheDeposit).not.toContain('912345')
    expect(follow.scriptsOfTheDeposit).not.toContain('0912345678')
  })

  it('takes the customer’s "Yes, this is me" from its page’s own top frame only', () => {
    expect(envelopeOf('answerFromASubframe')).toMatchObject({
      ok: true,
      value: { confirmedByCustomer: null },
    })
    expect(envelopeOf('answer')).toMatchObject({
      ok: true,
      value: { open: true, customerConfirms: true, confirmedByCustomer: '0912345678' },
    })
  })

  it('closes its window when the display goes, and makes it again on it when it comes back; puts it back when moved', () => {
    const unplugged = follow.unplugged as {
      firstDestroyed: boolean
      customerWindows: number
      setup: Envelope
    }
    expect(unplugged).toMatchObject({ firstDestroyed: true, customerWindows: 0 })
    expect(unplugged.setup).toMatchObject({ value: { open: false, displays: [{ id: 1 }] } })
    const back = follow.pluggedBack as Facts & { view: unknown; newWindow: boolean }
    expect(back.newWindow).toBe(true)
    expect(back.options).toMatchObject({
      x: 1920,
      y: 0,
      width: 1024,
      height: 768,
      focusable: false,
      frame: false,
    })
    expect(back.loads).toEqual(['app://desk/customer.html'])
    expect(back.view).toMatchObject({ language: 'ar', training: true })
    expect(follow.movedBack).toEqual({
      bounds: { x: 1920, y: 0, width: 1024, height: 768 },
      sameWindow: true,
    })
  })

  it('opens nothing on a PC left with one display, unless the manager chooses that display', () => {
    expect(follow.singleDisplay).toEqual({ customerWindows: 0 })
    const asked = follow.managerAsked as Facts
    expect(asked.options).toMatchObject({
      x: 0,
      y: 0,
      width: 1920,
      height: 1080,
      frame: false,
      focusable: false,
    })
    expect(follow.turnedOff).toEqual({ customerWindows: 0 })
  })

  it('starts on one display with another display chosen: no customer window', async () => {
    const dir = join(root, 'customer-display-single')
    const single = await runMainHarness({
      bundle,
      appDataDir: join(dir, 'AppData', 'Roaming'),
      report: join(dir, 'report.json'),
      isPackaged: true,
      version: '0.1.0',
      customerDisplay: 'single',
      settings: { customerDisplay: { display: { id: 2, label: 'Customer monitor' }, language: 'en' } },
    })
    if (single.failure) throw new Error(`the harness failed: ${single.failure}`)
    expect(single.windows).toBe(1)
    expect(single.setup).toMatchObject({
      ok: true,
      value: { open: false, settings: { display: { id: 2 }, language: 'en' }, displays: [{ id: 1 }] },
    })
  }, 60_000)
})
