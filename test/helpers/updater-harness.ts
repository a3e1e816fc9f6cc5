/**
 * The installed app's updater in plain Node, put together as src/main/index.ts puts it together: whether this
 * build updates itself (selfUpdate, from its app-update.yml), electron-updater's NsisUpdater as loadNsisUpdater
 * configures it, and the UpdateController. Electron's net is Node's https trusting the test's CA (fake-electron-
 * net.ts). It checks the feed once, waits for the download to end, and writes the status to a JSON report.
 *
 *   node --import tsx test/helpers/updater-harness.ts '<UpdaterHarnessConfig as JSON>'
 *
 * Its own process: electron-updater resolves `electron` to the fake module through a loader hook.
 */
import { EventEmitter } from 'node:events'
import { readFileSync, writeFileSync } from 'node:fs'
import { registerHooks } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { fakeNet } from './fake-electron-net'

export interface UpdaterHarnessConfig {
  feedUrl: string
  caFile: string
  /** Holds app-update.yml as the build wrote it. */
  resourcesDir: string
  userDataDir: string
  currentVersion: string
  testBuild: boolean
  report: string
}

const config = JSON.parse(process.argv[2] ?? '{}') as UpdaterHarnessConfig
const fakeModule = pathToFileURL(join(import.meta.dirname, 'fake-electron-module.mjs')).href
registerHooks({
  resolve(specifier, context, next) {
    if (specifier === 'electron') return { url: fakeModule, format: 'module', shortCircuit: true }
    return next(specifier, context)
  },
})
const app = Object.assign(new EventEmitter(), {
  isPackaged: true,
  getVersion: () => config.currentVersion,
  getName: () => 'Reseller Desk',
  getAppPath: () => config.resourcesDir,
  getPath: () => config.userDataDir,
  whenReady: async () => {},
  quit: () => {},
  relaunch: () => {},
})
;(globalThis as Record<string, unknown>).__resellerDeskFakeElectron = {
  app,
  net: fakeNet(readFileSync(config.caFile)),
  session: { defaultSession: {}, fromPartition: () => ({}) },
  autoUpdater: new EventEmitter(),
  shell: { openPath: async () => '' },
}
;(process as { resourcesPath?: string }).resourcesPath = config.resourcesDir

const { createLogger, MemorySink } = await import('../../src/main/log')
const { loadNsisUpdater } = await import('../../src/main/electron/updater')
const { readBuildPublishers, selfUpdate } = await import('../../src/main/updates/feed')
const { UpdateController } = await import('../../src/main/updates/update-controller')

const sink = new MemorySink()
const log = createLogger(sink)
const report: Record<string, unknown> = {}
try {
  const appUpdateYml = join(config.resourcesDir, 'app-update.yml')
  const updating = selfUpdate({
    packaged: true,
    testBuild: config.testBuild,
    publishers: readBuildPublishers(appUpdateYml),
  })
  let marker: string | null = null
  const controller = new UpdateController({
    currentVersion: config.currentVersion,
    updater: updating.updates ? await loadNsisUpdater(log.child('updater')) : null,
    ...(!updating.updates && updating.because ? { unavailableBecause: updating.because } : {}),
    feed: () => ({ url: config.feedUrl, source: 'settings' }),
    money: () => ({ inFlight: 0, pending: 0, resending: 0 }),
    stopDesk: async () => ({ inFlight: 0, pending: 0, resending: 0 }),
    quit: () => {},
    marker: {
      read: () => marker,
      write: (version) => {
        marker = version
      },
    },
    log: log.child('updates'),
  })
  await controller.checkNow()
  const end = Date.now() + 60_000
  while (['checking', 'downloading'].includes(controller.status().state) && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  report.status = controller.status()
  report.marker = marker
} catch (error) {
  report.failure = error instanceof Error ? (error.stack ?? error.message) : String(error)
}
report.log = sink.lines
writeFileSync(config.report, JSON.stringify(report, null, 2))
process.exit(0)
