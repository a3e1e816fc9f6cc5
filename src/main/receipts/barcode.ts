import { createRequire } from 'node:module'
import type BwipJs from 'bwip-js/node'

/**
 * The barcode encoder, loaded with the first receipt (or by preloadBarcodeEncoder, once the window is up),
 * not with the app: bwip-js is one large file whose loading took 0.3–0.6 s of the main bundle's start, before
 * the window could show.
 */
let encoder: typeof BwipJs | null = null
function bwipjs(): typeof BwipJs {
  encoder ??= createRequire(import.meta.url)('bwip-js/node') as typeof BwipJs
  return encoder
}

/** Loads the barcode encoder now (the app calls it once it is idle after its start). */
export function preloadBarcodeEncoder(): void {
  bwipjs()
}

/**
 * Code 128 needs a quiet zone of 10 modules on each side. Across the paper, the unprintable margin of the
 * roll (5 mm, 40 dots, each side on 58 and 80 mm rolls) already gives most of it, so inside the printable
 * width we keep at least MIN_SIDE_QUIET_DOTS; down the paper, the full 10 modules.
 */
const QUIET_MODULES = 10
const MIN_SIDE_QUIET_DOTS = 10
/** Bars thinner than 2 dots (0.25 mm) print unevenly on thermal heads and many scanners miss them. */
const MIN_MODULE_DOTS = 2
const MAX_MODULE_DOTS = 3

export interface Barcode {
  /** Inline SVG, drawn on whole dots so rasterizing adds no grey edge. */
  svg: string
  width: number
  height: number
  /** Rotated a quarter turn when the code is too long to fit across the paper with bars at least 2 dots wide. */
  vertical: boolean
}

/** Module widths of a Code 128 symbol, bar first, alternating bar and space. */
function code128Modules(text: string): number[] {
  const [symbol] = bwipjs().raw('code128', text, {})
  if (!symbol || !('sbs' in symbol)) throw new Error('Code 128 encoder returned no bars')
  return symbol.sbs
}

/**
 * A Code 128 barcode that fits `maxWidthDots`, with the widest whole-dot modules (2 or 3 dots) that fit
 * across the paper. A longer text (a 36-character reference on 58 mm paper) turns the barcode a quarter
 * turn so it runs down the receipt with the same 2-dot modules, instead of shrinking bars below what
 * prints and scans reliably.
 */
export function code128Barcode(text: string, maxWidthDots: number, barHeightDots: number): Barcode {
  const modules = code128Modules(text)
  const symbolModules = modules.reduce((a, b) => a + b, 0)
  const across = Math.min(
    MAX_MODULE_DOTS,
    Math.floor((maxWidthDots - 2 * MIN_SIDE_QUIET_DOTS) / symbolModules),
  )
  const vertical = across < MIN_MODULE_DOTS
  const module = vertical ? MIN_MODULE_DOTS : across
  const quiet = vertical
    ? QUIET_MODULES * module
    : Math.min(QUIET_MODULES * module, Math.floor((maxWidthDots - symbolModules * module) / 2))
  const length = symbolModules * module + 2 * quiet
  const thickness = vertical ? Math.min(Math.round(barHeightDots * 1.5), maxWidthDots) : barHeightDots

  const rects: string[] = []
  let offset = quiet
  modules.forEach((m, i) => {
    const size = m * module
    if (i % 2 === 0) {
      rects.push(
        vertical
          ? `<rect x="0" y="${offset}" width="${thickness}" height="${size}"/>`
          : `<rect x="${offset}" y="0" width="${size}" height="${thickness}"/>`,
      )
    }
    offset += size
  })
  const width = vertical ? thickness : length
  const height = vertical ? length : thickness
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}" shape-rendering="crispEdges" fill="#000">${rects.join('')}</svg>`
  return { svg, width, height, vertical }
}

/** A QR module of 4 dots (0.5 mm): large enough for phone cameras and 2D scanners on a thermal print. */
export const QR_MODULE_DOTS = 4
/** The quiet zone the QR standard asks for, in modules, on every side. */
export const QR_QUIET_MODULES = 4

/** The QR symbol for `text` (byte mode, error correction M): its side in modules and its modules row by row, 1 = dark. */
export function qrModules(text: string): { size: number; modules: number[] } {
  const [symbol] = bwipjs().raw('qrcode', text, 'eclevel=M')
  if (!symbol || !('pixs' in symbol)) throw new Error('QR encoder returned no modules')
  return { size: symbol.pixx, modules: symbol.pixs }
}

/**
 * A QR code of `text`, drawn on whole dots. Used for the deposit reference: a 36-character UUID as
 * Code 128 needs about 400 modules, 10 cm or more of paper even turned down the receipt, where the QR
 * code carries the exact reference in 29 x 29 modules (about 18 mm square with its quiet zone), scans
 * with any 2D scanner or phone, and survives a smudge (level M restores 15 % of it).
 */
export function qrCode(text: string): Barcode {
  const { size, modules } = qrModules(text)
  const quiet = QR_QUIET_MODULES * QR_MODULE_DOTS
  const side = size * QR_MODULE_DOTS + 2 * quiet
  const rects: string[] = []
  for (let y = 0; y < size; y++) {
    // One rectangle per run of dark modules along a row: a much smaller document than one per module.
    let x = 0
    while (x < size) {
      if (modules[y * size + x] !== 1) {
        x++
        continue
      }
      const start = x
      while (x < size && modules[y * size + x] === 1) x++
      rects.push(
        `<rect x="${quiet + start * QR_MODULE_DOTS}" y="${quiet + y * QR_MODULE_DOTS}" ` +
          `width="${(x - start) * QR_MODULE_DOTS}" height="${QR_MODULE_DOTS}"/>`,
      )
    }
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}" ` +
    `viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges" fill="#000">${rects.join('')}</svg>`
  return { svg, width: side, height: side, vertical: false }
}
