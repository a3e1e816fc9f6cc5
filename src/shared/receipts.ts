/**
 * Receipts and printers: the receipt printer of this terminal, what a receipt prints, why one did not print.
 * The receipt settings themselves are in settings.ts.
 */

/** Thermal rolls: 58 mm (384 printable dots) and 80 mm (576). */
export type PaperWidthMm = 58 | 80

/** The receipt printer of this terminal. */
export type PrinterSettings =
  | { kind: 'escpos-network'; address: string; widthMm: PaperWidthMm }
  | { kind: 'system'; deviceName: string; widthMm: PaperWidthMm }
  | { kind: 'none'; widthMm: PaperWidthMm }

/** Printed at the top of every receipt. */
export interface OutletDetails {
  name: string
  address: string
  phone: string
}

export interface PrintResult {
  /** Printed before: this one says COPY and the reprint time. */
  copy: boolean
  printedAt: string
  printer: string
}

/** Exactly what would print now, 1 CSS pixel per printer dot. */
export interface ReceiptPreview {
  imageDataUrl: string
  widthDots: number
  heightDots: number
  copy: boolean
}

export interface SystemPrinterEntry {
  name: string
  displayName: string
  isDefault: boolean
}

/** Why a receipt did not print: PRINTER_ERROR's `details.reason`. */
export const PRINTER_FAILURE_REASONS = [
  'bad-address',
  'offline',
  'refused',
  'timeout',
  'no-paper',
  'cover-open',
  'printer-error',
  'cancelled',
  'system-print-failed',
  'system-unavailable',
  'no-printer',
  'render-failed',
  'list-failed',
  'unavailable',
] as const
export type PrinterFailureReason = (typeof PRINTER_FAILURE_REASONS)[number]
