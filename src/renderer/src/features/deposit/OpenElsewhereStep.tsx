import { useStore } from 'zustand'
import { depositStore } from '../../app/stores'
import { useLanguage, useT } from '../../i18n/use'
import { Button, Panel, SettledButton } from '../../ui/controls'
import { formatLyd, formatTime } from '../../ui/format'
import { Phone } from '../../ui/Ltr'

/**
 * Right after the lookup, before the name and the amount, as for an open deposit at this PC: another counter
 * of the chain has a deposit to this phone whose outcome is not known yet (head office figures). It is settled
 * there; main refuses a deposit here until then. The clerk may look the phone up again, or start over (Esc).
 */
export function OpenElsewhereStep() {
  const t = useT()
  const language = useLanguage()
  const customer = useStore(depositStore, (s) => s.customer)
  const open = customer?.openDepositElsewhere
  if (!customer || !open) return null
  return (
    <Panel tone="bad" title={t.headOffice.openElsewhereTitle} role="alert">
      <p>
        {t.headOffice.openElsewhere(
          open.terminal,
          `${formatLyd(open.amountDirhams)} ${t.currency}`,
          formatTime(open.createdAt, language),
        )}
      </p>
      <p>
        <Phone phone={customer.phone} />
      </p>
      <p>{t.headOffice.openElsewhereWhat}</p>
      <div className="actions">
        {/* The lookup's Enter, bouncing, does not look it up again before the clerk has read why it stopped. */}
        <SettledButton variant="primary" autoFocus onClick={() => void depositStore.getState().lookUpAgain()}>
          {t.headOffice.lookUpAgain}
        </SettledButton>
        <Button shortcut="Esc" onClick={() => depositStore.getState().back()}>
          {t.deposit.startOver}
        </Button>
      </div>
    </Panel>
  )
}
