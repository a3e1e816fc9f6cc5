import { inflateSync } from 'node:zlib'
import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { isBlack, type MonochromeImage, rowBytes } from '../../../src/main/printing/monochrome'
import { monochromePng, pngDataUrl } from '../../../src/main/printing/png'
import { receiptPdf } from '../../../src/main/printing/receipt-pdf'
import { QR_MODULE_DOTS, QR_QUIET_MODULES, qrCode, qrModules } from '../../../src/main/receipts/barcode'
import { sanitizeReceiptSettings } from '../../../src/main/settings/receipt-settings'

/** A checkerboard-ish test image whose width is not a multiple of 8, so row padding matters. */
function sample(width: number, height: number): MonochromeImage {
  const stride = rowBytes(width)
  const data = new Uint8Array(stride * height)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if ((x * 7 + y * 3) % 5 === 0)
        data[y * stride + (x >> 3)] = (data[y * stride + (x >> 3)] as number) | (0x80 >> (x & 7))
  return { width, height, data }
}

describe('the preview PNG', () => {
  it('holds exactly the raster: black where the head burns a dot, white elsewhere, 1 bit deep', () => {
    const image = sample(21, 9)
    const file = monochromePng(image)
    expect(file[24]).toBe(1)
    const png = PNG.sync.read(file)
    expect([png.width, png.height]).toEqual([21, 9])
    for (let y = 0; y < 9; y++)
      for (let x = 0; x < 21; x++) {
        const grey = png.data[(y * 21 + x) * 4]
        expect(grey, `${x},${y}`).toBe(isBlack(image, x, y) ? 0 : 255)
      }
    expect(pngDataUrl(file)).toMatch(/^data:image\/png;base64,iVBORw0KGgo/)
  })
})

describe('the receipt PDF', () => {
  const image = sample(384, 40)
  const pdf = receiptPdf(image, 58)
  const text = pdf.toString('latin1')

  it('is a page as wide as the roll and as tall as the receipt at 8 dots per mm', () => {
    const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(text)
    expect(Number(box?.[1])).toBeCloseTo((58 * 72) / 25.4, 2)
    expect(Number(box?.[2])).toBeCloseTo((5 * 72) / 25.4, 2)
    // The 48 mm image centred on the 58 mm page: 5 mm from the left edge.
    expect(text).toContain(
      `q ${((48 * 72) / 25.4).toFixed(3)} 0 0 ${((5 * 72) / 25.4).toFixed(3)} ${((5 * 72) / 25.4).toFixed(3)} 0 cm`,
    )
  })

  it('carries the raster as a 1-bit image, a set bit black', () => {
    expect(text).toContain('/Width 384 /Height 40 /ColorSpace /DeviceGray /BitsPerComponent 1 /Decode [1 0]')
    const m = /\/Length (\d+) >>\nstream\n/.exec(text)
    const start = (m?.index ?? 0) + (m?.[0].length ?? 0)
    expect(inflateSync(pdf.subarray(start, start + Number(m?.[1]))).equals(Buffer.from(image.data))).toBe(
      true,
    )
  })

  it('has a cross-reference table that points at every object', () => {
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1])
    expect(text.slice(startxref, startxref + 4)).toBe('xref')
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]))
    expect(offsets).toHaveLength(5)
    offsets.forEach((offset, i) => {
      expect(text.slice(offset, offset + 8)).toBe(`${i + 1} 0 obj\n`)
    })
  })
})

describe('the deposit reference QR code', () => {
  it('draws every module of the symbol on whole dots inside its quiet zone', () => {
    const reference = '019ac1a0-9f0e-7d1c-9a2b-3c4d5e6f7a8b'
    const { size, modules } = qrModules(reference)
    expect(size).toBe(29)
    const code = qrCode(reference)
    expect(code.width).toBe((size + 2 * QR_QUIET_MODULES) * QR_MODULE_DOTS)
    expect(code.vertical).toBe(false)
    const dark = new Set<string>()
    for (const m of code.svg.matchAll(/<rect x="(\d+)" y="(\d+)" width="(\d+)" height="(\d+)"\/>/g)) {
      const [x, y, w, h] = m.slice(1).map(Number) as [number, number, number, number]
      expect(h).toBe(QR_MODULE_DOTS)
      for (let dx = 0; dx < w; dx += QR_MODULE_DOTS)
        dark.add(`${(x + dx) / QR_MODULE_DOTS - QR_QUIET_MODULES},${y / QR_MODULE_DOTS - QR_QUIET_MODULES}`)
    }
    const expected = new Set<string>()
    modules.forEach((v, i) => {
      if (v === 1) expected.add(`${i % size},${Math.floor(i / size)}`)
    })
    expect(dark).toEqual(expected)
  })
})

describe('stored receipt settings', () => {
  it('keep an address in the tcp://host:port form and fall back to no printer when unreadable', () => {
    expect(
      sanitizeReceiptSettings({ printer: { kind: 'escpos-network', address: '10.0.0.9', widthMm: 58 } })
        .printer,
    ).toEqual({
      kind: 'escpos-network',
      address: 'tcp://10.0.0.9:9100',
      widthMm: 58,
    })
    expect(
      sanitizeReceiptSettings({
        printer: { kind: 'escpos-network', address: 'tcp://[fe80::1]:9101', widthMm: 80 },
      }).printer,
    ).toMatchObject({
      address: 'tcp://[fe80::1]:9101',
    })
    expect(
      sanitizeReceiptSettings({ printer: { kind: 'escpos-network', address: 'http://x/', widthMm: 58 } })
        .printer,
    ).toEqual({
      kind: 'none',
      widthMm: 58,
    })
    expect(
      sanitizeReceiptSettings({ printer: { kind: 'system', deviceName: '  ', widthMm: 76 } }).printer,
    ).toEqual({
      kind: 'none',
      widthMm: 80,
    })
  })

  it('default to no printer, no auto-print, the screen language, and an empty outlet', () => {
    expect(
      sanitizeReceiptSettings({ autoPrint: 'yes', receiptLanguage: 'fr', outlet: 3, logo: 'x' }),
    ).toEqual({
      printer: { kind: 'none', widthMm: 80 },
      autoPrint: false,
      outlet: { name: '', address: '', phone: '' },
      redemptionHint: '',
      receiptLanguage: null,
      logo: null,
    })
  })

  it('keep a logo only when it is a PNG or JPEG data URL of a sensible size', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo='
    expect(sanitizeReceiptSettings({ logo: png }).logo).toBe(png)
    expect(sanitizeReceiptSettings({ logo: 'data:text/html;base64,PHNjcmlwdD4=' }).logo).toBeNull()
    expect(sanitizeReceiptSettings({ logo: `data:image/png;base64,${'A'.repeat(300_000)}` }).logo).toBeNull()
  })
})
