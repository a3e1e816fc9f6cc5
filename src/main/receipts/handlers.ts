import { AppError } from '../../shared/errors'
import type { PrinterSettings, PrintResult, ReceiptPreview } from '../../shared/receipts'
import type { CodeShownVia, JournalEntry, Language } from '../../shared/types'
import { saveFileAtomically } from '../atomic-file'
import type { DeskCore, FeatureHandlers } from '../desk/core'
import type { CallContext, Workspace } from '../desk/workspace'
import { stamp } from '../desk/workspace'
import { type EntryRecord, toJournalEntry } from '../journal/journal'
import { checkOutputFile } from '../output-path'
import type { MonochromeImage } from '../printing/monochrome'
import { monochromePng, pngDataUrl } from '../printing/png'
import { receiptPdf } from '../printing/receipt-pdf'
import type { StoredSettings } from '../settings/settings'
import { loadReceiptFonts } from './fonts'
import { renderReceiptHtml } from './layout'
import { type ReceiptInput, receiptProblem } from './model'
import { printerError, printerLabel, type ReceiptPrinter } from './printer'

export type ReceiptMethod =
  | 'printReceipt'
  | 'getReceiptPreview'
  | 'saveReceiptPdf'
  | 'listPrinters'
  | 'printTestReceipt'

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

async function receiptHtml(input: ReceiptInput): Promise<string> {
  return renderReceiptHtml(input, await loadReceiptFonts())
}

/**
 * Receipts for finished entries: preview (a PNG of the very raster a thermal printer gets), print through
 * the terminal's printer (ESC/POS on the network or a Windows printer), Save as PDF, and a test print.
 * Printing never touches the entry: a failure leaves it final and printable, and is logged as an event.
 */
export function receiptHandlers(core: DeskCore, printer: ReceiptPrinter): FeatureHandlers<ReceiptMethod> {
  const log = core.log.child('receipts')

  function printableEntry(ws: Workspace, entryId: string): EntryRecord {
    const entry = ws.journal.get(entryId)
    if (!entry) throw new AppError('NOT_FOUND', 'There is no such journal entry.')
    const problem = receiptProblem(toJournalEntry(entry))
    if (problem) throw new AppError('NOT_PRINTABLE', problem, { entryId, status: entry.status })
    return entry
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

  /**
   * The receipt of an entry as it would print now (a COPY once it printed before), rendered to dots, for a
   * person to see or save: each look at a voucher's code is logged with who and how.
   */
  async function showReceipt(
    ws: Workspace,
    entry: EntryRecord,
    language: Language | undefined,
    call: CallContext,
    via: Extract<CodeShownVia, 'receipt-preview' | 'pdf'>,
  ): Promise<{ image: MonochromeImage; copy: boolean }> {
    const s = core.settings()
    const at = stamp(ws).at
    const copy = printedBefore(ws, entry.id)
    const input = receiptInput(
      toJournalEntry(entry, { revealCode: true }),
      s,
      languageFor(s, language),
      s.printer,
      copy ? at : null,
    )
    const image = await printer.rasterize(await receiptHtml(input), input.options.widthMm)
    if (entry.kind === 'voucher')
      record(ws, entry.id, { type: 'code-shown', at, clerk: call.clerk, detail: { via } })
    return { image, copy }
  }

  return {
    printReceipt: (args, call) => {
      const ws = core.active()
      return printer.serialized(async (): Promise<PrintResult> => {
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
          await printer.print(() => receiptHtml(input), s.printer)
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
      const choose = printer.host().chooseSavePath
      const path =
        args.path !== undefined
          ? await checkOutputFile(args.path, ['.pdf'], core.dataDir)
          : choose
            ? await choose(`receipt-${entry.id}.pdf`)
            : null
      if (path === null) return null
      const { image } = await showReceipt(ws, entry, args.language, call, 'pdf')
      await saveFileAtomically(path, receiptPdf(image, core.settings().printer.widthMm))
      return { path }
    },

    listPrinters: async () => {
      const systemPrinter = printer.host().systemPrinter
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
      return printer.serialized(async () => {
        const s = core.settings()
        const target = args.printer ?? s.printer
        const at = stamp(ws).at
        const input = receiptInput(testEntry(at), s, languageFor(s, args.language), target, null)
        await printer.print(() => receiptHtml(input), target)
        return { printer: printerLabel(target), printedAt: at }
      })
    },
  }
}
