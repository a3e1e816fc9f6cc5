/**
 * Text for PDF pages drawn without a browser (the report's entry list): the bundled Noto Sans Arabic (static
 * instances, regular and bold, its Arabic and Latin files chosen per character as the report's CSS
 * unicode-range does), the Unicode bidirectional algorithm (bidi-js), shaping by HarfBuzz (the shaper Chromium
 * uses, so Arabic joins and places its dots as in the rest of the report), line breaking and widths.
 *
 * A run of text becomes a PDF content-stream snippet in the font's em units, placed later by a text matrix,
 * its glyphs left to right as they are seen (a right-to-left run marked /ReversedChars, as Chromium marks it).
 * What a reader copies comes from the font's ToUnicode map alone, so every reader gets the same text: each
 * document draws with codes of its own (FaceEncoding), a code standing for a glyph and the characters it
 * shows there. The font draws dotted letters as a dotless shape plus dot marks, and one dotless shape is
 * several letters (ٮ is ب, ت, ث, ن or ي as its dots say): the shape's code stands for the whole letter, and
 * the marks of a cluster are drawn as shapes, not text (see ShapedRun.marks).
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { inflateSync } from 'node:zlib'
import bidiFactory from 'bidi-js'
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

/** A mark glyph (a letter's dots, a vowel sign) drawn as a shape at a place relative to its run's origin. */
export interface RunMark {
  gid: number
  /** From the run's origin, in em (y up). */
  x: number
  y: number
}

/** A run drawn with one face, ready for a content stream once placed. */
export interface ShapedRun {
  face: PdfFace
  /** Width in em. */
  width: number
  /** Content-stream operators relative to the run's origin (text matrix already at the origin, size in it). */
  ops: string
  /**
   * The run's marks (a letter's dots, vowel signs), drawn as shapes after the text: they belong to a letter
   * whose code carries the text. As text, a mark is a glyph of its own above or below the line, and readers
   * place what they copy by where each glyph is: poppler's (pdftotext, Evince, Okular) break the word there
   * ("الف ي ت وري", as they read the dots of Chromium's own pages), and a mark mapped to nothing (U+0000, as
   * Chromium maps its dots) comes out of pdf.js as a U+0000 inside the word.
   */
  marks: RunMark[]
  /**
   * The marks' operators relative to the run's origin (a matrix with the size and origin concatenated first):
   * each draws the form XObject `/<face resource>m<glyph id>`.
   */
  markOps: string
}

/** The page resource name of the form XObject that draws a face's mark glyph. */
export function markName(face: PdfFace, gid: number): string {
  return `${face.resource}m${gid}`
}

/**
 * The codes one document draws a face with (Identity-H, so a code is a CID): each stands for one glyph and
 * the characters a reader copies for it there. The PDF's font maps the codes to glyphs (CIDToGIDMap) and to
 * their text (ToUnicode), and gives each code its glyph's width.
 */
export class FaceEncoding {
  /** Code → glyph id; code 0 is .notdef and is not drawn. */
  readonly gids: number[] = [0]
  /** Code → its text. */
  readonly texts: string[] = ['']
  private readonly codes = new Map<string, number>()
  /** A character's code when drawn with its own glyph (plain runs: most of a report's text). */
  private readonly plainCodes = new Map<string, string>()

  /** The code for a glyph standing for `text`, as four hex digits. */
  code(gid: number, text: string): string {
    const key = `${gid}:${text}`
    let code = this.codes.get(key)
    if (code === undefined) {
      code = this.gids.length
      // Two bytes a code: far more than a document's distinct glyph-and-text pairs (a few hundred).
      if (code > 0xffff) throw new Error('PDF text: more than 65,535 glyph codes in one face')
      this.gids.push(gid)
      this.texts.push(text)
      this.codes.set(key, code)
    }
    return hex4(code)
  }

  /** The code for a character drawn with its own glyph (`gid`, the font's for it). */
  plain(ch: string, gid: number): string {
    let code = this.plainCodes.get(ch)
    if (code === undefined) {
      code = this.code(gid, ch)
      this.plainCodes.set(ch, code)
    }
    return code
  }
}

/** One line of a cell, in visual order left to right. */
export interface PlacedLine {
  runs: ShapedRun[]
  /** Total width in em. */
  width: number
}

/**
 * Which file draws a character: the report's CSS declares the Arabic file's unicode-range before the Latin
 * file's, and where the two overlap (U+2000–206F) the later rule wins, so those are the Latin file's.
 */
function isArabicRange(cp: number): boolean {
  return (
    (cp >= 0x0600 && cp <= 0x06ff) ||
    (cp >= 0x0750 && cp <= 0x077f) ||
    (cp >= 0x0870 && cp <= 0x088e) ||
    (cp >= 0x0890 && cp <= 0x0891) ||
    (cp >= 0x0897 && cp <= 0x08e1) ||
    (cp >= 0x08e3 && cp <= 0x08ff) ||
    cp === 0x2e41 ||
    (cp >= 0xfb50 && cp <= 0xfdff) ||
    (cp >= 0xfe70 && cp <= 0xfe74) ||
    (cp >= 0xfe76 && cp <= 0xfefc)
  )
}

const CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

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

const bidi = bidiFactory()

function hex4(n: number): string {
  return n.toString(16).padStart(4, '0')
}

function num(n: number): string {
  // Four decimals of an em (or of a TJ adjustment's thousandths of one) are far below a printer's dot.
  return String(Math.round(n * 10_000) / 10_000)
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

/**
 * Shapes and measures text for one document: every distinct run is shaped once (a day's report repeats its
 * names, labels and many figures).
 */
export class PdfTextShaper {
  private readonly runs = new Map<string, ShapedRun>()
  private readonly widths = new Map<string, number>()
  /** Each face's codes in this document, in the order faces are first drawn with. */
  readonly encodings = new Map<PdfFace, FaceEncoding>()
  private readonly buffer: Harfbuzz.Buffer
  private readonly hbModule: HarfbuzzModule

  private constructor(
    readonly fonts: PdfFonts,
    hb: HarfbuzzModule,
  ) {
    this.hbModule = hb
    this.buffer = new hb.Buffer()
  }

  static async create(): Promise<PdfTextShaper> {
    const fonts = await loadPdfFonts()
    return new PdfTextShaper(fonts, await import('harfbuzzjs'))
  }

  private encoding(face: PdfFace): FaceEncoding {
    let encoding = this.encodings.get(face)
    if (!encoding) {
      encoding = new FaceEncoding()
      this.encodings.set(face, encoding)
    }
    return encoding
  }

  private faceFor(cp: number, bold: 0 | 1): PdfFace {
    return isArabicRange(cp) ? this.fonts.arabic[bold] : this.fonts.latin[bold]
  }

  /** One face, one direction: glyphs from HarfBuzz, or straight from the cmap when nothing needs shaping. */
  private shape(text: string, face: PdfFace, rtl: boolean): ShapedRun {
    const key = `${face.resource}${rtl ? '<' : '>'}${text}`
    const cached = this.runs.get(key)
    if (cached) return cached
    const run =
      (!rtl && this.fonts.latin.includes(face) && this.plain(text, face)) || this.harfbuzz(text, face, rtl)
    this.runs.set(key, run)
    return run
  }

  /** Latin text left to right: each character's own glyph and advance, one string (as the reader copies it). */
  private plain(text: string, face: PdfFace): ShapedRun | null {
    const encoding = this.encoding(face)
    let codes = ''
    let width = 0
    for (const ch of text) {
      const gid = face.hb.nominalGlyph(ch.codePointAt(0) as number)
      if (gid === undefined) return null
      codes += encoding.plain(ch, gid)
      width += face.advances[gid] ?? 0
    }
    return { face, width: width / face.upem, ops: `<${codes}> Tj\n`, marks: [], markOps: '' }
  }

  private harfbuzz(text: string, face: PdfFace, rtl: boolean): ShapedRun {
    const b = this.buffer
    b.reset()
    b.addText(text)
    b.guessSegmentProperties()
    b.setDirection(rtl ? this.hbModule.Direction.RTL : this.hbModule.Direction.LTR)
    this.hbModule.shape(face.hb, b)
    const glyphs = b.getGlyphInfosAndPositions()
    const upem = face.upem
    const encoding = this.encoding(face)
    const arabic = this.fonts.arabic.includes(face)
    // A cluster is the characters from its index (in UTF-16 units) to the next cluster's, and its glyphs are
    // side by side in the output (left to right as seen, so a right-to-left cluster's marks come before its
    // letter). Its widest glyph carries its text; the others are its marks.
    const starts = [...new Set(glyphs.map((g) => g.cluster))].sort((x, y) => x - y)
    const clusterEnd = new Map(starts.map((start, i) => [start, starts[i + 1] ?? text.length]))
    const carriers = new Set<number>()
    for (let i = 0; i < glyphs.length; ) {
      const cluster = glyphs[i]?.cluster
      let widest = i
      let j = i
      for (; j < glyphs.length && glyphs[j]?.cluster === cluster; j++) {
        if ((glyphs[j]?.xAdvance ?? 0) > (glyphs[widest]?.xAdvance ?? 0)) widest = j
      }
      carriers.add(widest)
      i = j
    }
    // One string of codes, and where HarfBuzz puts a glyph elsewhere than the PDF's own advance would (a kerned
    // pair) a TJ adjustment before it, a shift off the baseline as text rise: the run is never repositioned
    // with Td, which a reader may take for a space inside the word.
    let ops = ''
    const parts: (string | number)[] = []
    let codes = ''
    let pen = 0
    let atX = 0
    let rise = 0
    const show = () => {
      if (codes) parts.push(codes)
      codes = ''
      if (parts.length === 1 && typeof parts[0] === 'string') ops += `<${parts[0]}> Tj `
      else if (parts.length > 0)
        ops += `[${parts.map((p) => (typeof p === 'string' ? `<${p}>` : num(p))).join(' ')}] TJ `
      parts.length = 0
    }
    const marks: RunMark[] = []
    for (const [i, g] of glyphs.entries()) {
      const x = (pen + (g.xOffset ?? 0)) / upem
      const y = (g.yOffset ?? 0) / upem
      pen += g.xAdvance ?? 0
      if (!carriers.has(i)) {
        marks.push({ gid: g.codepoint, x, y })
        continue
      }
      if (Math.abs(y - rise) > 1e-4) {
        show()
        ops += `${num(y)} Ts `
        rise = y
      }
      if (Math.abs(x - atX) > 1e-4) {
        if (codes) parts.push(codes)
        codes = ''
        // In thousandths of the text size (an em here), subtracted from the position.
        parts.push((atX - x) * 1000)
        atX = x
      }
      codes += encoding.code(
        g.codepoint,
        this.carried(text, g.cluster, clusterEnd, g.codepoint, face, arabic, rtl),
      )
      atX += (face.advances[g.codepoint] ?? 0) / upem
    }
    show()
    if (rise !== 0) ops += '0 Ts '
    ops = ops.trimEnd()
    return {
      face,
      width: pen / upem,
      // Right to left, the glyphs are in the order they are seen: marked reversed, as Chromium does, so a
      // reader that honours it copies the run in reading order (others reverse right-to-left text anyway).
      ops: rtl ? `/ReversedChars BMC ${ops}\nEMC\n` : `${ops}\n`,
      marks,
      markOps: marks
        .map((m) => `q 1 0 0 1 ${num(m.x)} ${num(m.y)} cm /${markName(face, m.gid)} Do Q`)
        .join(' '),
    }
  }

  /**
   * The text a cluster's glyph stands for. A glyph drawn for one character that the font maps to a character
   * of its own (a Latin letter, a bracket in right-to-left text drawn as its mirror image) stands for that;
   * any other (a letter's joining form or dotless shape, a ligature) for the cluster's letters, right to left
   * in the order they are seen (a reader reverses a right-to-left run's characters, a ligature's too: pdf.js
   * and poppler both do).
   *
   * Vowel signs and other combining marks are drawn, not copied: in a glyph's text, pdf.js takes the letter
   * for a mark of no width and reads a space after it ("أموال اً"); as text of their own, above or below the
   * line, poppler breaks the word at them ("مؤ َّكد"). So a word is read whole, as its letters ("مؤكد" for
   * "مؤكَّد"), in both (and pdf.js's search ignores vowel signs unless asked not to).
   */
  private carried(
    text: string,
    cluster: number,
    clusterEnd: Map<number, number>,
    gid: number,
    face: PdfFace,
    arabic: boolean,
    rtl: boolean,
  ): string {
    const chars = text.slice(cluster, clusterEnd.get(cluster) ?? text.length).normalize('NFC')
    const own = face.unicodes.get(gid)
    if (!arabic && own !== undefined && [...chars].length === 1) return own
    // A mark on its own (no letter in its cluster) is its own text.
    const letters = [...(chars.replace(/\p{Mn}/gu, '') || chars)]
    return rtl ? letters.reverse().join('') : letters.join('')
  }

  /** Splits text into runs of one face each (the report's unicode-range rule), in logical order. */
  private byFace(text: string, bold: 0 | 1): [string, PdfFace][] {
    const parts: [string, PdfFace][] = []
    let current = ''
    let face: PdfFace | null = null
    for (const ch of text) {
      const f = this.faceFor(ch.codePointAt(0) as number, bold)
      if (face !== null && f !== face) {
        parts.push([current, face])
        current = ''
      }
      face = f
      current += ch
    }
    if (face !== null && current) parts.push([current, face])
    return parts
  }

  /** Width of text on one line, in em (bidi does not change a width). */
  width(text: string, bold: 0 | 1): number {
    const key = `${bold}${text}`
    const cached = this.widths.get(key)
    if (cached !== undefined) return cached
    let width = 0
    const visible = text.replace(CONTROLS, '')
    for (const [part, face] of this.byFace(visible, bold)) {
      width += this.shape(part, face, isArabicRange(part.codePointAt(0) as number)).width
    }
    this.widths.set(key, width)
    return width
  }

  /**
   * One line laid out in visual order. `direction` is the paragraph's (a cell's `dir`: 'auto' takes the first
   * strong letter, as `dir="auto"` does).
   */
  line(text: string, direction: 'ltr' | 'rtl' | 'auto', bold: 0 | 1): PlacedLine {
    if (!text) return { runs: [], width: 0 }
    if (direction !== 'rtl' && /^[\x20-\x7e]*$/.test(text)) {
      // Printable ASCII left to right: one run, no bidi needed.
      const run = this.shape(text, this.fonts.latin[bold], false)
      return { runs: [run], width: run.width }
    }
    const { levels } = bidi.getEmbeddingLevels(text, direction === 'auto' ? undefined : direction)
    // Level runs in logical order (controls dropped), then rule L2: reverse from the highest level down.
    const logical: { text: string; level: number }[] = []
    for (let i = 0; i < text.length; ) {
      const level = levels[i] as number
      let j = i + 1
      while (j < text.length && levels[j] === level) j++
      const part = text.slice(i, j).replace(CONTROLS, '')
      if (part) logical.push({ text: part, level })
      i = j
    }
    if (logical.length === 0) return { runs: [], width: 0 }
    const highest = Math.max(...logical.map((r) => r.level))
    const lowestOdd = Math.min(...logical.map((r) => (r.level % 2 === 1 ? r.level : 99)))
    const visual = [...logical]
    for (let level = highest; level >= lowestOdd && level > 0; level--) {
      for (let i = 0; i < visual.length; ) {
        if ((visual[i]?.level ?? 0) < level) {
          i++
          continue
        }
        let j = i
        while (j < visual.length && (visual[j]?.level ?? 0) >= level) j++
        visual.splice(i, j - i, ...visual.slice(i, j).reverse())
        i = j
      }
    }
    const runs: ShapedRun[] = []
    let width = 0
    for (const { text: part, level } of visual) {
      const rtl = level % 2 === 1
      const faces = this.byFace(part, bold)
      if (rtl) faces.reverse()
      for (const [piece, face] of faces) {
        const run = this.shape(piece, face, rtl)
        runs.push(run)
        width += run.width
      }
    }
    return { runs, width }
  }
}
