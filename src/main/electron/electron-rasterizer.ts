import { DEFAULT_THRESHOLD, type MonochromeImage, toMonochrome } from '../printing/monochrome'
import { checkRasterSize, MEASURE_PAGE_SCRIPT, type ReceiptRasterizer } from '../printing/rasterizer'
import {
  NEXT_PAINT_SCRIPT,
  RECEIPT_WINDOW_TIMEOUT_MS,
  type ReceiptWindowFactory,
  receiptDataUrl,
  receiptWindowOptions,
  withTimeout,
} from './receipt-window'

/**
 * The app's ReceiptRasterizer: the receipt laid out in a hidden offscreen window at the printer's width
 * (device scale factor 1), measured, resized to its full height, captured, and thresholded from Electron's
 * BGRA bitmap by the same `toMonochrome` the Chromium rasterizer uses. One window per receipt, destroyed
 * after: nothing lingers to keep the app from quitting, and no receipt's page outlives it. Receipts are
 * rasterized one at a time.
 */
export function createElectronRasterizer(
  createWindow: ReceiptWindowFactory,
  options: { threshold?: number; timeoutMs?: number } = {},
): ReceiptRasterizer {
  const threshold = options.threshold ?? DEFAULT_THRESHOLD
  const timeoutMs = options.timeoutMs ?? RECEIPT_WINDOW_TIMEOUT_MS
  let queue: Promise<unknown> = Promise.resolve()

  async function rasterizeNow(html: string, widthDots: number): Promise<MonochromeImage> {
    const win = createWindow(receiptWindowOptions(widthDots, 100, true))
    try {
      return await withTimeout(
        (async () => {
          const contents = win.webContents
          await contents.loadURL(receiptDataUrl(html))
          const height = Number(await contents.executeJavaScript(MEASURE_PAGE_SCRIPT))
          checkRasterSize(widthDots, height, widthDots)
          win.setContentSize(widthDots, height)
          await contents.executeJavaScript(NEXT_PAINT_SCRIPT)
          const image = await contents.capturePage({ x: 0, y: 0, width: widthDots, height })
          const size = image.getSize()
          checkRasterSize(size.width, size.height, widthDots)
          if (size.height !== height) {
            throw new Error(`Captured ${size.height} rows of a ${height}-row receipt`)
          }
          return toMonochrome(image.toBitmap(), size.width, size.height, threshold, 'bgra')
        })(),
        timeoutMs,
        `The receipt was not rendered within ${timeoutMs} ms`,
      )
    } finally {
      if (!win.isDestroyed()) win.destroy()
    }
  }

  return {
    rasterize(html, widthDots) {
      const result = queue.then(() => rasterizeNow(html, widthDots))
      queue = result.catch(() => undefined)
      return result
    },
  }
}
