import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserWindowConstructorOptions } from 'electron'
import { PDF_READY_SCRIPT, type PdfRenderer } from '../exports/pdf-renderer'
import { secureWebPreferences } from './web-preferences'

/** The part of a BrowserWindow the PDF adapter uses; tests pass a fake. */
export interface PdfWindow {
  destroy(): void
  webContents: {
    loadFile(path: string): Promise<void>
    executeJavaScript(code: string): Promise<unknown>
    printToPDF(options: {
      pageSize: 'A4'
      printBackground: boolean
      preferCSSPageSize: boolean
    }): Promise<Uint8Array>
  }
}

/** Hidden, sandboxed, no preload and no Node: the report page only lays out HTML it embeds entirely. */
export function pdfWindowOptions(): BrowserWindowConstructorOptions {
  return {
    show: false,
    skipTaskbar: true,
    paintWhenInitiallyHidden: true,
    webPreferences: secureWebPreferences({ backgroundThrottling: false }),
  }
}

/**
 * Reports as PDF through Chromium's own print engine in a hidden window (webContents.printToPDF). The page is
 * written to a temp file first (a long period's report is larger than a data: URL may be); a report never
 * holds a voucher code, and the file is removed as soon as the PDF is made.
 */
export function createElectronPdfRenderer(
  makeWindow: (options: BrowserWindowConstructorOptions) => PdfWindow,
): PdfRenderer {
  return {
    async renderPdf(html) {
      const dir = await mkdtemp(join(tmpdir(), 'reseller-desk-report-'))
      const file = join(dir, 'report.html')
      const win = makeWindow(pdfWindowOptions())
      try {
        await writeFile(file, html, 'utf8')
        await win.webContents.loadFile(file)
        await win.webContents.executeJavaScript(PDF_READY_SCRIPT)
        return await win.webContents.printToPDF({
          pageSize: 'A4',
          printBackground: true,
          preferCSSPageSize: true,
        })
      } finally {
        win.destroy()
        await rm(dir, { recursive: true, force: true })
      }
    },
  }
}
