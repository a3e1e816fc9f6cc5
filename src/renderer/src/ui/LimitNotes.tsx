import type { ReactNode } from 'react'
import type { DailyLimit } from '../../../shared/daily-limit'
import type { JournalEntry } from '../../../shared/types'
import type { Messages } from '../i18n/en'
import { useT } from '../i18n/use'
import { Facts, Panel } from './controls'
import { limitFigures } from './entry'
import { formatLyd } from './format'
import { Money } from './Ltr'

/**
 * The daily limit's three figures, as every place shows them: used + open + left = the limit. One list for
 * every place they appear (the header's panel puts its own details after them), so they never disagree.
 */
export function limitFactItems(t: Messages, limit: DailyLimit): Array<[string, ReactNode] | false> {
  const f = limit.figures
  return [
    f.limitDirhams != null && [t.limit.limit, <Money key="m" dirhams={f.limitDirhams} />],
    [t.limit.used, <Money key="u" dirhams={f.usedDirhams} />],
    f.openDirhams > 0 && [t.limit.open, <Money key="o" dirhams={f.openDirhams} />],
    f.leftDirhams != null && [t.limit.left, <Money key="l" dirhams={f.leftDirhams} />],
  ]
}

export function LimitFacts({ limit }: { limit: DailyLimit }) {
  const t = useT()
  return <Facts items={limitFactItems(t, limit)} />
}

/**
 * Before a voucher or deposit is confirmed: the amount is above what the daily limit probably still allows,
 * counting what is open as possibly used — and it says so. A warning, not a stop — the estimate may be low
 * (an open sale may not have gone through) and the service decides.
 */
export function LimitWarning({ amountDirhams, limit }: { amountDirhams: number; limit: DailyLimit | null }) {
  const t = useT()
  const left = limit?.figures.leftDirhams ?? null
  if (!limit || left == null || amountDirhams <= left) return null
  const open = limit.figures.openDirhams
  return (
    <Panel tone="pending" title={t.limit.warningTitle} role="status" className="limit-warning">
      <LimitFacts limit={limit} />
      <p>
        {open > 0 ? t.limit.warningOpen(formatLyd(open)) : null} {t.limit.warningBody}
      </p>
    </Panel>
  )
}

/**
 * A refusal for the daily limit, without contradicting the header: what is still possible today first and
 * large — the same three figures as everywhere, taken right after the refusal — the amount asked smaller,
 * and "nothing more today" only when nothing is left. Without the desk's figures (they could not be read), the
 * service's own answer, when it gave its figures; with neither, the amount asked alone.
 */
export function LimitRefusal({ entry, limit }: { entry: JournalEntry; limit: DailyLimit | null }) {
  const t = useT()
  const f = limitFigures(entry)
  const asked = f?.requestedDirhams ?? entry.amountDirhams
  const remaining = limit ? limit.figures.leftDirhams : (f?.remainingDirhams ?? null)
  const open = limit?.figures.openDirhams ?? 0
  return (
    <div className="limit-refusal">
      {remaining == null ? null : remaining > 0 ? (
        <p className="still-possible">
          <span>{t.limit.stillPossible}</span> <Money dirhams={remaining} className="big-figure" />
        </p>
      ) : (
        <p className="strong">{t.limit.nothingLeft}</p>
      )}
      {open > 0 ? <p className="hint">{t.limit.openCounted(formatLyd(open))}</p> : null}
      <div className="limit-figures">
        <Facts
          items={[
            [t.limit.asked, <Money key="a" dirhams={asked} />],
            ...(limit
              ? limitFactItems(t, limit)
              : f
                ? ([
                    [t.limit.limit, <Money key="m" dirhams={f.dailyMaxDirhams} />],
                    [t.limit.used, <Money key="u" dirhams={f.usedTodayDirhams} />],
                  ] as Array<[string, ReactNode]>)
                : []),
          ]}
        />
      </div>
    </div>
  )
}
