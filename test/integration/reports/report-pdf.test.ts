import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumPdfRenderer } from '../../../src/main/exports/chromium-pdf'
import { writeExport } from '../../../src/main/exports/write-export'
import { createIdGenerator } from '../../../src/main/ids'
import { Journal, type NewEntry } from '../../../src/main/journal/journal'
import { REPORT_LABELS } from '../../../src/main/reports/labels'
import { ERROR_LABELS } from '../../../src/shared/error-labels'
import { codeGroups } from '../../../src/shared/voucher-code'
import { CHAIN_REPORT } from '../../helpers/chain-report'
import { pdfText } from '../../helpers/pdf-text'

/**
 * The report PDF through the real writer and headless Chromium: every entry's details are in it, in both
 * languages (entry cells carry their own direction, no <bdi> per value), and it is drawn with the bundled font
 * only, never a fallback from the PC, though the report is laid out for print only.
 */
const DAY = 20261103
/** A busy day: its entry list runs over many pages. */
const LONG_DAY = 20261104
const LONG_DAY_ENTRIES = 400
const dir = mkdtempSync(join(tmpdir(), 'report-pdf-'))
const journalPath = join(dir, 'journal-live.sqlite')
const pdf = chromiumPdfRenderer()
const references: string[] = []

beforeAll(() => {
  const journal = Journal.open(journalPath)
  let now = Date.parse('2026-11-03T08:00:00Z')
  const newId = createIdGenerator(() => now)
  const entry = () => {
    now += 60_000
    const at = new Date(now).toISOString()
    return { id: newId(), mode: 'live' as const, createdAt: at, createdPcAt: at, day: DAY, clerk: 'سالم' }
  }
  const at = () => new Date(now).toISOString()
  /** A 5 LYD voucher, issued with its code and serial. */
  const issuedVoucher = (
    made: Omit<NewEntry, 'kind' | 'amountDirhams'>,
    code: string,
    serialNumber: string,
  ) => {
    const voucher = journal.insertEntry({ ...made, kind: 'voucher', amountDirhams: 5_000, denominationId: 1 })
    journal.updateEntry(voucher.id, { status: 'issued', voucherCode: code, serialNumber }, made.createdAt)
  }
  for (let i = 0; i < 30; i++) {
    const ref = newId()
    references.push(ref)
    const deposit = journal.insertEntry({
      ...entry(),
      kind: 'deposit',
      amountDirhams: 10_000 + i,
      phone: `09123456${String(i).padStart(2, '0')}`,
      firstName: i % 2 === 0 ? 'الفيتوري' : 'Amina',
      externalTransactionId: ref,
    })
    if (i % 3 === 0) {
      journal.updateEntry(
        deposit.id,
        { status: 'failed', error: { code: 'DAILY_LIMIT_EXCEEDED', message: 'Limit.' } },
        at(),
      )
    } else {
      journal.updateEntry(
        deposit.id,
        { status: 'confirmed', serviceTransactionId: String(700_000 + i) },
        at(),
      )
    }
    issuedVoucher(entry(), `12345678901${String(i).padStart(4, '0')}`, `SN${90_000 + i}`)
  }
  // The busy day, in one transaction (one disk sync).
  now = Date.parse('2026-11-04T06:00:00Z')
  journal.transaction(() => {
    for (let i = 0; i < LONG_DAY_ENTRIES; i++) {
      now += 30_000
      const at = new Date(now).toISOString()
      const base = { id: newId(), mode: 'live' as const, createdAt: at, createdPcAt: at, day: LONG_DAY }
      if (i % 2 === 0) {
        issuedVoucher(
          { ...base, clerk: 'هدى' },
          `98765432109${String(i).padStart(4, '0')}`,
          `LS${50_000 + i}`,
        )
      } else {
        const e = journal.insertEntry({
          ...base,
          kind: 'deposit',
          amountDirhams: 20_000 + i,
          clerk: 'Amina',
          phone: `0944${String(i).padStart(6, '0')}`,
          firstName: i % 4 === 1 ? 'خديجة' : 'Omar',
          externalTransactionId: newId(),
        })
        journal.updateEntry(e.id, { status: 'confirmed', serviceTransactionId: String(810_000 + i) }, at)
      }
    }
  })
  journal.close()
})

afterAll(async () => {
  await pdf.close()
  rmSync(dir, { recursive: true, force: true })
})

/** The names of the fonts a PDF embeds (subset prefixes removed). */
function embeddedFonts(bytes: Buffer): string[] {
  const names = bytes.toString('latin1').matchAll(/\/FontName\s*\/(?:[A-Z]{6}\+)?([^\s/<>[\]()]+)/g)
  return [...new Set([...names].map((m) => m[1] as string))]
}

/**
 * The text poppler's pdftotext reads from a PDF in the test's folder: what Evince, Okular and other readers
 * built on poppler copy and search (Debian's poppler-utils; `.ci/run` installs it).
 */
async function popplerText(name: string): Promise<string> {
  const { stdout } = await promisify(execFile)('pdftotext', ['-enc', 'UTF-8', join(dir, name), '-'])
  return stdout.normalize('NFKC')
}

/** The day's report as a PDF through the real writer and headless Chromium, written to `name` in the test's folder. */
async function exportPdf(
  name: string,
  day: number,
  language: 'en' | 'ar',
  mode: 'live' | 'training' = 'live',
): Promise<Buffer> {
  const path = join(dir, name)
  await writeExport(
    { format: 'pdf', from: day, to: day, language, path },
    {
      journalPath,
      mode,
      generatedAt: day === DAY ? '2026-11-03T18:00:00.000Z' : '2026-11-04T18:00:00.000Z',
      generatedBy: 'Huda',
      outletName: 'مكتبة النور',
      pdf,
    },
    () => {},
  )
  return readFileSync(path)
}

describe('The report PDF', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`lists every entry with its details, drawn in the bundled font (${language})`, async () => {
      const bytes = await exportPdf(`day-${language}.pdf`, DAY, language)
      // The family's static faces, as TrueType (never Type 3 drawings of each glyph, never a PC's font).
      expect(embeddedFonts(bytes).sort()).toEqual([
        'NotoSansArabic-Bold',
        'NotoSansArabic-ExtraBold',
        'NotoSansArabic-Regular',
      ])
      expect(bytes.toString('latin1')).not.toMatch(/\/Subtype\s*\/Type3/)
      const { text } = await pdfText(bytes)
      // Words, not phrases: a reader gets right-to-left words in the order they are drawn.
      expect(text).toContain('مكتبة')
      expect(text).toContain('الفيتوري')
      expect(text).toContain('سالم')
      for (let i = 0; i < 30; i++) {
        expect(text).toContain(`091 234 56${String(i).padStart(2, '0')}`)
        // The serial grouped as on the screen and the receipt.
        expect(text).toContain(codeGroups(`SN${90_000 + i}`).join(' '))
        // A reference may wrap in its cell: its last group is on one line.
        if (i % 3 === 0) expect(text).toContain(references[i]?.slice(-12))
        else expect(text).toContain(String(700_000 + i))
      }
      // The failure's reason in words of the report's language (the code stays in CSV and Excel).
      expect(text).not.toContain('DAILY_LIMIT_EXCEEDED')
      for (const word of ERROR_LABELS[language].DAILY_LIMIT_EXCEEDED.split(' ')) expect(text).toContain(word)
      expect(text).toContain('10.029')
      expect(text).toContain('2026-11-03 10:01')
    }, 60_000)
  }

  for (const language of ['en', 'ar'] as const) {
    it(`lists a busy day's entries over many pages, each once, in order, the column heads on every page (${language})`, async () => {
      const bytes = await exportPdf(`long-day-${language}.pdf`, LONG_DAY, language)
      const { text, pageTexts } = await pdfText(bytes)
      const l = REPORT_LABELS[language]
      // The heading with the count (a right-to-left heading reads with the count before it).
      const heading = new RegExp(
        `${l.entries} \\( ?${LONG_DAY_ENTRIES} ?\\)|\\( ?${LONG_DAY_ENTRIES} ?\\) ${l.entries}`,
      )
      expect(text).toMatch(heading)
      // Each entry once, in the day's order: its serial (vouchers) or the service's transaction id (deposits).
      let last = -1
      for (let i = 0; i < LONG_DAY_ENTRIES; i++) {
        const mark = i % 2 === 0 ? codeGroups(`LS${50_000 + i}`).join(' ') : String(810_000 + i)
        const at = text.indexOf(mark)
        expect(at, mark).toBeGreaterThan(last)
        expect(text.indexOf(mark, at + 1), mark).toBe(-1)
        last = at
        if (i % 2 === 1) expect(text).toContain(`094 400 0${String(i).padStart(3, '0')}`)
      }
      // The list starts on the page with its heading and goes on to the last page, every page with the heads.
      const first = pageTexts.findIndex((t) => heading.test(t))
      const listPages = pageTexts.slice(first)
      expect(listPages.length).toBeGreaterThan(5)
      // Compared by their letters: the list's pages copy a word without its marks (pdf-text.ts says why).
      const letters = (text: string) => text.replace(/\p{Mn}/gu, '')
      for (const page of listPages) {
        for (const word of [...l.columns.clerk.split(' '), ...l.columns.serviceTransaction.split(' ')]) {
          expect(letters(page)).toContain(letters(word))
        }
      }
    }, 60_000)
  }

  for (const language of ['en', 'ar'] as const) {
    it(`says TRAINING on every page of a training report, the summary's and the list's (${language})`, async () => {
      const bytes = await exportPdf(`training-${language}.pdf`, LONG_DAY, language, 'training')
      const { pageTexts } = await pdfText(bytes)
      expect(pageTexts.length).toBeGreaterThan(5)
      // The entry list's pages copy a word's letters without its vowel signs ("أموالا" for "أموالاً"; they are
      // drawn: pdf-text.ts says why), so words are compared by their letters.
      const letters = (text: string) => text.replace(/\p{Mn}/gu, '')
      const words = letters(REPORT_LABELS[language].trainingWarning)
        .split(' ')
        .filter((w) => w !== '—')
      pageTexts.forEach((page, i) => {
        for (const word of words) expect(letters(page), `page ${i + 1}`).toContain(word)
      })
      // A live report has no such mark past its first page.
      const livePages = (await pdfText(await exportPdf(`live-${language}.pdf`, LONG_DAY, language))).pageTexts
      expect(livePages.slice(1).some((page) => words.every((word) => letters(page).includes(word)))).toBe(
        false,
      )
    }, 60_000)
  }

  for (const language of ['en', 'ar'] as const) {
    it(`reads right in poppler-based readers: every row's Arabic names as written, found by a search (${language})`, async () => {
      await exportPdf(`poppler-${language}.pdf`, LONG_DAY, language)
      const text = await popplerText(`poppler-${language}.pdf`)
      const count = (word: string) => text.split(word).length - 1
      // The busy day's summary lists no entry, so the names are the rows': every other deposit's account holder
      // (a name with dotted letters: a word broken at its dots is not found either) and every voucher's clerk.
      expect(count('خديجة')).toBe(LONG_DAY_ENTRIES / 4)
      expect(count('هدى')).toBeGreaterThanOrEqual(LONG_DAY_ENTRIES / 2)
      // Never reversed, as the rows read when their Arabic was one /ActualText per run.
      expect(count('ةجيدخ') + count('ىده')).toBe(0)
    }, 60_000)
  }

  it('names our reference as ours where the service has no transaction id (a failed deposit)', async () => {
    const { text } = await pdfText(await exportPdf('references.pdf', DAY, 'en'))
    for (let i = 0; i < 30; i += 3) {
      expect(text).toMatch(new RegExp(`Our reference: ${references[i]?.slice(0, 8)}`))
    }
    // A confirmed deposit's cell is the service's id alone.
    expect(text).not.toMatch(/Our reference: 7000/)
  })

  for (const language of ['en', 'ar'] as const) {
    it(`of the chain holds its figures, says whose and as of when, and lists no entries it does not have (${language})`, async () => {
      const path = join(dir, `chain-${language}.pdf`)
      await writeExport(
        { format: 'pdf', from: CHAIN_REPORT.from, to: CHAIN_REPORT.to, language, path },
        {
          journalPath,
          mode: 'live',
          generatedAt: CHAIN_REPORT.generatedAt,
          generatedBy: 'Huda',
          outletName: 'مكتبة النور',
          pdf,
          chainReport: CHAIN_REPORT,
        },
        () => {},
      )
      const { text } = await pdfText(readFileSync(path))
      const l = REPORT_LABELS[language]
      const words = (phrase: string) => phrase.split(/[\s:()]+/).filter((w) => w.length > 1)
      // The chain's, read from the head office at 17:30, each terminal as of its last sending.
      for (const word of [...words(l.chainTitle(l.title.day)), ...words(l.chainScope), ...words(l.chainRead)])
        expect(text).toContain(word)
      expect(text).toContain('2026-11-27 17:30')
      expect(text).toContain('2026-11-27 17:12')
      for (const word of words(l.never)) expect(text).toContain(word)
      // The per-terminal lines.
      expect(text).toContain('Souq counter 2')
      // How many entries failed or need attention, as figures, and no list of them: no empty table's heads,
      // no "… and 1 more" for entries no file holds.
      for (const word of [...words(l.failedEntries), ...words(l.attentionEntries)])
        expect(text).toContain(word)
      // (a reader gets "…" as "...")
      expect(text).not.toMatch(/…|\.\.\./)
      // The entry lists' head (the provider's transaction id), by its letters (pdf-text.ts: marks are drawn).
      const letters = (s: string) => s.replace(/\p{Mn}/gu, '')
      expect(letters(text)).not.toContain(letters(language === 'en' ? 'Provider transaction ID' : 'المزوّد'))
    }, 60_000)
  }
})
