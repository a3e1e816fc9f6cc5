import { type KeyboardEvent, useEffect, useRef } from 'react'
import { useStore } from 'zustand'
import { statusStore } from '../../app/stores'
import { useLanguage, useT } from '../../i18n/use'
import { Facts } from '../../ui/controls'
import { formatTime } from '../../ui/format'
import { limitFactItems } from '../../ui/LimitNotes'
import { Money } from '../../ui/Ltr'

/**
 * Today's use against the shared daily limit, in the header: used, open (sent, outcome not known yet) and what
 * is probably left once a limit is known (agreed in Settings, or told by the service when it refused) — the
 * same figures as every review and refusal (DailyLimit.figures: used + open + left = the limit). Figures keep
 * a steady width so the header does not move when they change. Opens a panel with the details; Esc or a click
 * elsewhere closes it.
 */
export function LimitGauge() {
  const t = useT()
  const language = useLanguage()
  const limit = useStore(statusStore, (s) => s.limit)
  const ref = useRef<HTMLDetailsElement>(null)

  useEffect(() => {
    function onPointer(event: PointerEvent) {
      const details = ref.current
      if (details?.open && !details.contains(event.target as Node)) details.open = false
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [])

  function onKeyDown(event: KeyboardEvent<HTMLDetailsElement>) {
    const details = ref.current
    if (event.key !== 'Escape' || !details?.open) return
    details.open = false
    details.querySelector('summary')?.focus()
    event.preventDefault()
    event.stopPropagation()
  }

  if (!limit) return null
  const { reported, basis, figures } = limit
  const estimate = figures.leftDirhams
  // Counters counted in the estimate that the head office has not heard from for minutes.
  const silent = limit.chain?.silent ?? []
  const max = figures.limitDirhams
  const share =
    max != null && max > 0 && estimate != null ? Math.min(1, Math.max(0, 1 - estimate / max)) : null

  return (
    <details className="limit" ref={ref} onKeyDown={onKeyDown}>
      <summary>
        <span className="visually-hidden">{t.status.limitTitle}</span>
        <span className={`limit-lines${figures.openDirhams > 0 ? ' limit-lines-three' : ''}`}>
          <span className="limit-line">
            {t.status.limitUsedShort} <Money dirhams={figures.usedDirhams} className="steady" />
          </span>
          {figures.openDirhams > 0 ? (
            <span className="limit-line limit-open">
              {t.status.limitOpenShort} <Money dirhams={figures.openDirhams} className="steady" />
            </span>
          ) : null}
          <span className="limit-line limit-estimate">
            {estimate != null ? (
              <>
                {t.status.limitLeftShort} <Money dirhams={estimate} className="steady" />
                {silent.length > 0 ? (
                  <span className="limit-uncertain" title={t.headOffice.limitMayBeHigh}>
                    {' '}
                    ⚠<span className="visually-hidden">{t.headOffice.limitMayBeHigh}</span>
                  </span>
                ) : null}
              </>
            ) : (
              t.status.limitLeftUnknown
            )}
          </span>
        </span>
      </summary>
      <div className="limit-panel">
        <h2 className="limit-panel-title">{t.status.limitTitle}</h2>
        {share != null ? (
          <span className="gauge" aria-hidden="true">
            <span className="gauge-fill" style={{ inlineSize: `${Math.round(share * 100)}%` }} />
          </span>
        ) : null}
        <Facts
          items={[
            ...limitFactItems(t, limit),
            [
              t.status.limitUsedHere,
              <span key="u">
                <Money dirhams={limit.localUsedDirhams} />{' '}
                <span className="muted">
                  ({t.status.limitCounts(limit.voucherCount, limit.depositCount)})
                </span>
              </span>,
            ],
            [
              t.status.limitAgreed,
              limit.agreedDirhams != null ? (
                <Money key="g" dirhams={limit.agreedDirhams} />
              ) : (
                t.status.limitAgreedNone
              ),
            ],
            reported && [
              t.status.limitReported,
              limit.reportedElsewhere
                ? t.headOffice.reportedElsewhereAt(formatTime(reported.at, language), limit.reportedElsewhere)
                : t.status.limitReportedAt(formatTime(reported.at, language)),
            ],
            reported && [t.status.limitRemaining, <Money key="r" dirhams={reported.remainingDirhams} />],
            !!limit.chain && [
              t.headOffice.limitOthers,
              <Money key="o" dirhams={limit.chain.otherUsedDirhams} />,
            ],
            !!limit.chain &&
              limit.chain.otherOpenDirhams > 0 && [
                t.headOffice.limitOthersOpen,
                <Money key="oo" dirhams={limit.chain.otherOpenDirhams} />,
              ],
          ]}
        />
        {limit.chain ? (
          <p className="hint">
            {t.headOffice.limitOthersHint}{' '}
            {t.headOffice.chainFiguresAt(formatTime(limit.chain.asOf, language))}
          </p>
        ) : null}
        {silent.length > 0 ? (
          <p className="limit-silent" role="note">
            {t.headOffice.limitSilent(
              silent
                .map((s) => t.headOffice.silentCounter(s.terminal, formatTime(s.heardAt, language)))
                .join(t.headOffice.listSeparator),
            )}
          </p>
        ) : null}
        <p className="hint">
          {t.status.limitHint[basis ?? 'none']} {t.status.limitAddsUp}
        </p>
      </div>
    </details>
  )
}
