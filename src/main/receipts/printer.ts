import { AppError } from '../../shared/errors'
import type { PrinterSettings } from '../../shared/receipts'
import type { Logger } from '../log'
import { encodeReceiptJob } from '../printing/escpos'
import type { MonochromeImage } from '../printing/monochrome'
import { NetworkPrinter, type PrintOutcome } from '../printing/network-printer'
import { printableWidthDots } from '../printing/paper'
import type { ReceiptRasterizer } from '../printing/rasterizer'
import type { SystemPrinter } from '../printing/system-printer'

/** A network printer as the desk uses it: one job in, its outcome or a PRINTER_ERROR out. */
export interface ReceiptNetworkPrinter {
  print(job: Uint8Array): Promise<PrintOutcome>
}

/** What a host gives the desk for receipts. Electron: an offscreen window and its print API; the browser shell: Chromium and no system printer. */
export interface ReceiptPrinting {
  rasterizer: ReceiptRasterizer
  /** null where the operating system's printers cannot be reached (the browser shell). */
  systemPrinter: SystemPrinter | null
  /** Why there is no system printer, for the clerk ("not available in the browser shell"). */
  systemPrinterMissing?: string
  /** Default: NetworkPrinter with its own timeouts. Called once per address; the printer is kept. */
  networkPrinter?: (address: string) => ReceiptNetworkPrinter
  /** Where "Save as PDF" writes; null when the person cancelled. */
  chooseSavePath?: (defaultName: string) => Promise<string | null>
}

/** What the event log and the clerk call the printer: its address, its Windows name, or none. */
export function printerLabel(printer: PrinterSettings): string {
  if (printer.kind === 'escpos-network') return printer.address
  if (printer.kind === 'system') return printer.deviceName
  return 'none'
}

export function printerError(reason: string, message: string, printer: string): AppError {
  return new AppError('PRINTER_ERROR', message, { reason, printer })
}

/**
 * The terminal's receipt printer, for receipts and the X and Z summaries alike: a page of receipt HTML is
 * rasterized at the roll's width and sent as ESC/POS to a network printer, or handed to the Windows driver.
 * One job at a time (a printer takes one, and "is this a copy?" must see the last print); a failure is a
 * PRINTER_ERROR with a reason the clerk can act on.
 */
export class ReceiptPrinter {
  private readonly networkPrinters = new Map<string, ReceiptNetworkPrinter>()
  private queue: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly printing: ReceiptPrinting | undefined,
    private readonly log: Logger,
  ) {}

  /** Runs print jobs one after another. */
  serialized<T>(job: () => Promise<T>): Promise<T> {
    const result = this.queue.then(job)
    this.queue = result.catch(() => undefined)
    return result
  }

  host(): ReceiptPrinting {
    if (!this.printing) {
      throw printerError('unavailable', 'Receipts cannot be rendered in this host.', 'none')
    }
    return this.printing
  }

  /** A page of receipt HTML as the dots a thermal printer of this width prints. */
  async rasterize(html: string, widthMm: PrinterSettings['widthMm']): Promise<MonochromeImage> {
    const host = this.host()
    try {
      return await host.rasterizer.rasterize(html, printableWidthDots(widthMm))
    } catch (error) {
      this.log.error('the receipt could not be rendered', { error })
      throw printerError('render-failed', 'The receipt could not be rendered.', 'none')
    }
  }

  /** Prints a page of receipt HTML, rendered when needed, on a printer (the configured one, or one tested). */
  async print(page: () => Promise<string>, printer: PrinterSettings): Promise<void> {
    const { systemPrinter, systemPrinterMissing } = this.host()
    switch (printer.kind) {
      case 'none':
        throw printerError(
          'no-printer',
          'No receipt printer is set up on this PC: show the receipt or save it as PDF.',
          'none',
        )
      case 'escpos-network': {
        const job = encodeReceiptJob(await this.rasterize(await page(), printer.widthMm))
        const outcome = await this.networkPrinter(printer.address).print(job)
        if (outcome.paperLow) {
          this.log.warn('the printer reports its paper roll nearly out', { printer: printer.address })
        }
        return
      }
      case 'system':
        if (!systemPrinter) {
          throw printerError(
            'system-unavailable',
            systemPrinterMissing ?? 'Windows printers cannot be reached from here.',
            printer.deviceName,
          )
        }
        await systemPrinter.printHtml(await page(), {
          deviceName: printer.deviceName,
          widthMm: printer.widthMm,
        })
        return
    }
  }

  private networkPrinter(address: string): ReceiptNetworkPrinter {
    let printer = this.networkPrinters.get(address)
    if (!printer) {
      printer = this.host().networkPrinter?.(address) ?? new NetworkPrinter(address)
      this.networkPrinters.set(address, printer)
    }
    return printer
  }
}
