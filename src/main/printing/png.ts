import { crc32, deflateSync } from 'node:zlib'
import { type MonochromeImage, rowBytes } from './monochrome'

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0)
  return Buffer.concat([head, data, crc])
}

/**
 * A 1-bit greyscale PNG of exactly the dots the printer burns: the preview the clerk sees is the raster
 * sent to the printer, not a second rendering. PNG stores 0 as black, the raster 1 as black, so each byte
 * is inverted (padding bits become white).
 */
export function monochromePng(image: MonochromeImage): Buffer {
  const stride = rowBytes(image.width)
  const raw = Buffer.alloc((stride + 1) * image.height)
  for (let y = 0; y < image.height; y++) {
    const out = y * (stride + 1)
    raw[out] = 0 // filter: none
    for (let i = 0; i < stride; i++) raw[out + 1 + i] = ~(image.data[y * stride + i] as number) & 0xff
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(image.width, 0)
  header.writeUInt32BE(image.height, 4)
  header.set([1, 0, 0, 0, 0], 8) // bit depth 1, greyscale, deflate, no filter method, no interlace
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ])
}

export function pngDataUrl(png: Buffer): string {
  return `data:image/png;base64,${png.toString('base64')}`
}
