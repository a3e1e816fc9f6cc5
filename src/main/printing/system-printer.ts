import { AppError } from '../../shared/errors'
import { dotsToMicrons, type PaperWidthMm, printableWidthDots } from './paper'

/**
 * Printing through the operating system's printer drivers (Windows), via Electron's
 * `webContents.print`. The Electron side is a thin PrintHost; everything that decides what is asked of
 * the driver is here, in plain functions that tests check.
 */
export interface SystemPrinterInfo {
  /** The name the operating system uses: what `deviceName` must be. */
  name: string
  displayName: string
  isDefault: boolean
}

export interface SystemPrintRequest {
  deviceName: string
  widthMm: PaperWidthMm
}

export interface SystemPrinter {
  listPrinters(): Promise<SystemPrinterInfo[]>
  printHtml(html: string, request: SystemPrintRequest): Promise<void>
}

/** The subset of Electron's WebContentsPrintOptions we set. */
export interface SystemPrintOptions {
  silent: true
  deviceName: string
  printBackground: true
  color: false
  margins: { marginType: 'none' }
  pageSize: { width: number; height: number }
}

/** Shorter pages are rejected by Chromium's print pipeline (it wants at least about 0.35 mm). */
const MIN_PAGE_MICRONS = 1000

/**
 * `webContents.print` options for one receipt: silent, to the named printer, no margins, and a page
 * exactly as wide as the roll and as tall as the receipt, so the driver neither scales it to A4 nor cuts
 * it into pages. The receipt's print stylesheet scales its dots to 203 dpi and centres it on the roll.
 */
export function systemPrintOptions(
  request: SystemPrintRequest & { contentHeightDots: number },
): SystemPrintOptions {
  if (!request.deviceName.trim())
    throw new AppError('BAD_INPUT', 'Choose a printer first.', { field: 'deviceName' })
  const height = Math.max(MIN_PAGE_MICRONS, dotsToMicrons(Math.ceil(request.contentHeightDots)))
  return {
    silent: true,
    deviceName: request.deviceName,
    printBackground: true,
    color: false,
    margins: { marginType: 'none' },
    pageSize: { width: request.widthMm * 1000, height },
  }
}

/**
 * Electron's PrinterInfo, as far as we read it. Electron 45 no longer reports which printer is the
 * default; `isDefault` is read where a runtime still gives it.
 */
export interface HostPrinterInfo {
  name: string
  displayName?: string
  isDefault?: boolean
}

export function toSystemPrinters(printers: HostPrinterInfo[]): SystemPrinterInfo[] {
  return printers
    .filter((p) => typeof p.name === 'string' && p.name !== '')
    .map((p) => ({ name: p.name, displayName: p.displayName || p.name, isDefault: p.isDefault === true }))
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.displayName.localeCompare(b.displayName))
}

/** `webContents.print`'s callback reports (success, failureReason); a failure becomes PRINTER_ERROR. */
export function systemPrintFailure(failureReason: string, deviceName: string): AppError {
  const cancelled = /cancel/i.test(failureReason)
  return new AppError(
    'PRINTER_ERROR',
    cancelled
      ? `Printing to ${deviceName} was cancelled.`
      : `Printing to ${deviceName} failed: ${failureReason}`,
    { reason: cancelled ? 'cancelled' : 'system-print-failed', printer: deviceName, failureReason },
  )
}

/** What the Electron adapter provides: a hidden window to load the receipt in, and the printer list. */
export interface PrintHost {
  getPrinters(): Promise<HostPrinterInfo[]>
  /** Loads the HTML in a hidden window at `widthDots` CSS pixels wide. */
  openPage(html: string, widthDots: number): Promise<PrintPage>
}

export interface PrintPage {
  /** The laid-out height of the receipt in CSS pixels (= dots). */
  contentHeight(): Promise<number>
  /** webContents.print(options, callback) as a promise of the callback's arguments. */
  print(options: SystemPrintOptions): Promise<{ success: boolean; failureReason: string }>
  close(): void
}

export function createSystemPrinter(host: PrintHost): SystemPrinter {
  return {
    async listPrinters() {
      return toSystemPrinters(await host.getPrinters())
    },
    async printHtml(html, request) {
      const page = await host.openPage(html, printableWidthDots(request.widthMm))
      try {
        const options = systemPrintOptions({ ...request, contentHeightDots: await page.contentHeight() })
        const result = await page.print(options)
        if (!result.success) throw systemPrintFailure(result.failureReason, request.deviceName)
      } finally {
        page.close()
      }
    },
  }
}
