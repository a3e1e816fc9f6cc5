/**
 * Runs a built main bundle (`out/main/index.js`, or the one inside an unpacked app.asar) in plain Node with the
 * fake `electron` module, as an installed app would start, and writes what happened to a JSON report:
 * the window and its page, the IPC handlers, a foreign page's calls, a first start and a training voucher
 * sale through the handlers, a renderer crash in the middle of a sale, and the quit (or, with awaitEntry, a
 * start on a data folder a kill left behind).
 *
 *   node --import tsx test/helpers/main-harness.ts '<HarnessConfig as JSON>'
 *
 * It runs in its own process (the bundle registers process-wide handlers and servers) and exits when done.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { registerHooks } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { businessDay } from '../../src/shared/day'
import { CUSTOMER_DISPLAYS, customerDisplayScenario } from './customer-display-harness'
import { type FakeDisplay, installFakeElectron } from './fake-electron'

export interface HarnessConfig {
  bundle: string
  appDataDir: string
  report: string
  isPackaged: boolean
  version: string
  /** Set before the bundle loads (a packaged app must ignore ELECTRON_RENDERER_URL). */
  env?: Record<string, string>
  /** Only start and wait for the first load (for the benchmark). */
  startOnly?: boolean
  /**
   * Started on a data folder that a kill left with this entry open: wait until the start-up work has settled
   * it (the desk's own re-send), report it with its events and the status, and quit.
   */
  awaitEntry?: string
  /** The command line after the executable, as typed (`--remote-debugging-port=9222`). */
  args?: string[]
  /** Expect the start to be refused: report what it did (exits, windows, dialogs, handlers) and stop. */
  refusal?: boolean
  /** Where fake-electron-module.mjs is, when this harness runs bundled elsewhere (the benchmark). */
  fakeElectronModule?: string
  /** The installed app's resources folder (process.resourcesPath), holding app-update.yml as the build wrote it. */
  resourcesDir?: string
  /** Only start, ask the update status (as the Settings screen does) and quit. */
  updatesOnly?: boolean
  /**
   * The customer display: `follow` runs customer-display-harness.ts on two displays; `single` starts on one
   * display with the second one chosen in settings, and reports the windows.
   */
  customerDisplay?: 'follow' | 'single'
  /** Written to the data folder's settings.json before the bundle loads. */
  settings?: Record<string, unknown>
}

export interface Envelope {
  ok: boolean
  value?: Record<string, unknown> & { status?: string; items?: { id: number; valueDirhams: number }[] }
  error?: { code: string; message: string }
}

const config = JSON.parse(process.argv[2] ?? '{}') as HarnessConfig
const fakeModule = pathToFileURL(
  config.fakeElectronModule ?? join(import.meta.dirname, 'fake-electron-module.mjs'),
).href
/** Every module loaded, by import or require, in order: what the app had loaded at a given moment. */
const loaded: string[] = []
registerHooks({
  resolve(specifier, context, next) {
    if (specifier === 'electron') return { url: fakeModule, format: 'module', shortCircuit: true }
    return next(specifier, context)
  },
  load(url, context, next) {
    loaded.push(url)
    return next(url, context)
  },
})

/** The packages (node_modules) loaded so far, by name. */
function loadedPackages(): string[] {
  const names = loaded.map((url) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1])
  return [...new Set(names.filter((name): name is string => name !== undefined))].sort()
}
for (const [name, value] of Object.entries(config.env ?? {})) process.env[name] = value
if (config.resourcesDir) (process as { resourcesPath?: string }).resourcesPath = config.resourcesDir
// What Electron's process.argv holds for an installed app: the executable, then what it was started with.
process.argv = [join(config.appDataDir, '..', 'Reseller Desk.exe'), ...(config.args ?? [])]

const displays: FakeDisplay[] | undefined =
  config.customerDisplay === 'follow'
    ? CUSTOMER_DISPLAYS
    : config.customerDisplay === 'single'
      ? CUSTOMER_DISPLAYS.slice(0, 1)
      : undefined
const electron = installFakeElectron({
  appDataDir: config.appDataDir,
  isPackaged: config.isPackaged,
  version: config.version,
  ...(config.args ? { args: config.args } : {}),
  ...(displays ? { displays } : {}),
})
if (config.settings) {
  const folder = join(config.appDataDir, 'reseller-desk')
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, 'settings.json'), JSON.stringify(config.settings))
}
const report: Record<string, unknown> = {}
const deadline = (ms: number, what: string) =>
  new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`timed out: ${what}`)), ms).unref())

async function until<T>(what: string, probe: () => T | undefined, ms = 20_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = probe()
    if (value !== undefined) return value
    if (Date.now() > end) throw new Error(`timed out: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
}

async function run(): Promise<void> {
  const started = performance.now()
  await import(pathToFileURL(config.bundle).href)
  const imported = performance.now()
  if (config.refusal) {
    await until('the exit or a window', () =>
      electron.exitCalls.length > 0 || electron.windows.length > 0 ? true : undefined,
    )
    // Give a start that did not stop at the exit the time to go on (the fake's exit does not end the process).
    await new Promise((resolve) => setTimeout(resolve, 200))
    report.exitCalls = electron.exitCalls
    report.windows = electron.windows.length
    report.dialogs = electron.dialogs
    report.channels = [...electron.ipcHandlers.keys()]
    report.userData = electron.paths.userData
    report.userDataExists = existsSync(electron.paths.userData ?? '')
    // A start that went on is quit as the app quits (the desk stops, its workers end) before the process ends.
    if (electron.windows.length > 0) {
      electron.app.emit('before-quit', { preventDefault: () => {} })
      await Promise.race([electron.quitted, deadline(20_000, 'the quit')])
    }
    return
  }
  const win = await until('the first window', () => electron.windows[0])
  // What the start waited for before the window: the packages loaded when it opened.
  report.loadedBeforeWindow = loadedPackages()
  const first = await until('the first load', () => win.webContents.loadResults[0])
  const loaded = performance.now()
  report.timings = { importMs: imported - started, firstLoadMs: loaded - started }
  report.firstLoad = first
  if (config.startOnly) return

  const pageUrl = first.url
  const trusted = { sender: win.webContents, senderFrame: { url: pageUrl, parent: null } }
  const call = (method: string, input?: unknown, event: unknown = trusted) =>
    electron.invoke(`desk:${method}`, event, input) as Promise<Envelope>
  const quit = async () => {
    const quitting = electron.quitted
    electron.app.emit('before-quit', {
      preventDefault: () => {
        report.quitPrevented = true
      },
    })
    await Promise.race([quitting, deadline(20_000, 'the quit')])
    report.quitCalls = electron.quitCalls.length
    report.exitCalls = electron.exitCalls
  }

  if (config.updatesOnly) {
    report.updates = await call('getUpdateStatus')
    await quit()
    return
  }

  if (config.customerDisplay === 'follow') {
    await customerDisplayScenario(electron, win, call, report)
    await quit()
    return
  }
  if (config.customerDisplay === 'single') {
    await new Promise((resolve) => setTimeout(resolve, 300))
    report.windows = electron.windows.length
    report.setup = await call('getCustomerDisplaySetup')
    await quit()
    return
  }

  if (config.awaitEntry) {
    report.status = await call('getStatus')
    const end = Date.now() + 20_000
    for (;;) {
      const detail = await call('getEntry', { entryId: config.awaitEntry })
      const status = (detail.value?.entry as { status?: string } | undefined)?.status
      if (status !== 'pending' && status !== 'unknown') {
        report.entry = detail
        break
      }
      if (Date.now() > end) throw new Error(`timed out: the entry stayed ${status}`)
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    await quit()
    return
  }

  report.userData = electron.paths.userData
  report.privilegedSchemes = electron.privilegedSchemes
  report.protocols = [...electron.protocolHandlers.keys()]
  report.menus = electron.menus
  report.windowOptions = win.options
  report.shown = await until('the window shown', () => (win.shown ? true : undefined))
  report.windowOpen = win.webContents.windowOpenHandler?.({ url: 'https://evil.example/' }) ?? null
  const serve = (url: string) => electron.fetchThroughProtocol(url)
  report.served = {
    traversal: await serve('app://desk/../main/index.js'),
    encodedTraversal: await serve('app://desk/%2e%2e%2fmain%2findex.js'),
    asset: await serve('app://desk/assets/../index.html'),
  }
  report.channels = [...electron.ipcHandlers.keys()]

  const other = new electron.BrowserWindow({})
  report.foreign = {
    otherWindow: await call('getStatus', undefined, {
      sender: other.webContents,
      senderFrame: { url: pageUrl, parent: null },
    }),
    remotePage: await call('getStatus', undefined, {
      sender: win.webContents,
      senderFrame: { url: 'https://evil.example/index.html', parent: null },
    }),
    lookAlikeDevServer: await call('getStatus', undefined, {
      sender: win.webContents,
      senderFrame: { url: 'http://127.0.0.1:9/index.html', parent: null },
    }),
    localFile: await call('getStatus', undefined, {
      sender: win.webContents,
      senderFrame: { url: 'file:///C:/Users/clerk/Downloads/index.html', parent: null },
    }),
    subframe: await call('getStatus', undefined, {
      sender: win.webContents,
      senderFrame: { url: pageUrl, parent: {} },
    }),
  }
  other.destroy()

  report.firstStart = await call('getSession')
  // A page's calls far over the input caps: a sign-in with a million extra keys, a manager with a 50 MB name.
  const manyKeys: Record<string, unknown> = Object.assign(
    Object.fromEntries(Array.from({ length: 1_000_000 }, (_, i) => [`k${i}`, 0])),
    { personId: 'x', pin: '1234' },
  )
  const oversizedSignIn = await call('signIn', manyKeys)
  const oversizedName = await call('createManager', { name: 'x'.repeat(50_000_000), pin: '2580' })
  report.oversized = {
    signIn: oversizedSignIn,
    signInBytes: JSON.stringify(oversizedSignIn).length,
    createManager: oversizedName,
    createManagerBytes: JSON.stringify(oversizedName).length,
    session: await call('getSession'),
  }
  report.createManager = await call('createManager', { name: 'Fatima الفيتوري', pin: '2580' })
  report.status = await call('getStatus')
  report.updates = await call('getUpdateStatus')
  const denominations = await call('listDenominations', {})
  const firstValue = denominations.value?.items?.[0]
  const sale = { denominationId: firstValue?.id ?? 1, valueDirhams: firstValue?.valueDirhams ?? 5_000 }
  report.sale = await call('generateVoucher', { ...sale, requestId: 'smoke-sale-1' })

  // The page crashes while a second sale is on its way: the sale carries on in main and is journaled.
  const inFlight = call('generateVoucher', { ...sale, requestId: 'smoke-sale-2' })
  win.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: -1073741819 })
  report.saleDuringCrash = await inFlight
  await until('the reload', () => (win.webContents.loadResults.length >= 2 ? true : undefined))
  report.loadsAfterCrash = win.webContents.loads
  report.dialogs = electron.dialogs
  report.afterCrash = await call('listJournal', {})

  // A manager's export and report of today, worked out in the built worker (out/main/manager-worker.js).
  // The crash's reload signed the page out: the manager signs in again.
  const manager = (report.createManager as Envelope).value as { person?: { id?: string } } | undefined
  report.signInAgain = await call('signIn', { personId: manager?.person?.id ?? '', pin: '2580' })
  const today = businessDay(Date.now())
  const exportPath = join(dirname(config.report), 'exports', 'today.csv')
  const job = await call('exportReport', {
    format: 'csv',
    from: today,
    to: today,
    path: exportPath,
    language: 'en',
  })
  let progress = await call('getExportProgress', {
    jobId: (job.value as { jobId?: string } | null)?.jobId ?? '',
  })
  while ((progress.value as { state?: string } | undefined)?.state === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 20))
    progress = await call('getExportProgress', { jobId: (job.value as { jobId: string }).jobId })
  }
  report.managerExport = progress
  report.managerExportText = existsSync(exportPath) ? readFileSync(exportPath, 'utf8') : null
  report.managerReport = await call('getReport', { from: today, to: today })

  await quit()
}

run()
  .then(
    () => {
      report.done = true
    },
    (error: unknown) => {
      report.failure = error instanceof Error ? (error.stack ?? error.message) : String(error)
    },
  )
  .finally(() => {
    writeFileSync(config.report, JSON.stringify(report, null, 2))
    process.exit(0)
  })
