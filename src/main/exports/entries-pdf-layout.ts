/**
 * The layout of the report PDF's entry list, drawn without a browser (entries-pdf.ts writes it into the
 * summary Chromium printed): laid out as Chromium lays out the report's table (the same font files, columns
 * sized from their content like an automatic table layout, text wrapped at spaces and hyphens, rows never
 * split across pages, the column heads on every page), as page content streams. Why it is not Chromium's:
 * entries-pdf.ts and docs/manager.md ("How the PDF is made, and why").
 */
import { FSI, LRI, PDI } from '../../shared/bidi-text'
import { reportReason } from '../../shared/error-labels'
import { formatLyd } from '../../shared/money'
import { formatPhoneForDisplay } from '../../shared/phone'
import type { ReportEntry } from '../../shared/reports'
import type { Language, Mode } from '../../shared/types'
import { codeGroups } from '../../shared/voucher-code'
import { formatTripoliDateTime } from '../receipts/format'
import { REPORT_LABELS, type ReportLabels, transactionIdText } from '../reports/labels'
import type { PdfFace } from './pdf-fonts'
import { type FaceEncoding, markName, PdfTextShaper, type PlacedLine } from './pdf-text'

const MM = 72 / 25.4
/** A4 with the report's @page margins (14 mm top and bottom, 12 mm at the sides), in points. */
export const PAGE = { width: 210 * MM, height: 297 * MM, top: 14 * MM, bottom: 14 * MM, side: 12 * MM }
const TABLE_WIDTH = PAGE.width - 2 * PAGE.side
/** The report's `.entries td` (8.5 pt, line-height 1.25), `th` (10 pt bold), `h2` and `p`, and borders. */
const CELL = { size: 8.5, lineHeight: 8.5 * 1.25 }
const HEAD = { size: 10 }
const PAD = { x: 4, y: 2 }
const BORDER = 0.6
const H2 = { size: 12, after: 4 }
const NOTE = { size: 10, after: 10 }
/** The training mark in the top margin: the summary's `@top-center` (9 pt bold), its baseline 8 mm down. */
const MARK = { size: 9, baseline: 8 * MM }
/** The longest the layout holds the event loop before giving it a turn: the desk keeps answering sales. */
const TURN_MS = 15

/** A function to await often: it gives the event loop a turn once TURN_MS have passed since the last one. */
function turns(): () => Promise<void> | undefined {
  let since = performance.now()
  return () => {
    if (performance.now() - since < TURN_MS) return undefined
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        since = performance.now()
        resolve()
      }),
    )
  }
}

type Direction = 'ltr' | 'rtl' | 'auto'

interface Cell {
  text: string
  dir: Direction
  /** Figures: aligned to the end, never wrapped (`td.num`). */
  num?: boolean
  /** One line whatever its width (the time column). */
  nowrap?: boolean
}

/** The cells of one entry, as the report's HTML row holds them (entryRow in reports/html.ts). */
function entryCells(e: ReportEntry, l: ReportLabels, dir: 'ltr' | 'rtl'): Cell[] {
  const contact: Cell = e.phone
    ? e.firstName
      ? { text: `${LRI}${formatPhoneForDisplay(e.phone)}${PDI} ${FSI}${e.firstName}${PDI}`, dir }
      : { text: formatPhoneForDisplay(e.phone), dir: 'ltr' }
    : { text: e.serialNumber === null ? '' : codeGroups(e.serialNumber).join(' '), dir: 'ltr', nowrap: true }
  return [
    { text: formatTripoliDateTime(e.createdAt), dir: 'ltr', nowrap: true },
    { text: e.receiptNo ?? '', dir: 'ltr', nowrap: true },
    { text: l.kindOne[e.kind], dir },
    { text: l.status[e.status], dir },
    { text: formatLyd(e.amountDirhams), dir: 'ltr', num: true, nowrap: true },
    { text: e.clerk ?? '', dir: 'auto' },
    contact,
    transactionIdCell(e, l, dir),
    // Why it is listed, in words (its error, or a deposit confirmed by duplicate); an unknown code, as it is.
    reasonCell(reportReason(e, l.language), dir),
  ]
}

function transactionIdCell(e: ReportEntry, l: ReportLabels, dir: 'ltr' | 'rtl'): Cell {
  const id = transactionIdText(e, l)
  return { text: id.text, dir: id.ours ? dir : 'ltr' }
}

function reasonCell(why: { text: string; asIs: boolean } | null, dir: 'ltr' | 'rtl'): Cell {
  if (!why) return { text: '', dir }
  return why.asIs ? { text: why.text, dir: 'ltr' } : { text: why.text, dir }
}

function headCells(l: ReportLabels, dir: 'ltr' | 'rtl'): Cell[] {
  const c = l.columns
  return [
    c.localDateTime,
    c.receiptNo,
    c.kind,
    c.status,
    c.amount,
    c.clerk,
    `${c.phone} / ${c.serial}`,
    c.serviceTransaction,
    c.error,
  ].map((text) => ({ text, dir }))
}

/** Break opportunities: after spaces and after hyphens (as a browser breaks "a-b" and "a b"). */
function segments(text: string): string[] {
  return text.match(/[^ -]*[ -]*/g)?.filter((s) => s.length > 0) ?? []
}

interface Measured {
  cell: Cell
  /** Widest single line (max-content) and widest unbreakable piece (min-content), in points. */
  max: number
  min: number
}

class Layout {
  constructor(
    private readonly shaper: PdfTextShaper,
    readonly dir: 'ltr' | 'rtl',
  ) {}

  measure(cell: Cell, size: number, bold: 0 | 1): Measured {
    if (!cell.text) return { cell, max: 0, min: 0 }
    const max = this.shaper.width(cell.text, bold) * size
    if (cell.nowrap || cell.num) return { cell, max, min: max }
    let min = 0
    for (const s of segments(cell.text)) min = Math.max(min, this.shaper.width(s.trimEnd(), bold) * size)
    return { cell, max, min }
  }

  /** The cell's text in lines that fit `width` points (a piece wider than that gets a line of its own). */
  wrap(cell: Cell, width: number, size: number, bold: 0 | 1): string[] {
    if (!cell.text) return []
    if (cell.nowrap || cell.num || this.shaper.width(cell.text, bold) * size <= width) return [cell.text]
    const lines: string[] = []
    let line = ''
    for (const s of segments(cell.text)) {
      const candidate = line + s
      if (line && this.shaper.width(candidate.trimEnd(), bold) * size > width) {
        lines.push(line.trimEnd())
        line = s
      } else {
        line = candidate
      }
    }
    if (line.trimEnd()) lines.push(line.trimEnd())
    return lines
  }

  line(text: string, dir: Direction, bold: 0 | 1): PlacedLine {
    return this.shaper.line(text, dir, bold)
  }
}

/**
 * Column widths as an automatic table layout gives them: each column's widest line if they all fit, else each
 * its widest unbreakable piece plus a share of the rest in proportion to how much more it would like.
 */
function columnWidths(columns: { min: number; max: number }[], available: number): number[] {
  const pad = 2 * PAD.x + BORDER
  const max = columns.map((c) => c.max + pad)
  const min = columns.map((c) => c.min + pad)
  const sumMax = max.reduce((a, b) => a + b, 0)
  if (sumMax <= available) return max.map((m) => m + ((available - sumMax) * m) / sumMax)
  const sumMin = min.reduce((a, b) => a + b, 0)
  if (sumMin >= available) return min
  const want = max.map((m, i) => m - (min[i] as number))
  const sumWant = want.reduce((a, b) => a + b, 0)
  return min.map((m, i) => m + ((available - sumMin) * (want[i] as number)) / sumWant)
}

function n(value: number): string {
  return String(Math.round(value * 100) / 100)
}

/** A mark glyph drawn as a shape: the page resource (a form XObject) that draws it. */
export interface MarkShape {
  name: string
  face: PdfFace
  gid: number
}

/** Builds page content streams: text objects, the marks drawn as shapes, and the table's rules. */
class PageWriter {
  private text = ''
  private rules = ''
  private fills = ''
  private marks = ''
  private font: PdfFace | null = null
  readonly faces = new Set<PdfFace>()
  readonly shapes = new Map<string, MarkShape>()

  /** A line at `x` (its left edge) with its baseline `baseline` points from the page's top. */
  drawLine(line: PlacedLine, x: number, baseline: number, size: number): void {
    let at = x
    const y = PAGE.height - baseline
    for (const run of line.runs) {
      if (run.face !== this.font) {
        this.text += `/${run.face.resource} 1 Tf\n`
        this.font = run.face
        this.faces.add(run.face)
      }
      const matrix = `${n(size)} 0 0 ${n(size)} ${n(at)} ${n(y)}`
      this.text += `${matrix} Tm ${run.ops}`
      if (run.marks.length > 0) {
        this.marks += `q ${matrix} cm ${run.markOps} Q\n`
        for (const { gid } of run.marks) {
          const name = markName(run.face, gid)
          if (!this.shapes.has(name)) this.shapes.set(name, { name, face: run.face, gid })
        }
      }
      at += run.width * size
    }
  }

  fill(x: number, top: number, width: number, height: number): void {
    this.fills += `${n(x)} ${n(PAGE.height - top - height)} ${n(width)} ${n(height)} re\n`
  }

  rule(x1: number, top1: number, x2: number, top2: number): void {
    this.rules += `${n(x1)} ${n(PAGE.height - top1)} m ${n(x2)} ${n(PAGE.height - top2)} l\n`
  }

  content(): string {
    const fills = this.fills ? `0.933 g\n${this.fills}f\n0 g\n` : ''
    const rules = this.rules ? `0.333 G ${BORDER} w 0 J\n${this.rules}S\n` : ''
    return `${fills}${rules}BT\n${this.text}ET\n${this.marks}`
  }
}

export interface EntryPages {
  /** Each page's content stream (PDF operators). */
  pages: string[]
  /** The faces drawn with, and the codes each is drawn with. */
  fonts: { face: PdfFace; encoding: FaceEncoding }[]
  /** The mark shapes the pages draw. */
  shapes: MarkShape[]
}

/**
 * Lays out the entry list: the heading with the count, the note when the list is capped, then the table,
 * as many rows a page as fit, the column heads repeated on each page; a training report's mark at the top of
 * each page, as on the summary's pages.
 */
export async function layoutEntryPages(
  rows: ReportEntry[],
  total: number,
  language: Language,
  mode: Mode,
): Promise<EntryPages> {
  const l = REPORT_LABELS[language]
  const dir = language === 'ar' ? 'rtl' : 'ltr'
  const turn = turns()
  const shaper = await PdfTextShaper.create()
  const layout = new Layout(shaper, dir)
  const metrics = shaper.fonts.latin[0]
  const ascent = metrics.ascender / metrics.upem
  const descent = metrics.descender / metrics.upem
  /** Where the baseline sits in a line box of a given height (half the leading above the glyphs' box). */
  const baselineIn = (lineHeight: number, size: number) =>
    (lineHeight - (ascent + descent) * size) / 2 + ascent * size
  const headLineHeight = (ascent + descent) * HEAD.size

  const head = headCells(l, dir).map((c) => layout.measure(c, HEAD.size, 1))
  const body: Measured[][] = []
  const columns = head.map((h) => ({ min: h.min, max: h.max }))
  for (let i = 0; i < rows.length; i++) {
    const cells = entryCells(rows[i] as ReportEntry, l, dir).map((c) => layout.measure(c, CELL.size, 0))
    body.push(cells)
    cells.forEach((m, c) => {
      const col = columns[c] as { min: number; max: number }
      if (m.max > col.max) col.max = m.max
      if (m.min > col.min) col.min = m.min
    })
    await turn()
  }
  const widths = columnWidths(columns, TABLE_WIDTH)
  // Column edges from the page's left: the first column is at the right in Arabic.
  const lefts: number[] = []
  let edge = dir === 'rtl' ? PAGE.side + TABLE_WIDTH : PAGE.side
  for (const w of widths) {
    if (dir === 'rtl') edge -= w
    lefts.push(edge)
    if (dir === 'ltr') edge += w
  }
  const tableLeft = PAGE.side
  const tableRight = PAGE.side + widths.reduce((a, b) => a + b, 0)

  const pages: string[] = []
  const faces = new Set<PdfFace>()
  const shapes = new Map<string, MarkShape>()
  let page = new PageWriter()
  let y = PAGE.top
  let tableTop = y
  const bottom = PAGE.height - PAGE.bottom

  const drawText = (
    text: string,
    cellDir: Direction,
    size: number,
    bold: 0 | 1,
    left: number,
    width: number,
    top: number,
    end: boolean,
  ) => {
    const line = layout.line(text, cellDir, bold)
    const x = end !== (dir === 'rtl') ? left + width - line.width * size : left
    page.drawLine(line, x, top, size)
  }

  const drawRow = (cells: Measured[], size: number, lineHeight: number, bold: 0 | 1, lines: string[][]) => {
    const height = Math.max(1, ...lines.map((ls) => ls.length)) * lineHeight + 2 * PAD.y
    cells.forEach((m, c) => {
      const left = (lefts[c] as number) + PAD.x
      const width = (widths[c] as number) - 2 * PAD.x - BORDER
      ;(lines[c] as string[]).forEach((text, i) => {
        const top = y + PAD.y + i * lineHeight + baselineIn(lineHeight, size)
        // `td.num` aligns to the end of the line (right in English, left in Arabic); the rest to the start.
        drawText(text, m.cell.dir, size, bold, left, width, top, m.cell.num === true)
      })
    })
    y += height
    page.rule(tableLeft, y, tableRight, y)
    return height
  }

  const headLines = head.map((m, c) =>
    layout.wrap(m.cell, (widths[c] as number) - 2 * PAD.x - BORDER, HEAD.size, 1),
  )
  const headHeight = Math.max(...headLines.map((ls) => ls.length)) * headLineHeight + 2 * PAD.y

  const mark = mode === 'training' ? layout.line(l.trainingWarning, dir, 1) : null
  const startTable = () => {
    // A training report says so on every page (the summary's pages have it in their margin, as CSS draws it).
    if (mark) page.drawLine(mark, (PAGE.width - mark.width * MARK.size) / 2, MARK.baseline, MARK.size)
    tableTop = y
    page.fill(tableLeft, y, tableRight - tableLeft, headHeight)
    page.rule(tableLeft, y, tableRight, y)
    drawRow(head, HEAD.size, headLineHeight, 1, headLines)
  }
  const endPage = () => {
    for (const x of [...lefts, dir === 'rtl' ? tableRight : tableLeft]) page.rule(x, tableTop, x, y)
    page.rule(dir === 'rtl' ? tableLeft : tableRight, tableTop, dir === 'rtl' ? tableLeft : tableRight, y)
    pages.push(page.content())
    for (const f of page.faces) faces.add(f)
    for (const [name, shape] of page.shapes) shapes.set(name, shape)
  }

  // The heading and, when the list is capped, why.
  const blockWidth = TABLE_WIDTH
  const heading = `${l.entries} (${LRI}${total}${PDI})`
  const h2LineHeight = (ascent + descent) * H2.size
  drawText(heading, dir, H2.size, 1, PAGE.side, blockWidth, y + baselineIn(h2LineHeight, H2.size), false)
  y += h2LineHeight + H2.after
  if (rows.length < total) {
    const note: Cell = { text: l.entriesCapped(rows.length, total), dir }
    const noteLineHeight = (ascent + descent) * NOTE.size
    for (const text of layout.wrap(note, blockWidth, NOTE.size, 0)) {
      drawText(
        text,
        dir,
        NOTE.size,
        0,
        PAGE.side,
        blockWidth,
        y + baselineIn(noteLineHeight, NOTE.size),
        false,
      )
      y += noteLineHeight
    }
    y += NOTE.after
  }
  startTable()
  for (let i = 0; i < body.length; i++) {
    const cells = body[i] as Measured[]
    const lines = cells.map((m, c) =>
      layout.wrap(m.cell, (widths[c] as number) - 2 * PAD.x - BORDER, CELL.size, 0),
    )
    const height = Math.max(1, ...lines.map((ls) => ls.length)) * CELL.lineHeight + 2 * PAD.y
    if (y + height > bottom && y > tableTop + headHeight) {
      endPage()
      await turn()
      page = new PageWriter()
      y = PAGE.top
      startTable()
    }
    drawRow(cells, CELL.size, CELL.lineHeight, 0, lines)
  }
  endPage()
  const fonts = [...faces].map((face) => {
    const encoding = shaper.encodings.get(face)
    if (!encoding) throw new Error(`PDF text: ${face.resource} drawn without codes`)
    return { face, encoding }
  })
  return { pages, fonts, shapes: [...shapes.values()] }
}
