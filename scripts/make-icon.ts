/**
 * Draws Reseller Desk's icon and writes `resources/icon.png` (512 px) and `resources/icon.ico` (16–256 px).
 * Run with `npm run icon`; the files are committed and a test checks they are what this script draws.
 *
 * The picture: an emerald tile with a white voucher on it — notched at both sides like a ticket, a gold stub
 * behind a perforation, and a green "+" for a top-up. Shapes are signed-distance functions sampled 4×4 per
 * pixel, so every size is drawn from the geometry itself (no downscaling blur) and comes out the same bytes
 * on every machine.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PNG } from 'pngjs'

export const ICO_SIZES = [16, 20, 24, 32, 40, 48, 64, 128, 256] as const
export const PNG_SIZE = 512

type Rgba = readonly [number, number, number, number]

const TILE_TOP: Rgba = [16, 140, 112, 255]
const TILE_BOTTOM: Rgba = [8, 88, 72, 255]
const PAPER: Rgba = [255, 255, 255, 255]
const STUB: Rgba = [242, 177, 52, 255]
const INK: Rgba = [10, 110, 88, 255]
const SHADOW: Rgba = [0, 40, 30, 80]

/** Distance to a rounded rectangle centred at (cx, cy), half sizes (hw, hh), corner radius r; < 0 inside. */
function roundedRect(x: number, y: number, cx: number, cy: number, hw: number, hh: number, r: number) {
  const qx = Math.abs(x - cx) - hw + r
  const qy = Math.abs(y - cy) - hh + r
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0))
  return outside + Math.min(Math.max(qx, qy), 0) - r
}

function circle(x: number, y: number, cx: number, cy: number, r: number) {
  return Math.hypot(x - cx, y - cy) - r
}

/** The geometry in a unit square (0..1), shared by every size. */
const TICKET = { cx: 0.5, cy: 0.52, hw: 0.36, hh: 0.22, r: 0.04, notch: 0.075 }
const PERFORATION_X = 0.34
const PLUS = { cx: 0.635, cy: 0.52, arm: 0.125, half: 0.042 }

function ticket(x: number, y: number, dy = 0): number {
  const t = TICKET
  const body = roundedRect(x, y, t.cx, t.cy + dy, t.hw, t.hh, t.r)
  const left = circle(x, y, t.cx - t.hw, t.cy + dy, t.notch)
  const right = circle(x, y, t.cx + t.hw, t.cy + dy, t.notch)
  return Math.max(body, -left, -right)
}

function plus(x: number, y: number): number {
  const p = PLUS
  const bar = roundedRect(x, y, p.cx, p.cy, p.arm, p.half, p.half * 0.35)
  const post = roundedRect(x, y, p.cx, p.cy, p.half, p.arm, p.half * 0.35)
  return Math.min(bar, post)
}

/** The colour at one point of the unit square, as layers painted back to front. */
function colourAt(x: number, y: number, size: number): Rgba {
  const tile = roundedRect(x, y, 0.5, 0.5, 0.47, 0.47, 0.11)
  if (tile > 0) return [0, 0, 0, 0]
  let colour: Rgba = mix(TILE_TOP, TILE_BOTTOM, (y - 0.03) / 0.94)
  if (ticket(x, y, 0.025) < 0 && size >= 32) colour = over(colour, SHADOW)
  if (ticket(x, y) < 0) {
    colour = x < PERFORATION_X ? STUB : PAPER
    // Dashes of the perforation, only where a pixel can show them.
    const dash = Math.abs(x - PERFORATION_X) < 0.012 && Math.floor((y - 0.3) / 0.05) % 2 === 0
    if (dash && size >= 40) colour = TILE_BOTTOM
    if (plus(x, y) < 0) colour = INK
  }
  return colour
}

function mix(a: Rgba, b: Rgba, t: number): Rgba {
  const k = Math.min(1, Math.max(0, t))
  return [0, 1, 2, 3].map((i) => (a[i] as number) + ((b[i] as number) - (a[i] as number)) * k) as never
}

function over(under: Rgba, top: Rgba): Rgba {
  const a = top[3] / 255
  return [
    under[0] * (1 - a) + top[0] * a,
    under[1] * (1 - a) + top[1] * a,
    under[2] * (1 - a) + top[2] * a,
    under[3],
  ]
}

/** One size of the icon as RGBA pixels (premultiplied while averaging, so edges have no dark fringe). */
export function drawIcon(size: number): PNG {
  const png = new PNG({ width: size, height: size })
  const n = 4
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0
      let g = 0
      let b = 0
      let a = 0
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const c = colourAt((px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size, size)
          const alpha = c[3] / 255
          r += c[0] * alpha
          g += c[1] * alpha
          b += c[2] * alpha
          a += alpha
        }
      }
      const i = (py * size + px) * 4
      png.data[i] = a > 0 ? Math.round(r / a) : 0
      png.data[i + 1] = a > 0 ? Math.round(g / a) : 0
      png.data[i + 2] = a > 0 ? Math.round(b / a) : 0
      png.data[i + 3] = Math.round((a / (n * n)) * 255)
    }
  }
  return png
}

export function encodePng(png: PNG): Buffer {
  return PNG.sync.write(png, { colorType: 6 })
}

/**
 * A Windows .ico: the 256 px image as PNG (as Windows Vista and later store it), the smaller ones as 32-bit
 * DIBs with their AND mask, which every part of Windows (and NSIS) reads.
 */
export function encodeIco(images: PNG[]): Buffer {
  const blobs = images.map((png) => (png.width >= 256 ? encodePng(png) : dib(png)))
  const header = Buffer.alloc(6 + 16 * images.length)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(images.length, 4)
  let offset = header.length
  images.forEach((png, i) => {
    const e = 6 + 16 * i
    header.writeUInt8(png.width >= 256 ? 0 : png.width, e)
    header.writeUInt8(png.height >= 256 ? 0 : png.height, e + 1)
    header.writeUInt8(0, e + 2)
    header.writeUInt8(0, e + 3)
    header.writeUInt16LE(1, e + 4)
    header.writeUInt16LE(32, e + 6)
    header.writeUInt32LE((blobs[i] as Buffer).length, e + 8)
    header.writeUInt32LE(offset, e + 12)
    offset += (blobs[i] as Buffer).length
  })
  return Buffer.concat([header, ...blobs])
}

function dib(png: PNG): Buffer {
  const { width, height, data } = png
  const maskStride = Math.ceil(width / 32) * 4
  const info = Buffer.alloc(40)
  info.writeUInt32LE(40, 0)
  info.writeInt32LE(width, 4)
  info.writeInt32LE(height * 2, 8)
  info.writeUInt16LE(1, 12)
  info.writeUInt16LE(32, 14)
  info.writeUInt32LE(0, 16)
  info.writeUInt32LE(width * height * 4 + maskStride * height, 20)
  const pixels = Buffer.alloc(width * height * 4)
  const mask = Buffer.alloc(maskStride * height)
  for (let y = 0; y < height; y++) {
    const row = height - 1 - y
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * 4
      const to = (row * width + x) * 4
      pixels[to] = data[from + 2] as number
      pixels[to + 1] = data[from + 1] as number
      pixels[to + 2] = data[from] as number
      pixels[to + 3] = data[from + 3] as number
      if (data[from + 3] === 0) {
        const at = row * maskStride + (x >> 3)
        mask[at] = (mask[at] as number) | (0x80 >> (x & 7))
      }
    }
  }
  return Buffer.concat([info, pixels, mask])
}

export function iconFiles(): { png: Buffer; ico: Buffer } {
  return { png: encodePng(drawIcon(PNG_SIZE)), ico: encodeIco(ICO_SIZES.map((size) => drawIcon(size))) }
}

if (import.meta.filename === process.argv[1]) {
  const resources = join(import.meta.dirname, '..', 'resources')
  const { png, ico } = iconFiles()
  writeFileSync(join(resources, 'icon.png'), png)
  writeFileSync(join(resources, 'icon.ico'), ico)
  console.log(`resources/icon.png (${PNG_SIZE} px), resources/icon.ico (${ICO_SIZES.join(', ')} px)`)
}
