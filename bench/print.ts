/**
 * Receipt printing bench: from a final journal entry to the last byte of the receipt on a fake ESC/POS
 * printer on loopback (render HTML → Chromium raster → ESC/POS → TCP with status checks), per paper width.
 * Prints figures; asserts nothing. Run: npx tsx bench/print.ts [runs]
 */
import { performance } from 'node:perf_hooks'
import { launchChromiumRasterizer } from '../src/main/printing/chromium-rasterizer'
import { NetworkPrinter } from '../src/main/printing/network-printer'
import { buildEscPosReceiptJob } from '../src/main/printing/receipt-job'
import { loadReceiptFonts } from '../src/main/receipts/fonts'
import { renderReceiptHtml } from '../src/main/receipts/layout'
import type { PaperWidthMm } from '../src/main/receipts/paper'
import type { JournalEntry } from '../src/shared/contract'
import { FakeEscPosPrinter } from '../test/helpers/fake-escpos-printer'
import { confirmedDeposit, issuedVoucher, OUTLET, receiptOptions } from '../test/helpers/receipt-fixtures'

const RUNS = Number(process.argv[2] ?? 20)
const WARMUP = 2

interface Sample {
  render: number
  raster: number
  send: number
  toLastByte: number
  bytes: number
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number
}

const ms = (v: number) => `${v.toFixed(1)} ms`

const fontsStarted = performance.now()
const fonts = await loadReceiptFonts()
const fontsMs = performance.now() - fontsStarted
const launchStarted = performance.now()
const rasterizer = await launchChromiumRasterizer()
const launchMs = performance.now() - launchStarted
const fake = await FakeEscPosPrinter.start({ status: 'ok' })
const printer = new NetworkPrinter(fake.address)

async function once(entry: JournalEntry, widthMm: PaperWidthMm): Promise<Sample> {
  const t0 = performance.now()
  const html = renderReceiptHtml({ entry, outlet: OUTLET, options: receiptOptions({ widthMm }) }, fonts)
  const t1 = performance.now()
  const { bytes } = await buildEscPosReceiptJob(html, widthMm, rasterizer)
  const t2 = performance.now()
  const received = fake.nextCompleteJob()
  await printer.print(bytes)
  const t3 = performance.now()
  const job = await received
  return { render: t1 - t0, raster: t2 - t1, send: t3 - t2, toLastByte: job.cutAt - t0, bytes: bytes.length }
}

console.log(
  `Receipt printing, fake ESC/POS printer on 127.0.0.1, ${RUNS} runs each (after ${WARMUP} warm-up)`,
)
console.log(`  load embedded fonts (once): ${ms(fontsMs)}; launch Chromium (once): ${ms(launchMs)}`)
try {
  for (const [kind, entry] of [
    ['voucher', issuedVoucher()],
    ['deposit', confirmedDeposit()],
  ] as const) {
    for (const widthMm of [58, 80] as const) {
      const samples: Sample[] = []
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const sample = await once(entry, widthMm)
        if (i >= WARMUP) samples.push(sample)
      }
      const last = samples.map((s) => s.toLastByte)
      const median = (key: keyof Sample) =>
        percentile(
          samples.map((s) => s[key]),
          50,
        )
      console.log(
        `  ${kind} ${widthMm} mm: final entry → last byte on printer p50 ${ms(percentile(last, 50))}, ` +
          `p95 ${ms(percentile(last, 95))}  (p50 render ${ms(median('render'))}, raster ${ms(median('raster'))}, ` +
          `send+confirm ${ms(median('send'))}; ${(median('bytes') / 1024).toFixed(0)} KB)`,
      )
    }
  }
} finally {
  await Promise.all([rasterizer.close(), fake.close()])
}
