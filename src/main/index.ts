import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  app,
  BrowserWindow,
  type BrowserWindowConstructorOptions,
  dialog,
  ipcMain,
  Menu,
  safeStorage,
  session,
} from 'electron'
import { createAppDesk } from './app-desk'
import { folderDialog, saveDialog } from './electron/dialogs'
import { createElectronRasterizer } from './electron/electron-rasterizer'
import { createElectronPdfRenderer } from './electron/pdf-window'
import { createElectronPrintHost } from './electron/print-host'
import { createSecretStore } from './electron/safe-storage-secrets'
import { ElectronStoreSettings } from './electron/store-settings'
import { applySecurityGuards, mainWindowOptions } from './electron/window'
import { endSessionsWithPage, senderKey } from './electron/window-sessions'
import { isAppUrl, registerDeskIpc, trustedSenderCheck } from './ipc'
import { RotatingFileSink } from './log-file'
import { createSystemPrinter } from './printing/system-printer'

/**
 * Electron entry: lifecycle, the window, security, wiring. Everything else runs in plain Node (see DESIGN.md):
 * this file only hands Electron's parts to the desk core.
 */
const development = !app.isPackaged
const devServer = process.env.ELECTRON_RENDERER_URL
const rendererFile = pathToFileURL(join(import.meta.dirname, '../renderer/index.html')).toString()
const appAddress = { rendererFile, ...(devServer ? { devOrigin: new URL(devServer).origin } : {}) }

let mainWindow: BrowserWindow | null = null

/** Hidden windows that render and print receipts (see electron/receipt-window.ts). */
const receiptWindow = (options: BrowserWindowConstructorOptions) => new BrowserWindow(options)

function createWindow(): BrowserWindow {
  const win = new BrowserWindow(
    mainWindowOptions(join(import.meta.dirname, '../preload/index.cjs'), development),
  )
  applySecurityGuards(win.webContents, session.defaultSession, (url) => isAppUrl(url, appAddress))
  win.once('ready-to-show', () => win.show())
  win.on('closed', () => {
    mainWindow = null
  })
  if (devServer) void win.loadURL(devServer)
  else void win.loadURL(rendererFile)
  return win
}

async function start(): Promise<void> {
  if (!development) Menu.setApplicationMenu(null)
  const dataDir = app.getPath('userData')
  const logFile = new RotatingFileSink(join(dataDir, 'logs', 'desk.log'))
  const appDesk = createAppDesk({
    dataDir,
    settings: new ElectronStoreSettings(),
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
  })
  const { desk, log } = appDesk
  await desk.start()
  registerDeskIpc(ipcMain, desk, {
    isTrustedSender: trustedSenderCheck(() => mainWindow, appAddress),
    callContext: (event) => ({ clerk: null, sender: senderKey(event.sender) }),
    log: log.child('ipc'),
  })
  const openWindow = () => {
    const win = createWindow()
    endSessionsWithPage(win.webContents, desk.endSession)
    return win
  }
  mainWindow = openWindow()

  let stopped = false
  app.on('before-quit', (event) => {
    if (stopped) return
    event.preventDefault()
    void desk.stop().finally(() => {
      stopped = true
      app.quit()
    })
  })
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = openWindow()
  })
}

if (!app.requestSingleInstanceLock()) {
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
