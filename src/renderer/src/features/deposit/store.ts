import { createStore, type StoreApi } from 'zustand/vanilla'
import type { DeskApi } from '../../../../shared/contract'
import type { NameConfirmedBy } from '../../../../shared/customer-view'
import type { DailyLimit } from '../../../../shared/daily-limit'
import type { CustomerLookup } from '../../../../shared/deposit'
import type { DepositRules } from '../../../../shared/deposit-rules'
import { type AppErrorData, toAppErrorData } from '../../../../shared/errors'
import { MIN_DEPOSIT_DIRHAMS, parseLyd } from '../../../../shared/money'
import { normalizeLibyanPhone } from '../../../../shared/phone'
import type { JournalEntry } from '../../../../shared/types'
import { canRetry, isLimitRefusal, isOpen, type LastOperation, lastOperationOf } from '../../ui/entry'

/**
 * The steps of a deposit. After the lookup: `open` when an earlier deposit to the phone is still open (it
 * must be resolved before any new one), `stop` when the wallet cannot take money or the name was not the
 * customer's, `elsewhere` when another counter of the chain has a deposit to the phone with no known outcome
 * (it is resolved there; main refuses a deposit here until then), else `name` — the deliberate confirmation
 * of who receives the money.
 */
export type DepositStep =
  | 'phone'
  | 'open'
  | 'name'
  | 'stop'
  | 'elsewhere'
  | 'amount'
  | 'review'
  | 'sending'
  | 'result'
export type StopReason = 'notFound' | 'inactive' | 'nameRejected'
export type AmountProblem =
  | 'empty'
  | 'format'
  | 'precision'
  | 'range'
  | 'ambiguous'
  | 'minimum'
  | 'maximum'
  | 'mismatch'
  | 'again'
  | 'againAmbiguous'

/** Quick amounts offered under the amount field, in dirhams. */
export const QUICK_AMOUNTS_DIRHAMS = [5_000, 10_000, 20_000, 50_000, 100_000] as const

/** A person's "Retry safely" of an open deposit, as the clerk needs to see it. */
export interface RetryState {
  retrying: boolean
  /** The clerk retried in this view (the entry's updatedAt then says when). */
  tried: boolean
  /** The retry itself was refused (nothing was sent). */
  error: AppErrorData | null
}

export interface DepositState {
  step: DepositStep
  phoneText: string
  phoneInvalid: boolean
  lookingUp: boolean
  customer: CustomerLookup | null
  stop: StopReason | null
  /** The earlier deposit to this phone whose outcome is open, as the lookup named it. */
  open: JournalEntry | null
  /** Who answered the name question: the clerk, or the customer on the customer display (docs/customer-display.md). */
  nameConfirmedBy: NameConfirmedBy | null
  amountText: string
  amountAgainText: string
  amountProblem: AmountProblem | null
  amountDirhams: number | null
  /** From getDailyLimit when the review opens: what the limit probably still allows. */
  limit: DailyLimit | null
  /** One id per confirmed deposit, kept until main answers with an entry (a lost answer is resent safely). */
  requestId: string | null
  /** Main asked whether the same phone and amount really should be sent again (the error names the earlier). */
  repeatQuestion: boolean
  /** When the deposit was sent (epoch ms), while it waits for the service's answer. */
  sentAt: number | null
  result: JournalEntry | null
  retry: RetryState
  /** A refusal before anything was journaled, or a failed lookup. */
  error: AppErrorData | null
  /** The last deposit sent from this screen, reachable after the screen started a new one. */
  last: LastOperation | null
  /**
   * Send was pressed for this customer since the lookup: an attempt whose answer was lost may have moved money
   * even after Esc and a second review, so nothing may then be called "not sent". Only a new lookup clears it.
   */
  sendTried: boolean
  /**
   * The result on screen was changed by a background resolution (entryChanged), not by the clerk's send or
   * retry: it is not printed automatically (docs/printing.md: the customer may have left).
   */
  resultFromBackground: boolean
  /**
   * The clerk left the screen at a review never sent: said when they come back, until their next step, so
   * nobody takes the deposit for made.
   */
  leftUnsent: { phone: string; firstName: string; amountDirhams: number } | null

  setPhone(text: string): void
  lookUp(): Promise<void>
  /** Re-sends the open deposit (the lookup's, or the result's) with its own reference. */
  retrySafely(): Promise<void>
  /** The earlier deposit is settled: on to the name check. */
  continueAfterOpen(): void
  /** Another counter's open deposit stopped the lookup: the same phone looked up again (has it settled?). */
  lookUpAgain(): Promise<void>
  answerName(isHolder: boolean): void
  /**
   * The customer pressed "Yes, this is me" on their display for this phone, while the name question is on the
   * clerk's screen: the name is confirmed (the clerk may still go back, and sends the deposit).
   */
  customerConfirmed(phone: string): void
  setAmount(text: string): void
  setAmountAgain(text: string): void
  needsSecondEntry(): boolean
  toReview(): Promise<void>
  /** Esc: one step back. Never an answer to the name question. */
  back(): void
  confirm(confirmRepeat?: boolean): Promise<void>
  /** After a refusal for the daily limit: another amount for the same customer, without a new lookup. */
  changeAmount(): void
  reset(): void
  /** The clerk left the screen: a deposit not yet sent is abandoned, a finished one is put away. */
  leave(): void
  /** An entry as now stored (resolved in the background): the screen shows what it became. */
  entryChanged(entry: JournalEntry): void
}

export type DepositStore = StoreApi<DepositState>

export interface DepositDeps {
  api: Pick<DeskApi, 'lookupCustomer' | 'deposit' | 'retryDeposit' | 'getDailyLimit'>
  newRequestId(): string
  /** A deposit was answered: what moved today changed (the header's daily limit). */
  onSent?(entry: JournalEntry): void
  /**
   * The amount's rules as the settings have them now (the settings store, one place; main's defaults until it
   * answers): when a large amount is typed twice, and the largest deposit.
   */
  rules(): DepositRules
  now?(): number
  /**
   * Runs what a step only sets going (the review's courtesy estimate of the limit) once the step is on screen:
   * the desk passes ui/after-paint.ts's afterNextPaint, so the key's frame is not held up by it. At once when
   * not given.
   */
  later?(work: () => void): void
}

const noRetry: RetryState = { retrying: false, tried: false, error: null }

const blank = {
  step: 'phone' as DepositStep,
  phoneText: '',
  phoneInvalid: false,
  lookingUp: false,
  customer: null,
  stop: null,
  open: null,
  nameConfirmedBy: null,
  amountText: '',
  amountAgainText: '',
  amountProblem: null,
  amountDirhams: null,
  limit: null,
  requestId: null,
  repeatQuestion: false,
  sentAt: null,
  result: null,
  retry: noRetry,
  error: null,
  sendTried: false,
  resultFromBackground: false,
  leftUnsent: null,
}

export function createDepositStore({
  api,
  newRequestId,
  onSent,
  rules,
  now = Date.now,
  later = (work) => work(),
}: DepositDeps): DepositStore {
  return createStore<DepositState>((set, get) => {
    /** Back to an empty phone step; the last finished deposit stays reachable. */
    function fresh(): void {
      const { result, last } = get()
      set({ ...blank, last: result ? lastOperationOf(result) : last })
    }

    /** Where a lookup leads once no deposit to the phone is open at this PC. */
    function afterLookup(customer: CustomerLookup): Partial<DepositState> {
      if (customer.status !== 'active') return { step: 'stop', stop: 'inactive' }
      if (customer.openDepositElsewhere) return { step: 'elsewhere' }
      return { step: 'name' }
    }

    return {
      ...blank,
      last: null,

      setPhone(text) {
        if (get().step !== 'phone') return
        set({ phoneText: text, phoneInvalid: false, error: null, leftUnsent: null })
      },

      async lookUp() {
        const { step, phoneText, lookingUp } = get()
        if (step !== 'phone' || lookingUp) return
        const phone = normalizeLibyanPhone(phoneText)
        if (!phone) {
          set({ phoneInvalid: true })
          return
        }
        set({ lookingUp: true, error: null, phoneInvalid: false, leftUnsent: null })
        try {
          const customer = await api.lookupCustomer({ phone })
          if (get().step !== 'phone') return
          if (customer.openDeposit)
            set({ step: 'open', customer, open: customer.openDeposit, retry: noRetry })
          else set({ ...afterLookup(customer), customer })
        } catch (e) {
          const error = toAppErrorData(e)
          if (error.code === 'USER_NOT_FOUND') set({ step: 'stop', stop: 'notFound', customer: null })
          else if (error.code === 'BAD_INPUT') set({ phoneInvalid: true })
          else set({ error })
        } finally {
          set({ lookingUp: false })
        }
      },

      async retrySafely() {
        const { step, open, result, retry } = get()
        const entry = step === 'open' ? open : step === 'result' ? result : null
        if (!entry || retry.retrying || !canRetry(entry)) return
        set({ retry: { retrying: true, tried: false, error: null } })
        try {
          const after = await api.retryDeposit({ entryId: entry.id })
          if (get().step === 'open' && get().open?.id === after.id) set({ open: after })
          if (get().step === 'result' && get().result?.id === after.id)
            set({ result: after, resultFromBackground: false })
          set({ retry: { retrying: false, tried: true, error: null } })
          onSent?.(after)
        } catch (e) {
          set({ retry: { retrying: false, tried: true, error: toAppErrorData(e) } })
        }
      },

      continueAfterOpen() {
        const { step, open, customer } = get()
        if (step !== 'open' || !customer || (open && isOpen(open))) return
        set({ ...afterLookup(customer), retry: noRetry })
      },

      async lookUpAgain() {
        if (get().step !== 'elsewhere') return
        set({ ...blank, phoneText: get().phoneText })
        await get().lookUp()
      },

      answerName(isHolder) {
        if (get().step !== 'name') return
        if (isHolder) set({ step: 'amount', nameConfirmedBy: 'clerk' })
        else set({ step: 'stop', stop: 'nameRejected' })
      },

      customerConfirmed(phone) {
        const { step, customer } = get()
        if (step !== 'name' || customer?.phone !== phone) return
        set({ step: 'amount', nameConfirmedBy: 'customer' })
      },

      setAmount(text) {
        if (get().step !== 'amount') return
        set({ amountText: text, amountProblem: null })
      },

      setAmountAgain(text) {
        if (get().step !== 'amount') return
        set({ amountAgainText: text, amountProblem: null })
      },

      needsSecondEntry() {
        const parsed = parseLyd(get().amountText)
        return parsed.ok && parsed.value > rules().doubleEntryAboveDirhams
      },

      async toReview() {
        const { step, amountText, amountAgainText } = get()
        const { doubleEntryAboveDirhams, depositMaxDirhams } = rules()
        if (step !== 'amount') return
        const parsed = parseLyd(amountText)
        if (!parsed.ok) {
          set({ amountProblem: parsed.reason })
          return
        }
        if (parsed.value < MIN_DEPOSIT_DIRHAMS) {
          set({ amountProblem: 'minimum' })
          return
        }
        if (parsed.value > depositMaxDirhams) {
          set({ amountProblem: 'maximum' })
          return
        }
        if (parsed.value > doubleEntryAboveDirhams) {
          if (amountAgainText.trim() === '') {
            set({ amountProblem: 'again' })
            return
          }
          const again = parseLyd(amountAgainText)
          if (!again.ok && again.reason === 'ambiguous') {
            set({ amountProblem: 'againAmbiguous' })
            return
          }
          if (!again.ok || again.value !== parsed.value) {
            // Both typed again from nothing: editing one to match the other could keep the wrong one.
            set({ amountProblem: 'mismatch', amountText: '', amountAgainText: '' })
            return
          }
        }
        set({
          step: 'review',
          amountDirhams: parsed.value,
          amountProblem: null,
          requestId: newRequestId(),
          repeatQuestion: false,
          error: null,
          limit: null,
        })
        // Asked once the review is on screen.
        await new Promise<void>((resolve) => later(resolve))
        try {
          const limit = await api.getDailyLimit()
          if (get().step === 'review') set({ limit })
        } catch {
          // The estimate is a courtesy; the review works without it.
        }
      },

      back() {
        const { step } = get()
        if (step === 'open' || step === 'name' || step === 'stop' || step === 'elsewhere')
          set({ ...blank, phoneText: get().phoneText })
        else if (step === 'amount') set({ step: 'name', amountProblem: null, nameConfirmedBy: null })
        else if (step === 'review')
          set({ step: 'amount', requestId: null, repeatQuestion: false, error: null })
        else if (step === 'result') fresh()
        else if (step === 'phone' && get().phoneText) set({ phoneText: '', phoneInvalid: false, error: null })
      },

      async confirm(confirmRepeat = false) {
        const { step, customer, amountDirhams, requestId, repeatQuestion } = get()
        // Only a reviewed deposit can be sent, once: a double click or a held Enter finds 'sending'.
        if (step !== 'review' || !customer || amountDirhams == null || !requestId) return
        // With main's question on screen, only its own answer sends.
        if (repeatQuestion && !confirmRepeat) return
        set({ step: 'sending', error: null, repeatQuestion: false, sendTried: true, sentAt: now() })
        try {
          const entry = await api.deposit({
            phone: customer.phone,
            amountDirhams,
            confirmedFirstName: customer.firstName,
            requestId,
            ...(confirmRepeat ? { confirmRepeat: true } : {}),
          })
          // A refusal for the daily limit is shown with the figures of the moment, as the header has them.
          const limit = isLimitRefusal(entry) ? await api.getDailyLimit().catch(() => null) : get().limit
          set({
            step: 'result',
            result: entry,
            retry: noRetry,
            resultFromBackground: false,
            sentAt: null,
            limit,
          })
          onSent?.(entry)
        } catch (e) {
          const error = toAppErrorData(e)
          if (error.code === 'USER_INACTIVE')
            set({ step: 'stop', stop: 'inactive', error: null, sentAt: null })
          else
            set({
              step: 'review',
              error,
              repeatQuestion: error.code === 'REPEAT_NEEDS_CONFIRMATION',
              sentAt: null,
            })
        }
      },

      changeAmount() {
        const { step, result, customer } = get()
        if (step !== 'result' || !result || result.status !== 'failed' || !customer) return
        set({
          step: 'amount',
          last: lastOperationOf(result),
          result: null,
          amountText: '',
          amountAgainText: '',
          amountProblem: null,
          amountDirhams: null,
          requestId: null,
          error: null,
          retry: noRetry,
        })
      },

      reset() {
        if (get().step === 'sending') return
        fresh()
      },

      leave() {
        // An answer still on its way is shown when the clerk comes back; anything else starts afresh.
        const { step, sendTried, customer, amountDirhams, leftUnsent } = get()
        if (step === 'sending') return
        fresh()
        // A review left before Send was pressed: nothing was sent, and the screen says so on return. (After
        // Send, the refusal was shown at the review, or the answer was lost and only the journal knows.) Said
        // until the clerk's next step: leaving the phone step again (or React remounting the screen) keeps it.
        if (step === 'review' && !sendTried && customer && amountDirhams !== null) {
          set({ leftUnsent: { phone: customer.phone, firstName: customer.firstName, amountDirhams } })
        } else if (step === 'phone') {
          set({ leftUnsent })
        }
      },

      entryChanged(entry) {
        const { result, open, last } = get()
        // Never an older state over a newer one (a retry's answer may have come first).
        const newer = (shown: { updatedAt?: string } | null) =>
          !shown?.updatedAt || entry.updatedAt >= shown.updatedAt
        if (result?.id === entry.id && newer(result)) set({ result: entry, resultFromBackground: true })
        if (open?.id === entry.id && newer(open)) set({ open: entry })
        if (last?.id === entry.id) set({ last: lastOperationOf(entry) })
      },
    }
  })
}

/** The entry id main names when it refuses a deposit because an earlier one to that phone is open. */
export function unresolvedEntryId(error: AppErrorData | null): string | null {
  const id = error?.code === 'UNRESOLVED_DEPOSIT' ? error.details?.entryId : undefined
  return typeof id === 'string' ? id : null
}
