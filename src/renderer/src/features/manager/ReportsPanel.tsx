import { useEffect, useRef } from 'react'
import { useStore } from 'zustand'
import type { AppErrorData } from '../../../../shared/errors'
import { EXPORT_FORMATS } from '../../../../shared/reports'
import { appStore, headOfficeStore, reportsStore } from '../../app/stores'
import { useLanguage, useT } from '../../i18n/use'
import { Button, Panel } from '../../ui/controls'
import { DateField } from '../../ui/DateField'
import { ErrorNote } from '../../ui/ErrorNote'
import { formatDateTime, formatDay } from '../../ui/format'
import { useScreenKeys } from '../../ui/keys'
import { Ltr, Money } from '../../ui/Ltr'
import { SaidHere } from '../../ui/SaidHere'
import { ScopeChoice } from '../head-office/ScopeChoice'
import { printerFailureReason } from '../printing/store'
import { ReportView } from './ReportView'

/** Reports for a day or a period, the X report, closing the day with a numbered Z, and exports. */
export function ReportsPanel() {
  const t = useT()
  const m = t.manager.reports
  const language = useLanguage()
  const s = useStore(reportsStore)
  const store = reportsStore.getState()
  // With a head office, reports are of this PC or of the chain; the X and the Z are always this PC's (per
  // terminal by design): with the chain chosen, their buttons and the Z's question say so.
  const headOffice = useStore(headOfficeStore, (h) => h.view?.settings?.enabled === true)
  const chainChosen = headOffice && s.scope === 'chain'

  useEffect(() => {
    reportsStore.getState().followTheDay()
    void reportsStore.getState().loadZReports()
    // A "Close the day?" left open when the manager went elsewhere (to resolve its entries, say) is not
    // found again with its count of then: it is asked afresh.
    if (reportsStore.getState().confirmingClose) reportsStore.getState().cancelClose()
  }, [])

  const printable = s.report?.type === 'x' || s.report?.type === 'z'
  const errorAt = (action: typeof s.errorOf) => (s.error && s.errorOf === action ? s.error : null)
  const periodError = errorAt('report') ?? errorAt('close')
  const closeDayRef = useRef<HTMLButtonElement>(null)
  // A report shown below the fold (at 1024 px the report comes under the period form): brought into sight,
  // or the manager sees nothing happen on "Show report". Not the one already there when the panel appears (F5
  // again, or back from another tab): the manager arrives at the top, where the focus is — and its box is not
  // asked for then, which made the browser style and lay out the whole panel in that moment (~50 ms at 4× CPU).
  const reportRef = useRef<HTMLDivElement>(null)
  const reportOnArrival = useRef(s.report)
  useEffect(() => {
    const box = reportRef.current
    if (!s.report || !box || s.report === reportOnArrival.current) return
    if (box.getBoundingClientRect().top > window.innerHeight - 120) box.scrollIntoView({ block: 'start' })
  }, [s.report])

  // The question of "Close the day?" comes under the buttons: at 1024×768 its answers were below the fold, and
  // again once its count arrived (the panel grows). Brought into sight as it is asked and as it grows.
  const questionRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (s.confirmingClose && !s.closeCounting) questionRef.current?.scrollIntoView({ block: 'nearest' })
  }, [s.confirmingClose, s.closeCounting])

  /** The question goes away, nothing done, and the focus is back on the button that asked it. */
  function cancelClose() {
    store.cancelClose()
    closeDayRef.current?.focus()
  }
  // Esc answers no question: it takes the question back, and nothing else on the screen sees that Esc.
  useScreenKeys((event) => {
    if (event.key !== 'Escape' || !reportsStore.getState().confirmingClose) return false
    cancelClose()
    return true
  })

  return (
    <div className="reports-layout">
      <div className="reports-side">
        <form
          className="card"
          aria-label={m.period}
          onSubmit={(e) => {
            e.preventDefault()
            void store.show()
          }}
        >
          <div className="form-row">
            <DateField label={m.from} value={s.from} onChange={(day) => day && store.setPeriod(day, s.to)} />
            <DateField label={m.to} value={s.to} onChange={(day) => day && store.setPeriod(s.from, day)} />
          </div>
          <ScopeChoice />
          {/* Busy is aria-disabled, not disabled: a pressed button that turns disabled drops the focus to the
              page, and the keyboard's next Enter presses nothing. The store ignores presses while busy. */}
          <div className="actions">
            <Button type="submit" variant="primary" aria-disabled={s.busy !== null || undefined}>
              {m.show}
            </Button>
            <Button aria-disabled={s.busy !== null || undefined} onClick={() => void store.showX()}>
              {chainChosen ? m.thisPc.x : m.x}
            </Button>
            <Button
              ref={closeDayRef}
              variant="danger"
              aria-disabled={s.busy !== null || undefined}
              onClick={() => void store.askClose()}
            >
              {chainChosen ? m.thisPc.closeDay : m.closeDay}
            </Button>
          </div>
          {s.confirmingClose ? (
            <div ref={questionRef} className="close-question">
              <Panel
                tone="pending"
                title={chainChosen ? m.thisPc.closeConfirmTitle : m.closeConfirmTitle}
                role="status"
              >
                {chainChosen ? <p className="strong">{m.thisPc.closeOnlyHere}</p> : null}
                <p>{m.closeConfirm}</p>
                {s.closeOpenCount ? <p className="strong">{m.closeOpenEntries(s.closeOpenCount)}</p> : null}
                <div className="actions">
                  <Button variant="danger" disabled={s.closeCounting} onClick={() => void store.closeDay()}>
                    {m.closeYes}
                  </Button>
                  <Button onClick={cancelClose} shortcut="Esc">
                    {t.common.cancel}
                  </Button>
                </div>
              </Panel>
            </div>
          ) : null}
          {periodError ? <ErrorNote error={periodError} /> : null}
          {/* The question and its Yes are gone: the focus goes to the line that says what was done. */}
          {s.closedZ !== null && s.busy === null ? (
            <SaidHere role="status" sayKey={s.closedZ}>
              <p className="notice-line notice-good">{m.dayClosed(s.closedZ)}</p>
            </SaidHere>
          ) : null}
        </form>
        {s.report ? (
          <section className="card" aria-labelledby="export-title">
            <h2 id="export-title">{printable ? m.exportWholeDayTitle : m.exportTitle}</h2>
            {s.report.type === 'x' || s.report.type === 'z' ? (
              <p className="strong">{m.exportWholeDay[s.report.type]}</p>
            ) : null}
            <p className="hint">{m.exportHint}</p>
            <div className="actions">
              {EXPORT_FORMATS.map((format) => (
                <Button
                  key={format}
                  aria-disabled={s.busy !== null || undefined}
                  onClick={() => void store.exportAs(format, language)}
                >
                  {m.format[format]}
                </Button>
              ))}
              {printable ? (
                <Button
                  aria-disabled={s.busy !== null || undefined}
                  onClick={() => void store.print(language)}
                >
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
            {errorAt('export') ? <ErrorNote error={errorAt('export') as AppErrorData} /> : null}
            {errorAt('print') ? <PrintProblem error={errorAt('print') as AppErrorData} /> : null}
            {s.printedOn ? (
              <p className="notice-line notice-good" role="status">
                {m.printed(s.printedOn)}
              </p>
            ) : null}
          </section>
        ) : null}
        <section className="card z-card" aria-labelledby="z-title">
          <h2 id="z-title">{chainChosen ? m.thisPc.zList : m.zList}</h2>
          {s.zReports.length === 0 ? (
            <p>{m.zNone}</p>
          ) : (
            <ul className="z-list">
              {s.zReports.map((z) => (
                <li key={z.number}>
                  <Button
                    variant="quiet"
                    className="z-item"
                    aria-label={`${m.view}: ${m.zTitle(z.number, z.part)}`}
                    onClick={() => void store.showZ(z.number)}
                  >
                    <span className="z-number">
                      {m.zNumber} <Ltr>{z.number}</Ltr>
                    </span>
                    <span className="z-when">
                      <span>{formatDay(z.day, language)}</span>
                      <span className="muted">{formatDateTime(z.closedAt, language)}</span>
                    </span>
                    <span className="z-sales">
                      <Money dirhams={z.sales.dirhams} />
                      {z.lateMoved.count > 0 ? (
                        <span className="muted" title={m.late.title}>
                          + <Money dirhams={z.lateMoved.dirhams} />
                        </span>
                      ) : null}
                    </span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      {s.report ? (
        <div ref={reportRef} className="report-anchor">
          <ReportView report={s.report} sayWhose={headOffice} />
        </div>
      ) : null}
    </div>
  )
}

/** A report that did not print: no printer set up is said as such, with the way to Settings. */
function PrintProblem({ error }: { error: AppErrorData }) {
  const t = useT()
  if (printerFailureReason(error) !== 'no-printer') return <ErrorNote error={error} />
  return (
    <div className="error-note" role="alert">
      <p>{t.manager.reports.noPrinter}</p>
      <Button variant="quiet" onClick={() => appStore.getState().go('settings')}>
        {t.settings.openSettings}
      </Button>
    </div>
  )
}
