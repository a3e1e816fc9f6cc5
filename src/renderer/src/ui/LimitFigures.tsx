import type { JournalEntry } from '../../../shared/contract'
import { useT } from '../i18n/use'
import { Facts } from './controls'
import { limitFigures } from './entry'
import { Money } from './Ltr'

/** The four figures the service gave with a daily-limit refusal. */
export function LimitFigures({ entry }: { entry: JournalEntry }) {
  const t = useT()
  const f = limitFigures(entry)
  if (!f) return null
  const money = (v: number | null) => (v == null ? '—' : <Money dirhams={v} />)
  return (
    <div className="limit-figures">
      <Facts
        items={[
          [t.deposit.limitMax, money(f.dailyMaxDirhams)],
          [t.deposit.limitUsed, money(f.usedTodayDirhams)],
          [t.deposit.limitRemaining, money(f.remainingDirhams)],
          [t.deposit.limitRequested, money(f.requestedDirhams)],
        ]}
      />
    </div>
  )
}
