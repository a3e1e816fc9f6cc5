import type { ReactNode } from 'react'
import { useStore } from 'zustand'
import { depositStore } from '../../app/stores'
import { useT } from '../../i18n/use'
import { Money, Phone } from '../../ui/Ltr'
import { Waiting } from '../../ui/Progress'

/** Waiting for the service: the amount and the phone on their way, and the seconds waited. */
export function Sending() {
  const t = useT()
  const customer = useStore(depositStore, (s) => s.customer)
  const amount = useStore(depositStore, (s) => s.amountDirhams)
  const since = useStore(depositStore, (s) => s.sentAt)
  return (
    <Waiting
      text={t.deposit.sending}
      since={since}
      facts={[
        ...(amount !== null
          ? [
              [t.deposit.reviewAmount, <Money key="a" dirhams={amount} className="big-figure" />] as [
                string,
                ReactNode,
              ],
            ]
          : []),
        ...(customer
          ? [[t.deposit.reviewPhone, <Phone key="p" phone={customer.phone} />] as [string, ReactNode]]
          : []),
      ]}
    />
  )
}
