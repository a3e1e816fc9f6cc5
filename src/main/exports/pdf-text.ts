/**
 * Text for PDF pages drawn without a browser (the report's entry list): the bundled Noto Sans Arabic (static
 * instances, regular and bold, read in pdf-fonts.ts; its Arabic and Latin files chosen per character as the
 * report's CSS unicode-range does), the Unicode bidirectional algorithm (bidi-js), shaping by HarfBuzz (the
 * shaper Chromium uses, so Arabic joins and places its dots as in the rest of the report), line breaking and
 * widths.
 *
 * A run of text becomes a PDF content-stream snippet in the font's em units, placed later by a text matrix,
 * its glyphs left to right as they are seen (a right-to-left run marked /ReversedChars, as Chromium marks it).
 * What a reader copies comes from the font's ToUnicode map alone, so every reader gets the same text: each
 * document draws with codes of its own (FaceEncoding), a code standing for a glyph and the characters it
 * shows there. The font draws dotted letters as a dotless shape plus dot marks, and one dotless shape is
 * several letters (ٮ is ب, ت, ث, ن or ي as its dots say): the shape's code stands for the whole letter, and
 * the marks of a cluster are drawn as shapes, not text (see ShapedRun.marks).
 */
import bidiFactory from 'bidi-js'
import type * as Harfbuzz from 'harfbuzzjs'
import { loadPdfFonts, type PdfFace, type PdfFonts } from './pdf-fonts'

type HarfbuzzModule = typeof Harfbuzz

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

const bidi = bidiFactory()

function hex4(n: number): string {
  return n.toString(16).padStart(4, '0')
}

function num(n: number): string {
  // Four decimals of an em (or of a TJ adjustment's thousandths of one) are far below a printer's dot.
  return String(Math.round(n * 10_000) / 10_000)
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
