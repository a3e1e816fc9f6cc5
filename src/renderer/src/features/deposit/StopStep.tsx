import { useStore } from 'zustand'
import { normalizeLibyanPhone } from '../../../../shared/phone'
import { depositStore } from '../../app/stores'
import { useT } from '../../i18n/use'
import { Panel, SettledButton } from '../../ui/controls'
import { Ltr, Phone } from '../../ui/Ltr'

/** A phone as the clerk typed it, grouped like every phone on screen when it is a Libyan mobile number. */
function TypedPhone({ text }: { text: string }) {
  const phone = normalizeLibyanPhone(text)
  return phone ? <Phone phone={phone} /> : <Ltr>{text}</Ltr>
}

export function StopStep() {
  const t = useT()
  const stop = useStore(depositStore, (s) => s.stop)
  const customer = useStore(depositStore, (s) => s.customer)
  const phoneText = useStore(depositStore, (s) => s.phoneText)
  const [title, body] =
    stop === 'notFound'
      ? [t.deposit.notFoundTitle, t.deposit.notFoundBody]
      : stop === 'inactive'
        ? [t.deposit.inactiveTitle, t.deposit.inactiveBody]
        : [t.deposit.nameRejectedTitle, t.deposit.nameRejectedBody]
  return (
    <Panel tone="bad" title={title} role="alert">
      <p>{body}</p>
      <p>{customer ? <Phone phone={customer.phone} /> : <TypedPhone text={phoneText} />}</p>
      <div className="actions">
        {/* The lookup's Enter, bouncing, does not sweep the reason away before the clerk has read it. */}
        <SettledButton
          variant="primary"
          shortcut="Esc"
          autoFocus
          onClick={() => depositStore.getState().back()}
        >
          {t.deposit.startOver}
        </SettledButton>
      </div>
    </Panel>
  )
}
