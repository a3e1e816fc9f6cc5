import { describe, expect, it, vi } from 'vitest'
import { createStore } from 'zustand/vanilla'
import { watchForAutoPrint } from '../../../src/renderer/src/features/printing/auto-print'
import { printFailureText } from '../../../src/renderer/src/features/printing/failure-text'
import { createPrintingStore } from '../../../src/renderer/src/features/printing/store'
import { ar } from '../../../src/renderer/src/i18n/ar'
import { en } from '../../../src/renderer/src/i18n/en'
import type { DeskApi } from '../../../src/shared/contract'
import type { PrintResult } from '../../../src/shared/receipts'
import type { Settings } from '../../../src/shared/settings'
import type { JournalEntry } from '../../../src/shared/types'

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (reason: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

function setup() {
  const api = {
    printReceipt: vi.fn<DeskApi['printReceipt']>(),
    getReceiptPreview: vi.fn<DeskApi['getReceiptPreview']>(async () => ({
      imageDataUrl: 'data:image/png;base64,AAAA',
      widthDots: 384,
      heightDots: 900,
      copy: false,
    })),
    saveReceiptPdf: vi.fn<DeskApi['saveReceiptPdf']>(async () => ({ path: '/tmp/r.pdf' })),
    listPrinters: vi.fn<DeskApi['listPrinters']>(async () => ({ printers: [], available: false })),
    printTestReceipt: vi.fn<DeskApi['printTestReceipt']>(),
  }
  const changed: string[] = []
  const store = createPrintingStore({ api, language: () => 'ar', onEntryChanged: (id) => changed.push(id) })
  return { api, store, changed }
}

describe('printing a receipt from the renderer', () => {
  it('sends one print however often Print is pressed while it prints, in the clerk’s language', async () => {
    const { api, store, changed } = setup()
    const answer = deferred<PrintResult>()
    api.printReceipt.mockReturnValue(answer.promise)
    const first = store.getState().print('e1')
    void store.getState().print('e1')
    expect(store.getState().outcomes.e1).toEqual({ state: 'printing', automatic: false })
    answer.resolve({ copy: true, printedAt: '2026-11-26T10:00:00.000Z', printer: 'tcp://10.0.0.9:9100' })
    await first
    expect(api.printReceipt).toHaveBeenCalledTimes(1)
    expect(api.printReceipt).toHaveBeenCalledWith({ entryId: 'e1', language: 'ar' })
    expect(store.getState().outcomes.e1).toEqual({ state: 'printed', copy: true, automatic: false })
    expect(changed).toEqual(['e1'])
  })

  it('keeps the printer’s reason when printing fails, and a later print can still succeed', async () => {
    const { api, store } = setup()
    api.printReceipt.mockRejectedValueOnce({
      code: 'PRINTER_ERROR',
      message: 'out of paper',
      details: { reason: 'no-paper', printer: 'tcp://10.0.0.9:9100' },
    })
    expect(await store.getState().print('e2', { automatic: true })).toBeNull()
    const failed = store.getState().outcomes.e2
    expect(failed).toMatchObject({
      state: 'failed',
      automatic: true,
      error: { details: { reason: 'no-paper' } },
    })
    expect(store.getState().printed.e2).toBeUndefined()
    api.printReceipt.mockResolvedValueOnce({ copy: false, printedAt: 'x', printer: 'p' })
    await store.getState().print('e2')
    expect(store.getState().outcomes.e2).toEqual({ state: 'printed', copy: false, automatic: false })
    // Printed once: a later failure does not turn Reprint back into Print.
    api.printReceipt.mockRejectedValueOnce({
      code: 'PRINTER_ERROR',
      message: 'off',
      details: { reason: 'offline' },
    })
    await store.getState().print('e2')
    expect(store.getState().printed.e2).toBe(true)
  })

  it('shows the preview, and after a print from it shows the COPY that a reprint would be', async () => {
    const { api, store } = setup()
    await store.getState().showPreview('e3')
    expect(store.getState().preview).toMatchObject({
      entryId: 'e3',
      receipt: { widthDots: 384, copy: false },
    })
    api.printReceipt.mockResolvedValueOnce({ copy: false, printedAt: 'x', printer: 'p' })
    api.getReceiptPreview.mockResolvedValueOnce({
      imageDataUrl: 'data:image/png;base64,BBBB',
      widthDots: 384,
      heightDots: 960,
      copy: true,
    })
    await store.getState().print('e3')
    await vi.waitFor(() => expect(store.getState().preview?.receipt?.copy).toBe(true))
    await store.getState().savePdf()
    expect(api.saveReceiptPdf).toHaveBeenCalledWith({ entryId: 'e3', language: 'ar' })
    expect(store.getState().preview?.savedPath).toBe('/tmp/r.pdf')
    store.getState().closePreview()
    expect(store.getState().preview).toBeNull()
  })
})

describe('auto-print', () => {
  const voucher = (over: Partial<JournalEntry> = {}): JournalEntry => ({
    id: 'v1',
    kind: 'voucher',
    status: 'issued',
    createdAt: '2026-11-26T10:00:00.000Z',
    updatedAt: '2026-11-26T10:00:00.000Z',
    day: 20261126,
    amountDirhams: 5000,
    needsAttention: false,
    attempts: 1,
    mode: 'training',
    voucher: { code: '123456789012345', serialNumber: '1', activationDate: '', expiryDate: '' },
    ...over,
  })
  const depositEntry = (status: JournalEntry['status']): JournalEntry => ({
    ...voucher({ id: 'd1', kind: 'deposit', status }),
    voucher: undefined,
  })

  function setupAuto(settings: Partial<Settings> | null) {
    const sell = createStore<{ result: JournalEntry | null }>(() => ({ result: null }))
    const deposit = createStore<{ result: JournalEntry | null }>(() => ({ result: null }))
    const print = vi.fn()
    watchForAutoPrint({
      results: [sell, deposit],
      settings: () =>
        settings &&
        ({
          autoPrint: true,
          printer: { kind: 'escpos-network', address: 'tcp://p:9100', widthMm: 58 },
          ...settings,
        } as Settings),
      print,
    })
    return { sell, deposit, print }
  }

  it('prints once when a sale is issued or a deposit confirmed, including by a safe retry', () => {
    const { sell, deposit, print } = setupAuto({})
    sell.setState({ result: voucher() })
    expect(print).toHaveBeenCalledWith('v1')
    deposit.setState({ result: depositEntry('unknown') })
    expect(print).toHaveBeenCalledTimes(1)
    deposit.setState({ result: depositEntry('confirmed') })
    expect(print).toHaveBeenLastCalledWith('d1')
    // The same confirmed entry again (a refresh) is not a second sale.
    deposit.setState({ result: depositEntry('confirmed') })
    sell.setState({ result: null })
    expect(print).toHaveBeenCalledTimes(2)
  })

  it('never prints when auto-print is off, there is no printer, or the sale failed', () => {
    for (const settings of [
      { autoPrint: false },
      { printer: { kind: 'none' as const, widthMm: 80 as const } },
    ]) {
      const { sell, print } = setupAuto(settings)
      sell.setState({ result: voucher() })
      expect(print).not.toHaveBeenCalled()
    }
    const { sell, print } = setupAuto({})
    sell.setState({ result: voucher({ status: 'failed', voucher: undefined }) })
    sell.setState({ result: voucher({ id: 'v2', status: 'unknown', voucher: undefined }) })
    expect(print).not.toHaveBeenCalled()
  })
})

describe('a printer failure in words', () => {
  const badAddress = {
    code: 'PRINTER_ERROR' as const,
    message: 'The printer address tcp://nowhere:9100 does not resolve.',
    details: { reason: 'bad-address', printer: 'tcp://nowhere:9100' },
  }

  it('sends the clerk to Settings from a sale, and to the address above from Settings’ test print', () => {
    expect(printFailureText(en, badAddress)).toBe(en.printing.reasons['bad-address'])
    expect(printFailureText(en, badAddress)).toContain('in Settings')
    expect(printFailureText(en, badAddress, 'settings')).not.toContain('in Settings')
    expect(printFailureText(ar, badAddress, 'settings')).toBe(ar.printing.settings.badAddressHere)
  })

  it('says what to do once: the reason’s advice, then only that the sale is done', () => {
    const noPaper = { ...badAddress, details: { reason: 'no-paper' } }
    const said = [printFailureText(en, noPaper), en.printing.saleStillDone].join(' ')
    expect(said.match(/print again/g)).toHaveLength(1)
  })
})
