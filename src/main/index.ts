import { join } from 'node:path'
import {
  app,
  BrowserWindow,
  type BrowserWindowConstructorOptions,
  dialog,
  ipcMain,
  Menu,
  protocol,
  safeStorage,
  screen,
  session,
} from 'electron'
import { createAppDesk, startAppDesk } from './app-desk'
import type { MoneyActivity } from './desk/core'
import { APP_PAGE, APP_SCHEME_PRIVILEGES, CUSTOMER_PAGE, registerAppProtocol } from './electron/app-protocol'
import { TEST_BUILD } from './electron/build-kind'
import { CustomerWindow } from './electron/customer-window'
import { folderDialog, saveDialog } from './electron/dialogs'
import { createElectronRasterizer } from './electron/electron-rasterizer'
import { createElectronPdfRenderer } from './electron/pdf-window'
import { createElectronPrintHost } from './electron/print-host'
import { SCREEN_TROUBLE_TEXT, type ScreenTrouble, watchRenderer } from './electron/renderer-watch'
import { createSecretStore } from './electron/safe-storage-secrets'
import {
  ALLOWED_SWITCHES,
  refusedArguments,
  refusedVariablesSet,
  startRefusal,
  TEST_BUILD_SWITCHES,
} from './electron/start-refusal'
import { ElectronStoreSettings } from './electron/store-settings'
import { loadNsisUpdater } from './electron/updater'
import { applySecurityGuards, mainWindowOptions } from './electron/window'
import { endSessionsWithPage, senderKey } from './electron/window-sessions'
import { isAppUrl, registerDeskIpc, trustedSenderCheck } from './ipc'
import type { Logger } from './log'
import { RotatingFileSink } from './log-file'
import { createSystemPrinter } from './printing/system-printer'
import { preloadBarcodeEncoder } from './receipts/barcode'
import { effectiveFeed, readBuildFeed, readBuildPublishers, selfUpdate, updateMarker } from './updates/feed'
import { UpdateController } from './updates/update-controller'

/**
 * Electron entry: lifecycle, the window, security, wiring. Everything else runs in plain Node (docs/architecture.md):
 * this file only hands Electron's parts to the desk core.
 */
const development = !app.isPackaged
/** A development server only for a developer's own unpackaged run: an installed app never loads another page. */
const devServer = development ? process.env.ELECTRON_RENDERER_URL || undefined : undefined
const page = devServer ?? APP_PAGE
const customerPage = devServer ? new URL('customer.html', devServer).href : CUSTOMER_PAGE
const appAddress = { appPage: APP_PAGE, ...(devServer ? { devOrigin: new URL(devServer).origin } : {}) }

/**
 * The data folder keeps its name whatever the product is called: `%APPDATA%\\reseller-desk` (README). A test
 * build keeps its own, so it never opens a shop's journal.
 */
const DATA_FOLDER = TEST_BUILD ? 'reseller-desk-test-build' : 'reseller-desk'
app.setPath('userData', join(app.getPath('appData'), DATA_FOLDER))
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES])

/** After the window shows, the wait before the first receipt's barcode encoder is loaded (a main-thread hold-up). */
const PRELOAD_AFTER_SHOW_MS = 5_000

/** How long a start waits for an update an earlier run downloaded (the check is quick: it is cached). */
const UPDATE_AT_START_WAIT_MS = 20_000

let mainWindow: BrowserWindow | null = null
/** The window facing the customer, on the display the manager chose (none until the desk has started). */
let customerWindow: CustomerWindow | null = null
let language: () => 'ar' | 'en' = () => 'en'

/** Hidden windows that render and print receipts (see electron/receipt-window.ts). */
const receiptWindow = (options: BrowserWindowConstructorOptions) => new BrowserWindow(options)

function tellAboutScreen(win: BrowserWindow, trouble: ScreenTrouble): void {
  if (win.isDestroyed()) return
  void dialog.showMessageBox(win, {
    type: trouble === 'keeps-failing' ? 'error' : 'warning',
    title: 'Reseller Desk',
    message: SCREEN_TROUBLE_TEXT[language()][trouble],
    buttons: ['OK'],
  })
}

function createWindow(log: Logger): BrowserWindow {
  const win = new BrowserWindow(
    mainWindowOptions(join(import.meta.dirname, '../preload/index.cjs'), development),
  )
  applySecurityGuards(win.webContents, session.defaultSession, (url) => isAppUrl(url, appAddress))
  // Shown once its first frame is painted, on the page's own background colour (mainWindowOptions): no white
  // flash. Then, while the clerk starts, what a first receipt needs is loaded (not before the window).
  win.once('ready-to-show', () => {
    win.show()
    setTimeout(preloadBarcodeEncoder, PRELOAD_AFTER_SHOW_MS).unref()
  })
  win.on('closed', () => {
    mainWindow = null
    // The customer's screen goes with the clerk's: the app quits when its last window closes.
    customerWindow?.stop()
  })
  watchRenderer(win.webContents, {
    reload: () => void win.loadURL(page),
    notify: (trouble) => tellAboutScreen(win, trouble),
    log,
  })
  void win.loadURL(page)
  return win
}

async function start(): Promise<void> {
  if (!development) Menu.setApplicationMenu(null)
  registerAppProtocol(protocol, join(import.meta.dirname, '../renderer'))
  const dataDir = app.getPath('userData')
  const settings = new ElectronStoreSettings()
  const logFile = new RotatingFileSink(join(dataDir, 'logs', 'desk.log'))
  // Made after the desk (it asks the desk whether money is moving); the desk's update calls read it then.
  let updates: UpdateController | null = null
  const appDesk = createAppDesk({
    updates: () => updates,
    dataDir,
    settings,
    secrets: await createSecretStore(safeStorage, join(dataDir, 'secrets.json')),
    logFile,
    chooseSavePath: saveDialog(() => mainWindow),
    versions: {
      app: app.getVersion(),
      electron: process.versions.electron ?? '',
      chrome: process.versions.chrome ?? '',
      node: process.versions.node,
      os: `${process.platform} ${process.arch}`,
    },
    printing: {
      rasterizer: createElectronRasterizer(receiptWindow),
      systemPrinter: createSystemPrinter(
        createElectronPrintHost(receiptWindow, () => mainWindow?.webContents ?? null),
      ),
      chooseSavePath: saveDialog(() => mainWindow),
    },
    manager: {
      chooseSavePath: saveDialog(() => mainWindow),
      chooseFolder: folderDialog(() => mainWindow),
      pdf: createElectronPdfRenderer((options) => new BrowserWindow(options)),
    },
    customerDisplay: () => customerWindow,
  })
  const { desk, log } = appDesk
  language = () => settings.get().language ?? (app.getLocale().startsWith('ar') ? 'ar' : 'en')

  // Stopping the desk ends sends in flight (journaled) and closes the journals; quitting and every update
  // install wait for it, once.
  let stopping: Promise<MoneyActivity | null> | null = null
  const stopDesk = () => {
    stopping ??= desk.stop().then(
      (left) => {
        log.info('desk stopped', { ...left })
        return left
      },
      (error: unknown) => {
        log.error('the desk did not stop cleanly', { error })
        return null
      },
    )
    return stopping
  }
  const appUpdateYml = join(process.resourcesPath ?? '', 'app-update.yml')
  const buildFeed = readBuildFeed(appUpdateYml)
  // Only a build that names the publisher every installer must be signed by updates itself (and a test build).
  const updating = selfUpdate({
    packaged: app.isPackaged,
    testBuild: TEST_BUILD,
    publishers: readBuildPublishers(appUpdateYml),
  })
  const controller = new UpdateController({
    currentVersion: app.getVersion(),
    updater: updating.updates ? await loadNsisUpdater(log.child('updater')) : null,
    ...(!updating.updates && updating.because ? { unavailableBecause: updating.because } : {}),
    feed: () => effectiveFeed(settings.get().updateFeedUrl, buildFeed),
    money: () => desk.moneyActivity(),
    stopDesk,
    quit: () => app.quit(),
    marker: updateMarker(dataDir),
    log: log.child('updates'),
  })
  updates = controller

  // The one start-up path of both hosts: the IPC handlers are in place before the start-up work runs.
  await startAppDesk(appDesk, () => {
    registerDeskIpc(ipcMain, desk, {
      isTrustedSender: trustedSenderCheck(() => mainWindow, appAddress),
      callContext: (event) => ({ clerk: null, sender: senderKey(event.sender) }),
      log: log.child('ipc'),
    })
  })

  let stopped = false
  let quitting = false
  app.on('before-quit', (event) => {
    if (stopped) return
    event.preventDefault()
    if (quitting) return
    quitting = true
    void stopDesk().then((left) => {
      stopped = true
      // The installer, when one runs, quits the app itself.
      if (!controller.installOnQuit(left)) app.quit()
    })
  })

  // An update downloaded by an earlier run installs now, before anyone starts working, if no money moves.
  if (await controller.installAtStart(desk.recovery.idle(), UPDATE_AT_START_WAIT_MS)) return

  const openWindow = () => {
    const win = createWindow(log.child('window'))
    endSessionsWithPage(win.webContents, desk.endSession)
    return win
  }
  mainWindow = openWindow()
  // No preload and no calls: main pushes what it shows; the page's one answer is read from its address.
  customerWindow = new CustomerWindow({
    screen,
    createWindow: (options) => new BrowserWindow(options),
    page: customerPage,
    choice: () => settings.get().customerDisplay.display,
    views: desk.customerDisplay,
    onYes: (nonce) => desk.customerDisplay.customerSaysYes(nonce),
    guard: (contents) =>
      applySecurityGuards(contents as BrowserWindow['webContents'], session.defaultSession, () => false),
    development,
    log: log.child('customer-window'),
  })
  customerWindow.start()
  controller.start()
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = openWindow()
  })
}

// An installed app takes only its own switches (others could let another program drive its page or its main
// process), and refuses a certificate variable that would make it trust servers it should not: it refuses
// before anything opens (a developer's unpackaged run keeps them).
const refusal = development
  ? null
  : startRefusal({
      switches: refusedArguments(process.argv.slice(1), TEST_BUILD ? TEST_BUILD_SWITCHES : ALLOWED_SWITCHES),
      variables: refusedVariablesSet(process.env),
    })
if (refusal) {
  dialog.showErrorBox(refusal.title, refusal.content)
  app.exit(1)
} else if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.on('second-instance', () => {
    if (mainWindow) {
      if (mainWindow.isMinimized()) mainWindow.restore()
      mainWindow.focus()
    }
  })
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }))
    contents.on('will-attach-webview', (event) => event.preventDefault())
  })
  app.on('window-all-closed', () => app.quit())
  void app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      dialog.showErrorBox(
        'Reseller Desk could not start',
        error instanceof Error ? error.message : String(error),
      )
      app.exit(1)
    })
}
