/**
 * The report PDF's entry list, drawn without a browser and appended to the summary Chromium printed.
 *
 * Why: Chromium lays a printed document out twice (once to count its pages, once to print them), and for a
 * 10,000-entry table that is ~180,000 layout objects each time: 5–7 s of CPU on this project's machines
 * (traced: style and layout twice, then paint), whatever the fonts or the table's CSS. The entry list is a
 * plain grid, so it is laid out here (entries-pdf-layout.ts) as Chromium lays out the report's table (the
 * same font files, columns sized from their content like an automatic table layout, text wrapped at spaces
 * and hyphens, rows never split across pages, the column heads on every page), with HarfBuzz shaping the
 * Arabic and the Unicode bidirectional algorithm ordering it (pdf-text.ts); this file writes those pages,
 * their fonts and the marks drawn as shapes into the summary's PDF (pdf-lib).
 * See docs/manager.md ("How the PDF is made, and why").
 */
import { promisify } from 'node:util'
import { deflate as deflateCallback } from 'node:zlib'
import type { ReportEntry } from '../../shared/reports'
import type { Language, Mode } from '../../shared/types'
import { layoutEntryPages, PAGE } from './entries-pdf-layout'
import { glyphShape, type PdfFace } from './pdf-fonts'
import type { FaceEncoding } from './pdf-text'

const deflate = promisify(deflateCallback)

/** Page contents compressed a few at a time: each compression holds a few hundred KB of zlib state. */
async function deflateAll(pages: string[]): Promise<Buffer[]> {
  const out: Buffer[] = new Array(pages.length)
  let next = 0
  const lane = async () => {
    while (next < pages.length) {
      const i = next++
      out[i] = await deflate(Buffer.from(pages[i] as string, 'latin1'))
    }
  }
  await Promise.all([lane(), lane()])
  return out
}

/** A font program compressed once per process (off the event loop): the same file in every document. */
const programs = new WeakMap<PdfFace, Promise<Buffer>>()

function programOf(face: PdfFace): Promise<Buffer> {
  let known = programs.get(face)
  if (!known) {
    known = deflate(face.sfnt)
    known.catch(() => programs.delete(face))
    programs.set(face, known)
  }
  return known
}

/** A document's codes for a face: their widths (/W), glyphs (/CIDToGIDMap) and text (/ToUnicode). */
function encodingParts(
  face: PdfFace,
  encoding: FaceEncoding,
): { widths: number[]; gids: Buffer; toUnicode: string } {
  const { gids: glyphs, texts } = encoding
  const widths = glyphs.slice(1).map((gid) => Math.round(((face.advances[gid] ?? 0) * 1000) / face.upem))
  const gids = Buffer.alloc(glyphs.length * 2)
  for (const [code, gid] of glyphs.entries()) gids.writeUInt16BE(gid, code * 2)
  let bf = ''
  for (let from = 1; from < texts.length; from += 100) {
    const to = Math.min(from + 100, texts.length)
    bf += `${to - from} beginbfchar\n`
    for (let code = from; code < to; code++) {
      const text = texts[code] as string
      let hex = ''
      for (let k = 0; k < text.length; k++) hex += text.charCodeAt(k).toString(16).padStart(4, '0')
      bf += `<${code.toString(16).padStart(4, '0')}> <${hex}>\n`
    }
    bf += 'endbfchar\n'
  }
  const toUnicode =
    '/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n' +
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n' +
    '/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n' +
    '1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n' +
    `${bf}endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n`
  return { widths, gids, toUnicode }
}

/**
 * pdf-lib's one-file build: it loads in a fraction of the time its hundreds of CommonJS modules take (the first
 * PDF of a session would otherwise hold the event loop ~0.2 s just to load them).
 */
async function loadPdfLib(): Promise<typeof import('pdf-lib')> {
  const module = (await import('pdf-lib/dist/pdf-lib.min.js')) as { default?: typeof import('pdf-lib') }
  return module.default ?? (module as typeof import('pdf-lib'))
}

/**
 * The summary PDF (Chromium's) with the entry list's pages after it. pdf-lib reads the summary and writes
 * the whole file; it gives the event loop back while it writes.
 */
export async function appendEntryPages(
  summary: Uint8Array,
  rows: ReportEntry[],
  total: number,
  language: Language,
  mode: Mode,
): Promise<Uint8Array> {
  const { PDFDocument, PDFName, PDFString } = await loadPdfLib()
  const [doc, laidOut] = await Promise.all([
    PDFDocument.load(summary, { updateMetadata: false }),
    layoutEntryPages(rows, total, language, mode),
  ])
  const ctx = doc.context
  const fontRefs = new Map<PdfFace, ReturnType<typeof ctx.register>>()
  const encodings = laidOut.fonts.map(({ face, encoding }) => encodingParts(face, encoding))
  // Compressed by zlib on libuv's threads while this thread goes on.
  const [programs, contents, maps] = await Promise.all([
    Promise.all(laidOut.fonts.map(({ face }) => programOf(face))),
    deflateAll(laidOut.pages),
    Promise.all(
      encodings.map(({ gids, toUnicode }) =>
        Promise.all([deflate(gids), deflate(Buffer.from(toUnicode, 'latin1'))]),
      ),
    ),
  ])
  const flate = (bytes: Buffer, dict: Record<string, unknown> = {}) =>
    ctx.register(ctx.stream(bytes, { ...dict, Filter: 'FlateDecode' }))
  for (const [i, { face }] of laidOut.fonts.entries()) {
    const [gids, toUnicode] = maps[i] as [Buffer, Buffer]
    const file = flate(programs[i] as Buffer, { Length1: face.sfnt.length })
    const descriptor = ctx.register(
      ctx.obj({
        Type: 'FontDescriptor',
        FontName: face.baseFont,
        Flags: 4,
        FontBBox: face.bbox.map((v) => Math.round((v * 1000) / face.upem)),
        ItalicAngle: 0,
        Ascent: Math.round((face.ascender * 1000) / face.upem),
        Descent: -Math.round((face.descender * 1000) / face.upem),
        CapHeight: Math.round((face.capHeight * 1000) / face.upem),
        StemV: 80,
        FontFile2: file,
      }),
    )
    const cidFont = ctx.register(
      ctx.obj({
        Type: 'Font',
        Subtype: 'CIDFontType2',
        BaseFont: face.baseFont,
        CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
        FontDescriptor: descriptor,
        W: [1, encodings[i]?.widths ?? []],
        CIDToGIDMap: flate(gids),
      }),
    )
    const font = ctx.register(
      ctx.obj({
        Type: 'Font',
        Subtype: 'Type0',
        BaseFont: face.baseFont,
        Encoding: 'Identity-H',
        DescendantFonts: [cidFont],
        ToUnicode: flate(toUnicode),
      }),
    )
    fontRefs.set(face, font)
  }
  // The marks drawn as shapes: one form each, in font units (its matrix scales them to an em).
  const shapes: Record<string, ReturnType<typeof ctx.register>> = {}
  for (const { name, face, gid } of laidOut.shapes) {
    const { path, bbox } = glyphShape(face, gid)
    shapes[name] = ctx.register(
      ctx.stream(path, {
        Type: 'XObject',
        Subtype: 'Form',
        BBox: bbox,
        Matrix: [1 / face.upem, 0, 0, 1 / face.upem, 0, 0],
      }),
    )
  }
  const xObjects = laidOut.shapes.length > 0 ? ctx.register(ctx.obj(shapes)) : null
  for (const content of contents) {
    const page = doc.addPage([PAGE.width, PAGE.height])
    page.node.set(PDFName.of('Contents'), flate(content))
    for (const [face, ref] of fontRefs) page.node.setFontDictionary(PDFName.of(face.resource), ref)
    if (xObjects) page.node.Resources()?.set(PDFName.of('XObject'), xObjects)
  }
  return doc.save({ objectsPerTick: 100, useObjectStreams: false })
}
