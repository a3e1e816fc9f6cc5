import { useStore } from 'zustand'
import { depositStore } from '../../app/stores'
import { useT } from '../../i18n/use'
import { Phone } from '../../ui/Ltr'

/** Who the money goes to, kept in sight once the customer is confirmed. */
export function Customer() {
  const t = useT()
  const step = useStore(depositStore, (s) => s.step)
  const customer = useStore(depositStore, (s) => s.customer)
  const byCustomer = useStore(depositStore, (s) => s.nameConfirmedBy === 'customer')
  if (!customer || !['amount', 'review', 'sending'].includes(step)) return null
  return (
    <>
      <p className="customer-line">
        <span>{t.deposit.reviewName}:</span> <strong>{customer.firstName}</strong>{' '}
        <Phone phone={customer.phone} />
      </p>
      {byCustomer ? (
        <p className="notice-line notice-good" role="status">
          {t.customerDisplay.confirmedByCustomer}
        </p>
      ) : null}
    </>
  )
}
