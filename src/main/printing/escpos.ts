import { type MonochromeImage, rowBytes } from './monochrome'

/**
 * The few ESC/POS commands a receipt needs, written by hand rather than through an encoder library: the
 * raster must reach the printer bit for bit as rasterized (a library would re-threshold or re-dither the
 * image and want sizes in multiples of 8), the byte layout is five commands from the Epson reference, and
 * the test decoder mirrors them one to one.
 */
export const ESC = 0x1b
export const GS = 0x1d
export const DLE = 0x10
export const EOT = 0x04

/**
 * Rows per `GS v 0` block. One block may be at most 4095 rows on Epson printers (2303 on some models) and
 * cheap clones overrun their buffers on large blocks, so the receipt goes in bands of 256 rows
 * (18 KB at 576 dots), which prints without visible seams.
 */
export const DEFAULT_BAND_ROWS = 256

export type CutKind = 'partial' | 'full'

export interface EscPosJobOptions {
  /** Blank lines fed after the image (ESC d n) before the cut, as a bottom margin. */
  feedLines?: number
  cut?: CutKind
  bandRows?: number
}

/** ESC @: clears the print buffer and settings left by whatever printed before. */
export function initialise(): Uint8Array {
  return Uint8Array.of(ESC, 0x40)
}

/** GS v 0 m xL xH yL yH d…: one raster block, normal density (m = 0). */
export function rasterBlock(data: Uint8Array, widthBytes: number, rows: number): Uint8Array {
  if (widthBytes < 1 || widthBytes > 0xffff || rows < 1 || rows > 0xffff) {
    throw new RangeError(`Raster block out of range: ${widthBytes} bytes × ${rows} rows`)
  }
  if (data.length !== widthBytes * rows) throw new RangeError('Raster data does not match its size')
  const out = new Uint8Array(8 + data.length)
  out.set([GS, 0x76, 0x30, 0x00, widthBytes & 0xff, widthBytes >> 8, rows & 0xff, rows >> 8])
  out.set(data, 8)
  return out
}

/** ESC d n: prints what is buffered and feeds n lines. */
export function feedLines(lines: number): Uint8Array {
  if (!Number.isInteger(lines) || lines < 0 || lines > 255) throw new RangeError(`Bad feed: ${lines}`)
  return Uint8Array.of(ESC, 0x64, lines)
}

/**
 * GS V m n with m = 65 (full) or 66 (partial): "feed to the cutting position, then cut". The printer
 * itself feeds the last printed line past the cutter, whatever its head-to-cutter distance.
 */
export function cut(kind: CutKind = 'partial'): Uint8Array {
  return Uint8Array.of(GS, 0x56, kind === 'full' ? 65 : 66, 0)
}

/** DLE EOT n: real-time status (1 printer, 2 offline cause, 3 error cause, 4 paper roll sensor). */
export function statusQuery(n: 1 | 2 | 3 | 4): Uint8Array {
  return Uint8Array.of(DLE, EOT, n)
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let offset = 0
  for (const p of parts) {
    out.set(p, offset)
    offset += p.length
  }
  return out
}

/** A whole receipt: initialise, the image in raster bands, feed, cut. */
export function encodeReceiptJob(image: MonochromeImage, options: EscPosJobOptions = {}): Uint8Array {
  const stride = rowBytes(image.width)
  const bandRows = options.bandRows ?? DEFAULT_BAND_ROWS
  const parts = [initialise()]
  for (let y = 0; y < image.height; y += bandRows) {
    const rows = Math.min(bandRows, image.height - y)
    parts.push(rasterBlock(image.data.subarray(y * stride, (y + rows) * stride), stride, rows))
  }
  parts.push(feedLines(options.feedLines ?? 2), cut(options.cut ?? 'partial'))
  return concat(parts)
}
