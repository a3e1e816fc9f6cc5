import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ChromiumRasterizer,
  launchChromiumRasterizer,
} from '../../../src/main/printing/chromium-rasterizer'
import { NetworkPrinter } from '../../../src/main/printing/network-printer'
import type { ReceiptPrinting } from '../../../src/main/receipts/printer'
import { startTestDesk, type TestDesk } from '../../helpers/desk'
import { FakeEscPosPrinter } from '../../helpers/fake-escpos-printer'
import { MANAGER, type Window, windowOf } from '../../helpers/manager'
import { writeMonochromePng } from '../../helpers/monochrome-png'

/**
 * The day's summary (X, Z) on the receipt printer, by the receipts' own path: rasterized by Chromium and sent
 * as ESC/POS to a fake network printer on 127.0.0.1. The summaries are saved as PNG to look at.
 */
const OUT_DIR = join(process.cwd(), 'test-output', 'receipts')

let t: TestDesk
let rasterizer: ChromiumRasterizer
let fake: FakeEscPosPrinter
let manager: Window

beforeAll(async () => {
  ;[rasterizer, fake] = await Promise.all([launchChromiumRasterizer(), FakeEscPosPrinter.start()])
  const printing: ReceiptPrinting = {
    rasterizer,
    systemPrinter: null,
    networkPrinter: (address) =>
      new NetworkPrinter(address, { timeouts: { connectMs: 1000, statusMs: 300, jobMs: 3000 } }),
  }
  t = await startTestDesk({ deps: { printing } })
  manager = windowOf(t, 'window-manager')
  await manager.call('createManager', MANAGER)
  await manager.call('updateSettings', {
    outlet: { name: 'مكتبة النور', address: '', phone: '' },
    printer: { kind: 'escpos-network', address: fake.address, widthMm: 58 },
  })
  await manager.call('generateVoucher', { denominationId: 4, valueDirhams: 30_000 })
  await manager.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })
}, 60_000)

afterAll(async () => {
  await t?.close()
  await rasterizer?.close()
  await fake?.close()
})

describe('the day’s summary on the receipt printer', () => {
  it('prints the X report: initialise, raster, cut', async () => {
    const result = await manager.call('printReport', { report: 'x', language: 'ar' })
    expect(result.printer).toBe(fake.address)
    const job = fake.jobs.at(-1)
    expect(job?.cut).toBe(true)
    const image = job?.image()
    expect(image?.width).toBe(384)
    expect(image?.height).toBeGreaterThan(300)
    if (image) await writeMonochromePng(join(OUT_DIR, 'summary-x-ar-58.png'), image)
  })

  it('prints a stored Z report again, in English on 80 mm', async () => {
    const z = await manager.call('closeDay')
    await manager.call('updateSettings', {
      printer: { kind: 'escpos-network', address: fake.address, widthMm: 80 },
    })
    const before = fake.jobs.length
    await manager.call('printReport', { report: 'z', number: z.z?.number ?? 0, language: 'en' })
    expect(fake.jobs.length).toBe(before + 1)
    const image = fake.jobs.at(-1)?.image()
    expect(image?.width).toBe(576)
    if (image) await writeMonochromePng(join(OUT_DIR, 'summary-z-en-80.png'), image)
  })

  it('prints the next Z with the outcome found after the last one, in Arabic on 58 mm', async () => {
    t.sandbox.controls.setFaults([
      { method: 'POST', path: '/vouchers/generate', action: 'drop-after-commit', times: 1 },
    ])
    const lost = await manager.call('generateVoucher', { denominationId: 4, valueDirhams: 30_000 })
    const real = t.sandbox.controls.ledger().vouchers.at(-1)
    const closedOpen = await manager.call('closeDay')
    await manager.call('resolveEntry', {
      entryId: lost.id,
      outcome: 'issued',
      code: String(real?.code),
      serialNumber: String(real?.serial_number),
      note: 'Seen in the provider portal',
    })
    await manager.call('updateSettings', {
      printer: { kind: 'escpos-network', address: fake.address, widthMm: 58 },
    })
    await manager.call('printReport', { report: 'z', number: closedOpen.z?.number ?? 0, language: 'ar' })
    const plain = fake.jobs.at(-1)?.image()
    const z = await manager.call('closeDay')
    expect(z.late?.moved).toEqual({ count: 1, dirhams: lost.amountDirhams })
    await manager.call('printReport', { report: 'z', number: z.z?.number ?? 0, language: 'ar' })
    const image = fake.jobs.at(-1)?.image()
    // The part it carries makes the slip longer than the last Z's, which had nothing to carry.
    expect(image?.height).toBeGreaterThan((plain?.height ?? 0) + 100)
    if (image) await writeMonochromePng(join(OUT_DIR, 'summary-z-late-ar-58.png'), image)
  })

  it('says so when no printer is set up, and changes nothing', async () => {
    await manager.call('updateSettings', { printer: { kind: 'none', widthMm: 80 } })
    expect(await manager.rejection('printReport', { report: 'x' })).toMatchObject({
      code: 'PRINTER_ERROR',
      details: { reason: 'no-printer' },
    })
  })
})
