import type { ReactNode } from 'react'
import { useStore } from 'zustand'
import { depositStore, openEntry } from '../../app/stores'
import { useLanguage, useT } from '../../i18n/use'
import { Button, Facts, Panel, SettledButton } from '../../ui/controls'
import { ErrorNote } from '../../ui/ErrorNote'
import { formatTime } from '../../ui/format'
import { LimitWarning } from '../../ui/LimitNotes'
import { Money, MoneyWords, Phone } from '../../ui/Ltr'
import { SecondOneQuestion } from '../../ui/SecondOneQuestion'
import { unresolvedEntryId } from './store'

export function ReviewStep() {
  const t = useT()
  const customer = useStore(depositStore, (s) => s.customer)
  const amount = useStore(depositStore, (s) => s.amountDirhams)
  const limit = useStore(depositStore, (s) => s.limit)
  const error = useStore(depositStore, (s) => s.error)
  const repeat = useStore(depositStore, (s) => s.repeatQuestion)
  if (!customer || amount == null) return null
  const unresolved = unresolvedEntryId(error)
  const remaining = limit?.figures.leftDirhams ?? null
  return (
    <Panel tone="info" title={t.deposit.reviewTitle}>
      <Facts
        items={[
          [t.deposit.reviewPhone, <Phone key="p" phone={customer.phone} />],
          [t.deposit.reviewName, <strong key="n">{customer.firstName}</strong>],
          [
            t.deposit.reviewAmount,
            <span key="a" className="amount-with-words">
              <Money dirhams={amount} className="big-figure" />
              <MoneyWords dirhams={amount} />
            </span>,
          ],
          [
            t.deposit.reviewRemaining,
            remaining == null ? t.deposit.reviewRemainingUnknown : <Money key="r" dirhams={remaining} />,
          ],
        ]}
      />
      <LimitWarning amountDirhams={amount} limit={limit} />
      {repeat ? <RepeatQuestion /> : null}
      {unresolved ? (
        <Panel tone="bad" title={t.deposit.unresolvedTitle} role="alert">
          <p>{t.errors.UNRESOLVED_DEPOSIT}</p>
          <div className="actions">
            <SettledButton variant="primary" autoFocus onClick={() => openEntry(unresolved)}>
              {t.deposit.unresolvedOpen}
            </SettledButton>
          </div>
        </Panel>
      ) : null}
      {error && !repeat && !unresolved ? <ErrorNote error={error} /> : null}
      {repeat || unresolved ? null : <ConfirmDeposit />}
    </Panel>
  )
}

/** The review's confirmation: the Enter that opened the review, bouncing, does not send the money. */
function ConfirmDeposit() {
  const t = useT()
  return (
    <div className="actions">
      <SettledButton
        variant="primary"
        shortcut="Enter"
        autoFocus
        onClick={() => void depositStore.getState().confirm()}
      >
        {t.deposit.confirm}
      </SettledButton>
      <Button shortcut="Esc" onClick={() => depositStore.getState().back()}>
        {t.common.back}
      </Button>
    </div>
  )
}

/**
 * Main asks whether the same amount to the same phone is meant again: the earlier deposit's time and clerk,
 * the focus on Cancel, and the second deposit only by a deliberate act (SecondOneQuestion).
 */
function RepeatQuestion() {
  const t = useT()
  const language = useLanguage()
  const details = useStore(depositStore, (s) => s.error?.details)
  const at = typeof details?.at === 'string' ? details.at : null
  const clerk = typeof details?.clerk === 'string' ? details.clerk : null
  const amount = typeof details?.amountDirhams === 'number' ? details.amountDirhams : null
  return (
    <SecondOneQuestion
      title={t.deposit.repeatTitle}
      body={t.deposit.repeatBody}
      facts={[
        ...(amount !== null
          ? [[t.deposit.reviewAmount, <Money key="a" dirhams={amount} />] as [string, ReactNode]]
          : []),
        ...(at !== null ? [[t.deposit.repeatAt, formatTime(at, language)] as [string, ReactNode]] : []),
        [t.journal.clerk, clerk ?? t.deposit.repeatNoClerk],
      ]}
      confirm={t.deposit.repeatConfirm}
      onConfirm={() => void depositStore.getState().confirm(true)}
      onCancel={() => depositStore.getState().back()}
    />
  )
}
