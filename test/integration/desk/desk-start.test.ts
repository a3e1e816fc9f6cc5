/**
 * How the desk starts, in both hosts' one start-up path (startAppDesk: through the browser shell, and through
 * the built Electron entry with the fake Electron module): in training and in live mode, after a clean stop
 * and after a kill (a deposit left `pending` with its `sent` event, as a kill mid-send leaves it). A start
 * either completes or touches nothing.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createDesk } from '../../../src/main/app-desk'
import { LIVE_PASSWORD_SECRET } from '../../../src/main/desk/live-account'
import { SafeStorageSecretStore } from '../../../src/main/electron/safe-storage-secrets'
import { createIdGenerator } from '../../../src/main/ids'
import { journalPath } from '../../../src/main/journal/files'
import { Journal } from '../../../src/main/journal/journal'
import { SCHEMA_VERSION } from '../../../src/main/journal/migrations'
import { PEOPLE_FILE } from '../../../src/main/people/feature'
import { DevelopmentSecretStore } from '../../../src/main/settings/secrets'
import { JsonFileSettings } from '../../../src/main/settings/settings'
import { startTrainingService } from '../../../src/main/training'
import { type Sandbox, startSandbox } from '../../../src/sandbox/index'
import { businessDay } from '../../../src/shared/day'
import type { Mode } from '../../../src/shared/types'
import { type BrowserShell, startBrowserShell } from '../../../src/shells/browser/server'
import { DEMO, deskSeed, MOHAMED } from '../../helpers/desk'
import { fakeSafeStorage } from '../../helpers/fake-electron'
import type { Envelope } from '../../helpers/main-harness'
import { ensureRendererBuilt } from '../../helpers/renderer-build'
import { runMainHarness } from '../../helpers/run-main-harness'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function dataFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'desk-start-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

async function liveService(): Promise<Sandbox> {
  const sandbox = await startSandbox({ seed: deskSeed() })
  cleanups.push(() => sandbox.close())
  return sandbox
}

/** A data folder as the app leaves it in a mode: live with its address, username and saved password. */
async function leftIn(dir: string, mode: Mode, live?: Sandbox): Promise<void> {
  const settings = new JsonFileSettings(join(dir, 'settings.json'))
  if (mode === 'live' && live) {
    settings.update({
      live: { baseUrl: live.baseUrl, username: DEMO.username, proxyUrl: null },
      mode: 'live',
    })
    await new DevelopmentSecretStore(join(dir, 'development-secrets.json')).set(
      LIVE_PASSWORD_SECRET,
      DEMO.password,
    )
  } else {
    settings.update({ mode: 'training' })
  }
}

/** What a kill mid-send leaves: a deposit journaled `pending` with its `sent` event, and no outcome. */
function killedDeposit(dir: string, mode: Mode, account: string | null): string {
  const journal = Journal.open(journalPath(dir, mode))
  const newId = createIdGenerator(Date.now)
  const at = new Date().toISOString()
  const id = newId()
  journal.insertEntry({
    id,
    kind: 'deposit',
    mode,
    createdAt: at,
    createdPcAt: at,
    day: businessDay(Date.now()),
    clerk: 'Salem',
    amountDirhams: 12_500,
    phone: MOHAMED.phone,
    firstName: MOHAMED.name,
    externalTransactionId: newId(),
    serviceAccount: account,
  })
  journal.addEvent(id, { type: 'sent', at, detail: { attempt: 1 } })
  journal.close()
  return id
}

/** The entry and its events as the file holds them, read with a journal of the test's own. */
function stored(dir: string, mode: Mode, id: string) {
  const journal = Journal.open(journalPath(dir, mode))
  try {
    return { entry: journal.mustGet(id), events: journal.events(id).map((e) => e.type) }
  } finally {
    journal.close()
  }
}

async function shellOn(dir: string, port?: number): Promise<BrowserShell> {
  ensureRendererBuilt()
  const shell = await startBrowserShell({ dataDir: dir, ...(port === undefined ? {} : { port }) })
  cleanups.push(() => shell.close())
  return shell
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

/** A port something else already listens on. */
async function takenPort(): Promise<number> {
  const server: Server = createServer()
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  cleanups.push(() => new Promise<void>((r) => server.close(() => r())))
  return (server.address() as { port: number }).port
}

describe.each(['training', 'live'] as const)('a desk left in %s mode', (mode) => {
  async function setUp() {
    const dir = dataFolder()
    const live = mode === 'live' ? await liveService() : undefined
    await leftIn(dir, mode, live)
    const account = live ? `${live.baseUrl}|${DEMO.username}` : null
    return { dir, live, account }
  }

  it('starts in that mode, after a kill re-sends the interrupted deposit once, and counts both attempts', async () => {
    const { dir, live, account } = await setUp()
    const id = killedDeposit(dir, mode, account)
    const shell = await shellOn(dir)
    expect(shell.app.desk.workspace().mode).toBe(mode)
    const journal = shell.app.desk.workspace().journal
    await until(() => journal.get(id)?.status === 'confirmed', 'the re-sent deposit')
    const ledger = () => (live ?? shell.sandbox).controls.ledger().deposits
    expect(ledger()).toHaveLength(1)
    const detail = await shell.app.desk.handlers.getEntry({ entryId: id }, { clerk: null })
    const events = detail.events.map((e) => e.type)
    expect(events.filter((t) => t === 'recovered')).toHaveLength(1)
    // Two requests left for the service (the one the kill interrupted, and the re-send): two attempts.
    expect(events.filter((t) => t === 'sent')).toHaveLength(2)
    expect(detail.entry.attempts).toBe(2)
  })

  it('starts again after a clean stop without touching what is settled', async () => {
    const { dir, account } = await setUp()
    const id = killedDeposit(dir, mode, account)
    const first = await shellOn(dir)
    await until(() => first.app.desk.workspace().journal.get(id)?.status === 'confirmed', 'the re-send')
    await first.close()
    const before = stored(dir, mode, id)
    const again = await shellOn(dir)
    expect(again.app.desk.workspace().mode).toBe(mode)
    await again.app.desk.recovery.idle()
    expect(stored(dir, mode, id)).toEqual(before)
  })

  it('refused (the port is taken), touches nothing: no recovery ran on the journal, nothing was sent', async () => {
    const { dir, live, account } = await setUp()
    const id = killedDeposit(dir, mode, account)
    const before = stored(dir, mode, id)
    await expect(shellOn(dir, await takenPort())).rejects.toThrow(/EADDRINUSE/)
    // Long enough for a background re-send, had one started.
    await new Promise((r) => setTimeout(r, 500))
    expect(stored(dir, mode, id)).toEqual(before)
    expect(before.entry.status).toBe('pending')
    if (live) expect(live.controls.ledger().deposits).toHaveLength(0)
    // And the next start, on a free port, does the start-up work once.
    const shell = await shellOn(dir)
    await until(() => shell.app.desk.workspace().journal.get(id)?.status === 'confirmed', 'the re-send')
    expect(stored(dir, mode, id).events.filter((t) => t === 'recovered')).toHaveLength(1)
  })
})

describe('the Electron entry', () => {
  it('left in live mode by a kill: starts live, re-sends the interrupted deposit once, counts both attempts', async () => {
    const root = dataFolder()
    const appData = join(root, 'AppData', 'Roaming')
    const dir = join(appData, 'reseller-desk')
    mkdirSync(dir, { recursive: true })
    const live = await liveService()
    // As the installed app leaves its folder: electron-store's settings, the password encrypted by safeStorage.
    new JsonFileSettings(join(dir, 'settings.json')).update({
      live: { baseUrl: live.baseUrl, username: DEMO.username, proxyUrl: null },
      mode: 'live',
    })
    await new SafeStorageSecretStore(fakeSafeStorage, join(dir, 'secrets.json')).set(
      LIVE_PASSWORD_SECRET,
      DEMO.password,
    )
    const id = killedDeposit(dir, 'live', `${live.baseUrl}|${DEMO.username}`)
    ensureRendererBuilt()
    const report = await runMainHarness({
      bundle: resolve('out/main/index.js'),
      appDataDir: appData,
      report: join(root, 'report.json'),
      isPackaged: true,
      version: '0.1.0',
      env: { ELECTRON_RENDERER_URL: 'http://127.0.0.1:9/' },
      awaitEntry: id,
    })
    if (report.failure) throw new Error(`the harness failed: ${report.failure}`)
    expect(report.status).toMatchObject({ ok: true, value: { mode: 'live', serviceUrl: live.baseUrl } })
    const detail = report.entry as Envelope & {
      value: { entry: { status: string; attempts: number }; events: { type: string }[] }
    }
    expect(detail.value.entry).toMatchObject({ status: 'confirmed', attempts: 2 })
    const events = detail.value.events.map((e) => e.type)
    expect(events.filter((t) => t === 'recovered')).toHaveLength(1)
    expect(events.filter((t) => t === 'sent')).toHaveLength(2)
    expect(live.controls.ledger().deposits).toHaveLength(1)
    // And it stopped cleanly: the journal on disk says the same.
    expect(report.quitCalls).toBe(1)
    expect(stored(dir, 'live', id).entry).toMatchObject({ status: 'confirmed', attempts: 2 })
  })
})

describe('a start refused for what the data folder holds', () => {
  /** A database file as a newer version of the app leaves it: its schema past what this version knows. */
  function newer(path: string): void {
    Journal.open(path).close()
    const raw = new Database(path)
    raw.pragma(`user_version = ${SCHEMA_VERSION + 1}`)
    raw.close()
  }
  const notADatabase = (path: string) => writeFileSync(path, 'not a database '.repeat(400))

  const cases: {
    name: string
    mode: Mode
    headOffice?: boolean
    prepare: (dir: string) => void
    refused: RegExp
  }[] = [
    {
      name: "a newer version's journal",
      mode: 'training',
      prepare: (dir) => newer(journalPath(dir, 'training')),
      refused: /journal-training\.sqlite was written by a newer version/,
    },
    {
      name: 'a journal that is not a database',
      mode: 'training',
      prepare: (dir) => notADatabase(journalPath(dir, 'training')),
      refused: /journal-training\.sqlite cannot be opened: file is not a database/,
    },
    {
      name: 'a folder where the journal is',
      mode: 'training',
      prepare: (dir) => mkdirSync(journalPath(dir, 'training')),
      refused: /journal-training\.sqlite cannot be opened: unable to open/,
    },
    {
      name: "a newer version's live journal",
      mode: 'live',
      prepare: (dir) => newer(journalPath(dir, 'live')),
      refused: /journal-live\.sqlite was written by a newer version/,
    },
    {
      name: 'head office on: a newer live journal',
      mode: 'training',
      headOffice: true,
      prepare: (dir) => newer(journalPath(dir, 'live')),
      refused: /journal-live\.sqlite was written by a newer version/,
    },
    {
      name: "a newer version's people database",
      mode: 'training',
      prepare: (dir) => newer(join(dir, PEOPLE_FILE)),
      refused: /people\.sqlite was written by a newer version/,
    },
    {
      name: 'a training service file not a database',
      mode: 'training',
      prepare: (dir) => notADatabase(join(dir, 'training-service.sqlite')),
      refused: /not a database/,
    },
  ]

  it.each(cases)('($name) creates no file in it, and starts once the file is away', async (c) => {
    const dir = dataFolder()
    const live = await liveService()
    await leftIn(dir, 'live', live)
    new JsonFileSettings(join(dir, 'settings.json')).update({
      mode: c.mode,
      headOffice: c.headOffice
        ? {
            enabled: true,
            host: '127.0.0.1',
            port: 9,
            database: 'headoffice',
            user: 'desk_counter_1',
            terminal: 'Counter 1',
            caFile: null,
          }
        : null,
    })
    c.prepare(dir)
    const before = readdirSync(dir).sort()
    const desk = createDesk({
      dataDir: dir,
      settings: new JsonFileSettings(join(dir, 'settings.json')),
      secrets: new DevelopmentSecretStore(join(dir, 'development-secrets.json')),
      // The real training service: it keeps its state in the data folder.
      startTraining: () => startTrainingService(dir),
    })
    await expect(desk.start()).rejects.toThrow(c.refused)
    expect(readdirSync(dir).sort()).toEqual(before)
    // Nothing is left open: with the refused file away, the same desk starts.
    for (const name of readdirSync(dir)) {
      if (name.endsWith('.sqlite')) rmSync(join(dir, name), { recursive: true })
    }
    await desk.start()
    expect(desk.workspace().mode).toBe(c.mode)
    await desk.stop()
  })
})

describe('a start that fails once it has opened everything', () => {
  it('closes what it opened (the training service, the journal) and starts again', async () => {
    const dir = dataFolder()
    const close = vi.fn(async () => {})
    const desk = createDesk({
      dataDir: dir,
      settings: new JsonFileSettings(join(dir, 'settings.json')),
      secrets: new DevelopmentSecretStore(join(dir, 'secrets.json')),
      startTraining: async () => ({ baseUrl: 'http://127.0.0.1:9', credentials: DEMO, close }),
    })
    // The host's own start fails (as a port already taken does).
    await expect(
      desk.start({
        beforeRecovery: () => {
          throw new Error('the host could not start')
        },
      }),
    ).rejects.toThrow('the host could not start')
    expect(close).toHaveBeenCalledOnce()
    expect(() => desk.workspace()).toThrow(/not started/)
    await desk.start()
    expect(desk.workspace().mode).toBe('training')
    await desk.stop()
  })
})

describe('a stop right after the start', () => {
  it("waits for the journal's background check, so nothing touches the data folder afterwards", async () => {
    const dir = dataFolder()
    const desk = createDesk({
      dataDir: dir,
      settings: new JsonFileSettings(join(dir, 'settings.json')),
      secrets: new DevelopmentSecretStore(join(dir, 'secrets.json')),
      startTraining: async () => ({
        baseUrl: 'http://127.0.0.1:9',
        credentials: DEMO,
        close: async () => {},
      }),
    })
    await desk.start()
    const journal = desk.workspace().journal
    await desk.stop()
    // The check's worker had its own connection to the file: a stopped desk must have seen it finish, or it
    // could still create the journal's -shm file while the folder is removed or a backup restored into it.
    expect(journal.health.checked).toBe(true)
    rmSync(dir, { recursive: true })
  })
})
