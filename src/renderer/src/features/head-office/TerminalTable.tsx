import { Fragment } from 'react'
import type { Report } from '../../../../shared/reports'
import { useLanguage, useT } from '../../i18n/use'
import { formatDateTime } from '../../ui/format'
import { Ltr, Money } from '../../ui/Ltr'

/** A chain report's line per terminal, each with the time its figures are as of. */
export function TerminalTable({ report }: { report: Report }) {
  const t = useT()
  const h = t.headOffice
  const m = t.manager.reports
  const language = useLanguage()
  const terminals = report.chain?.terminals
  if (!terminals) return null
  const tally = (x: { count: number; dirhams: number }) => (
    <>
      <td className="num">
        <Ltr>{x.count}</Ltr>
      </td>
      <td className="num">
        <Money dirhams={x.dirhams} />
      </td>
    </>
  )
  return (
    <>
      <h3>{h.byTerminal}</h3>
      <p className="hint">{h.chainOnly}</p>
      <div className="table-fit">
        <table className="report-table terminal-table">
          <thead>
            <tr>
              <th rowSpan={2}>{h.terminalColumn}</th>
              <th colSpan={2}>{m.kind.voucher}</th>
              <th colSpan={2}>{m.kind.deposit}</th>
              <th colSpan={2}>{m.total}</th>
              <th rowSpan={2}>{h.attention}</th>
              <th rowSpan={2}>{h.asOf}</th>
            </tr>
            <tr>
              {[0, 1, 2].map((i) => (
                <Fragment key={i}>
                  <th className="num">{m.count}</th>
                  <th className="num">{m.value}</th>
                </Fragment>
              ))}
            </tr>
          </thead>
          <tbody>
            {terminals.map((x) => (
              <tr key={x.terminal}>
                <th scope="row">
                  <bdi>{x.terminal}</bdi>
                </th>
                {tally(x.vouchers)}
                {tally(x.deposits)}
                {tally(x.sales)}
                <td className="num">
                  <Ltr>{x.attention}</Ltr>
                </td>
                <td>{x.lastReceivedAt ? formatDateTime(x.lastReceivedAt, language) : h.never}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}
