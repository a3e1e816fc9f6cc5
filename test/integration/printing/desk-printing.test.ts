import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inflateSync } from 'node:zlib'
import { PNG } from 'pngjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ChromiumRasterizer,
  launchChromiumRasterizer,
} from '../../../src/main/printing/chromium-rasterizer'
import { isBlack, type MonochromeImage } from '../../../src/main/printing/monochrome'
import { NetworkPrinter } from '../../../src/main/printing/network-printer'
import {
  createSystemPrinter,
  type HostPrinterInfo,
  type SystemPrintOptions,
} from '../../../src/main/printing/system-printer'
import type { ReceiptPrinting } from '../../../src/main/receipts/printer'
import type { PrinterSettings } from '../../../src/shared/receipts'
import type { JournalEntry } from '../../../src/shared/types'
import { AHMED, startTestDesk, type TestDesk } from '../../helpers/desk'
import { FakeEscPosPrinter, type FakeJob } from '../../helpers/fake-escpos-printer'
import { writeMonochromePng } from '../../helpers/monochrome-png'

/**
 * Receipts through the real desk core against the real sandbox: the Chromium rasterizer, a fake ESC/POS
 * printer on 127.0.0.1 and a mocked Windows print host. The desk runs in training mode, so every receipt
 * also carries TRAINING — NOT VALID.
 */
const OUT_DIR = join(process.cwd(), 'test-output', 'receipts')

let t: TestDesk
let rasterizer: ChromiumRasterizer
let fake: FakeEscPosPrinter
const systemJobs: SystemPrintOptions[] = []
let systemResult = { success: true, failureReason: '' }
const hostPrinters: HostPrinterInfo[] = [
  { name: 'POS-80', displayName: 'POS-80 (USB001)' },
  { name: 'Microsoft Print to PDF', displayName: 'Microsoft Print to PDF', isDefault: true },
]

beforeAll(async () => {
  ;[rasterizer, fake] = await Promise.all([launchChromiumRasterizer(), FakeEscPosPrinter.start()])
  const printing: ReceiptPrinting = {
    rasterizer,
    systemPrinter: createSystemPrinter({
      getPrinters: async () => hostPrinters,
      openPage: async () => ({
        contentHeight: async () => 1000,
        print: async (options) => {
          systemJobs.push(options)
          return systemResult
        },
        close: () => {},
      }),
    }),
    networkPrinter: (address) =>
      new NetworkPrinter(address, { timeouts: { connectMs: 1000, statusMs: 300, jobMs: 1500 } }),
  }
  t = await startTestDesk({ deps: { printing }, clerk: 'سالم' })
  await t.call('updateSettings', {
    outlet: { name: 'مكتبة النور', address: 'شارع عمر المختار، طرابلس', phone: '021 444 5566' },
    redemptionHint: 'للشحن اطلب *123*الرمز#',
  })
})

afterAll(async () => {
  await t?.close()
  await Promise.all([rasterizer?.close(), fake?.close()])
})

async function choosePrinter(printer: PrinterSettings): Promise<void> {
  await t.call('updateSettings', { printer })
}

const escpos = (widthMm: 58 | 80, address = fake.address): PrinterSettings => ({
  kind: 'escpos-network',
  address,
  widthMm,
})

async function sellVoucher(): Promise<JournalEntry> {
  const entry = await t.call('generateVoucher', { denominationId: 4, valueDirhams: 30_000 })
  expect(entry.status).toBe('issued')
  return entry
}

let deposits = 0

async function deposit(): Promise<JournalEntry> {
  await t.call('lookupCustomer', { phone: AHMED.phone })
  // A new amount each time: the same amount to the same phone within 10 minutes asks for a confirmation
  // (a random amount repeated itself now and then).
  deposits++
  const entry = await t.call('deposit', {
    phone: AHMED.phone,
    amountDirhams: 12_500 + deposits,
    confirmedFirstName: AHMED.name,
  })
  expect(entry.status).toBe('confirmed')
  return entry
}

/** Prints through the desk and returns the job the fake printer received. */
async function printed(entryId: string, language?: 'ar' | 'en') {
  const job = fake.nextCompleteJob()
  const result = await t.call('printReceipt', { entryId, ...(language ? { language } : {}) })
  return { result, job: await job }
}

function imageOf(job: FakeJob): MonochromeImage {
  const image = job.image()
  if (!image) throw new Error('The job has no raster')
  return image
}

function commandsOf(job: FakeJob): string[] {
  return job.commands.filter((c) => c.type !== 'status-query').map((c) => c.type)
}

/** Rows that are nearly all black: the inverted TRAINING banner. */
function solidRows(image: MonochromeImage): number {
  let rows = 0
  for (let y = 0; y < image.height; y++) {
    let black = 0
    for (let x = 0; x < image.width; x++) if (isBlack(image, x, y)) black++
    if (black > image.width * 0.9) rows++
  }
  return rows
}

/** The preview's pixels as dots; `bitDepth` from the PNG header (1: black and white, nothing in between). */
function decodePng(dataUrl: string): MonochromeImage & { bitDepth: number } {
  const file = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64')
  const png = PNG.sync.read(file)
  const stride = Math.ceil(png.width / 8)
  const data = new Uint8Array(stride * png.height)
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      if (png.data[(y * png.width + x) * 4] === 0) {
        data[y * stride + (x >> 3)] = (data[y * stride + (x >> 3)] as number) | (0x80 >> (x & 7))
      }
    }
  }
  return { width: png.width, height: png.height, data, bitDepth: file[24] ?? 0 }
}

const sameDots = (a: MonochromeImage, b: MonochromeImage) =>
  a.width === b.width && a.height === b.height && Buffer.from(a.data).equals(Buffer.from(b.data))

describe('printing receipts from the journal to an ESC/POS printer', () => {
  it('prints a voucher as initialise, raster and cut, then a reprint marked COPY, each logged with who and when', async () => {
    await choosePrinter(escpos(58))
    const entry = await sellVoucher()
    const first = await printed(entry.id, 'ar')
    expect(first.result).toMatchObject({ copy: false, printer: fake.address })
    const commands = commandsOf(first.job)
    expect(commands[0]).toBe('initialise')
    expect(commands.slice(-2)).toEqual(['feed', 'cut'])
    expect(new Set(commands.slice(1, -2))).toEqual(new Set(['raster']))
    const original = imageOf(first.job)
    expect(original.width).toBe(384)
    expect(solidRows(original)).toBeGreaterThan(20)
    await writeMonochromePng(join(OUT_DIR, 'desk-voucher-ar-58.png'), original)

    const second = await printed(entry.id, 'ar')
    expect(second.result.copy).toBe(true)
    const copy = imageOf(second.job)
    // The COPY box with the reprint time sits above the rest: the same receipt, taller.
    expect(copy.height).toBeGreaterThan(original.height + 40)
    await writeMonochromePng(join(OUT_DIR, 'desk-voucher-ar-58-copy.png'), copy)

    const { entry: after, events } = await t.call('getEntry', { entryId: entry.id })
    expect(after.status).toBe('issued')
    const prints = events.filter((e) => e.type === 'printed')
    expect(prints.map((e) => [e.clerk, e.detail?.copy])).toEqual([
      ['سالم', false],
      ['سالم', true],
    ])
    expect(prints[1]?.at).toBe(second.result.printedAt)
  })

  it('prints a deposit receipt in English on 80 mm paper', async () => {
    await choosePrinter(escpos(80))
    const entry = await deposit()
    const { result, job } = await printed(entry.id, 'en')
    expect(result.copy).toBe(false)
    const image = imageOf(job)
    expect(image.width).toBe(576)
    await writeMonochromePng(join(OUT_DIR, 'desk-deposit-en-80.png'), image)
  })

  it('previews exactly the dots it then prints', async () => {
    for (const [widthMm, language] of [
      [58, 'en'],
      [80, 'ar'],
    ] as const) {
      await choosePrinter(escpos(widthMm))
      for (const entry of [await sellVoucher(), await deposit()]) {
        const preview = await t.call('getReceiptPreview', { entryId: entry.id, language })
        expect(preview.copy).toBe(false)
        const shown = decodePng(preview.imageDataUrl)
        expect([shown.width, shown.height]).toEqual([preview.widthDots, preview.heightDots])
        expect(shown.bitDepth).toBe(1)
        const { job } = await printed(entry.id, language)
        expect(sameDots(shown, imageOf(job))).toBe(true)
      }
    }
  })

  it('says a receipt printed before will be a COPY, and logs each look at a voucher code', async () => {
    await choosePrinter(escpos(58))
    const entry = await sellVoucher()
    await printed(entry.id)
    const preview = await t.call('getReceiptPreview', { entryId: entry.id, language: 'en' })
    expect(preview.copy).toBe(true)
    await writeMonochromePng(
      join(OUT_DIR, 'desk-voucher-en-58-copy-preview.png'),
      decodePng(preview.imageDataUrl),
    )
    const { events } = await t.call('getEntry', { entryId: entry.id })
    // The sale showed it once, the preview again.
    expect(events.filter((e) => e.type === 'code-shown').map((e) => [e.clerk, e.detail?.via])).toEqual([
      ['سالم', 'sale'],
      ['سالم', 'receipt-preview'],
    ])
  })

  it('prints in the receipt language set in settings, whatever the screen shows', async () => {
    await choosePrinter(escpos(58))
    const entry = await deposit()
    const arabic = imageOf((await printed(entry.id, 'ar')).job)
    await t.call('updateSettings', { receiptLanguage: 'en' })
    try {
      const preview = decodePng(
        (await t.call('getReceiptPreview', { entryId: entry.id, language: 'ar' })).imageDataUrl,
      )
      const english = await t.call('getReceiptPreview', { entryId: entry.id, language: 'en' })
      expect(sameDots(preview, decodePng(english.imageDataUrl))).toBe(true)
      expect(sameDots(preview, arabic)).toBe(false)
    } finally {
      await t.call('updateSettings', { receiptLanguage: null })
    }
  })
  it('prints the outlet logo set in settings at the top of the receipt', async () => {
    await choosePrinter(escpos(58))
    const entry = await sellVoucher()
    const without = decodePng(
      (await t.call('getReceiptPreview', { entryId: entry.id, language: 'en' })).imageDataUrl,
    )
    const logo = new PNG({ width: 120, height: 60 })
    logo.data.fill(0)
    for (let i = 3; i < logo.data.length; i += 4) logo.data[i] = 255
    const dataUrl = `data:image/png;base64,${PNG.sync.write(logo).toString('base64')}`
    expect((await t.rejection('updateSettings', { logo: 'data:text/html;base64,AAAA' })).code).toBe(
      'BAD_INPUT',
    )
    await t.call('updateSettings', { logo: dataUrl })
    try {
      expect((await t.call('getSettings')).logo).toBe(dataUrl)
      const withLogo = decodePng(
        (await t.call('getReceiptPreview', { entryId: entry.id, language: 'en' })).imageDataUrl,
      )
      expect(withLogo.height).toBeGreaterThan(without.height + 50)
    } finally {
      await t.call('updateSettings', { logo: null })
    }
  })
})

describe('when the printer fails, the sale stands and can be printed later', () => {
  async function failsWith(printer: PrinterSettings, entry: JournalEntry, reason: string) {
    await choosePrinter(printer)
    const before = await t.call('getEntry', { entryId: entry.id })
    const error = await t.rejection('printReceipt', { entryId: entry.id })
    expect(error.code).toBe('PRINTER_ERROR')
    expect(error.details?.reason).toBe(reason)
    const after = await t.call('getEntry', { entryId: entry.id })
    expect(after.entry).toEqual(before.entry)
    expect(after.events.at(-1)).toMatchObject({
      type: 'print-failed',
      clerk: 'سالم',
      detail: { reason, copy: false },
    })
  }

  it('reports a printer that is off, refuses, has no paper, has its cover open or stalls', async () => {
    const entry = await sellVoucher()
    const off = await FakeEscPosPrinter.start()
    const offAddress = off.address
    await off.turnOff()
    await failsWith(escpos(58, offAddress), entry, 'offline')

    const broken = await FakeEscPosPrinter.start({ mode: 'refuse' })
    try {
      await failsWith(escpos(58, broken.address), entry, 'refused')
      broken.mode = 'accept'
      broken.status = 'no-paper'
      await failsWith(escpos(58, broken.address), entry, 'no-paper')
      broken.status = 'cover-open'
      await failsWith(escpos(58, broken.address), entry, 'cover-open')
    } finally {
      await broken.close()
    }
    // Answers its status, then stops reading once the receipt starts: the job never completes.
    const hung = await FakeEscPosPrinter.start({ mode: 'stall-mid-job' })
    try {
      await failsWith(escpos(58, hung.address), entry, 'timeout')
    } finally {
      await hung.close()
    }

    // Once the printer works, the receipt prints, and it is the original: nothing printed before.
    await choosePrinter(escpos(58))
    const { result } = await printed(entry.id)
    expect(result.copy).toBe(false)
    const { entry: final } = await t.call('getEntry', { entryId: entry.id })
    expect(final.status).toBe('issued')
  })

  it('refuses a receipt for anything but an issued voucher or a confirmed deposit', async () => {
    await choosePrinter(escpos(58))
    t.sandbox.controls.setFaults([
      { method: 'POST', path: '/vouchers/generate', action: 'drop-after-commit', times: 1 },
    ])
    const unknown = await t.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })
    expect(unknown.status).toBe('unknown')
    for (const method of ['printReceipt', 'getReceiptPreview'] as const) {
      const error = await t.rejection(method, { entryId: unknown.id })
      expect(error.code).toBe('NOT_PRINTABLE')
    }
    expect((await t.rejection('printReceipt', { entryId: 'no-such-entry' })).code).toBe('NOT_FOUND')
    expect(fake.jobs.filter((j) => j.cut).length).toBeGreaterThan(0)
  })

  it('with no printer set up, offers the preview and a PDF instead of printing', async () => {
    await choosePrinter({ kind: 'none', widthMm: 58 })
    const entry = await sellVoucher()
    const error = await t.rejection('printReceipt', { entryId: entry.id })
    expect(error.details?.reason).toBe('no-printer')
    const preview = await t.call('getReceiptPreview', { entryId: entry.id, language: 'ar' })
    const path = join(mkdtempSync(join(tmpdir(), 'receipts-')), 'saved', 'receipt.pdf')
    expect(await t.call('saveReceiptPdf', { entryId: entry.id, language: 'ar', path })).toEqual({ path })
    const pdf = readFileSync(path)
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4')
    // The PDF holds the preview's very dots.
    const stream = /\/Length (\d+) >>\nstream\n/.exec(pdf.toString('latin1'))
    const start = (stream?.index ?? 0) + (stream?.[0].length ?? 0)
    const dots = inflateSync(pdf.subarray(start, start + Number(stream?.[1])))
    expect(Buffer.from(decodePng(preview.imageDataUrl).data).equals(dots)).toBe(true)
    expect((await t.call('getEntry', { entryId: entry.id })).events.at(-1)).toMatchObject({
      type: 'code-shown',
      detail: { via: 'pdf' },
    })
    expect((await t.rejection('saveReceiptPdf', { entryId: entry.id, path: 'relative.pdf' })).code).toBe(
      'BAD_INPUT',
    )
    expect(existsSync(join(t.dir, 'relative.pdf'))).toBe(false)
    // Never over the app's own files.
    const inData = join(t.dir, 'journal-training.pdf')
    expect((await t.rejection('saveReceiptPdf', { entryId: entry.id, path: inData })).code).toBe('BAD_INPUT')
    expect(existsSync(inData)).toBe(false)
  })
})

describe('Windows printers and settings', () => {
  it('lists the printers and prints silently to the chosen one at the roll width', async () => {
    expect(await t.call('listPrinters')).toEqual({
      available: true,
      printers: [
        { name: 'Microsoft Print to PDF', displayName: 'Microsoft Print to PDF', isDefault: true },
        { name: 'POS-80', displayName: 'POS-80 (USB001)', isDefault: false },
      ],
    })
    await choosePrinter({ kind: 'system', deviceName: 'POS-80', widthMm: 80 })
    const entry = await deposit()
    expect(await t.call('printReceipt', { entryId: entry.id })).toMatchObject({
      copy: false,
      printer: 'POS-80',
    })
    expect(systemJobs.at(-1)).toEqual({
      silent: true,
      deviceName: 'POS-80',
      printBackground: true,
      color: false,
      margins: { marginType: 'none' },
      pageSize: { width: 80_000, height: 125_000 },
    })
    systemResult = { success: false, failureReason: 'Printer is in an error state' }
    try {
      const error = await t.rejection('printReceipt', { entryId: entry.id })
      expect(error.details?.reason).toBe('system-print-failed')
    } finally {
      systemResult = { success: true, failureReason: '' }
    }
  })

  it('stores a printer address in one form and refuses one that is not an address', async () => {
    const settings = await t.call('updateSettings', {
      printer: { kind: 'escpos-network', address: ' 192.168.1.50 ', widthMm: 80 },
      autoPrint: true,
    })
    expect(settings.printer).toEqual({
      kind: 'escpos-network',
      address: 'tcp://192.168.1.50:9100',
      widthMm: 80,
    })
    expect(settings.autoPrint).toBe(true)
    const error = await t.rejection('updateSettings', {
      printer: { kind: 'escpos-network', address: 'http://printer/', widthMm: 80 },
    })
    expect(error.code).toBe('BAD_INPUT')
    expect((await t.call('getSettings')).printer).toMatchObject({ address: 'tcp://192.168.1.50:9100' })
    expect((await t.rejection('updateSettings', { printer: { kind: 'none', widthMm: 76 } })).code).toBe(
      'BAD_INPUT',
    )
    await t.call('updateSettings', { autoPrint: false })
  })

  it('sends a test receipt to a printer before it is saved', async () => {
    await choosePrinter({ kind: 'none', widthMm: 80 })
    const job = fake.nextCompleteJob()
    const result = await t.call('printTestReceipt', { printer: escpos(58), language: 'en' })
    expect(result.printer).toBe(fake.address)
    const image = imageOf(await job)
    expect(image.width).toBe(384)
    expect(solidRows(image)).toBeGreaterThan(20)
    await writeMonochromePng(join(OUT_DIR, 'desk-test-print-en-58.png'), image)
  })
})
