import type { JournalEntry } from '../../../shared/contract'
import { useT } from '../i18n/use'
import { Facts, Panel } from './controls'
import { limitFigures } from './entry'
import { Money } from './Ltr'

/**
 * Before a voucher or deposit is confirmed: the amount is above what the daily limit probably still allows.
 * A warning, not a stop — the estimate may be wrong and the service decides.
 */
export function LimitWarning({
  amountDirhams,
  estimateDirhams,
}: {
  amountDirhams: number
  estimateDirhams: number | null
}) {
  const t = useT()
  if (estimateDirhams == null || amountDirhams <= estimateDirhams) return null
  return (
    <Panel tone="pending" title={t.limit.warningTitle} role="status" className="limit-warning">
      <Facts items={[[t.limit.estimateLeft, <Money key="l" dirhams={estimateDirhams} />]]} />
      <p>{t.limit.warningBody}</p>
    </Panel>
  )
}

/**
 * A refusal for the daily limit, without contradicting itself: what is still possible today first and
 * large, the amount asked smaller, and "nothing more today" only when nothing is left.
 */
export function LimitRefusal({ entry }: { entry: JournalEntry }) {
  const t = useT()
  const f = limitFigures(entry)
  if (!f) return null
  const remaining = f.remainingDirhams
  const asked = f.requestedDirhams ?? entry.amountDirhams
  return (
    <div className="limit-refusal">
      {remaining != null && remaining > 0 ? (
        <p className="still-possible">
          <span>{t.limit.stillPossible}</span> <Money dirhams={remaining} className="big-figure" />
        </p>
      ) : (
        <p className="strong">{t.limit.nothingLeft}</p>
      )}
      <div className="limit-figures">
        <Facts
          items={[
            [t.limit.asked, <Money key="a" dirhams={asked} />],
            f.dailyMaxDirhams != null && [t.limit.dailyMax, <Money key="m" dirhams={f.dailyMaxDirhams} />],
            f.usedTodayDirhams != null && [t.limit.usedToday, <Money key="u" dirhams={f.usedTodayDirhams} />],
          ]}
        />
      </div>
    </div>
  )
}
