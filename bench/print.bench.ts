/**
 * Receipt printing bench, on loopback: a fake ESC/POS printer, the Chromium rasterizer, the training
 * sandbox. Prints figures; asserts nothing. Run: npm run bench -- print (or npx tsx bench/print.bench.ts [runs]).
 * (a) Through the desk: from the moment a sale or deposit is final (its call has answered, the entry is
 *     journaled) to the last byte of its receipt on the printer, via printReceipt: journal read, HTML,
 *     raster, ESC/POS, TCP with status checks before and after, the 'printed' event.
 * (b) The same path in parts, from a fixed entry: render HTML, rasterize, send and confirm.
 */
import { performance } from 'node:perf_hooks'
import { launchChromiumRasterizer } from '../src/main/printing/chromium-rasterizer'
import { NetworkPrinter } from '../src/main/printing/network-printer'
import type { PaperWidthMm } from '../src/main/printing/paper'
import { buildEscPosReceiptJob } from '../src/main/printing/receipt-job'
import { loadReceiptFonts } from '../src/main/receipts/fonts'
import { renderReceiptHtml } from '../src/main/receipts/layout'
import type { ReceiptPrinting } from '../src/main/receipts/printer'
import type { JournalEntry } from '../src/shared/types'
import { AHMED, startTestDesk } from '../test/helpers/desk'
import { FakeEscPosPrinter } from '../test/helpers/fake-escpos-printer'
import { confirmedDeposit, issuedVoucher, OUTLET, receiptOptions } from '../test/helpers/receipt-fixtures'
import { ms, printTable, summarize } from './stats'

const RUNS = Number(process.argv[2] ?? 20)
const WARMUP = 2
const WIDTHS = [58, 80] as const

const fontsStarted = performance.now()
const fonts = await loadReceiptFonts()
const fontsMs = performance.now() - fontsStarted
const launchStarted = performance.now()
const rasterizer = await launchChromiumRasterizer()
const launchMs = performance.now() - launchStarted
const fake = await FakeEscPosPrinter.start({ status: 'ok' })
const printing: ReceiptPrinting = { rasterizer, systemPrinter: null }
const desk = await startTestDesk({ deps: { printing }, clerk: 'Bench' })
await desk.call('updateSettings', {
  outlet: { name: OUTLET.name, address: OUTLET.address, phone: OUTLET.phone },
  redemptionHint: 'للشحن اطلب *123*الرمز#',
})

console.log(
  `Receipt printing to a fake ESC/POS printer on 127.0.0.1, ${RUNS} runs each after ${WARMUP} warm-up`,
)
console.log(`  once per process: load embedded fonts ${ms(fontsMs)}, launch Chromium ${ms(launchMs)}`)

// ------------------------------------------------------------------------------------------------ (a)

async function finalSale(kind: 'voucher' | 'deposit'): Promise<JournalEntry> {
  if (kind === 'voucher') return desk.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })
  await desk.call('lookupCustomer', { phone: AHMED.phone })
  return desk.call('deposit', {
    phone: AHMED.phone,
    amountDirhams: 1000,
    confirmedFirstName: AHMED.name,
    confirmRepeat: true,
  })
}

/** From the final entry to the cut on the printer, through printReceipt. */
async function finalToLastByte(kind: 'voucher' | 'deposit', language: 'ar' | 'en'): Promise<number> {
  const entry = await finalSale(kind)
  if (entry.status !== 'issued' && entry.status !== 'confirmed')
    throw new Error(`${kind} ended ${entry.status}`)
  const final = performance.now()
  const received = fake.nextCompleteJob()
  await desk.call('printReceipt', { entryId: entry.id, language })
  return (await received).cutAt - final
}

const deskRows: string[][] = []
try {
  for (const kind of ['voucher', 'deposit'] as const) {
    for (const widthMm of WIDTHS) {
      await desk.call('updateSettings', {
        printer: { kind: 'escpos-network', address: fake.address, widthMm },
      })
      const samples: number[] = []
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const t = await finalToLastByte(kind, i % 2 === 0 ? 'ar' : 'en')
        if (i >= WARMUP) samples.push(t)
      }
      const s = summarize(samples)
      deskRows.push([`${kind} ${widthMm} mm`, ms(s.median), ms(s.p95), ms(s.mean)])
    }
  }
  printTable(
    '(a) final entry → last byte on the printer, through printReceipt (Arabic and English alternately)',
    ['receipt', 'p50', 'p95', 'mean'],
    deskRows,
  )

  // ---------------------------------------------------------------------------------------------- (b)

  const printer = new NetworkPrinter(fake.address)
  const partRows: string[][] = []
  for (const [kind, entry] of [
    ['voucher', issuedVoucher()],
    ['deposit', confirmedDeposit()],
  ] as const) {
    for (const widthMm of WIDTHS) {
      const render: number[] = []
      const raster: number[] = []
      const send: number[] = []
      let bytes = 0
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const t0 = performance.now()
        const html = renderReceiptHtml(
          { entry, outlet: OUTLET, options: receiptOptions({ widthMm: widthMm as PaperWidthMm }) },
          fonts,
        )
        const t1 = performance.now()
        const job = await buildEscPosReceiptJob(html, widthMm, rasterizer)
        const t2 = performance.now()
        const received = fake.nextCompleteJob()
        await printer.print(job.bytes)
        await received
        const t3 = performance.now()
        if (i < WARMUP) continue
        render.push(t1 - t0)
        raster.push(t2 - t1)
        send.push(t3 - t2)
        bytes = job.bytes.length
      }
      partRows.push([
        `${kind} ${widthMm} mm`,
        ms(summarize(render).median),
        ms(summarize(raster).median),
        ms(summarize(send).median),
        `${(bytes / 1024).toFixed(0)} KB`,
      ])
    }
  }
  printTable(
    '(b) the parts, medians (Arabic receipt from a fixed entry)',
    ['receipt', 'render HTML', 'rasterize', 'send + confirm', 'job size'],
    partRows,
  )
} finally {
  await desk.close()
  await Promise.all([rasterizer.close(), fake.close()])
}
