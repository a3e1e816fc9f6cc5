import { EventEmitter } from 'node:events'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Enough of Electron's main-process API to run the built main bundle in plain Node: the app lifecycle, windows
 * whose pages are "loaded" by asking the registered protocol handler for them, IPC handlers the test can
 * invoke as a page would, dialogs and menus that are recorded. What Electron itself does (Chromium, the
 * sandbox, DPAPI) is not here; what main asks of it is.
 *
 * `fake-electron-module.mjs` re-exports the object `installFakeElectron` puts on globalThis, and the main
 * harness resolves the `electron` module to it.
 */

type Handler = (request: Request) => Promise<Response> | Response
type IpcHandler = (event: unknown, input: unknown) => Promise<unknown>

/** The fake's safeStorage: "encrypted" is the text behind a marker (a test can write what it reads). */
export const fakeSafeStorage = {
  isAsyncEncryptionAvailable: async () => true,
  encryptStringAsync: async (text: string) => Buffer.from(`enc:${text}`),
  decryptStringAsync: async (data: Buffer) => ({
    result: data.toString().replace(/^enc:/, ''),
    shouldReEncrypt: false,
  }),
}

export interface FakeElectronOptions {
  appDataDir: string
  isPackaged: boolean
  version: string
  locale?: string
  /** The command line after the executable, as typed (`--remote-debugging-port=9222`). */
  args?: string[]
  /** The displays the screen module reports (default: one, 1920×1080). */
  displays?: FakeDisplay[]
}

/** A display as Electron's screen module describes it (the fields main reads). */
export interface FakeDisplay {
  id: number
  label: string
  bounds: { x: number; y: number; width: number; height: number }
  touchSupport?: 'available' | 'unavailable' | 'unknown'
}

/**
 * The screen module: the displays, the first one primary, and the events a test sends when a display is
 * plugged in, out, or moved.
 */
export class FakeScreen extends EventEmitter {
  constructor(private displays: FakeDisplay[]) {
    super()
  }

  getAllDisplays(): FakeDisplay[] {
    return this.displays.map((d) => ({ ...d, bounds: { ...d.bounds } }))
  }

  getPrimaryDisplay(): FakeDisplay {
    const first = this.displays[0]
    if (!first) throw new Error('fake electron: no display')
    return { ...first, bounds: { ...first.bounds } }
  }

  /** A display plugged out. */
  remove(id: number): void {
    const gone = this.displays.find((d) => d.id === id)
    this.displays = this.displays.filter((d) => d.id !== id)
    if (gone) this.emit('display-removed', {}, gone)
  }

  /** A display plugged in. */
  add(display: FakeDisplay): void {
    this.displays = [...this.displays, display]
    this.emit('display-added', {}, display)
  }

  /** The system moved the displays (a resolution changed, one went before another). */
  changeMetrics(): void {
    this.emit('display-metrics-changed', {}, this.displays[0], ['bounds'])
  }
}

export class FakeWebContents extends EventEmitter {
  private static nextId = 1
  readonly id = FakeWebContents.nextId++
  readonly loads: string[] = []
  readonly loadResults: { url: string; status: number; headers: Record<string, string> }[] = []
  windowOpenHandler: ((details: { url: string }) => unknown) | null = null
  crashes = 0
  /** What main ran in the page (executeJavaScript), in order. */
  readonly scripts: string[] = []
  zoomLimits: [number, number] | null = null
  private destroyed = false

  constructor(private readonly electron: FakeElectron) {
    super()
  }

  setWindowOpenHandler(handler: (details: { url: string }) => unknown): void {
    this.windowOpenHandler = handler
  }

  async loadURL(url: string): Promise<void> {
    this.loads.push(url)
    const status = await this.electron.fetchThroughProtocol(url)
    this.loadResults.push({ url, ...status })
    if (status.status >= 400) throw new Error(`ERR_FAILED (${status.status}) loading '${url}'`)
    this.emit('did-navigate', {}, url)
    this.emit('did-finish-load')
    this.electron.emitLater(() => this.emit('ready-to-show'))
  }

  reload(): void {
    const last = this.loads.at(-1)
    if (last) void this.loadURL(last).catch(() => {})
  }

  forcefullyCrashRenderer(): void {
    this.crashes++
    this.emit('render-process-gone', {}, { reason: 'killed', exitCode: 1 })
  }

  isDestroyed(): boolean {
    return this.destroyed
  }

  destroy(): void {
    this.destroyed = true
    this.emit('destroyed')
  }

  async executeJavaScript(code: string): Promise<unknown> {
    if (this.destroyed) throw new Error('fake electron: executeJavaScript on a destroyed webContents')
    this.scripts.push(code)
    return undefined
  }

  async setVisualZoomLevelLimits(min: number, max: number): Promise<void> {
    this.zoomLimits = [min, max]
  }

  /** Emits an event with a preventable event object; says whether a listener prevented it. */
  emitPreventable(event: string, ...args: unknown[]): boolean {
    let prevented = false
    this.emit(event, { preventDefault: () => (prevented = true) }, ...args)
    return prevented
  }

  send(): void {}
  getURL(): string {
    return this.loads.at(-1) ?? ''
  }
}

export class FakeElectron {
  readonly app: EventEmitter & Record<string, unknown>
  readonly windows: FakeBrowserWindow[] = []
  readonly privilegedSchemes: unknown[] = []
  readonly protocolHandlers = new Map<string, Handler>()
  readonly ipcHandlers = new Map<string, IpcHandler>()
  readonly dialogs: { kind: string; options: unknown }[] = []
  readonly menus: unknown[] = []
  readonly quitCalls: number[] = []
  readonly exitCalls: number[] = []
  readonly paths: Record<string, string>
  readonly screen: FakeScreen
  readonly BrowserWindow: (new (
    options: Record<string, unknown>,
  ) => FakeBrowserWindow) & {
    getAllWindows(): FakeBrowserWindow[]
  }
  quitted: Promise<void>
  private resolveQuitted: () => void = () => {}
  readyAt: number | null = null

  constructor(readonly options: FakeElectronOptions) {
    mkdirSync(options.appDataDir, { recursive: true })
    this.screen = new FakeScreen(
      options.displays ?? [
        { id: 1, label: 'Built-in display', bounds: { x: 0, y: 0, width: 1920, height: 1080 } },
      ],
    )
    this.paths = {
      appData: options.appDataDir,
      userData: join(options.appDataDir, 'Electron'),
      temp: join(options.appDataDir, 'temp'),
      logs: join(options.appDataDir, 'logs'),
    }
    this.quitted = new Promise((resolve) => {
      this.resolveQuitted = resolve
    })
    const electron = this
    this.BrowserWindow = class extends FakeBrowserWindow {
      constructor(options: Record<string, unknown>) {
        super(electron, options)
      }
      static getAllWindows() {
        return electron.windows.filter((w) => !w.isDestroyed())
      }
    }
    const app = new EventEmitter() as EventEmitter & Record<string, unknown>
    Object.assign(app, {
      isPackaged: options.isPackaged,
      name: 'reseller-desk',
      getName: () => 'Reseller Desk',
      getVersion: () => options.version,
      getLocale: () => options.locale ?? 'en-US',
      getAppPath: () => options.appDataDir,
      getPath: (name: string) => {
        const path = this.paths[name]
        if (!path) throw new Error(`fake electron: no path ${name}`)
        return path
      },
      setPath: (name: string, path: string) => {
        this.paths[name] = path
      },
      requestSingleInstanceLock: () => true,
      whenReady: () =>
        new Promise<void>((resolve) =>
          setImmediate(() => {
            this.readyAt = performance.now()
            app.emit('ready')
            resolve()
          }),
        ),
      quit: () => this.quit(),
      exit: (code = 0) => {
        this.exitCalls.push(code)
        this.resolveQuitted()
      },
      relaunch: () => {},
      commandLine: {
        hasSwitch: (name: string) =>
          (options.args ?? []).some((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`)),
      },
      setAppUserModelId: () => {},
    })
    this.app = app
  }

  /** Electron's order: before-quit (may be prevented), will-quit, quit. */
  private quit(): void {
    this.quitCalls.push(performance.now())
    let prevented = false
    this.app.emit('before-quit', {
      preventDefault: () => {
        prevented = true
      },
    })
    if (prevented) return
    this.app.emit('will-quit', { preventDefault: () => {} })
    this.app.emit('quit', {}, 0)
    this.resolveQuitted()
  }

  emitLater(fn: () => void): void {
    setImmediate(fn)
  }

  async fetchThroughProtocol(url: string): Promise<{ status: number; headers: Record<string, string> }> {
    const scheme = url.slice(0, url.indexOf(':'))
    const handler = this.protocolHandlers.get(scheme)
    if (!handler) return { status: 599, headers: {} }
    const response = await handler({ url, method: 'GET' } as Request)
    await response.arrayBuffer()
    const headers: Record<string, string> = {}
    response.headers.forEach((value, name) => {
      headers[name] = value
    })
    return { status: response.status, headers }
  }

  /** Calls an IPC channel as a page would. */
  async invoke(channel: string, event: unknown, input?: unknown): Promise<unknown> {
    const handler = this.ipcHandlers.get(channel)
    if (!handler) throw new Error(`no handler for ${channel}`)
    return handler(event, input)
  }

  module(): Record<string, unknown> {
    const noop = () => {}
    const session = {
      setPermissionRequestHandler: noop,
      setPermissionCheckHandler: noop,
      webRequest: { onHeadersReceived: noop },
      protocol: undefined as unknown,
    }
    const protocol = {
      registerSchemesAsPrivileged: (schemes: unknown[]) => {
        if (this.readyAt !== null) throw new Error('registerSchemesAsPrivileged after ready')
        this.privilegedSchemes.push(...schemes)
      },
      handle: (scheme: string, handler: Handler) => {
        if (this.readyAt === null) throw new Error('protocol.handle before ready')
        this.protocolHandlers.set(scheme, handler)
      },
      unhandle: (scheme: string) => this.protocolHandlers.delete(scheme),
    }
    session.protocol = protocol
    return {
      app: this.app,
      BrowserWindow: this.BrowserWindow,
      protocol,
      session: { defaultSession: session, fromPartition: () => session },
      ipcMain: {
        handle: (channel: string, handler: IpcHandler) => {
          if (this.ipcHandlers.has(channel)) throw new Error(`second handler for ${channel}`)
          this.ipcHandlers.set(channel, handler)
        },
        removeHandler: (channel: string) => this.ipcHandlers.delete(channel),
        on: noop,
        once: noop,
      },
      dialog: {
        showMessageBox: async (_win: unknown, options: unknown) => {
          this.dialogs.push({ kind: 'message', options: options ?? _win })
          return { response: 0 }
        },
        showErrorBox: (title: string, content: string) =>
          this.dialogs.push({ kind: 'error', options: { title, content } }),
        showSaveDialog: async () => ({ canceled: true }),
        showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
      },
      Menu: {
        setApplicationMenu: (menu: unknown) => this.menus.push(menu),
        buildFromTemplate: (template: unknown) => ({ template }),
      },
      safeStorage: fakeSafeStorage,
      screen: this.screen,
      shell: { openPath: async () => '', openExternal: async () => {} },
      autoUpdater: new EventEmitter(),
      nativeImage: { createFromBuffer: () => ({}) },
    }
  }
}

export class FakeBrowserWindow extends EventEmitter {
  readonly webContents: FakeWebContents
  shown = false
  /** Shown without taking the focus (showInactive). */
  shownInactive = false
  fullScreen = false
  bounds: { x: number; y: number; width: number; height: number }
  private destroyed = false

  constructor(
    electron: FakeElectron,
    readonly options: Record<string, unknown>,
  ) {
    super()
    this.webContents = new FakeWebContents(electron)
    this.webContents.on('ready-to-show', () => this.emit('ready-to-show'))
    const n = (key: string, fallback: number) =>
      typeof options[key] === 'number' ? (options[key] as number) : fallback
    this.bounds = { x: n('x', 0), y: n('y', 0), width: n('width', 800), height: n('height', 600) }
    this.fullScreen = options.fullscreen === true
    electron.windows.push(this)
  }

  loadURL(url: string): Promise<void> {
    return this.webContents.loadURL(url)
  }
  show(): void {
    this.shown = true
  }
  showInactive(): void {
    this.shown = true
    this.shownInactive = true
  }
  setFullScreen(flag: boolean): void {
    this.fullScreen = flag
  }
  setBounds(bounds: Partial<FakeBrowserWindow['bounds']>): void {
    this.bounds = { ...this.bounds, ...bounds }
  }
  getBounds(): FakeBrowserWindow['bounds'] {
    return { ...this.bounds }
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  destroy(): void {
    this.destroyed = true
    this.webContents.destroy()
    this.emit('closed')
  }
  close(): void {
    this.destroy()
  }
  isMinimized(): boolean {
    return false
  }
  restore(): void {}
  focus(): void {}
  setContentSize(): void {}
}

/** Puts the fake where `fake-electron-module.mjs` finds it. */
export function installFakeElectron(options: FakeElectronOptions): FakeElectron {
  const electron = new FakeElectron(options)
  ;(globalThis as Record<string, unknown>).__resellerDeskFakeElectron = electron.module()
  return electron
}
