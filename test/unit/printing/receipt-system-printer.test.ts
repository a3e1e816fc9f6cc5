import { describe, expect, it, vi } from 'vitest'
import {
  createSystemPrinter,
  type PrintHost,
  type PrintPage,
  type SystemPrintOptions,
  systemPrintOptions,
} from '../../../src/main/printing/system-printer'
import { AppError } from '../../../src/shared/errors'

describe('webContents.print options', () => {
  it('print silently to the named printer, no margins, on a page the size of the receipt', () => {
    expect(systemPrintOptions({ deviceName: 'XP-58', widthMm: 58, contentHeightDots: 1200 })).toEqual({
      silent: true,
      deviceName: 'XP-58',
      printBackground: true,
      color: false,
      margins: { marginType: 'none' },
      // 58 mm roll; 1200 dots at 8 dots/mm = 150 mm.
      pageSize: { width: 58_000, height: 150_000 },
    })
    expect(
      systemPrintOptions({ deviceName: 'TM-T20', widthMm: 80, contentHeightDots: 801 }).pageSize,
    ).toEqual({
      width: 80_000,
      height: 100_125,
    })
  })

  it('refuses to print without a printer name (Electron would pick the default printer)', () => {
    expect(() => systemPrintOptions({ deviceName: ' ', widthMm: 58, contentHeightDots: 100 })).toThrow(
      AppError,
    )
  })
})

function fakeHost(result: { success: boolean; failureReason: string }) {
  const printed: SystemPrintOptions[] = []
  const closed = vi.fn()
  const openPage = vi.fn(
    async (): Promise<PrintPage> => ({
      contentHeight: async () => 960,
      print: async (options) => {
        printed.push(options)
        return result
      },
      close: closed,
    }),
  )
  const host: PrintHost = {
    getPrinters: async () => [
      { name: 'Microsoft_Print_to_PDF', displayName: 'Microsoft Print to PDF' },
      { name: 'XP-80C', displayName: 'XP-80C (receipt)', isDefault: true },
      { name: 'Fax' },
    ],
    openPage,
  }
  return { host, printed, closed, openPage }
}

describe('system printer', () => {
  it('lists printers with the default first and a display name for each', async () => {
    const { host } = fakeHost({ success: true, failureReason: '' })
    expect(await createSystemPrinter(host).listPrinters()).toEqual([
      { name: 'XP-80C', displayName: 'XP-80C (receipt)', isDefault: true },
      { name: 'Fax', displayName: 'Fax', isDefault: false },
      { name: 'Microsoft_Print_to_PDF', displayName: 'Microsoft Print to PDF', isDefault: false },
    ])
  })

  it('loads the receipt at the roll width in dots and prints it at its measured height', async () => {
    const { host, printed, closed, openPage } = fakeHost({ success: true, failureReason: '' })
    await createSystemPrinter(host).printHtml('<p>receipt</p>', { deviceName: 'XP-80C', widthMm: 80 })
    expect(openPage).toHaveBeenCalledWith('<p>receipt</p>', 576)
    expect(printed).toEqual([
      systemPrintOptions({ deviceName: 'XP-80C', widthMm: 80, contentHeightDots: 960 }),
    ])
    expect(closed).toHaveBeenCalledOnce()
  })

  it('turns a driver failure into PRINTER_ERROR and still closes the window', async () => {
    const { host, closed } = fakeHost({ success: false, failureReason: 'Invalid deviceName provided' })
    const printing = createSystemPrinter(host).printHtml('<p>receipt</p>', {
      deviceName: 'Gone',
      widthMm: 58,
    })
    await expect(printing).rejects.toMatchObject({
      code: 'PRINTER_ERROR',
      details: {
        reason: 'system-print-failed',
        printer: 'Gone',
        failureReason: 'Invalid deviceName provided',
      },
    })
    expect(closed).toHaveBeenCalledOnce()
  })
})
