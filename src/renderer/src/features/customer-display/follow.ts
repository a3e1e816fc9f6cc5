import type { StoreApi } from 'zustand/vanilla'
import type { DeskApi, DeskInput } from '../../../../shared/contract'
import type { CustomerDisplayState } from '../../../../shared/customer-view'
import { parseLyd } from '../../../../shared/money'
import type { Session } from '../../../../shared/people'
import type { Screen } from '../../app/navigation'
import type { DepositState } from '../deposit/store'
import type { SellState } from '../sell/store'

export type CustomerStep = DeskInput<'showCustomer'>

/** How often the clerk's screen asks whether the customer pressed "Yes, this is me", while it asks the name. */
export const CUSTOMER_ANSWER_POLL_MS = 400

export interface ClerkScreen {
  session: Session | null
  screen: Screen
  sell: Pick<SellState, 'step' | 'selected'>
  deposit: Pick<DepositState, 'step' | 'customer' | 'amountText' | 'amountDirhams'>
}

/**
 * What the customer display should follow of the clerk's screen, by reference only (main decides what of it
 * the customer sees); null while main shows it itself (a sale on its way, its outcome) or nobody is signed in
 * (main made the display idle at the sign-out). A question that is the clerk's to deal with — an earlier
 * deposit still open, a wallet that cannot take money, a name refused — is "Please wait" for the customer.
 */
export function customerStepOf({ session, screen, sell, deposit }: ClerkScreen): CustomerStep | null {
  if (!session || (!session.person && !session.setupNeeded)) return null
  if (screen === 'sell') {
    if (sell.step === 'sending' || sell.step === 'result') return null
    if (sell.step === 'confirm' && sell.selected) {
      return { show: 'voucher', denominationId: sell.selected.id, valueDirhams: sell.selected.valueDirhams }
    }
    return { show: 'idle' }
  }
  if (screen !== 'deposit') return { show: 'idle' }
  const phone = deposit.customer?.phone
  switch (deposit.step) {
    case 'phone':
      return { show: 'idle' }
    case 'open':
    case 'stop':
    case 'elsewhere':
      return { show: 'wait' }
    case 'name':
      return phone ? { show: 'deposit-name', phone } : { show: 'wait' }
    case 'amount': {
      if (!phone) return { show: 'wait' }
      const typed = parseLyd(deposit.amountText)
      return { show: 'deposit-amount', phone, amountDirhams: typed.ok ? typed.value : null }
    }
    case 'review':
      return phone && deposit.amountDirhams !== null
        ? { show: 'deposit-review', phone, amountDirhams: deposit.amountDirhams }
        : { show: 'wait' }
    default:
      return null
  }
}

export interface FollowDeps {
  api: Pick<DeskApi, 'showCustomer' | 'getCustomerDisplay'>
  clerkScreen(): ClerkScreen
  /** Stores whose changes may change the step. */
  stores: Pick<StoreApi<unknown>, 'subscribe'>[]
  /** The customer answered the name question on their screen for this phone. */
  customerConfirmed(phone: string): void
  setInterval?: typeof setInterval
  clearInterval?: typeof clearInterval
  /**
   * When a change is told to main: the desk tells it after the clerk's own next frame (ui/after-paint.ts), so a
   * key's change is on the clerk's screen first — a digit typed in the amount, say, is then not held up by a call
   * to main. Changes meanwhile are told once, as they then stand. At once when not given.
   */
  schedule?(work: () => void): () => void
}

const atOnce = (work: () => void) => {
  work()
  return () => undefined
}

/**
 * Tells main what the clerk's screen is at whenever that changes (once per change), and, while the name
 * question is asked with the customer's own "Yes, this is me" on their display, asks main now and then whether
 * they pressed it. A failed call is left: the display is a courtesy, never a step of the sale.
 */
export function followCustomerDisplay(deps: FollowDeps): () => void {
  const every = deps.setInterval ?? setInterval
  const stop = deps.clearInterval ?? clearInterval
  let shown: string | null = null
  let polling: { phone: string; timer: ReturnType<typeof setInterval> } | null = null

  function stopPolling(): void {
    if (polling) stop(polling.timer)
    polling = null
  }

  function pollFor(phone: string, state: CustomerDisplayState): void {
    if (!state.customerConfirms || !state.open || polling?.phone === phone) return
    stopPolling()
    const timer = every(() => {
      void deps.api.getCustomerDisplay().then(
        (now) => {
          if (now.confirmedByCustomer === phone) {
            stopPolling()
            deps.customerConfirmed(phone)
          }
        },
        () => undefined,
      )
    }, CUSTOMER_ANSWER_POLL_MS)
    polling = { phone, timer }
  }

  const schedule = deps.schedule ?? atOnce
  /** A change is waiting to be told; `pending` cancels it. */
  let waiting = false
  let pending: (() => void) | null = null

  function update(): void {
    const step = customerStepOf(deps.clerkScreen())
    if (step?.show !== 'deposit-name') stopPolling()
    if (step === null) {
      // Main shows the sale itself: what comes after it is told again, whatever it was before. Said at once,
      // not when the change is told: a sale and a return to the same step within one frame is still told.
      shown = null
      return
    }
    if (waiting || JSON.stringify(step) === shown) return
    waiting = true
    const cancel = schedule(tell)
    // (Told already when scheduled at once.)
    if (waiting) pending = cancel
  }

  /**
   * Tells main the step as it stands now (not as it was when the change was seen) — even when it is the one
   * told last: main may have moved the display itself meanwhile (the customer's own "Yes, this is me" moves it
   * on), and the clerk's screen may be back at the step told last.
   */
  function tell(): void {
    waiting = false
    pending = null
    const step = customerStepOf(deps.clerkScreen())
    if (step === null) return
    const key = JSON.stringify(step)
    shown = key
    void deps.api.showCustomer(step).then(
      (state) => {
        // Still at that name question (not only the last told): the clerk may have moved on meanwhile.
        const now = customerStepOf(deps.clerkScreen())
        if (step.show === 'deposit-name' && shown === key && now && JSON.stringify(now) === key)
          pollFor(step.phone, state)
      },
      () => undefined,
    )
  }

  const unsubscribe = deps.stores.map((store) => store.subscribe(update))
  update()
  return () => {
    stopPolling()
    pending?.()
    pending = null
    waiting = false
    for (const off of unsubscribe) off()
  }
}
