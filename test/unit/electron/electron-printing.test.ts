import type { BrowserWindowConstructorOptions, WebContentsPrintOptions } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import { createElectronRasterizer } from '../../../src/main/electron/electron-rasterizer'
import { createElectronPrintHost } from '../../../src/main/electron/print-host'
import type { ReceiptWindow } from '../../../src/main/electron/receipt-window'
import { isBlack } from '../../../src/main/printing/monochrome'
import { MEASURE_PAGE_SCRIPT } from '../../../src/main/printing/rasterizer'
import { createSystemPrinter } from '../../../src/main/printing/system-printer'
import { AppError } from '../../../src/shared/errors'

/** A stand-in for Electron's BrowserWindow: records what the adapters ask of it. */
class FakeWindow implements ReceiptWindow {
  static created: FakeWindow[] = []
  readonly calls: string[] = []
  destroyed = false
  contentSize: [number, number] = [0, 0]
  /** What the receipt page measures itself at. */
  pageHeight = 3
  printResult: [boolean, string] = [true, '']
  printed: WebContentsPrintOptions[] = []
  loadedUrl = ''
  /**
   * BGRA pixels of what capturePage returns: white, with a blue dot at (0,0) and (2,1) and an orange one at
   * (5,2). Read as BGRA the blue ones are dark (black) and the orange one light (white); read the wrong way
   * round (RGBA) it would be the other way about.
   */
  bitmap: (width: number, height: number) => Buffer = (width, height) => {
    const pixels = Buffer.alloc(width * height * 4, 255)
    const blue = [255, 150, 0, 255]
    const orange = [0, 150, 255, 255]
    for (const [x, y, colour] of [
      [0, 0, blue],
      [2, 1, blue],
      [5, 2, orange],
    ] as const) {
      pixels.set(colour, (y * width + x) * 4)
    }
    return pixels
  }

  constructor(readonly options: BrowserWindowConstructorOptions) {
    FakeWindow.created.push(this)
  }

  setContentSize(width: number, height: number) {
    this.calls.push(`resize ${width}x${height}`)
    this.contentSize = [width, height]
  }
  destroy() {
    this.destroyed = true
  }
  isDestroyed() {
    return this.destroyed
  }
  webContents = {
    loadURL: async (url: string) => {
      this.calls.push('load')
      this.loadedUrl = url
    },
    executeJavaScript: async (code: string) => {
      this.calls.push(code === MEASURE_PAGE_SCRIPT ? 'measure' : 'wait for paint')
      return code === MEASURE_PAGE_SCRIPT ? this.pageHeight : true
    },
    capturePage: async (rect?: { x: number; y: number; width: number; height: number }) => {
      this.calls.push(`capture ${rect?.width}x${rect?.height}`)
      const [width, height] = this.contentSize
      return { getSize: () => ({ width, height }), toBitmap: () => this.bitmap(width, height) }
    },
    print: (options: WebContentsPrintOptions, callback: (success: boolean, reason: string) => void) => {
      this.printed.push(options)
      setTimeout(() => callback(...this.printResult), 1)
    },
    getPrintersAsync: async () => [
      { name: 'EPSON TM-T20III', displayName: 'EPSON TM-T20III Receipt', description: '', options: {} },
    ],
  }
}

function factory() {
  FakeWindow.created = []
  return vi.fn((options: BrowserWindowConstructorOptions) => new FakeWindow(options))
}

describe('the offscreen-window rasterizer', () => {
  it('renders in a hidden, sandboxed, offscreen window at device scale 1, sized to the receipt', async () => {
    const create = factory()
    const image = await createElectronRasterizer(create).rasterize('<p>receipt</p>', 8)
    const win = FakeWindow.created[0] as FakeWindow
    expect(win.options).toMatchObject({
      show: false,
      width: 8,
      useContentSize: true,
      enableLargerThanScreen: true,
      webPreferences: {
        offscreen: { deviceScaleFactor: 1 },
        sandbox: true,
        contextIsolation: true,
        nodeIntegration: false,
        devTools: false,
      },
    })
    expect(win.options.webPreferences?.preload).toBeUndefined()
    // The receipt as a data: URL: nothing written to disk.
    expect(win.loadedUrl).toBe(
      `data:text/html;charset=utf-8;base64,${Buffer.from('<p>receipt</p>').toString('base64')}`,
    )
    expect(win.calls).toEqual(['load', 'measure', 'resize 8x3', 'wait for paint', 'capture 8x3'])
    // The bitmap is read as BGRA: the blue dots are black, the orange one and the rest white.
    expect([image.width, image.height]).toEqual([8, 3])
    const black = []
    for (let y = 0; y < 3; y++) for (let x = 0; x < 8; x++) if (isBlack(image, x, y)) black.push([x, y])
    expect(black).toEqual([
      [0, 0],
      [2, 1],
    ])
    expect(win.destroyed).toBe(true)
  })

  it('refuses a capture that is not the receipt’s size (a scaled screen), and closes the window', async () => {
    const create = factory()
    const rasterizer = createElectronRasterizer((options) => {
      const win = create(options)
      win.webContents.capturePage = async () => ({
        getSize: () => ({ width: 16, height: 6 }),
        toBitmap: () => Buffer.alloc(16 * 6 * 4, 255),
      })
      return win
    })
    await expect(rasterizer.rasterize('<p>x</p>', 8)).rejects.toThrow(/expected exactly 8/)
    expect(FakeWindow.created[0]?.destroyed).toBe(true)
  })

  it('gives up on a page that never loads, within its timeout', async () => {
    const create = factory()
    const rasterizer = createElectronRasterizer(
      (options) => {
        const win = create(options)
        win.webContents.loadURL = () => new Promise(() => {})
        return win
      },
      { timeoutMs: 20 },
    )
    await expect(rasterizer.rasterize('<p>x</p>', 8)).rejects.toThrow(/not rendered within 20 ms/)
    expect(FakeWindow.created[0]?.destroyed).toBe(true)
  })
})

describe('the Windows print host', () => {
  it('prints silently to the named printer with the roll-sized page, in a hidden window closed after', async () => {
    const create = factory()
    const printer = createSystemPrinter(createElectronPrintHost(create, () => null))
    await printer.printHtml('<p>receipt</p>', { deviceName: 'EPSON TM-T20III', widthMm: 80 })
    const win = FakeWindow.created[0] as FakeWindow
    expect(win.options).toMatchObject({
      show: false,
      width: 576,
      webPreferences: { offscreen: false, sandbox: true },
    })
    expect(win.printed).toEqual([
      {
        silent: true,
        deviceName: 'EPSON TM-T20III',
        printBackground: true,
        color: false,
        margins: { marginType: 'none' },
        // 3 dots of content: shorter than the 1 mm minimum page Chromium prints.
        pageSize: { width: 80_000, height: 1000 },
      },
    ])
    expect(win.destroyed).toBe(true)
  })

  it('turns the driver’s refusal into PRINTER_ERROR with its reason', async () => {
    const create = factory()
    const printer = createSystemPrinter(
      createElectronPrintHost(
        (options) => {
          const win = create(options)
          win.printResult = [false, 'Print job canceled']
          return win
        },
        () => null,
      ),
    )
    const error = await printer
      .printHtml('<p>x</p>', { deviceName: 'POS-58', widthMm: 58 })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).details).toMatchObject({ reason: 'cancelled', printer: 'POS-58' })
    expect(FakeWindow.created[0]?.destroyed).toBe(true)
  })

  it('lists printers from the app window’s getPrintersAsync, or from a hidden window it closes', async () => {
    const create = factory()
    const appContents = {
      getPrintersAsync: vi.fn(async () => [
        { name: 'POS-58', displayName: '', description: '', options: {} },
      ]),
    }
    const fromApp = createSystemPrinter(createElectronPrintHost(create, () => appContents))
    expect(await fromApp.listPrinters()).toEqual([
      { name: 'POS-58', displayName: 'POS-58', isDefault: false },
    ])
    expect(create).not.toHaveBeenCalled()

    const withoutWindow = createSystemPrinter(createElectronPrintHost(create, () => null))
    expect(await withoutWindow.listPrinters()).toEqual([
      { name: 'EPSON TM-T20III', displayName: 'EPSON TM-T20III Receipt', isDefault: false },
    ])
    expect(FakeWindow.created[0]?.destroyed).toBe(true)
  })
})
