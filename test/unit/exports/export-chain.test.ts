import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, describe, expect, it } from 'vitest'
import { writeExport } from '../../../src/main/exports/write-export'
import { REPORT_LABELS } from '../../../src/main/reports/labels'
import type { Language } from '../../../src/shared/types'
import { CHAIN_REPORT as CHAIN } from '../../helpers/chain-report'

/**
 * A chain report's files (CSV, XLSX) as the export writers make them from the figures the head office gave:
 * figures only, said to be the chain's and as of when, with no entry list that never comes.
 */
const dir = mkdtempSync(join(tmpdir(), 'export-chain-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function exportChain(format: 'csv' | 'xlsx', language: Language): Promise<string> {
  const path = join(dir, `chain-${language}.${format}`)
  await writeExport(
    { format, from: CHAIN.from, to: CHAIN.to, language, path },
    {
      // A chain export reads no journal: a path to nothing shows it.
      journalPath: join(dir, 'no-journal.sqlite'),
      mode: 'live',
      generatedAt: CHAIN.generatedAt,
      generatedBy: 'Fatima',
      outletName: 'Souq',
      pdf: null,
      chainReport: CHAIN,
    },
    () => {},
  )
  return path
}

describe('a chain report exported', () => {
  for (const language of ['en', 'ar'] as const) {
    const l = REPORT_LABELS[language]

    it(`as CSV says it is the chain's and as of when, then its figures, with no entry header (${language})`, async () => {
      const text = readFileSync(await exportChain('csv', language), 'utf8')
      const lines = text.replace(/^\uFEFF/, '').split('\r\n')
      // No heads of an entry list that never comes.
      expect(text).not.toContain(l.columns.id)
      expect(text).not.toContain(l.columns.reference)
      // Before the figures: whose they are, the day, when they were read, and each terminal's "as of".
      const head = lines.slice(0, lines.indexOf(''))
      expect(head[0]?.startsWith(`${l.chainTitle(l.title.day)},`)).toBe(true)
      expect(head).toContain(`${l.scope},${l.chainScope}`)
      expect(head).toContain(`${l.day},2026-11-27`)
      expect(head).toContain(`${l.chainRead},2026-11-27 17:30`)
      expect(head).toContain(`${l.terminalAsOf('Souq counter 2')},2026-11-27 17:12`)
      expect(head).toContain(`${l.terminalAsOf('Souq counter 1')},${l.never}`)
      // The figures, with a line per terminal.
      expect(lines).toContain(`${l.byTerminal},Souq counter 2 — ${l.total},1,100.000`)
      expect(lines).toContain(`${l.byTerminal},Souq counter 1 — ${l.total},0,0.000`)
      expect(readdirSync(dir).filter((f) => f.endsWith('.part'))).toEqual([])
    })

    it(`as XLSX has its summary only, said to be the chain's and as of when (${language})`, async () => {
      const book = new ExcelJS.Workbook()
      await book.xlsx.readFile(await exportChain('xlsx', language))
      // No empty Entries sheet.
      expect(book.worksheets.map((w) => w.name)).toEqual([l.summarySheet])
      const rows: unknown[][] = []
      book.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
      expect(rows[0]?.[0]).toBe(l.chainTitle(l.title.day))
      expect(rows).toContainEqual([l.scope, l.chainScope])
      expect(rows).toContainEqual([l.chainRead, '2026-11-27 17:30'])
      expect(rows).toContainEqual([l.terminalAsOf('Souq counter 2'), '2026-11-27 17:12'])
      expect(rows).toContainEqual([l.terminalAsOf('Souq counter 1'), l.never])
      expect(rows).toContainEqual([l.byTerminal, `Souq counter 2 — ${l.total}`, 1, 100])
      expect(book.worksheets[0]?.views[0]?.rightToLeft).toBe(language === 'ar')
    })
  }
})
