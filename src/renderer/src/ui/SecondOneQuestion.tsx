import type { ReactNode } from 'react'
import { useT } from '../i18n/use'
import { Facts, Panel, SettledButton } from './controls'

/**
 * Main asks before money moves a second time (the same deposit minutes ago, a voucher of the value whose
 * outcome is unknown). Its "yes" is a deliberate act: the focus opens on Cancel — the Enter that sent the
 * first request, bouncing or pressed again by habit, lands there and sends nothing — and the yes is reached
 * only by Tab or a click, and takes a press only once it has been on screen a moment. Esc is Cancel.
 */
export function SecondOneQuestion({
  title,
  body,
  facts,
  confirm,
  onConfirm,
  onCancel,
}: {
  title: string
  body: string
  /** What the earlier one was: when, who, how much. */
  facts: [string, ReactNode][]
  confirm: string
  onConfirm: () => void
  onCancel: () => void
}) {
  const t = useT()
  return (
    <Panel tone="pending" title={title} role="alert" className="second-one">
      <p>{body}</p>
      <Facts items={facts} />
      <div className="actions">
        <SettledButton variant="primary" shortcut="Esc" autoFocus onClick={onCancel}>
          {t.common.cancel}
        </SettledButton>
        <SettledButton variant="danger" onClick={onConfirm}>
          {confirm}
        </SettledButton>
      </div>
    </Panel>
  )
}
