import { join } from 'node:path'
import bwipjs from 'bwip-js/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ChromiumRasterizer,
  launchChromiumRasterizer,
} from '../../../src/main/printing/chromium-rasterizer'
import { blackDotCount, isBlack, type MonochromeImage } from '../../../src/main/printing/monochrome'
import { NetworkPrinter } from '../../../src/main/printing/network-printer'
import { type PaperWidthMm, printableWidthDots } from '../../../src/main/printing/paper'
import { buildEscPosReceiptJob } from '../../../src/main/printing/receipt-job'
import { QR_MODULE_DOTS, QR_QUIET_MODULES, qrModules } from '../../../src/main/receipts/barcode'
import { loadReceiptFonts, type ReceiptFonts } from '../../../src/main/receipts/fonts'
import { renderReceiptHtml } from '../../../src/main/receipts/layout'
import type { ReceiptOptions } from '../../../src/main/receipts/model'
import type { JournalEntry } from '../../../src/shared/types'
import { FakeEscPosPrinter } from '../../helpers/fake-escpos-printer'
import { writeMonochromePng } from '../../helpers/monochrome-png'
import { confirmedDeposit, issuedVoucher, OUTLET, receiptOptions } from '../../helpers/receipt-fixtures'

const OUT_DIR = join(process.cwd(), 'test-output', 'receipts')

let rasterizer: ChromiumRasterizer
let fonts: ReceiptFonts
let fake: FakeEscPosPrinter

beforeAll(async () => {
  ;[rasterizer, fonts, fake] = await Promise.all([
    launchChromiumRasterizer(),
    loadReceiptFonts(),
    FakeEscPosPrinter.start({ status: 'ok' }),
  ])
})

afterAll(async () => {
  await Promise.all([rasterizer?.close(), fake?.close()])
})

function html(entry: JournalEntry, options: Partial<ReceiptOptions>): string {
  return renderReceiptHtml({ entry, outlet: OUTLET, options: receiptOptions(options) }, fonts)
}

/** Black runs along a row, from the first black dot to the last, alternating bar and gap widths. */
function runsAlongRow(image: MonochromeImage, y: number): number[] {
  const runs: number[] = []
  let current: boolean | null = null
  for (let x = 0; x < image.width; x++) {
    const black = isBlack(image, x, y)
    if (current === null) {
      if (black) {
        current = true
        runs.push(1)
      }
    } else if (black === current) {
      runs[runs.length - 1] = (runs[runs.length - 1] as number) + 1
    } else {
      current = black
      runs.push(1)
    }
  }
  if (current === false) runs.pop()
  return runs
}

/** The first row of the image that is exactly the Code 128 symbol for `text` at 2 or 3 dots per module. */
function exactBarcodeRow(image: MonochromeImage, text: string): number | null {
  const [symbol] = bwipjs.raw('code128', text, {})
  const modules = symbol && 'sbs' in symbol ? symbol.sbs : []
  const expected = [2, 3].map((x) => modules.map((m) => m * x).join(','))
  for (let y = 0; y < image.height; y++) {
    if (expected.includes(runsAlongRow(image, y).join(','))) return y
  }
  return null
}

/** White dots left of the first black dot and right of the last one on a row. */
function inkExtent(image: MonochromeImage, y: number): { left: number; right: number } {
  let first = -1
  let last = -1
  for (let x = 0; x < image.width; x++) {
    if (isBlack(image, x, y)) {
      if (first < 0) first = x
      last = x
    }
  }
  return first < 0 ? { left: image.width, right: 0 } : { left: first, right: image.width - 1 - last }
}

/** Rows that are nearly all black: the inverted "TRAINING — NOT VALID" banner. */
function solidRows(image: MonochromeImage): number {
  let rows = 0
  for (let y = 0; y < image.height; y++) {
    let black = 0
    for (let x = 0; x < image.width; x++) if (isBlack(image, x, y)) black++
    if (black > image.width * 0.9) rows++
  }
  return rows
}

const KINDS = [
  ['voucher', issuedVoucher()],
  ['deposit', confirmedDeposit()],
] as const

describe.each(KINDS)('%s receipt printed to an ESC/POS printer', (kind, entry) => {
  describe.each([
    ['ar', 58],
    ['ar', 80],
    ['en', 58],
    ['en', 80],
  ] as const)('in %s on %i mm paper', (language, widthMm: PaperWidthMm) => {
    it('reaches the printer as initialise, raster and cut, bit for bit the rasterized image', async () => {
      const options = {
        language,
        widthMm,
        redemptionHint: language === 'ar' ? 'للشحن اطلب *123*الرمز#' : 'To top up, dial *123*code#',
      }
      const { image, bytes } = await buildEscPosReceiptJob(html(entry, options), widthMm, rasterizer)
      await writeMonochromePng(join(OUT_DIR, `${kind}-${language}-${widthMm}.png`), image)

      expect(image.width).toBe(printableWidthDots(widthMm))
      expect(image.height).toBeGreaterThan(400)
      expect(blackDotCount(image)).toBeGreaterThan(image.width * 20)

      const received = fake.nextCompleteJob()
      const outcome = await new NetworkPrinter(fake.address).print(bytes)
      expect(outcome.confirmed).toBe(true)
      const job = await received
      const printed = job.commands.filter((c) => c.type !== 'status-query').map((c) => c.type)
      expect(printed[0]).toBe('initialise')
      expect(printed.slice(-2)).toEqual(['feed', 'cut'])
      expect(new Set(printed.slice(1, -2))).toEqual(new Set(['raster']))

      const paper = job.image()
      expect(paper?.width).toBe(image.width)
      expect(paper?.height).toBe(image.height)
      expect(Buffer.from(paper?.data ?? []).equals(Buffer.from(image.data))).toBe(true)
    })
  })
})

describe('what the raster shows', () => {
  it('draws the voucher serial as an exact Code 128 symbol, bars on whole dots, centred', async () => {
    for (const widthMm of [58, 80] as const) {
      const image = await rasterizer.rasterize(
        html(issuedVoucher(), { widthMm }),
        printableWidthDots(widthMm),
      )
      const row = exactBarcodeRow(image, '98712345678')
      expect(row).not.toBeNull()
      const { left, right } = inkExtent(image, row ?? 0)
      expect(Math.abs(left - right)).toBeLessThanOrEqual(1)
    }
  })

  it('draws the deposit reference as an exact QR code, modules on whole dots, centred, in Arabic too', async () => {
    const deposit = confirmedDeposit()
    const reference = deposit.externalTransactionId ?? ''
    const { size, modules } = qrModules(reference)
    const side = (size + 2 * QR_QUIET_MODULES) * QR_MODULE_DOTS
    for (const [language, widthMm] of [
      ['ar', 58],
      ['en', 80],
    ] as const) {
      const image = await rasterizer.rasterize(
        html(deposit, { language, widthMm }),
        printableWidthDots(widthMm),
      )
      const left = Math.floor((image.width - side) / 2) + QR_QUIET_MODULES * QR_MODULE_DOTS
      /** Every dot of every module has the module's colour, and the quiet zone around it is white. */
      const qrAt = (top: number) => {
        for (
          let y = -QR_QUIET_MODULES * QR_MODULE_DOTS;
          y < (size + QR_QUIET_MODULES) * QR_MODULE_DOTS;
          y++
        ) {
          for (
            let x = -QR_QUIET_MODULES * QR_MODULE_DOTS;
            x < (size + QR_QUIET_MODULES) * QR_MODULE_DOTS;
            x++
          ) {
            const mx = Math.floor(x / QR_MODULE_DOTS)
            const my = Math.floor(y / QR_MODULE_DOTS)
            const inside = mx >= 0 && my >= 0 && mx < size && my < size
            const dark = inside && modules[my * size + mx] === 1
            if (isBlack(image, left + x, top + y) !== dark) return false
          }
        }
        return true
      }
      let found = 0
      for (let top = QR_QUIET_MODULES * QR_MODULE_DOTS; top + side < image.height; top++) {
        if (isBlack(image, left, top) && qrAt(top)) found++
      }
      expect(found, `${language} ${widthMm} mm`).toBe(1)
    }
  })

  it('keeps our 36-character ids on one line, even the widest, on 58 mm paper', async () => {
    const widest = 'dddddddd-dddd-dddd-dddd-dddddddddddd'
    const usual = await rasterizer.rasterize(html(confirmedDeposit(), { widthMm: 58 }), 384)
    const wide = await rasterizer.rasterize(
      html(confirmedDeposit({ id: widest, externalTransactionId: widest }), { widthMm: 58 }),
      384,
    )
    // A wrapped id would add a line; the QR code of either reference is the same size.
    expect(wide.height).toBe(usual.height)
  })

  it('marks training receipts with a solid banner at the top and the bottom', async () => {
    const plain = await rasterizer.rasterize(html(confirmedDeposit(), { widthMm: 58 }), 384)
    const training = await rasterizer.rasterize(
      html(confirmedDeposit(), { widthMm: 58, training: true }),
      384,
    )
    await writeMonochromePng(join(OUT_DIR, 'deposit-ar-58-training.png'), training)
    expect(solidRows(plain)).toBe(0)
    expect(solidRows(training)).toBeGreaterThan(20)
    const copy = await rasterizer.rasterize(
      html(issuedVoucher({ mode: 'training' }), {
        widthMm: 80,
        language: 'en',
        copy: { reprintedAt: '2026-11-27T08:15:00.000Z' },
        redemptionHint: 'Dial *123*code# to top up.',
      }),
      576,
    )
    await writeMonochromePng(join(OUT_DIR, 'voucher-en-80-training-copy.png'), copy)
    expect(solidRows(copy)).toBeGreaterThan(20)
  })

  it('renders with the bundled font, the same dots every time', async () => {
    const document = html(confirmedDeposit({ firstName: 'فاطمة الزهراء' }), { widthMm: 58 })
    const first = await rasterizer.rasterize(document, 384)
    const second = await rasterizer.rasterize(document, 384)
    expect(Buffer.from(second.data).equals(Buffer.from(first.data))).toBe(true)
    await writeMonochromePng(join(OUT_DIR, 'deposit-ar-58-fatima.png'), first)
    // Without the embedded font Chromium falls back to a system font: the dots must change.
    const fallback = await rasterizer.rasterize(document.replace(fonts.css, ''), 384)
    expect(Buffer.from(fallback.data).equals(Buffer.from(first.data))).toBe(false)
  })
})
