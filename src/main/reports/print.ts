import type { PrinterSettings } from '../../shared/contract'
import { AppError } from '../../shared/errors'
import type { ReceiptPrinting } from '../desk/receipts'
import { encodeReceiptJob } from '../printing/escpos'
import { NetworkPrinter } from '../printing/network-printer'
import { printableWidthDots } from '../receipts/paper'

/**
 * Prints a summary (X or Z) on the terminal's receipt printer by the receipts' own paths: rasterized and sent
 * as ESC/POS to a network printer, or handed to the Windows driver. The layout is the receipt's (dots at the
 * roll's width), so what fits a receipt fits here.
 */
export async function printSummaryHtml(
  html: string,
  printer: PrinterSettings,
  printing: ReceiptPrinting | undefined,
): Promise<void> {
  if (!printing) {
    throw new AppError('PRINTER_ERROR', 'Receipts cannot be rendered in this host.', {
      reason: 'unavailable',
    })
  }
  switch (printer.kind) {
    case 'none':
      throw new AppError('PRINTER_ERROR', 'No receipt printer is set up on this PC.', {
        reason: 'no-printer',
        printer: 'none',
      })
    case 'escpos-network': {
      const image = await printing.rasterizer.rasterize(html, printableWidthDots(printer.widthMm))
      const network = printing.networkPrinter?.(printer.address) ?? new NetworkPrinter(printer.address)
      await network.print(encodeReceiptJob(image))
      return
    }
    case 'system':
      if (!printing.systemPrinter) {
        throw new AppError(
          'PRINTER_ERROR',
          printing.systemPrinterMissing ?? 'Windows printers cannot be reached from here.',
          { reason: 'system-unavailable', printer: printer.deviceName },
        )
      }
      await printing.systemPrinter.printHtml(html, {
        deviceName: printer.deviceName,
        widthMm: printer.widthMm,
      })
      return
  }
}
