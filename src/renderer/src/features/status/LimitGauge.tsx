import { useStore } from 'zustand'
import { statusStore } from '../../app/stores'
import { useLanguage, useT } from '../../i18n/use'
import { Facts } from '../../ui/controls'
import { formatTime } from '../../ui/format'
import { Money } from '../../ui/Ltr'

/** Today's use against the shared daily limit; the remaining figure is labelled as the estimate it is. */
export function LimitGauge() {
  const t = useT()
  const language = useLanguage()
  const limit = useStore(statusStore, (s) => s.limit)
  if (!limit) return null
  const { reported, estimatedRemainingDirhams: estimate } = limit
  const share =
    reported && reported.dailyMaxDirhams > 0 && estimate != null
      ? Math.min(1, Math.max(0, 1 - estimate / reported.dailyMaxDirhams))
      : null

  return (
    <details className="limit">
      <summary>
        <span className="limit-title">{t.status.limitTitle}</span>
        <span>
          {t.status.limitUsedShort} <Money dirhams={limit.localUsedDirhams} />
        </span>
        {estimate != null ? (
          <span className="limit-estimate">
            {t.status.limitLeftShort} <Money dirhams={estimate} /> ({t.common.estimate})
          </span>
        ) : null}
        {share != null ? (
          <span className="gauge" aria-hidden="true">
            <span className="gauge-fill" style={{ inlineSize: `${Math.round(share * 100)}%` }} />
          </span>
        ) : null}
      </summary>
      <div className="limit-panel">
        <Facts
          items={[
            [t.status.limitUsedHere, <Money key="u" dirhams={limit.localUsedDirhams} />],
            ['', t.status.limitCounts(limit.voucherCount, limit.depositCount)],
            limit.unknownDirhams > 0 && [
              t.status.limitUnknownSum,
              <Money key="x" dirhams={limit.unknownDirhams} />,
            ],
            reported && [t.status.limitReported, t.status.limitReportedAt(formatTime(reported.at, language))],
            reported && [t.status.limitMax, <Money key="m" dirhams={reported.dailyMaxDirhams} />],
            reported && [t.status.limitRemaining, <Money key="r" dirhams={reported.remainingDirhams} />],
            estimate != null && [t.status.limitEstimate, <Money key="e" dirhams={estimate} />],
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
        <p className="hint">{reported ? t.status.limitEstimateHint : t.status.limitNoReport}</p>
      </div>
    </details>
  )
}
