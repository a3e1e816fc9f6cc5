import { describe, expect, it } from 'vitest'
import { csvCell, csvLine, entryCells, entryHeaders, guardFormula } from '../../../src/main/exports/csv'
import type { ExportRow } from '../../../src/main/exports/rows'
import { defaultExportName } from '../../../src/main/exports/write-export'

describe('CSV cells', () => {
  it('neutralise anything a spreadsheet would run as a formula', () => {
    for (const dangerous of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=cmd', '\r=cmd', '=HYPERLINK("http://x")']) {
      expect(guardFormula(dangerous)).toBe(`'${dangerous}`)
    }
    for (const harmless of ['محمد', 'Ali', '091 234 5678', '25.500', "O'Neil", '']) {
      expect(guardFormula(harmless)).toBe(harmless)
    }
  })

  it('quote commas, quotes and line breaks after the guard', () => {
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell('=1,2')).toBe(`"'=1,2"`)
    expect(csvCell(null)).toBe('')
    expect(csvCell(12)).toBe('12')
    expect(csvLine(['a', null, 3])).toBe('a,,3\r\n')
  })

  it('write an entry with its receipt number, ISO dates, the time in Tripoli beside UTC, 3-decimal amounts and names as typed', () => {
    const row: ExportRow = {
      id: '0193a7c2-0000-7000-8000-000000000001',
      receiptNo: 'R-1126-0173',
      day: 20261126,
      createdAt: '2026-11-26T08:00:00.000Z',
      kind: 'deposit',
      status: 'confirmed',
      clerk: '=cmd|/c calc',
      amountDirhams: 25_500,
      denominationValueDirhams: null,
      phone: '0912345678',
      firstName: 'محمد',
      serialNumber: null,
      codeLast4: null,
      serviceTransactionId: '100234',
      externalTransactionId: 'ref-1',
      confirmedByDuplicate: false,
      needsAttention: false,
      errorCode: null,
      resolution: null,
    }
    const line = csvLine(entryCells(row, 'en'))
    expect(line).toBe(
      `R-1126-0173,0193a7c2-0000-7000-8000-000000000001,2026-11-26,2026-11-26,10:00:00,2026-11-26T08:00:00.000Z,Deposit,Confirmed,'=cmd|/c calc,25.500,,091 234 5678,محمد,,,100234,ref-1,no,,,no\r\n`,
    )
    // Late in the evening UTC is the next day in Tripoli: the local columns say so, the business day too.
    const late = entryCells({ ...row, day: 20261127, createdAt: '2026-11-26T22:05:09.000Z' }, 'ar')
    expect(late.slice(0, 6)).toEqual([
      'R-1126-0173',
      row.id,
      '2026-11-27',
      '2026-11-27',
      '00:05:09',
      '2026-11-26T22:05:09.000Z',
    ])
    // The serial grouped in fours from the end, as on the screen and the receipt.
    const voucher = entryCells({ ...row, kind: 'voucher', phone: null, serialNumber: '98712345678' }, 'en')
    expect(voucher).toContain('987 1234 5678')
    expect(entryHeaders('en').slice(0, 6)).toEqual([
      'Receipt no.',
      'Entry ID',
      'Business day',
      'Date (Tripoli)',
      'Time (Tripoli)',
      'Created (UTC)',
    ])
    expect(entryHeaders('ar').slice(0, 6)).toEqual([
      'رقم الإيصال',
      'معرّف العملية',
      'يوم العمل',
      'التاريخ (طرابلس)',
      'الوقت (طرابلس)',
      'الوقت (UTC)',
    ])
    // A deposit confirmed by duplicate has no error code; its own column says so.
    expect(
      csvLine(entryCells({ ...row, clerk: 'Huda', needsAttention: true, confirmedByDuplicate: true }, 'en')),
    ).toMatch(/,Huda,.*,yes,,,yes\r\n$/)
  })
})

describe('the name offered for an export', () => {
  it('holds the period, the mode and the language, so two languages of one day never share a file', () => {
    const en = defaultExportName('csv', 20261127, 20261127, 'training', 'en', 'pc')
    const ar = defaultExportName('csv', 20261127, 20261127, 'training', 'ar', 'pc')
    expect(en).toBe('reseller-desk-TRAINING-this-pc-20261127-en.csv')
    expect(ar).not.toBe(en)
    expect(defaultExportName('pdf', 20261101, 20261130, 'live', 'ar', 'pc')).toBe(
      'reseller-desk-this-pc-20261101-20261130-ar.pdf',
    )
  })

  it("says the chain or this PC, so the chain's file of a day never takes the place of this PC's", () => {
    const pc = defaultExportName('csv', 20261127, 20261127, 'live', 'en', 'pc')
    const chain = defaultExportName('csv', 20261127, 20261127, 'live', 'en', 'chain')
    expect(chain).toBe('reseller-desk-chain-20261127-en.csv')
    expect(pc).toBe('reseller-desk-this-pc-20261127-en.csv')
  })
})
