import { readFileSync } from 'node:fs'
import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { drawIcon, ICO_SIZES, iconFiles, PNG_SIZE } from '../../scripts/make-icon'

/** The icon in resources/ is what scripts/make-icon.ts draws, in every size Windows asks for. */
const ico = readFileSync('resources/icon.ico')
const png = readFileSync('resources/icon.png')

function icoEntries(file: Buffer) {
  expect(file.readUInt16LE(2)).toBe(1)
  return Array.from({ length: file.readUInt16LE(4) }, (_, i) => {
    const e = 6 + 16 * i
    const size = file.readUInt8(e) || 256
    const bytes = file.readUInt32LE(e + 8)
    const offset = file.readUInt32LE(e + 12)
    return { size, bpp: file.readUInt16LE(e + 6), data: file.subarray(offset, offset + bytes) }
  })
}

describe('the app icon', () => {
  it('is exactly what the script draws (run `npm run icon` after changing it)', () => {
    const drawn = iconFiles()
    expect(drawn.ico.equals(ico)).toBe(true)
    expect(drawn.png.equals(png)).toBe(true)
  })

  it('has every size from 16 to 256 px in 32-bit colour; 256 as PNG, the rest as bitmaps', () => {
    const entries = icoEntries(ico)
    expect(entries.map((e) => e.size)).toEqual([...ICO_SIZES])
    for (const entry of entries) {
      expect(entry.bpp).toBe(32)
      if (entry.size === 256) {
        const image = PNG.sync.read(entry.data)
        expect([image.width, image.height]).toEqual([256, 256])
      } else {
        // BITMAPINFOHEADER: the height counts the colour rows and the mask rows.
        expect(entry.data.readUInt32LE(0)).toBe(40)
        expect(entry.data.readInt32LE(4)).toBe(entry.size)
        expect(entry.data.readInt32LE(8)).toBe(entry.size * 2)
        expect(entry.data.readUInt16LE(14)).toBe(32)
      }
    }
    const image = PNG.sync.read(png)
    expect([image.width, image.height]).toEqual([PNG_SIZE, PNG_SIZE])
  })

  it('still shows the voucher at 16 px: white paper, gold stub and green plus on the tile, clear corners', () => {
    const small = drawIcon(16)
    const pixel = (x: number, y: number) => [...small.data.subarray((y * 16 + x) * 4, (y * 16 + x) * 4 + 4)]
    expect(pixel(0, 0)[3]).toBeLessThan(64)
    const colours = Array.from({ length: 256 }, (_, i) => pixel(i % 16, Math.floor(i / 16)))
    const opaque = colours.filter((c) => (c[3] as number) === 255)
    expect(
      opaque.some(([r, g, b]) => (r as number) > 240 && (g as number) > 240 && (b as number) > 240),
    ).toBe(true)
    expect(
      opaque.some(([r, g, b]) => (r as number) > 200 && (g as number) > 140 && (b as number) < 120),
    ).toBe(true)
    expect(opaque.some(([r, g, b]) => (r as number) < 60 && (g as number) > 80 && (b as number) < 120)).toBe(
      true,
    )
  })
})
