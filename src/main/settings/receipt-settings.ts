import { formatPrinterAddress, parsePrinterAddress } from '../../shared/printer-address'
import { RECEIPT_LOGO_MAX_CHARS, RECEIPT_LOGO_PATTERN } from '../../shared/receipt-logo'
import type { OutletDetails, PrinterSettings } from '../../shared/receipts'
import { type ReceiptSettings, SETTING_DEFAULTS } from '../../shared/settings'

const text = (v: unknown, max: number): string => (typeof v === 'string' ? v.trim().slice(0, max) : '')

function printerFrom(raw: unknown): PrinterSettings {
  const r = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {}
  const widthMm = r.widthMm === 58 || r.widthMm === 80 ? r.widthMm : 80
  if (r.kind === 'escpos-network' && typeof r.address === 'string') {
    const address = parsePrinterAddress(r.address)
    if (address) return { kind: 'escpos-network', address: formatPrinterAddress(address), widthMm }
  }
  if (r.kind === 'system' && typeof r.deviceName === 'string' && r.deviceName.trim() !== '') {
    return { kind: 'system', deviceName: r.deviceName.trim(), widthMm }
  }
  return { kind: 'none', widthMm }
}

function outletFrom(raw: unknown): OutletDetails {
  const r = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {}
  return { name: text(r.name, 100), address: text(r.address, 200), phone: text(r.phone, 40) }
}

/**
 * The receipt settings from a stored file: only known values, an address in the `tcp://host:port` form the
 * printer code reads, and a working default for anything missing or unreadable.
 */
export function sanitizeReceiptSettings(raw: Record<string, unknown>): ReceiptSettings {
  const d = SETTING_DEFAULTS
  return {
    printer: printerFrom(raw.printer),
    autoPrint: typeof raw.autoPrint === 'boolean' ? raw.autoPrint : d.autoPrint,
    outlet: outletFrom(raw.outlet),
    redemptionHint:
      typeof raw.redemptionHint === 'string' ? raw.redemptionHint.slice(0, 500) : d.redemptionHint,
    receiptLanguage:
      raw.receiptLanguage === 'ar' || raw.receiptLanguage === 'en' ? raw.receiptLanguage : d.receiptLanguage,
    logo:
      typeof raw.logo === 'string' &&
      raw.logo.length <= RECEIPT_LOGO_MAX_CHARS &&
      RECEIPT_LOGO_PATTERN.test(raw.logo)
        ? raw.logo
        : d.logo,
  }
}
