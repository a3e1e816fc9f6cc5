import { createStore, type StoreApi } from 'zustand/vanilla'
import type { DeskApi } from '../../../../shared/contract'
import { type AppErrorData, toAppErrorData } from '../../../../shared/errors'
import type {
  PrinterSettings,
  PrintResult,
  ReceiptPreview,
  SystemPrinterEntry,
} from '../../../../shared/receipts'
import type { Language } from '../../../../shared/types'
import { sameAnswer } from '../../app/same-answer'

/** The last print of an entry in this session, for the line beside its Print button. */
export type PrintOutcome =
  | { state: 'printing'; automatic: boolean }
  | { state: 'printed'; copy: boolean; automatic: boolean }
  | { state: 'failed'; error: AppErrorData; automatic: boolean }

export interface PreviewState {
  entryId: string
  /** null while main renders it. */
  receipt: ReceiptPreview | null
  error: AppErrorData | null
  saving: boolean
  savedPath: string | null
}

export interface PrintingState {
  outcomes: Record<string, PrintOutcome>
  /** Entries printed at least once in this session: their next print is a reprint. */
  printed: Record<string, true>
  preview: PreviewState | null
  /** Windows printers, for the settings; null until asked. */
  printers: { list: SystemPrinterEntry[]; available: boolean } | null
  printersError: AppErrorData | null
  testing: boolean
  testResult: { ok: true; printer: string } | { ok: false; error: AppErrorData } | null
  /** Prints a finished entry's receipt; a second press while it prints does nothing. */
  print(entryId: string, options?: { automatic?: boolean }): Promise<PrintResult | null>
  showPreview(entryId: string): Promise<void>
  closePreview(): void
  savePdf(): Promise<void>
  loadPrinters(): Promise<void>
  testPrint(printer: PrinterSettings): Promise<void>
}

export type PrintingStore = StoreApi<PrintingState>

export interface PrintingDeps {
  api: Pick<
    DeskApi,
    'printReceipt' | 'getReceiptPreview' | 'saveReceiptPdf' | 'listPrinters' | 'printTestReceipt'
  >
  /** The language the clerk works in: receipts print in it unless settings say otherwise. */
  language(): Language
  /** A print or a preview added an event to the entry: views showing its history reload it. */
  onEntryChanged?(entryId: string): void
}

/** Receipts from the renderer's side: main renders and prints; this keeps what the clerk needs to see. */
export function createPrintingStore({ api, language, onEntryChanged }: PrintingDeps): PrintingStore {
  return createStore<PrintingState>((set, get) => {
    function setOutcome(entryId: string, outcome: PrintOutcome): void {
      set((s) => ({ outcomes: { ...s.outcomes, [entryId]: outcome } }))
    }

    return {
      outcomes: {},
      printed: {},
      preview: null,
      printers: null,
      printersError: null,
      testing: false,
      testResult: null,

      async print(entryId, options = {}) {
        if (get().outcomes[entryId]?.state === 'printing') return null
        const automatic = options.automatic ?? false
        setOutcome(entryId, { state: 'printing', automatic })
        try {
          const result = await api.printReceipt({ entryId, language: language() })
          setOutcome(entryId, { state: 'printed', copy: result.copy, automatic })
          set((s) => ({ printed: { ...s.printed, [entryId]: true } }))
          return result
        } catch (e) {
          setOutcome(entryId, { state: 'failed', error: toAppErrorData(e), automatic })
          return null
        } finally {
          onEntryChanged?.(entryId)
          // The preview now shows a receipt that has been printed: the next one is a COPY.
          if (get().preview?.entryId === entryId) void get().showPreview(entryId)
        }
      },

      async showPreview(entryId) {
        const open = get().preview
        const same = open?.entryId === entryId
        set({
          preview: {
            entryId,
            receipt: same ? (open?.receipt ?? null) : null,
            error: null,
            saving: false,
            savedPath: same ? (open?.savedPath ?? null) : null,
          },
        })
        try {
          const receipt = await api.getReceiptPreview({ entryId, language: language() })
          if (get().preview?.entryId === entryId)
            set((s) => ({ preview: s.preview && { ...s.preview, receipt } }))
        } catch (e) {
          if (get().preview?.entryId === entryId)
            set((s) => ({ preview: s.preview && { ...s.preview, error: toAppErrorData(e) } }))
        }
        onEntryChanged?.(entryId)
      },

      closePreview() {
        set({ preview: null })
      },

      async savePdf() {
        const preview = get().preview
        if (!preview || preview.saving) return
        set({ preview: { ...preview, saving: true, error: null, savedPath: null } })
        try {
          const saved = await api.saveReceiptPdf({ entryId: preview.entryId, language: language() })
          set((s) => ({ preview: s.preview && { ...s.preview, savedPath: saved?.path ?? null } }))
        } catch (e) {
          set((s) => ({ preview: s.preview && { ...s.preview, error: toAppErrorData(e) } }))
        } finally {
          set((s) => ({ preview: s.preview && { ...s.preview, saving: false } }))
          onEntryChanged?.(preview.entryId)
        }
      },

      async loadPrinters() {
        try {
          const { printers, available } = await api.listPrinters()
          // Asked on every visit to Settings: the same list keeps the same object (the section re-renders nothing).
          set((s) => ({
            printers: sameAnswer(s.printers, { list: printers, available }),
            printersError: null,
          }))
        } catch (e) {
          set({ printersError: toAppErrorData(e) })
        }
      },

      async testPrint(printer) {
        if (get().testing) return
        set({ testing: true, testResult: null })
        try {
          const result = await api.printTestReceipt({ printer, language: language() })
          set({ testResult: { ok: true, printer: result.printer } })
        } catch (e) {
          set({ testResult: { ok: false, error: toAppErrorData(e) } })
        } finally {
          set({ testing: false })
        }
      },
    }
  })
}

/** What the reason in a PRINTER_ERROR is, when it has one. */
export function printerFailureReason(error: AppErrorData): string | null {
  const reason = error.code === 'PRINTER_ERROR' ? error.details?.reason : undefined
  return typeof reason === 'string' ? reason : null
}
