import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { encodeReceiptJob } from '../../../src/main/printing/escpos'
import { decodeEscPos, rasterImageOf } from '../../../src/main/printing/escpos-decoder'
import { isBlack, type MonochromeImage, rowBytes, toMonochrome } from '../../../src/main/printing/monochrome'
import { parsePrinterAddress } from '../../../src/main/printing/network-printer'
import { isStatusByte, readStatus, STATUS_BYTES } from '../../../src/main/printing/printer-status'
import { AppError } from '../../../src/shared/errors'

function image(width: number, height: number, fill: (x: number, y: number) => boolean): MonochromeImage {
  const stride = rowBytes(width)
  const data = new Uint8Array(stride * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * stride + (x >> 3)
      if (fill(x, y)) data[i] = (data[i] as number) | (0x80 >> (x & 7))
    }
  }
  return { width, height, data }
}

describe('ESC/POS job', () => {
  it('is initialise, raster bands, feed, cut, in that order', () => {
    const picture = image(384, 600, (x, y) => (x + y) % 3 === 0)
    const { commands, consumed } = decodeEscPos(encodeReceiptJob(picture))
    expect(consumed).toBe(encodeReceiptJob(picture).length)
    expect(commands.map((c) => c.type)).toEqual(['initialise', 'raster', 'raster', 'raster', 'feed', 'cut'])
    const rasters = commands.filter((c) => c.type === 'raster')
    expect(rasters.map((r) => [r.mode, r.widthBytes, r.rows])).toEqual([
      [0, 48, 256],
      [0, 48, 256],
      [0, 48, 88],
    ])
    expect(commands.at(-1)).toEqual({ type: 'cut', kind: 'partial', feed: 0 })
  })

  it('gives back the exact image, whatever the image and band height', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(384, 576),
        fc.integer({ min: 1, max: 700 }),
        fc.integer({ min: 1, max: 300 }),
        fc.integer(),
        (width, height, bandRows, seed) => {
          const picture = image(width, height, (x, y) => ((x * 7919 + y * 104729 + seed) >>> 0) % 5 === 0)
          const decoded = rasterImageOf(decodeEscPos(encodeReceiptJob(picture, { bandRows })).commands)
          expect(decoded?.width).toBe(width)
          expect(decoded?.height).toBe(height)
          expect(Buffer.from(decoded?.data ?? []).equals(Buffer.from(picture.data))).toBe(true)
        },
      ),
      { numRuns: 60 },
    )
  })

  it('leaves an incomplete raster block unconsumed until the rest arrives', () => {
    const job = encodeReceiptJob(image(384, 10, () => true))
    const partial = decodeEscPos(job.subarray(0, 100))
    expect(partial.commands.map((c) => c.type)).toEqual(['initialise'])
    expect(partial.consumed).toBe(2)
  })

  it('can cut fully and feed more', () => {
    const { commands } = decodeEscPos(
      encodeReceiptJob(
        image(384, 8, () => false),
        { cut: 'full', feedLines: 5 },
      ),
    )
    expect(commands.slice(-2)).toEqual([
      { type: 'feed', lines: 5 },
      { type: 'cut', kind: 'full', feed: 0 },
    ])
  })
})

describe('thresholding to 1 bit', () => {
  it('makes dark pixels black and light ones white, transparent as paper', () => {
    // black, white, dark grey, light grey, transparent black, half-transparent black
    const rgba = Uint8Array.from([
      0, 0, 0, 255, 255, 255, 255, 255, 60, 60, 60, 255, 220, 220, 220, 255, 0, 0, 0, 0, 0, 0, 0, 200,
    ])
    const mono = toMonochrome(rgba, 6, 1)
    expect([0, 1, 2, 3, 4, 5].map((x) => isBlack(mono, x, 0))).toEqual([
      true,
      false,
      true,
      false,
      false,
      true,
    ])
  })

  it('reads BGRA (Electron bitmaps) the same as RGBA for the same colours', () => {
    // Orange reads light (white), blue reads dark (black); swapping the channels would swap them.
    const rgba = Uint8Array.from([255, 80, 0, 255, 0, 80, 255, 255])
    const bgra = Uint8Array.from([0, 80, 255, 255, 255, 80, 0, 255])
    const a = toMonochrome(rgba, 2, 1, 100, 'rgba')
    const b = toMonochrome(bgra, 2, 1, 100, 'bgra')
    expect(Array.from(a.data)).toEqual(Array.from(b.data))
    expect([isBlack(a, 0, 0), isBlack(a, 1, 0)]).toEqual([false, true])
  })

  it('refuses a pixel buffer too short for its size', () => {
    expect(() => toMonochrome(new Uint8Array(10), 4, 4)).toThrow(RangeError)
  })
})

describe('printer status bytes', () => {
  it('recognises answers by their fixed bits', () => {
    expect(isStatusByte(0x12)).toBe(true)
    expect(isStatusByte(0x72)).toBe(true)
    expect(isStatusByte(0x00)).toBe(false)
    expect(isStatusByte(0xff)).toBe(false)
  })

  it('reads paper end, paper low and cover open', () => {
    expect(readStatus(STATUS_BYTES.ok)).toEqual({
      offline: false,
      coverOpen: false,
      paperEnd: false,
      paperLow: false,
      error: false,
    })
    expect(readStatus(STATUS_BYTES.noPaper)).toMatchObject({ offline: true, paperEnd: true })
    expect(readStatus(STATUS_BYTES.paperLow)).toMatchObject({
      paperLow: true,
      paperEnd: false,
      offline: false,
    })
    expect(readStatus(STATUS_BYTES.coverOpen)).toMatchObject({
      offline: true,
      coverOpen: true,
      paperEnd: false,
    })
  })
})

describe('printer address', () => {
  it.each([
    ['tcp://192.168.1.50:9100', { host: '192.168.1.50', port: 9100 }],
    ['tcp://printer.local', { host: 'printer.local', port: 9100 }],
    ['10.0.0.7:9101', { host: '10.0.0.7', port: 9101 }],
    ['tcp://[::1]:9100', { host: '::1', port: 9100 }],
  ])('reads %s', (text, address) => {
    expect(parsePrinterAddress(text)).toEqual(address)
  })

  it.each([
    '',
    'http://printer:9100',
    'tcp://printer:99999',
    'tcp://pri nter:9100',
    'tcp://:9100',
    '192.168.1.300',
    'tcp://192.168.1:9100',
    '10.0.0.7.5',
    '192.168.001.050',
  ])('refuses %j', (text) => {
    expect(() => parsePrinterAddress(text)).toThrow(AppError)
  })
})
