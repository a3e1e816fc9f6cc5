import { afterEach, describe, expect, it } from 'vitest'
import { encodeReceiptJob } from '../../../src/main/printing/escpos'
import { rowBytes } from '../../../src/main/printing/monochrome'
import { NetworkPrinter, type NetworkPrinterTimeouts } from '../../../src/main/printing/network-printer'
import type { AppError } from '../../../src/shared/errors'
import { FakeEscPosPrinter } from '../../helpers/fake-escpos-printer'

const TIMEOUTS: NetworkPrinterTimeouts = { connectMs: 500, statusMs: 200, jobMs: 1000 }
/** Generous bound on how long a failing print may take with TIMEOUTS: it must not hang. */
const SETTLE_MS = TIMEOUTS.connectMs + 3 * TIMEOUTS.statusMs + TIMEOUTS.jobMs + 2000

/** A 576 × 1500 receipt-sized image with some ink on it: 108 KB of raster. */
function receiptSizedJob(): Uint8Array {
  const width = 576
  const height = 1500
  const data = new Uint8Array(rowBytes(width) * height)
  for (let i = 0; i < data.length; i += 7) data[i] = 0x5a
  return encodeReceiptJob({ width, height, data })
}

let printers: FakeEscPosPrinter[] = []
async function fakePrinter(
  options: Parameters<typeof FakeEscPosPrinter.start>[0],
): Promise<FakeEscPosPrinter> {
  const printer = await FakeEscPosPrinter.start(options)
  printers.push(printer)
  return printer
}
afterEach(async () => {
  await Promise.all(printers.map((p) => p.close()))
  printers = []
})

/** Resolves with the print's failure, or fails the test if it neither fails nor settles in time. */
async function failureOf(printing: Promise<unknown>): Promise<AppError> {
  let timer: NodeJS.Timeout | undefined
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`print did not settle within ${SETTLE_MS} ms`)), SETTLE_MS)
  })
  try {
    await Promise.race([printing.then(() => Promise.reject(new Error('print succeeded'))), guard])
    throw new Error('unreachable')
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'AppError') throw error
    return error as AppError
  } finally {
    clearTimeout(timer)
  }
}

describe('a printer that answers status', () => {
  it('gets status, then the job, then confirms it took all of it', async () => {
    const fake = await fakePrinter({ status: 'ok' })
    const job = receiptSizedJob()
    const received = fake.nextCompleteJob()
    const outcome = await new NetworkPrinter(fake.address, { timeouts: TIMEOUTS }).print(job)
    expect(outcome).toEqual({ statusChecked: true, confirmed: true, paperLow: false })
    const got = await received
    const types = got.commands.map((c) => (c.type === 'status-query' ? `status ${c.n}` : c.type))
    expect(types.slice(0, 4)).toEqual(['status 1', 'status 2', 'status 4', 'initialise'])
    expect(types.filter((t) => t === 'raster')).toHaveLength(6)
    expect(types.slice(-5)).toEqual(['feed', 'cut', 'status 1', 'status 2', 'status 4'])
    expect(Buffer.from(got.bytes.subarray(9, 9 + job.length)).equals(Buffer.from(job))).toBe(true)
  })

  it('prints but reports a roll that is nearly out', async () => {
    const fake = await fakePrinter({ status: 'paper-low' })
    const outcome = await new NetworkPrinter(fake.address, { timeouts: TIMEOUTS }).print(receiptSizedJob())
    expect(outcome.paperLow).toBe(true)
  })

  it('refuses to print with no paper, and sends nothing of the receipt', async () => {
    const fake = await fakePrinter({ status: 'no-paper' })
    const error = await failureOf(
      new NetworkPrinter(fake.address, { timeouts: TIMEOUTS }).print(receiptSizedJob()),
    )
    expect(error.code).toBe('PRINTER_ERROR')
    expect(error.details).toMatchObject({ reason: 'no-paper', printer: `127.0.0.1:${fake.port}` })
    expect(error.message).toMatch(/out of paper/)
    expect(
      fake.jobs.flatMap((j) => j.commands).some((c) => c.type === 'raster' || c.type === 'initialise'),
    ).toBe(false)
  })

  it('refuses to print with the cover open', async () => {
    const fake = await fakePrinter({ status: 'cover-open' })
    const error = await failureOf(
      new NetworkPrinter(fake.address, { timeouts: TIMEOUTS }).print(receiptSizedJob()),
    )
    expect(error.details).toMatchObject({ reason: 'cover-open' })
  })

  it('reports a printer that hangs after an earlier good job as timed out', async () => {
    const fake = await fakePrinter({ status: 'ok' })
    const printer = new NetworkPrinter(fake.address, { timeouts: TIMEOUTS })
    await printer.print(receiptSizedJob())
    expect(printer.answersStatus).toBe(true)
    fake.mode = 'stall'
    const error = await failureOf(printer.print(receiptSizedJob()))
    expect(error.details).toMatchObject({ reason: 'timeout' })
    expect(error.message).toMatch(/stopped answering/)
  })

  it('reports a printer that stops reading in the middle of the job as timed out', async () => {
    const fake = await fakePrinter({ mode: 'stall-mid-job', status: 'ok' })
    const error = await failureOf(
      new NetworkPrinter(fake.address, { timeouts: TIMEOUTS }).print(receiptSizedJob()),
    )
    expect(error.details).toMatchObject({ reason: 'timeout' })
    expect(error.message).toMatch(/did not take the whole receipt/)
  })
})

describe('a printer that never answers status', () => {
  it('is printed to blind, and the whole job arrives', async () => {
    const fake = await fakePrinter({ status: 'silent' })
    const job = receiptSizedJob()
    const received = fake.nextCompleteJob()
    const printer = new NetworkPrinter(fake.address, { timeouts: TIMEOUTS })
    const outcome = await printer.print(job)
    expect(outcome).toEqual({ statusChecked: false, confirmed: false, paperLow: false })
    expect(printer.answersStatus).toBe(false)
    const got = await received
    expect(Buffer.from(got.bytes.subarray(3)).equals(Buffer.from(job))).toBe(true)
  })
})

describe('a printer that cannot be reached', () => {
  it('that is off (port closed) fails as offline', async () => {
    const fake = await fakePrinter({})
    await fake.turnOff()
    const error = await failureOf(
      new NetworkPrinter(fake.address, { timeouts: TIMEOUTS }).print(receiptSizedJob()),
    )
    expect(error.code).toBe('PRINTER_ERROR')
    expect(error.details).toMatchObject({ reason: 'offline' })
    expect(error.message).toMatch(/printer is off or the address is wrong/)
  })

  it('that closes every connection fails as refused', async () => {
    const fake = await fakePrinter({ mode: 'refuse' })
    const error = await failureOf(
      new NetworkPrinter(fake.address, { timeouts: TIMEOUTS }).print(receiptSizedJob()),
    )
    expect(error.details).toMatchObject({ reason: 'refused' })
  })
})
