import type { BrowserWindowConstructorOptions, Display, Event, Input, Rectangle } from 'electron'
import type { CustomerDisplaySettings, CustomerView, DisplayInfo } from '../../shared/customer-view'
import { CUSTOMER_VIEW_EVENT, customerYesNonce } from '../../shared/customer-view'
import type { CustomerDisplayHost } from '../customer-display/feature'
import { chooseDisplay, coversDisplay } from '../customer-display/placement'
import type { Logger } from '../log'
import { secureWebPreferences } from './web-preferences'

/** The parts of Electron's screen module the customer window uses. */
export interface ScreenLike {
  getAllDisplays(): Display[]
  getPrimaryDisplay(): Display
  on(event: 'display-added' | 'display-removed' | 'display-metrics-changed', listener: () => void): unknown
  removeListener(event: string, listener: () => void): unknown
}

interface CustomerContents {
  executeJavaScript(code: string): Promise<unknown>
  setVisualZoomLevelLimits(min: number, max: number): Promise<void>
  on(event: 'did-finish-load' | 'render-process-gone', listener: () => void): unknown
  on(
    event: 'did-navigate-in-page',
    listener: (event: Event, url: string, isMainFrame: boolean) => void,
  ): unknown
  on(event: 'before-input-event', listener: (event: Event, input: Input) => void): unknown
  reload(): void
  isDestroyed(): boolean
}

/** The parts of a BrowserWindow the customer window uses. */
export interface CustomerBrowserWindow {
  webContents: CustomerContents
  loadURL(url: string): Promise<void>
  once(event: 'ready-to-show', listener: () => void): unknown
  on(event: 'closed', listener: () => void): unknown
  showInactive(): void
  setBounds(bounds: Partial<Rectangle>): void
  getBounds(): Rectangle
  setFullScreen(flag: boolean): void
  isDestroyed(): boolean
  destroy(): void
}

export interface CustomerWindowDeps {
  screen: ScreenLike
  createWindow(options: BrowserWindowConstructorOptions): CustomerBrowserWindow
  /** The customer page: app://desk/customer.html (a developer's server in an unpackaged run). */
  page: string
  /** The manager's choice, as kept in settings now. */
  choice(): CustomerDisplaySettings['display']
  /** What main decides the page shows (customer-display/display.ts). */
  views: { subscribe(listener: (view: CustomerView) => void): () => void }
  /** The page said `#yes=<nonce>`: the customer pressed "Yes, this is me". */
  onYes(nonce: string): void
  /** The guards every webContents gets (window.ts): no navigation, no new window, no permission. */
  guard(contents: unknown): void
  development: boolean
  log: Logger
}

/**
 * A window's options on a display: full screen and frameless over the whole display, never focused (no
 * keyboard reaches it, a touch does not take the focus from the clerk's window), off the taskbar, and the one
 * secure set of web preferences with **no preload**: the page gets no `window.api` and no Electron object;
 * main pushes what it shows.
 */
export function customerWindowOptions(
  display: Pick<DisplayInfo, 'bounds'>,
  development: boolean,
): BrowserWindowConstructorOptions {
  const { x, y, width, height } = display.bounds
  return {
    x,
    y,
    width,
    height,
    fullscreen: true,
    frame: false,
    focusable: false,
    skipTaskbar: true,
    resizable: false,
    movable: false,
    minimizable: false,
    maximizable: false,
    hasShadow: false,
    show: false,
    backgroundColor: '#0f3b2f',
    title: 'Reseller Desk — customer display',
    autoHideMenuBar: true,
    webPreferences: secureWebPreferences({ devTools: development }),
  }
}

export function displayInfo(display: Display, primaryId: number): DisplayInfo {
  const { x, y, width, height } = display.bounds
  return {
    id: display.id,
    label: display.label ?? '',
    bounds: { x, y, width, height },
    primary: display.id === primaryId,
    touch: display.touchSupport ?? 'unknown',
  }
}

/**
 * The customer display's window (docs/customer-display.md): on the display the manager chose, kept there as
 * displays come and go — closed when that display goes, made again when it comes back, moved back when the
 * system moves it — and never opened when the chosen display is not there. It shows what main pushes into the
 * page (a DOM event carrying the view as JSON); the page can say one thing back, the customer's "Yes, this is
 * me", as its own address's fragment, read here.
 */
export class CustomerWindow implements CustomerDisplayHost {
  readonly placesWindows = true
  private win: CustomerBrowserWindow | null = null
  private on: DisplayInfo | null = null
  private loaded = false
  private latest: CustomerView | null = null
  private unsubscribe: (() => void) | null = null
  private readonly place = () => this.placeNow()

  constructor(private readonly deps: CustomerWindowDeps) {}

  start(): void {
    this.unsubscribe = this.deps.views.subscribe((view) => {
      this.latest = view
      this.push()
    })
    for (const event of ['display-added', 'display-removed', 'display-metrics-changed'] as const) {
      this.deps.screen.on(event, this.place)
    }
    this.placeNow()
  }

  /** The app is closing (its main window went): the customer window goes too, and stays gone. */
  stop(): void {
    for (const event of ['display-added', 'display-removed', 'display-metrics-changed']) {
      this.deps.screen.removeListener(event, this.place)
    }
    this.unsubscribe?.()
    this.unsubscribe = null
    this.close()
  }

  displays(): DisplayInfo[] {
    const primary = this.deps.screen.getPrimaryDisplay().id
    return this.deps.screen.getAllDisplays().map((d) => displayInfo(d, primary))
  }

  open(): boolean {
    return this.win !== null && !this.win.isDestroyed()
  }

  settingsChanged(): void {
    this.placeNow()
  }

  private placeNow(): void {
    if (!this.unsubscribe) return
    const target = chooseDisplay(this.displays(), this.deps.choice())
    if (!target) {
      if (this.open()) this.deps.log.info('customer display closed: its display is not there', {})
      this.close()
      return
    }
    if (this.open() && this.win && this.on?.id === target.id) {
      if (!coversDisplay(this.win.getBounds(), target)) this.win.setBounds(target.bounds)
      this.on = target
      return
    }
    this.close()
    this.openOn(target)
  }

  private openOn(display: DisplayInfo): void {
    const win = this.deps.createWindow(customerWindowOptions(display, this.deps.development))
    const contents = win.webContents
    this.deps.guard(contents)
    // No keyboard input at all, no pinch zoom: the customer reads; the one button is a touch or a click.
    contents.on('before-input-event', (event) => event.preventDefault())
    void contents.setVisualZoomLevelLimits(1, 1).catch(() => undefined)
    contents.on('did-navigate-in-page', (_event, url, isMainFrame) => {
      const nonce = isMainFrame ? customerYesNonce(url) : null
      if (nonce) this.deps.onYes(nonce)
    })
    contents.on('did-finish-load', () => {
      this.loaded = true
      this.push()
    })
    contents.on('render-process-gone', () => {
      this.loaded = false
      this.deps.log.warn('the customer display page stopped; reloading it', {})
      if (!contents.isDestroyed()) contents.reload()
    })
    win.once('ready-to-show', () => {
      win.showInactive()
      win.setFullScreen(true)
    })
    win.on('closed', () => {
      if (this.win === win) {
        this.win = null
        this.on = null
        this.loaded = false
      }
    })
    this.win = win
    this.on = display
    this.loaded = false
    this.deps.log.info('customer display opened', { display: display.id })
    void win
      .loadURL(this.deps.page)
      .catch((error: unknown) => this.deps.log.error('the customer display page did not load', { error }))
  }

  /** The view into the page: a DOM event whose detail is the view, written as JSON (a JavaScript literal). */
  private push(): void {
    const win = this.win
    if (!win || win.isDestroyed() || !this.loaded || !this.latest) return
    const script = `window.dispatchEvent(new CustomEvent(${JSON.stringify(CUSTOMER_VIEW_EVENT)}, { detail: ${JSON.stringify(this.latest)} })); undefined`
    void win.webContents
      .executeJavaScript(script)
      .catch((error: unknown) => this.deps.log.warn('the customer display was not updated', { error }))
  }

  private close(): void {
    const win = this.win
    this.win = null
    this.on = null
    this.loaded = false
    if (win && !win.isDestroyed()) win.destroy()
  }
}
