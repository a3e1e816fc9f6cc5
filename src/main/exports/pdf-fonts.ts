/**
 * The fonts of PDF pages drawn without a browser (the report's entry list): the bundled Noto Sans Arabic
 * (static instances, regular and bold, its Arabic and Latin files), each read from its WOFF file once per
 * process with the metrics and advances the PDF's font objects need, and a glyph's outline for a mark drawn as
 * a shape. How text is shaped and drawn with them: pdf-text.ts.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { inflateSync } from 'node:zlib'
import type * as Harfbuzz from 'harfbuzzjs'

type HarfbuzzModule = typeof Harfbuzz

/** One font file as embedded in the PDF and shaped by HarfBuzz. */
export interface PdfFace {
  /** The resource name in page content (/F0…). */
  resource: string
  /** The PDF BaseFont: a six-letter tag (the fontsource file is a part of the family) and the font's name. */
  baseFont: string
  /** The TrueType font program (sfnt), embedded whole: the files are small parts of the family already. */
  sfnt: Buffer
  upem: number
  ascender: number
  descender: number
  capHeight: number
  bbox: [number, number, number, number]
  hb: Harfbuzz.Font
  /** Advance widths by glyph id, in font units (what the PDF's /W says). */
  advances: Uint16Array
  /** Glyph id → the character it is mapped from (for a reader of plain runs). */
  unicodes: Map<number, string>
}

export interface PdfFonts {
  /** Index 0: regular, 1: bold. */
  arabic: [PdfFace, PdfFace]
  latin: [PdfFace, PdfFace]
  all: PdfFace[]
}

/** WOFF 1.0 → the sfnt it wraps (each table inflated if it was compressed). */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('not a WOFF file')
  const flavor = woff.readUInt32BE(4)
  const numTables = woff.readUInt16BE(12)
  const out = Buffer.alloc(woff.readUInt32BE(16))
  out.writeUInt32BE(flavor, 0)
  out.writeUInt16BE(numTables, 4)
  let selector = 0
  while (1 << (selector + 1) <= numTables) selector++
  out.writeUInt16BE((1 << selector) * 16, 6)
  out.writeUInt16BE(selector, 8)
  out.writeUInt16BE(numTables * 16 - (1 << selector) * 16, 10)
  let offset = 12 + 16 * numTables
  for (let i = 0; i < numTables; i++) {
    const entry = 44 + i * 20
    const tag = woff.readUInt32BE(entry)
    const from = woff.readUInt32BE(entry + 4)
    const compressed = woff.readUInt32BE(entry + 8)
    const length = woff.readUInt32BE(entry + 12)
    const data =
      compressed < length
        ? inflateSync(woff.subarray(from, from + compressed))
        : woff.subarray(from, from + length)
    const dir = 12 + i * 16
    out.writeUInt32BE(tag, dir)
    out.writeUInt32BE(woff.readUInt32BE(entry + 16), dir + 4)
    out.writeUInt32BE(offset, dir + 8)
    out.writeUInt32BE(length, dir + 12)
    data.copy(out, offset)
    offset += (length + 3) & ~3
  }
  return out
}

function table(sfnt: Buffer, tag: string): Buffer | null {
  const n = sfnt.readUInt16BE(4)
  for (let i = 0; i < n; i++) {
    const at = 12 + i * 16
    if (sfnt.toString('latin1', at, at + 4) === tag) {
      const offset = sfnt.readUInt32BE(at + 8)
      return sfnt.subarray(offset, offset + sfnt.readUInt32BE(at + 12))
    }
  }
  return null
}

const FONT_DIR = '@fontsource/noto-sans-arabic/files'

type FaceName = readonly ['arabic' | 'latin', 400 | 700]

/** The faces in resource order (/F0…): Arabic regular and bold, then Latin regular and bold. */
const FACES: readonly FaceName[] = [
  ['arabic', 400],
  ['arabic', 700],
  ['latin', 400],
  ['latin', 700],
]

function loadFace(hb: HarfbuzzModule, [part, weight]: FaceName, index: number, woff: Buffer): PdfFace {
  const sfnt = woffToSfnt(woff)
  const face = new hb.Face(new hb.Blob(sfnt))
  const font = new hb.Font(face)
  const head = table(sfnt, 'head')
  const os2 = table(sfnt, 'OS/2')
  const maxp = table(sfnt, 'maxp')
  if (!head || !maxp) throw new Error(`font ${part} ${weight}: no head or maxp table`)
  const glyphs = maxp.readUInt16BE(4)
  const advances = new Uint16Array(glyphs)
  for (let g = 0; g < glyphs; g++) advances[g] = font.glyphHAdvance(g)
  const unicodes = new Map<number, string>()
  for (const cp of face.collectUnicodes()) {
    const gid = font.nominalGlyph(cp)
    if (gid !== undefined && !unicodes.has(gid)) unicodes.set(gid, String.fromCodePoint(cp))
  }
  const extents = font.hExtents()
  return {
    resource: `F${index}`,
    baseFont: `${part === 'arabic' ? 'ARABIC' : 'LATINA'}+NotoSansArabic-${weight === 700 ? 'Bold' : 'Regular'}`,
    sfnt,
    upem: face.upem,
    ascender: extents.ascender,
    descender: -extents.descender,
    capHeight: os2 && os2.length >= 90 ? os2.readInt16BE(88) : extents.ascender,
    bbox: [head.readInt16BE(36), head.readInt16BE(38), head.readInt16BE(40), head.readInt16BE(42)],
    hb: font,
    advances,
    unicodes,
  }
}

let loading: Promise<PdfFonts> | null = null

/** The four faces, read and parsed once per process (HarfBuzz's WebAssembly loaded on the first PDF). */
export function loadPdfFonts(): Promise<PdfFonts> {
  loading ??= (async () => {
    const hb = await import('harfbuzzjs')
    const require = createRequire(import.meta.url)
    const all: PdfFace[] = []
    // A face at a time, the event loop given a turn between them: the first PDF of a session does not hold
    // up a sale while the fonts are read.
    for (const [index, name] of FACES.entries()) {
      const woff = await readFile(
        require.resolve(`${FONT_DIR}/noto-sans-arabic-${name[0]}-${name[1]}-normal.woff`),
      )
      all.push(loadFace(hb, name, index, woff))
      await new Promise((resolve) => setImmediate(resolve))
    }
    const [arabic400, arabic700, latin400, latin700] = all as [PdfFace, PdfFace, PdfFace, PdfFace]
    const fonts: PdfFonts = { arabic: [arabic400, arabic700], latin: [latin400, latin700], all }
    return fonts
  })().catch((error: unknown) => {
    loading = null
    throw error
  })
  return loading
}

/** A glyph's outline as PDF path operators in font units (y up), filled nonzero as TrueType's are. */
export interface GlyphShape {
  path: string
  bbox: [number, number, number, number]
}

const shapes = new WeakMap<PdfFace, Map<number, GlyphShape>>()

/** The outline of a glyph (a mark drawn as a shape), its quadratic curves made cubic; read once per process. */
export function glyphShape(face: PdfFace, gid: number): GlyphShape {
  let known = shapes.get(face)
  if (!known) {
    known = new Map()
    shapes.set(face, known)
  }
  const cached = known.get(gid)
  if (cached) return cached
  let path = ''
  let x = 0
  let y = 0
  const bbox: [number, number, number, number] = [0, 0, 0, 0]
  let first = true
  const extend = (...points: number[]) => {
    for (let i = 0; i + 1 < points.length; i += 2) {
      const px = points[i] as number
      const py = points[i + 1] as number
      if (first) {
        bbox[0] = bbox[2] = px
        bbox[1] = bbox[3] = py
        first = false
      }
      bbox[0] = Math.min(bbox[0], px)
      bbox[1] = Math.min(bbox[1], py)
      bbox[2] = Math.max(bbox[2], px)
      bbox[3] = Math.max(bbox[3], py)
    }
  }
  const p = (...values: number[]) => values.map((v) => String(Math.round(v * 100) / 100)).join(' ')
  for (const { type, values: v } of face.hb.glyphToJson(gid)) {
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = v
    if (type === 'M' || type === 'L') {
      path += `${p(a, b)} ${type === 'M' ? 'm' : 'l'}\n`
      extend(a, b)
      x = a
      y = b
    } else if (type === 'Q') {
      // The cubic through the same points: its controls two thirds of the way to the quadratic's.
      const c1x = x + (2 / 3) * (a - x)
      const c1y = y + (2 / 3) * (b - y)
      const c2x = c + (2 / 3) * (a - c)
      const c2y = d + (2 / 3) * (b - d)
      path += `${p(c1x, c1y, c2x, c2y, c, d)} c\n`
      extend(a, b, c, d)
      x = c
      y = d
    } else if (type === 'C') {
      path += `${p(a, b, c, d, e, f)} c\n`
      extend(a, b, c, d, e, f)
      x = e
      y = f
    } else if (type === 'Z') {
      path += 'h\n'
    }
  }
  const shape: GlyphShape = { path: path ? `${path}f\n` : '', bbox }
  known.set(gid, shape)
  return shape
}
