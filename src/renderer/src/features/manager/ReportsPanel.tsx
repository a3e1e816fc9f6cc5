import { useEffect } from 'react'
import { useStore } from 'zustand'
import { dayToIsoDate, isoDateToDay } from '../../../../shared/day'
import { EXPORT_FORMATS } from '../../../../shared/manager-limits'
import { reportsStore } from '../../app/stores'
import { useLanguage, useT } from '../../i18n/use'
import { Button, Panel, TextField } from '../../ui/controls'
import { ErrorNote } from '../../ui/ErrorNote'
import { formatDateTime, formatDay } from '../../ui/format'
import { Ltr, Money } from '../../ui/Ltr'
import { ScopeChoice } from '../headoffice/ScopeChoice'
import { ReportView } from './ReportView'

/** Reports for a day or a period, the X report, closing the day with a numbered Z, and exports. */
export function ReportsPanel() {
  const t = useT()
  const m = t.manager.reports
  const language = useLanguage()
  const s = useStore(reportsStore)
  const store = reportsStore.getState()

  useEffect(() => {
    void reportsStore.getState().loadZReports()
  }, [])

  const printable = s.report?.type === 'x' || s.report?.type === 'z'

  return (
    <div className="manager-grid reports-grid">
      <div>
        <form
          className="card"
          aria-label={m.period}
          onSubmit={(e) => {
            e.preventDefault()
            void store.show()
          }}
        >
          <div className="form-row">
            <TextField
              label={m.from}
              type="date"
              value={dayToIsoDate(s.from)}
              onChange={(e) => store.setPeriod(isoDateToDay(e.target.value) ?? s.from, s.to)}
            />
            <TextField
              label={m.to}
              type="date"
              value={dayToIsoDate(s.to)}
              onChange={(e) => store.setPeriod(s.from, isoDateToDay(e.target.value) ?? s.to)}
            />
            <Button type="submit" variant="primary" disabled={s.busy !== null}>
              {m.show}
            </Button>
          </div>
          <ScopeChoice />
          <div className="actions">
            <Button disabled={s.busy !== null} onClick={() => void store.showX()}>
              {m.x}
            </Button>
            <Button variant="danger" disabled={s.busy !== null} onClick={() => store.askClose()}>
              {m.closeDay}
            </Button>
          </div>
          {s.confirmingClose ? (
            <Panel tone="pending" title={m.closeConfirmTitle} role="status">
              <p>{m.closeConfirm}</p>
              <div className="actions">
                <Button variant="danger" onClick={() => void store.closeDay()}>
                  {m.closeYes}
                </Button>
                <Button onClick={() => store.cancelClose()}>{t.common.cancel}</Button>
              </div>
            </Panel>
          ) : null}
        </form>
        {s.error ? <ErrorNote error={s.error} /> : null}
        {s.report ? (
          <section className="card" aria-labelledby="export-title">
            <h2 id="export-title">{m.exportTitle}</h2>
            <p className="hint">{m.exportHint}</p>
            <div className="actions">
              {EXPORT_FORMATS.map((format) => (
                <Button
                  key={format}
                  disabled={s.busy !== null}
                  onClick={() => void store.exportAs(format, language)}
                >
                  {m.format[format]}
                </Button>
              ))}
              {printable ? (
                <Button disabled={s.busy !== null} onClick={() => void store.print(language)}>
                  {m.print}
                </Button>
              ) : null}
            </div>
            {s.job?.state === 'running' ? (
              <div role="status">
                <progress
                  className="export-progress"
                  aria-label={m.exportProgress}
                  max={Math.max(1, s.job.total)}
                  value={s.job.done}
                />
                <p>{m.exporting(s.job.done, s.job.total)}</p>
              </div>
            ) : null}
            {s.job?.state === 'done' ? (
              <div className="notice-line notice-good" role="status">
                {m.exported}
                <div className="file-path" dir="ltr">
                  {s.job.path}
                </div>
              </div>
            ) : null}
            {s.job?.state === 'failed' && s.job.error ? <ErrorNote error={s.job.error} /> : null}
            {s.printedOn ? (
              <p className="notice-line notice-good" role="status">
                {m.printed(s.printedOn)}
              </p>
            ) : null}
          </section>
        ) : null}
        <section className="card z-card" aria-labelledby="z-title">
          <h2 id="z-title">{m.zList}</h2>
          {s.zReports.length === 0 ? (
            <p>{m.zNone}</p>
          ) : (
            <table className="report-table">
              <thead>
                <tr>
                  <th>{m.zNumber}</th>
                  <th>{t.journal.day}</th>
                  <th>{m.zClosed}</th>
                  <th className="num">{m.zSales}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {s.zReports.map((z) => (
                  <tr key={z.number}>
                    <td>
                      <Ltr>{z.number}</Ltr>
                    </td>
                    <td>{formatDay(z.day, language)}</td>
                    <td>{formatDateTime(z.closedAt, language)}</td>
                    <td className="num">
                      <Money dirhams={z.sales.dirhams} />
                    </td>
                    <td>
                      <Button variant="quiet" onClick={() => void store.showZ(z.number)}>
                        {m.view}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
      {s.report ? <ReportView report={s.report} /> : null}
    </div>
  )
}
