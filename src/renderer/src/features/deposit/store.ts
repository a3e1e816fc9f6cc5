import { createStore, type StoreApi } from 'zustand/vanilla'
import type { CustomerLookup, DeskApi, JournalEntry } from '../../../../shared/contract'
import { type AppErrorData, toAppErrorData } from '../../../../shared/errors'
import { MIN_DEPOSIT_DIRHAMS, parseLyd } from '../../../../shared/money'
import { normalizeLibyanPhone } from '../../../../shared/phone'
import { canRetry } from '../../ui/entry'

export type DepositStep = 'phone' | 'name' | 'stop' | 'amount' | 'review' | 'sending' | 'result'
export type StopReason = 'notFound' | 'inactive' | 'nameRejected'
export type AmountProblem = 'empty' | 'format' | 'precision' | 'range' | 'minimum' | 'mismatch' | 'again'

/** Quick amounts offered under the amount field, in dirhams. */
export const QUICK_AMOUNTS_DIRHAMS = [5_000, 10_000, 20_000, 50_000, 100_000] as const

export interface DepositState {
  step: DepositStep
  phoneText: string
  phoneInvalid: boolean
  lookingUp: boolean
  customer: CustomerLookup | null
  stop: StopReason | null
  amountText: string
  amountAgainText: string
  amountProblem: AmountProblem | null
  amountDirhams: number | null
  /** Amounts above this are typed twice (setting). */
  doubleEntryAboveDirhams: number
  /** From getDailyLimit when the review opens: what the limit probably still allows. */
  estimatedRemainingDirhams: number | null
  /** One id per confirmed deposit, kept until main answers with an entry (a lost answer is resent safely). */
  requestId: string | null
  /** Main asked whether the same phone and amount really should be sent again. */
  repeatQuestion: boolean
  result: JournalEntry | null
  retrying: boolean
  /** A refusal before anything was journaled, or a failed lookup. */
  error: AppErrorData | null

  setPhone(text: string): void
  lookUp(): Promise<void>
  answerName(isHolder: boolean): void
  setAmount(text: string): void
  setAmountAgain(text: string): void
  needsSecondEntry(): boolean
  toReview(): Promise<void>
  back(): void
  confirm(confirmRepeat?: boolean): Promise<void>
  retrySafely(): Promise<void>
  reset(): void
  setDoubleEntryThreshold(dirhams: number): void
}

export type DepositStore = StoreApi<DepositState>

export interface DepositDeps {
  api: Pick<DeskApi, 'lookupCustomer' | 'deposit' | 'retryDeposit' | 'getDailyLimit'>
  newRequestId(): string
}

const blank = {
  step: 'phone' as DepositStep,
  phoneText: '',
  phoneInvalid: false,
  lookingUp: false,
  customer: null,
  stop: null,
  amountText: '',
  amountAgainText: '',
  amountProblem: null,
  amountDirhams: null,
  estimatedRemainingDirhams: null,
  requestId: null,
  repeatQuestion: false,
  result: null,
  retrying: false,
  error: null,
}

export function createDepositStore({ api, newRequestId }: DepositDeps): DepositStore {
  return createStore<DepositState>((set, get) => ({
    ...blank,
    doubleEntryAboveDirhams: 1_000_000,

    setPhone(text) {
      if (get().step !== 'phone') return
      set({ phoneText: text, phoneInvalid: false, error: null })
    },

    async lookUp() {
      const { step, phoneText, lookingUp } = get()
      if (step !== 'phone' || lookingUp) return
      const phone = normalizeLibyanPhone(phoneText)
      if (!phone) {
        set({ phoneInvalid: true })
        return
      }
      set({ lookingUp: true, error: null, phoneInvalid: false })
      try {
        const customer = await api.lookupCustomer({ phone })
        if (customer.status !== 'active') set({ step: 'stop', stop: 'inactive', customer })
        else set({ step: 'name', customer })
      } catch (e) {
        const error = toAppErrorData(e)
        if (error.code === 'USER_NOT_FOUND') set({ step: 'stop', stop: 'notFound', customer: null })
        else if (error.code === 'BAD_INPUT') set({ phoneInvalid: true })
        else set({ error })
      } finally {
        set({ lookingUp: false })
      }
    },

    answerName(isHolder) {
      if (get().step !== 'name') return
      if (isHolder) set({ step: 'amount' })
      else set({ step: 'stop', stop: 'nameRejected' })
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
      return parsed.ok && parsed.value > get().doubleEntryAboveDirhams
    },

    async toReview() {
      const { step, amountText, amountAgainText, doubleEntryAboveDirhams } = get()
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
      if (parsed.value > doubleEntryAboveDirhams) {
        if (amountAgainText.trim() === '') {
          set({ amountProblem: 'again' })
          return
        }
        const again = parseLyd(amountAgainText)
        if (!again.ok || again.value !== parsed.value) {
          set({ amountProblem: 'mismatch' })
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
        estimatedRemainingDirhams: null,
      })
      try {
        const limit = await api.getDailyLimit()
        if (get().step === 'review') set({ estimatedRemainingDirhams: limit.estimatedRemainingDirhams })
      } catch {
        // The estimate is a courtesy; the review works without it.
      }
    },

    back() {
      const { step } = get()
      if (step === 'name' || step === 'stop') set({ ...blank, phoneText: get().phoneText })
      else if (step === 'amount') set({ step: 'name', amountProblem: null })
      else if (step === 'review') set({ step: 'amount', requestId: null, repeatQuestion: false, error: null })
    },

    async confirm(confirmRepeat = false) {
      const { step, customer, amountDirhams, requestId } = get()
      // Only a reviewed deposit can be sent, once: a double click or a held Enter finds 'sending'.
      if (step !== 'review' || !customer || amountDirhams == null || !requestId) return
      set({ step: 'sending', error: null, repeatQuestion: false })
      try {
        const entry = await api.deposit({
          phone: customer.phone,
          amountDirhams,
          confirmedFirstName: customer.firstName,
          requestId,
          ...(confirmRepeat ? { confirmRepeat: true } : {}),
        })
        set({ step: 'result', result: entry })
      } catch (e) {
        const error = toAppErrorData(e)
        if (error.code === 'USER_INACTIVE') set({ step: 'stop', stop: 'inactive', error: null })
        else set({ step: 'review', error, repeatQuestion: error.code === 'REPEAT_NEEDS_CONFIRMATION' })
      }
    },

    async retrySafely() {
      const { result, retrying } = get()
      if (!result || retrying || !canRetry(result)) return
      set({ retrying: true, error: null })
      try {
        const entry = await api.retryDeposit({ entryId: result.id })
        set({ result: entry })
      } catch (e) {
        set({ error: toAppErrorData(e) })
      } finally {
        set({ retrying: false })
      }
    },

    reset() {
      if (get().step === 'sending') return
      set({ ...blank })
    },

    setDoubleEntryThreshold(dirhams) {
      set({ doubleEntryAboveDirhams: dirhams })
    },
  }))
}

/** The entry id main names when it refuses a deposit because an earlier one to that phone is open. */
export function unresolvedEntryId(error: AppErrorData | null): string | null {
  const id = error?.code === 'UNRESOLVED_DEPOSIT' ? error.details?.entryId : undefined
  return typeof id === 'string' ? id : null
}
