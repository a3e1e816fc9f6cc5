import type {
  BrowserWindowConstructorOptions,
  NativeImage,
  PrinterInfo,
  WebContentsPrintOptions,
} from 'electron'
import { secureWebPreferences } from './web-preferences'

/**
 * The part of a BrowserWindow the receipt adapters use. index.ts passes `(o) => new BrowserWindow(o)`;
 * tests pass a fake, so what is asked of Electron can be checked without the Electron binary.
 */
export interface ReceiptWindow {
  setContentSize(width: number, height: number): void
  destroy(): void
  isDestroyed(): boolean
  webContents: {
    loadURL(url: string): Promise<void>
    executeJavaScript(code: string): Promise<unknown>
    capturePage(rect?: {
      x: number
      y: number
      width: number
      height: number
    }): Promise<Pick<NativeImage, 'getSize' | 'toBitmap'>>
    print(options: WebContentsPrintOptions, callback: (success: boolean, failureReason: string) => void): void
    getPrintersAsync(): Promise<PrinterInfo[]>
  }
}

export type ReceiptWindowFactory = (options: BrowserWindowConstructorOptions) => ReceiptWindow

/** Every receipt window is closed by then: a page that never loads must not hold the receipt up for good. */
export const RECEIPT_WINDOW_TIMEOUT_MS = 20_000

/**
 * A hidden window for one receipt: no preload, no Node, sandboxed, scripts only from main
 * (executeJavaScript; the receipt's own CSP allows none), never shown. `offscreen` renders into a bitmap
 * at a device scale factor of 1 whatever the screen's scaling, so one CSS pixel is one printer dot.
 */
export function receiptWindowOptions(
  widthDots: number,
  heightDots: number,
  offscreen: boolean,
): BrowserWindowConstructorOptions {
  return {
    show: false,
    width: widthDots,
    height: heightDots,
    useContentSize: true,
    frame: false,
    resizable: false,
    enableLargerThanScreen: true,
    paintWhenInitiallyHidden: true,
    skipTaskbar: true,
    backgroundColor: '#ffffff',
    webPreferences: secureWebPreferences({
      offscreen: offscreen ? { deviceScaleFactor: 1 } : false,
      backgroundThrottling: false,
      zoomFactor: 1,
    }),
  }
}

/**
 * The receipt as a data: URL. Nothing is written to disk (a voucher code in a temp file would outlive the
 * sale) and the page needs nothing else: fonts are embedded, the CSP allows only data: fonts and images.
 */
export function receiptDataUrl(html: string): string {
  return `data:text/html;charset=utf-8;base64,${Buffer.from(html, 'utf8').toString('base64')}`
}

/** Rejects after `ms`; the caller destroys the window, which ends whatever was pending. */
export function withTimeout<T>(promise: Promise<T>, ms: number, failure: string | (() => Error)): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(typeof failure === 'string' ? new Error(failure) : failure()), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

/** Two animation frames: the first after a resize lays the page out, the second has painted it. */
export const NEXT_PAINT_SCRIPT =
  'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))))'
