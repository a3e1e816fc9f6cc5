import { reportReason } from '../../../../shared/error-labels'
import {
  type LateOutcomes,
  lateToShow,
  type Report,
  type ReportEntry,
  salesWithLate,
  type Tally,
} from '../../../../shared/reports'
import { useLanguage, useT } from '../../i18n/use'
import { Badge } from '../../ui/controls'
import { formatDateTime, formatDay } from '../../ui/format'
import { Code, Ltr, Money, Phone, ReceiptNo } from '../../ui/Ltr'
import { TerminalTable } from '../head-office/TerminalTable'

function TallyCells({ tally }: { tally: Tally }) {
  return (
    <>
      <td className="num">
        <Ltr>{tally.count}</Ltr>
      </td>
      <td className="num">
        <Money dirhams={tally.dirhams} />
      </td>
    </>
  )
}

/**
 * A report as the manager reads it on screen: the same figures the printout and the exports hold. With
 * `sayWhose` (a head office is set up, so there are two kinds), a report of this PC says so as a chain report
 * says it is the chain's: an X or a Z shown with the chain chosen is this PC's.
 */
export function ReportView({ report, sayWhose = false }: { report: Report; sayWhose?: boolean }) {
  const t = useT()
  const m = t.manager.reports
  const language = useLanguage()
  const period =
    report.from === report.to
      ? formatDay(report.from, language)
      : `${formatDay(report.from, language)} – ${formatDay(report.to, language)}`
  const title = report.z ? m.zTitle(report.z.number, report.z.part) : m.title[report.type]
  const late = lateToShow(report)
  const withLate = salesWithLate(report)
  const countValue = (
    <>
      <th className="num">{m.count}</th>
      <th className="num">{m.value}</th>
    </>
  )

  return (
    <section className="card report-view" aria-labelledby="report-title">
      <div className="report-head">
        <h2 id="report-title">{title}</h2>
        {report.chain ? (
          <Badge tone="info">{t.headOffice.scopeChain}</Badge>
        ) : sayWhose ? (
          <Badge tone="info">{t.headOffice.scopePc}</Badge>
        ) : null}
        {report.mode === 'training' ? (
          <span className="training-badge">{m.modeTraining}</span>
        ) : (
          <Badge tone="info">{m.modeLive}</Badge>
        )}
      </div>
      <p>
        <strong>{period}</strong> ·{' '}
        {report.z
          ? m.closed(formatDateTime(report.z.closedAt, language), report.z.closedBy ?? '')
          : m.generated(formatDateTime(report.generatedAt, language), report.generatedBy ?? '')}
      </p>
      <p className="report-sales">
        {m.sales}: <Ltr>{report.sales.count}</Ltr> · <Money dirhams={report.sales.dirhams} />
      </p>
      {withLate ? (
        <p className="strong" data-with-late>
          {m.late.withLate}: <Ltr>{withLate.count}</Ltr> · <Money dirhams={withLate.dirhams} />
        </p>
      ) : null}
      <p className="muted">{m.entries(report.entryCount)}</p>

      <h3>{m.byKind}</h3>
      <table className="report-table">
        <thead>
          <tr>
            <th rowSpan={2} />
            <th colSpan={2}>{m.done}</th>
            <th colSpan={2}>{m.failed}</th>
            <th colSpan={2}>{m.open}</th>
          </tr>
          <tr>
            {countValue}
            {countValue}
            {countValue}
          </tr>
        </thead>
        <tbody>
          {report.byKind.map((k) => (
            <tr key={k.kind} data-kind={k.kind}>
              <th scope="row">{m.kind[k.kind]}</th>
              <TallyCells tally={k.done} />
              <TallyCells tally={k.failed} />
              <TallyCells tally={k.open} />
            </tr>
          ))}
        </tbody>
      </table>

      <h3>{m.byValue}</h3>
      {report.byDenomination.length === 0 ? (
        <p>{m.none}</p>
      ) : (
        <table className="report-table">
          <thead>
            <tr>
              <th className="num">{m.voucherValue}</th>
              {countValue}
            </tr>
          </thead>
          <tbody>
            {report.byDenomination.map((d) => (
              <tr key={d.valueDirhams}>
                <td className="num">
                  <Money dirhams={d.valueDirhams} />
                </td>
                <TallyCells tally={d} />
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h3>{m.byClerk}</h3>
      {report.byClerk.length === 0 ? (
        <p>{m.none}</p>
      ) : (
        <table className="report-table">
          <thead>
            <tr>
              <th rowSpan={2}>{m.clerk}</th>
              <th colSpan={2}>{m.kind.voucher}</th>
              <th colSpan={2}>{m.kind.deposit}</th>
              <th colSpan={2}>{m.total}</th>
            </tr>
            <tr>
              {countValue}
              {countValue}
              {countValue}
            </tr>
          </thead>
          <tbody>
            {report.byClerk.map((c) => (
              <tr key={c.clerk ?? ''}>
                <th scope="row">{c.clerk === null ? m.noClerk : <bdi>{c.clerk}</bdi>}</th>
                <TallyCells tally={c.vouchers} />
                <TallyCells tally={c.deposits} />
                <TallyCells tally={c.total} />
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <TerminalTable report={report} />
      {late ? <LatePart late={late} of={report.type === 'z' ? 'z' : 'x'} /> : null}
      {/* A chain report holds figures only: its lists are in each counter's own report. */}
      {report.chain ? null : <EntryList title={m.failedList} list={report.failed} />}
      {report.chain ? null : <EntryList title={m.attentionList} list={report.attention} />}
    </section>
  )
}

/** An X's or Z's outcomes of entries earlier Zs closed open: what this Z (or the next) counts. */
function LatePart({ late, of }: { late: LateOutcomes; of: 'x' | 'z' }) {
  const m = useT().manager.reports
  return (
    <>
      <h3>{m.late.title}</h3>
      {late.settled.total > 0 ? (
        <>
          <p className="muted">{m.late.intro[of]}</p>
          <p className="strong">
            {m.late.moved}: <Ltr>{late.moved.count}</Ltr> · <Money dirhams={late.moved.dirhams} />
          </p>
          <table className="report-table">
            <thead>
              <tr>
                <th rowSpan={2} />
                <th colSpan={2}>{m.done}</th>
                <th colSpan={2}>{m.failed}</th>
              </tr>
              <tr>
                <th className="num">{m.count}</th>
                <th className="num">{m.value}</th>
                <th className="num">{m.count}</th>
                <th className="num">{m.value}</th>
              </tr>
            </thead>
            <tbody>
              {late.byKind.map((k) => (
                <tr key={k.kind} data-late-kind={k.kind}>
                  <th scope="row">{m.kind[k.kind]}</th>
                  <TallyCells tally={k.done} />
                  <TallyCells tally={k.failed} />
                </tr>
              ))}
            </tbody>
          </table>
          <EntryList title={m.late.settled} list={late.settled} more={m.late.more} />
        </>
      ) : null}
      {late.stillOpen.count > 0 ? (
        <p>
          {m.late.stillOpen}: <Ltr>{late.stillOpen.count}</Ltr> · <Money dirhams={late.stillOpen.dirhams} />
        </p>
      ) : null}
    </>
  )
}

function EntryList({
  title,
  list,
  more,
}: {
  title: string
  list: Report['failed']
  /** What "… and N more" says, where the rest are not in the exports as this list's own. */
  more?: (n: number) => string
}) {
  const t = useT()
  const m = t.manager.reports
  const language = useLanguage()
  return (
    <>
      <h3>
        {title} (<Ltr>{list.total}</Ltr>)
      </h3>
      {list.total === 0 ? (
        <p>{m.none}</p>
      ) : (
        <table className="report-table report-entries">
          <thead>
            <tr>
              <th>{m.columns.time}</th>
              <th>{m.columns.kind}</th>
              <th className="num">{m.columns.amount}</th>
              <th>{m.columns.who}</th>
              <th>{m.reason}</th>
            </tr>
          </thead>
          <tbody>
            {list.entries.map((e: ReportEntry) => (
              <tr key={e.id}>
                <td>
                  <span className="cell-time">{formatDateTime(e.createdAt, language)}</span>
                  {e.receiptNo ? (
                    <div className="muted">
                      <ReceiptNo value={e.receiptNo} />
                    </div>
                  ) : null}
                  {e.clerk ? (
                    <div className="muted">
                      <bdi>{e.clerk}</bdi>
                    </div>
                  ) : null}
                </td>
                <td>
                  {t.kind[e.kind]}
                  <div className="muted">{t.entryStatus[e.status]}</div>
                </td>
                <td className="num">
                  <Money dirhams={e.amountDirhams} />
                </td>
                <td>
                  {e.phone ? (
                    <Phone phone={e.phone} />
                  ) : e.serialNumber ? (
                    <Code value={e.serialNumber} />
                  ) : null}
                </td>
                <td>{reportReason(e, language)?.text ?? null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.total > list.entries.length ? (
        <p className="muted">{(more ?? m.more)(list.total - list.entries.length)}</p>
      ) : null}
    </>
  )
}
