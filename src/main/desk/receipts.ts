import type {
  JournalEntry,
  Language,
  PrinterSettings,
  PrintResult,
  ReceiptPreview,
  ReceiptSettings,
} from '../../shared/contract'
import { AppError } from '../../shared/errors'
import { writeFileAtomically } from '../atomic-file'
import { type EntryRecord, toJournalEntry } from '../journal/journal'
import { checkOutputFile } from '../output-path'
import { encodeReceiptJob } from '../printing/escpos'
import type { MonochromeImage } from '../printing/monochrome'
import { NetworkPrinter, type PrintOutcome } from '../printing/network-printer'
import { receiptPdf } from '../printing/pdf'
import { monochromePng, pngDataUrl } from '../printing/png'
import type { ReceiptRasterizer } from '../printing/rasterizer'
import type { SystemPrinter } from '../printing/system-printer'
import { loadReceiptFonts } from '../receipts/fonts'
import { renderReceiptHtml } from '../receipts/layout'
import { type ReceiptInput, receiptProblem } from '../receipts/model'
import { printableWidthDots } from '../receipts/paper'
import type { StoredSettings } from '../settings/settings'
import type { CallContext, Workspace } from './context'
import { stamp } from './context'
import type { DeskCore, FeatureHandlers } from './desk'

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

export type ReceiptMethod =
  | 'printReceipt'
  | 'getReceiptPreview'
  | 'saveReceiptPdf'
  | 'listPrinters'
  | 'printTestReceipt'

/** The receipt settings as the renderer sees them (all of them: nothing here is secret). */
export function receiptSettingsOf(s: StoredSettings): ReceiptSettings {
  return {
    printer: s.printer,
    autoPrint: s.autoPrint,
    outlet: s.outlet,
    redemptionHint: s.redemptionHint,
    logo: s.logo,
    receiptLanguage: s.receiptLanguage,
  }
}

/** What the event log and the clerk call the printer: its address, its Windows name, or none. */
export function printerLabel(printer: PrinterSettings): string {
  if (printer.kind === 'escpos-network') return printer.address
  if (printer.kind === 'system') return printer.deviceName
  return 'none'
}

function printerError(reason: string, message: string, printer: string): AppError {
  return new AppError('PRINTER_ERROR', message, { reason, printer })
}

/** A sample receipt for "Test print": a training voucher that cannot be mistaken for a real one. */
function testEntry(at: string): JournalEntry {
  return {
    id: 'test-print',
    kind: 'voucher',
    status: 'issued',
    createdAt: at,
    day: 0,
    amountDirhams: 0,
    clerk: 'TEST',
    voucher: {
      code: '000000000000000',
      serialNumber: '00000000000',
      activationDate: at.slice(0, 10),
      expiryDate: at.slice(0, 10),
    },
    needsAttention: false,
    attempts: 0,
    updatedAt: at,
    mode: 'training',
  }
}

/**
 * Receipts for finished entries: preview (a PNG of the very raster a thermal printer gets), print through
 * the terminal's printer (ESC/POS on the network or a Windows printer), Save as PDF, and a test print.
 * Printing never touches the entry: a failure leaves it final and printable, and is logged as an event.
 */
export function receiptHandlers(
  core: DeskCore,
  printing: ReceiptPrinting | undefined,
): FeatureHandlers<ReceiptMethod> {
  const log = core.log.child('receipts')
  const networkPrinters = new Map<string, ReceiptNetworkPrinter>()
  // One receipt at a time: a printer takes one job at a time, and "is this a copy?" must see the last print.
  let queue: Promise<unknown> = Promise.resolve()

  function serialized<T>(job: () => Promise<T>): Promise<T> {
    const result = queue.then(job)
    queue = result.catch(() => undefined)
    return result
  }

  function host(): ReceiptPrinting {
    if (!printing) {
      throw printerError('unavailable', 'Receipts cannot be rendered in this host.', 'none')
    }
    return printing
  }

  function printableEntry(ws: Workspace, entryId: string): EntryRecord {
    const entry = ws.journal.get(entryId)
    if (!entry) throw new AppError('NOT_FOUND', 'There is no such journal entry.')
    const problem = receiptProblem(toJournalEntry(entry))
    if (problem) throw new AppError('NOT_PRINTABLE', problem, { entryId, status: entry.status })
    return entry
  }

  /** A receipt language chosen in settings wins; otherwise the language the clerk works in. */
  function languageFor(s: StoredSettings, asked: Language | undefined): Language {
    return s.receiptLanguage ?? asked ?? s.language ?? 'ar'
  }

  function receiptInput(
    entry: JournalEntry,
    s: StoredSettings,
    language: Language,
    printer: PrinterSettings,
    copyAt: string | null,
  ): ReceiptInput {
    return {
      entry,
      outlet: s.outlet,
      options: {
        language,
        widthMm: printer.widthMm,
        training: entry.mode === 'training',
        copy: copyAt === null ? null : { reprintedAt: copyAt },
        redemptionHint: s.redemptionHint || null,
        logoDataUrl: s.logo,
      },
    }
  }

  async function rasterize(input: ReceiptInput): Promise<MonochromeImage> {
    const html = renderReceiptHtml(input, await loadReceiptFonts())
    try {
      return await host().rasterizer.rasterize(html, printableWidthDots(input.options.widthMm))
    } catch (error) {
      log.error('the receipt could not be rendered', { error })
      throw printerError('render-failed', 'The receipt could not be rendered.', 'none')
    }
  }

  function networkPrinter(address: string): ReceiptNetworkPrinter {
    let printer = networkPrinters.get(address)
    if (!printer) {
      printer = host().networkPrinter?.(address) ?? new NetworkPrinter(address)
      networkPrinters.set(address, printer)
    }
    return printer
  }

  /** Sends a receipt to the configured printer; rejects with PRINTER_ERROR and a reason the clerk can act on. */
  /**
   * The receipt of an entry as it would print now (a COPY once it printed before), rendered to dots, for a
   * person to see or save: each look at a voucher's code is logged with who and how.
   */
  async function showReceipt(
    ws: Workspace,
    entry: EntryRecord,
    language: Language | undefined,
    call: CallContext,
    via: 'receipt-preview' | 'pdf',
  ): Promise<{ image: MonochromeImage; copy: boolean }> {
    const s = core.settings()
    const at = stamp(ws).at
    const copy = printedBefore(ws, entry.id)
    const image = await rasterize(
      receiptInput(
        toJournalEntry(entry, { revealCode: true }),
        s,
        languageFor(s, language),
        s.printer,
        copy ? at : null,
      ),
    )
    if (entry.kind === 'voucher')
      record(ws, entry.id, { type: 'code-shown', at, clerk: call.clerk, detail: { via } })
    return { image, copy }
  }

  async function send(input: ReceiptInput, printer: PrinterSettings): Promise<void> {
    const { systemPrinter, systemPrinterMissing } = host()
    switch (printer.kind) {
      case 'none':
        throw printerError(
          'no-printer',
          'No receipt printer is set up on this PC: show the receipt or save it as PDF.',
          'none',
        )
      case 'escpos-network': {
        const job = encodeReceiptJob(await rasterize(input))
        const outcome = await networkPrinter(printer.address).print(job)
        if (outcome.paperLow) {
          log.warn('the printer reports its paper roll nearly out', { printer: printer.address })
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
        await systemPrinter.printHtml(renderReceiptHtml(input, await loadReceiptFonts()), {
          deviceName: printer.deviceName,
          widthMm: printer.widthMm,
        })
        return
    }
  }

  /** The events say whether a receipt was already printed: then this one is a COPY. */
  function printedBefore(ws: Workspace, entryId: string): boolean {
    return ws.journal.events(entryId).some((e) => e.type === 'printed')
  }

  /** Events record who printed or saw a receipt; a failure to record one must not hide a printed receipt. */
  function record(
    ws: Workspace,
    entryId: string,
    event: {
      type: 'printed' | 'print-failed' | 'code-shown'
      at: string
      clerk: string | null
      detail: Record<string, unknown>
    },
  ): void {
    try {
      ws.journal.addEvent(entryId, event)
    } catch (error) {
      log.warn('a receipt event was not recorded', { error, entryId, type: event.type })
    }
  }

  return {
    printReceipt: (args, call: CallContext) => {
      const ws = core.active()
      return serialized(async (): Promise<PrintResult> => {
        const entry = printableEntry(ws, args.entryId)
        const s = core.settings()
        const at = stamp(ws).at
        const copy = printedBefore(ws, entry.id)
        const label = printerLabel(s.printer)
        const input = receiptInput(
          toJournalEntry(entry, { revealCode: true }),
          s,
          languageFor(s, args.language),
          s.printer,
          copy ? at : null,
        )
        try {
          await send(input, s.printer)
        } catch (error) {
          const reason = error instanceof AppError ? String(error.details?.reason ?? error.code) : 'internal'
          record(ws, entry.id, {
            type: 'print-failed',
            at,
            clerk: call.clerk,
            detail: { printer: label, reason, copy },
          })
          if (error instanceof AppError) throw error
          log.error('printing failed unexpectedly', { error })
          throw printerError('printer-error', 'The receipt could not be printed.', label)
        }
        record(ws, entry.id, {
          type: 'printed',
          at,
          clerk: call.clerk,
          detail: { printer: label, copy, widthMm: s.printer.widthMm, language: input.options.language },
        })
        return { copy, printedAt: at, printer: label }
      })
    },

    getReceiptPreview: async (args, call) => {
      const ws = core.active()
      const entry = printableEntry(ws, args.entryId)
      const { image, copy } = await showReceipt(ws, entry, args.language, call, 'receipt-preview')
      const preview: ReceiptPreview = {
        imageDataUrl: pngDataUrl(monochromePng(image)),
        widthDots: image.width,
        heightDots: image.height,
        copy,
      }
      return preview
    },

    saveReceiptPdf: async (args, call) => {
      const ws = core.active()
      const entry = printableEntry(ws, args.entryId)
      const choose = host().chooseSavePath
      const path =
        args.path !== undefined
          ? checkOutputFile(args.path, ['.pdf'], core.dataDir)
          : choose
            ? await choose(`receipt-${entry.id}.pdf`)
            : null
      if (path === null) return null
      const { image } = await showReceipt(ws, entry, args.language, call, 'pdf')
      writeFileAtomically(path, receiptPdf(image, core.settings().printer.widthMm))
      return { path }
    },

    listPrinters: async () => {
      const systemPrinter = host().systemPrinter
      if (!systemPrinter) return { printers: [], available: false }
      try {
        return { printers: await systemPrinter.listPrinters(), available: true }
      } catch (error) {
        log.warn('the printer list could not be read', { error })
        throw printerError('list-failed', 'The list of printers could not be read.', 'none')
      }
    },

    printTestReceipt: (args) => {
      const ws = core.active()
      return serialized(async () => {
        const s = core.settings()
        const printer = args.printer ?? s.printer
        const at = stamp(ws).at
        await send(receiptInput(testEntry(at), s, languageFor(s, args.language), printer, null), printer)
        return { printer: printerLabel(printer), printedAt: at }
      })
    },
  }
}
