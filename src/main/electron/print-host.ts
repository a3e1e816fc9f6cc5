import { AppError } from '../../shared/errors'
import { MEASURE_PAGE_SCRIPT } from '../printing/rasterizer'
import type { HostPrinterInfo, PrintHost, PrintPage } from '../printing/system-printer'
import {
  RECEIPT_WINDOW_TIMEOUT_MS,
  type ReceiptWindow,
  type ReceiptWindowFactory,
  receiptDataUrl,
  receiptWindowOptions,
  withTimeout,
} from './receipt-window'

/**
 * Electron's side of system printing (createSystemPrinter decides the options): a hidden, ordinary (not
 * offscreen: the print pipeline renders the page itself) window per receipt, and the printer list from
 * `webContents.getPrintersAsync`, asked of the app's window when there is one.
 */
export function createElectronPrintHost(
  createWindow: ReceiptWindowFactory,
  appContents: () => Pick<ReceiptWindow['webContents'], 'getPrintersAsync'> | null,
  options: { timeoutMs?: number } = {},
): PrintHost {
  const timeoutMs = options.timeoutMs ?? RECEIPT_WINDOW_TIMEOUT_MS
  return {
    async getPrinters(): Promise<HostPrinterInfo[]> {
      const contents = appContents()
      if (contents) return contents.getPrintersAsync()
      const win = createWindow(receiptWindowOptions(100, 100, false))
      try {
        return await win.webContents.getPrintersAsync()
      } finally {
        win.destroy()
      }
    },

    async openPage(html, widthDots): Promise<PrintPage> {
      const win = createWindow(receiptWindowOptions(widthDots, 100, false))
      try {
        await withTimeout(
          win.webContents.loadURL(receiptDataUrl(html)),
          timeoutMs,
          'The receipt did not load',
        )
      } catch (error) {
        win.destroy()
        throw error
      }
      return {
        async contentHeight() {
          return Number(await win.webContents.executeJavaScript(MEASURE_PAGE_SCRIPT))
        },
        print(printOptions) {
          return withTimeout(
            new Promise((resolve) => {
              win.webContents.print(printOptions, (success, failureReason) =>
                resolve({ success, failureReason }),
              )
            }),
            // A driver may sit on a job for a while (spooling, a sleeping printer waking up).
            timeoutMs * 3,
            () =>
              new AppError(
                'PRINTER_ERROR',
                `The printer driver for ${printOptions.deviceName} did not finish within ${timeoutMs * 3} ms.`,
                { reason: 'timeout', printer: printOptions.deviceName },
              ),
          )
        },
        close() {
          if (!win.isDestroyed()) win.destroy()
        },
      }
    },
  }
}
