import { useStore } from 'zustand'
import { depositStore } from '../../app/stores'
import { useLanguage, useT } from '../../i18n/use'
import { Panel } from '../../ui/controls'
import { formatLyd, formatTime } from '../../ui/format'

/**
 * Right after the lookup, before the name and the amount: another counter of the chain has a deposit to this
 * phone whose outcome is not known yet (head office figures). Main refuses a deposit here until it is resolved.
 */
export function OpenElsewhereNote() {
  const t = useT()
  const language = useLanguage()
  const step = useStore(depositStore, (s) => s.step)
  const open = useStore(depositStore, (s) => s.customer?.openDepositElsewhere)
  if (!open || !['name', 'amount', 'review', 'stop'].includes(step)) return null
  return (
    <Panel tone="bad" title={t.headOffice.openElsewhereTitle} role="alert">
      <p>
        {t.headOffice.openElsewhere(
          open.terminal,
          `${formatLyd(open.amountDirhams)} ${t.currency}`,
          formatTime(open.createdAt, language),
        )}
      </p>
    </Panel>
  )
}
