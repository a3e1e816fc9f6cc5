import { describe, expect, it } from 'vitest'
import { renderReportHtml } from '../../../src/main/reports/html'
import { reportReason } from '../../../src/shared/error-labels'
import type { Report, ReportEntry } from '../../../src/shared/reports'

/** Why a report lists an entry: the reason column of the report on screen, printed and in the PDF. */
const entry = (over: Partial<ReportEntry>): ReportEntry => ({
  id: '0193a7c2-0000-7000-8000-000000000001',
  receiptNo: 'R-1126-0001',
  createdAt: '2026-11-26T08:00:00.000Z',
  day: 20261126,
  kind: 'deposit',
  status: 'confirmed',
  amountDirhams: 7_000,
  clerk: 'Huda',
  phone: '0912345678',
  firstName: 'محمد',
  serialNumber: null,
  codeLast4: null,
  serviceTransactionId: null,
  externalTransactionId: 'ref-1',
  errorCode: null,
  needsAttention: true,
  confirmedByDuplicate: false,
  ...over,
})

const report = (attention: ReportEntry[]): Report => ({
  type: 'day',
  mode: 'live',
  from: 20261126,
  to: 20261126,
  generatedAt: '2026-11-26T20:00:00.000Z',
  generatedBy: 'Fatima',
  z: null,
  entryCount: attention.length,
  sales: { count: attention.length, dirhams: 7_000 },
  byKind: [],
  byDenomination: [],
  byClerk: [],
  failed: { total: 0, entries: [] },
  attention: { total: attention.length, entries: attention },
  late: null,
})

describe('the reason a report gives for an entry', () => {
  it('names a deposit confirmed by duplicate, which has no error, in both languages', () => {
    const duplicate = entry({ confirmedByDuplicate: true })
    expect(reportReason(duplicate, 'en')).toEqual({ text: 'Confirmed by duplicate', asIs: false })
    expect(reportReason(duplicate, 'ar')).toEqual({ text: 'مؤكَّد بالتكرار', asIs: false })
  })

  it('names an error in words, shows a code this version does not know as it is, and says nothing else', () => {
    expect(reportReason(entry({ status: 'unknown', errorCode: 'OUTCOME_UNKNOWN' }), 'en')).toEqual({
      text: 'No clear answer',
      asIs: false,
    })
    expect(reportReason(entry({ errorCode: 'SOMETHING_NEW' }), 'ar')).toEqual({
      text: 'SOMETHING_NEW',
      asIs: true,
    })
    expect(reportReason(entry({}), 'en')).toBeNull()
  })

  it('fills the reason column of the printed report’s follow-up list', () => {
    const html = renderReportHtml(
      report([entry({ confirmedByDuplicate: true })]),
      'en',
      { css: '' },
      'Outlet',
    )
    const followUp = html.slice(html.indexOf('Entries needing attention'))
    expect(followUp).toContain('<td>Confirmed by duplicate</td>')
    const arabic = renderReportHtml(report([entry({ confirmedByDuplicate: true })]), 'ar', { css: '' }, '')
    expect(arabic).toContain('<td>مؤكَّد بالتكرار</td>')
  })
})
