import { join } from 'node:path'
import { type ChromiumRasterizer, launchChromiumRasterizer } from '../../main/printing/chromium-rasterizer'
import type { ReceiptRasterizer } from '../../main/printing/rasterizer'
import type { ReceiptPrinting } from '../../main/receipts/printer'

export interface BrowserShellPrinting {
  printing: ReceiptPrinting
  close(): Promise<void>
}

/**
 * Receipts in the browser shell: Chromium (playwright-core) rasterizes, launched on the first receipt so a
 * shell that never prints never starts it; network printers work as in the app; there is no system printer
 * (Windows printing needs Electron), and "Save as PDF" writes into the data folder.
 */
export function browserShellPrinting(dataDir: string): BrowserShellPrinting {
  let launching: Promise<ChromiumRasterizer> | null = null
  let closed = false

  function chromium(): Promise<ChromiumRasterizer> {
    if (closed) return Promise.reject(new Error('The browser shell is closing.'))
    launching ??= launchChromiumRasterizer().catch((error: unknown) => {
      launching = null
      throw error
    })
    return launching
  }

  const rasterizer: ReceiptRasterizer = {
    rasterize: async (html, widthDots) => (await chromium()).rasterize(html, widthDots),
  }
  return {
    printing: {
      rasterizer,
      systemPrinter: null,
      systemPrinterMissing: 'Windows printers are not available in the browser shell.',
      chooseSavePath: async (name) => join(dataDir, 'receipts', name),
    },
    async close() {
      closed = true
      const running = await launching?.catch(() => null)
      await running?.close()
    },
  }
}
