/**
 * The text of a PDF made by Chromium, as a reader would copy it, for tests. pdfjs-dist (legacy build, runs on
 * Node 20) reads the text; Arabic needs one more step. The bundled Noto Sans Arabic draws dotted letters as a
 * dotless shape plus dot marks, so reading glyphs back to characters loses letters (ف comes back as a blank,
 * ت as ٮ). Chromium writes each such cluster's true characters as a /Span /ActualText (what PDF viewers copy
 * and search), and marks right-to-left runs /ReversedChars (drawn in visual order). pdfjs reports where the
 * spans are but not their ActualText, so that is read from the page's content stream and put in their place,
 * and each reversed run is turned back into reading order. NFKC folds presentation forms to plain letters.
 * (The entry list's pages the desk draws itself carry each letter in their fonts' ToUnicode maps, its dots
 * drawn apart, and read right without ActualText; their right-to-left runs are marked reversed too.)
 */
import { inflateSync } from 'node:zlib'
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs'

/** Every /Span's ActualText (null when it has none) in the order the content streams hold them. */
function spanTexts(pdf: Buffer): (string | null)[] {
  const raw = pdf.toString('latin1')
  const out: (string | null)[] = []
  let at = 0
  for (;;) {
    const start = raw.indexOf('stream', at)
    if (start < 0) break
    const dataStart = raw[start + 6] === '\r' ? start + 8 : start + 7
    const end = raw.indexOf('endstream', dataStart)
    if (end < 0) break
    at = end + 9
    let text: string
    try {
      text = inflateSync(pdf.subarray(dataStart, end)).toString('latin1')
    } catch {
      continue
    }
    for (const m of text.matchAll(/\/Span\s*(<<(?:[^<>]|<[0-9A-Fa-f]*>)*>>)\s*BDC/g)) {
      const hex = /\/ActualText\s*<([0-9A-Fa-f]*)>/.exec(m[1] ?? '')?.[1]
      out.push(hex === undefined ? null : utf16(hex))
    }
  }
  return out
}

function utf16(hex: string): string {
  const bytes = Buffer.from(hex, 'hex')
  const from = bytes[0] === 0xfe && bytes[1] === 0xff ? 2 : 0
  let out = ''
  for (let i = from; i + 1 < bytes.length; i += 2)
    out += String.fromCharCode(((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0))
  return out
}

interface Frame {
  kind: 'span' | 'reversed' | 'other'
  actual: string | null
  parts: string[]
}

export interface PdfText {
  pages: number
  /** All pages' text in reading order, NFKC-normalised; items separated by spaces. */
  text: string
  /** Each page's text, the same way. */
  pageTexts: string[]
}

export async function pdfText(pdf: Uint8Array): Promise<PdfText> {
  const spans = spanTexts(Buffer.from(pdf))
  let next = 0
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise
  const words: string[] = []
  const pageStarts: number[] = []
  for (let n = 1; n <= doc.numPages; n++) {
    pageStarts.push(words.length)
    const page = await doc.getPage(n)
    const content = await page.getTextContent({ includeMarkedContent: true })
    const stack: Frame[] = []
    const emit = (text: string) => {
      const top = stack.at(-1)
      if (top) top.parts.push(text)
      else words.push(text)
    }
    for (const item of content.items) {
      if ('str' in item) {
        emit(item.str)
        continue
      }
      if (item.type === 'beginMarkedContent' || item.type === 'beginMarkedContentProps') {
        // pdfjs sets the marked content's tag at run time; its types leave it out.
        const tag = (item as { tag?: string }).tag
        if (tag === 'Span') stack.push({ kind: 'span', actual: spans[next++] ?? null, parts: [] })
        else stack.push({ kind: tag === 'ReversedChars' ? 'reversed' : 'other', actual: null, parts: [] })
      } else if (item.type === 'endMarkedContent') {
        const frame = stack.pop()
        if (!frame) continue
        emit(
          frame.kind === 'span'
            ? (frame.actual ?? frame.parts.join(''))
            : frame.kind === 'reversed'
              ? frame.parts.reverse().join('')
              : frame.parts.join(''),
        )
      }
    }
  }
  const pages = doc.numPages
  await doc.destroy()
  if (next !== spans.length)
    throw new Error(`PDF text: ${spans.length} spans in the streams, ${next} on the pages`)
  const clean = (list: string[]) => list.join(' ').normalize('NFKC').replace(/\s+/g, ' ')
  const pageTexts = pageStarts.map((start, i) => clean(words.slice(start, pageStarts[i + 1] ?? words.length)))
  return { pages, text: clean(words), pageTexts }
}
