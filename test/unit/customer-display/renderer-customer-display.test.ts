import { afterEach, describe, expect, it, vi } from 'vitest'
import { createStore } from 'zustand/vanilla'
import {
  type ClerkScreen,
  CUSTOMER_ANSWER_POLL_MS,
  customerStepOf,
  followCustomerDisplay,
} from '../../../src/renderer/src/features/customer-display/follow'
import { createDepositStore } from '../../../src/renderer/src/features/deposit/store'
import type { DeskApi } from '../../../src/shared/contract'
import type { CustomerDisplayState } from '../../../src/shared/customer-view'
import type { CustomerLookup } from '../../../src/shared/deposit'
import { depositRulesOf } from '../../../src/shared/deposit-rules'
import type { Session } from '../../../src/shared/people'

const session: Session = {
  setupNeeded: false,
  person: { id: 'p1', name: 'Salem', role: 'clerk' },
  autoLockMinutes: 10,
  reprintWindowMinutes: 15,
  language: null,
}
const customer: CustomerLookup = { phone: '0912345678', firstName: 'محمد', status: 'active' }
const atDeposit = (deposit: Partial<ClerkScreen['deposit']>): ClerkScreen => ({
  session,
  screen: 'deposit',
  sell: { step: 'choose', selected: null },
  deposit: { step: 'phone', customer: null, amountText: '', amountDirhams: null, ...deposit },
})

/** What the clerk's screen tells the customer display, step by step: by reference, never text to show. */
describe('the clerk’s screen as the customer display follows it', () => {
  it('a deposit: Welcome at the phone, the lookup’s phone at the name, the typed amount, the review', () => {
    expect(customerStepOf(atDeposit({ step: 'phone' }))).toEqual({ show: 'idle' })
    expect(customerStepOf(atDeposit({ step: 'name', customer }))).toEqual({
      show: 'deposit-name',
      phone: '0912345678',
    })
    expect(customerStepOf(atDeposit({ step: 'amount', customer, amountText: '12,5' }))).toEqual({
      show: 'deposit-amount',
      phone: '0912345678',
      amountDirhams: 12_500,
    })
    // Not an amount yet (or one refused as ambiguous): the customer is told one is coming.
    for (const amountText of ['', '1,000', 'abc']) {
      expect(customerStepOf(atDeposit({ step: 'amount', customer, amountText }))).toMatchObject({
        amountDirhams: null,
      })
    }
    expect(customerStepOf(atDeposit({ step: 'review', customer, amountDirhams: 12_500 }))).toEqual({
      show: 'deposit-review',
      phone: '0912345678',
      amountDirhams: 12_500,
    })
  })

  it('a question that is the clerk’s (an open deposit, a wallet that cannot take money, a name refused) is "Please wait"', () => {
    for (const step of ['open', 'stop', 'elsewhere'] as const) {
      expect(customerStepOf(atDeposit({ step, customer }))).toEqual({ show: 'wait' })
    }
  })

  it('leaves the waiting and the outcome to main, and tells nothing once nobody is signed in', () => {
    expect(customerStepOf(atDeposit({ step: 'sending', customer }))).toBeNull()
    expect(customerStepOf(atDeposit({ step: 'result', customer }))).toBeNull()
    expect(
      customerStepOf({ ...atDeposit({ step: 'name', customer }), session: { ...session, person: null } }),
    ).toBeNull()
    // Before a manager exists, every screen works: so does the display.
    expect(
      customerStepOf({
        ...atDeposit({ step: 'name', customer }),
        session: { ...session, setupNeeded: true, person: null },
      }),
    ).toEqual({ show: 'deposit-name', phone: '0912345678' })
  })

  it('a voucher: the value the clerk is about to confirm, by its id; Welcome elsewhere', () => {
    const denomination = { id: 4, name: '30 LYD', valueDirhams: 30_000 }
    const sell = (step: ClerkScreen['sell']['step']) => ({
      ...atDeposit({}),
      screen: 'sell' as const,
      sell: { step, selected: step === 'choose' ? null : denomination },
    })
    expect(customerStepOf(sell('choose'))).toEqual({ show: 'idle' })
    expect(customerStepOf(sell('confirm'))).toEqual({
      show: 'voucher',
      denominationId: 4,
      valueDirhams: 30_000,
    })
    expect(customerStepOf(sell('sending'))).toBeNull()
    expect(customerStepOf(sell('result'))).toBeNull()
    for (const screen of ['journal', 'settings', 'manager'] as const) {
      expect(customerStepOf({ ...atDeposit({ step: 'name', customer }), screen })).toEqual({ show: 'idle' })
    }
  })
})

describe('following the clerk’s screen', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  function setUp(state: Partial<CustomerDisplayState> = {}, schedule?: (work: () => void) => () => void) {
    const screenStore = createStore<ClerkScreen>(() => atDeposit({ step: 'phone' }))
    const shown: unknown[] = []
    const display: CustomerDisplayState = {
      open: true,
      customerConfirms: false,
      confirmedByCustomer: null,
      ...state,
    }
    const api: Pick<DeskApi, 'showCustomer' | 'getCustomerDisplay'> = {
      showCustomer: vi.fn(async (step) => {
        shown.push(step)
        return display
      }),
      getCustomerDisplay: vi.fn(async () => display),
    }
    const confirmed: string[] = []
    const stop = followCustomerDisplay({
      api,
      clerkScreen: () => screenStore.getState(),
      stores: [screenStore],
      customerConfirmed: (phone) => confirmed.push(phone),
      schedule,
    })
    return { screenStore, shown, display, api, confirmed, stop }
  }

  /** A scheduler run by hand, as the clerk's next frame would run it. */
  function byHand() {
    const waiting: (() => void)[] = []
    return {
      schedule: (work: () => void) => {
        waiting.push(work)
        return () => {
          const at = waiting.indexOf(work)
          if (at >= 0) waiting.splice(at, 1)
        }
      },
      frame: () => {
        for (const work of waiting.splice(0)) work()
      },
      waiting,
    }
  }

  it('tells the changes of one frame after it, once, as they then stand', async () => {
    const frame = byHand()
    const { screenStore, shown } = setUp({}, frame.schedule)
    frame.frame()
    expect(shown).toEqual([{ show: 'idle' }])
    // The amount typed, digit by digit, within one frame: told once, as it stands when told.
    screenStore.setState(atDeposit({ step: 'amount', customer, amountText: '2' }))
    screenStore.setState(atDeposit({ step: 'amount', customer, amountText: '25' }))
    expect(shown).toHaveLength(1)
    frame.frame()
    expect(shown.at(-1)).toEqual({ show: 'deposit-amount', phone: '0912345678', amountDirhams: 25_000 })
    expect(shown).toHaveLength(2)
  })

  it('tells the step again when the clerk is back at the one told last within a frame (main may have moved on)', async () => {
    const frame = byHand()
    const { screenStore, shown } = setUp({}, frame.schedule)
    screenStore.setState(atDeposit({ step: 'name', customer }))
    frame.frame()
    expect(shown.at(-1)).toEqual({ show: 'deposit-name', phone: '0912345678' })
    // The customer's own Yes moved the clerk (and main's display) to the amount; Esc back to the name, all
    // before the next frame: the display must ask the name again, not stay at the amount.
    screenStore.setState(atDeposit({ step: 'amount', customer }))
    screenStore.setState(atDeposit({ step: 'name', customer }))
    const told = shown.length
    frame.frame()
    expect(shown.slice(told)).toEqual([{ show: 'deposit-name', phone: '0912345678' }])
  })

  it('tells a step again after a sale that main showed itself, even when both came within one frame', async () => {
    const frame = byHand()
    const { screenStore, shown } = setUp({}, frame.schedule)
    frame.frame()
    expect(shown).toEqual([{ show: 'idle' }])
    // Main showed the deposit's outcome itself, and the clerk was back at the phone before the next frame:
    // the customer display still shows the outcome, so "idle" is told again.
    screenStore.setState(atDeposit({ step: 'result', customer }))
    screenStore.setState(atDeposit({ step: 'phone' }))
    frame.frame()
    expect(shown).toEqual([{ show: 'idle' }, { show: 'idle' }])
  })

  it('tells nothing once stopped, even a change waiting for its frame', async () => {
    const frame = byHand()
    const { screenStore, shown, stop } = setUp({}, frame.schedule)
    frame.frame()
    screenStore.setState(atDeposit({ step: 'amount', customer, amountText: '25' }))
    expect(frame.waiting).toHaveLength(1)
    stop()
    expect(frame.waiting).toHaveLength(0)
    expect(shown).toEqual([{ show: 'idle' }])
  })

  it('tells main once per change of step, and again after main showed a sale itself', async () => {
    const { screenStore, shown } = setUp()
    screenStore.setState(atDeposit({ step: 'phone', amountText: 'x' }))
    screenStore.setState(atDeposit({ step: 'name', customer }))
    screenStore.setState(atDeposit({ step: 'name', customer }))
    screenStore.setState(atDeposit({ step: 'result', customer }))
    screenStore.setState(atDeposit({ step: 'phone' }))
    expect(shown).toEqual([{ show: 'idle' }, { show: 'deposit-name', phone: '0912345678' }, { show: 'idle' }])
  })

  it('asks whether the customer pressed "Yes, this is me" only while the name is asked with the button on', async () => {
    vi.useFakeTimers()
    const off = setUp({ customerConfirms: false })
    off.screenStore.setState(atDeposit({ step: 'name', customer }))
    await vi.advanceTimersByTimeAsync(CUSTOMER_ANSWER_POLL_MS * 5)
    expect(off.api.getCustomerDisplay).not.toHaveBeenCalled()
    off.stop()

    const on = setUp({ customerConfirms: true })
    on.screenStore.setState(atDeposit({ step: 'name', customer }))
    await vi.advanceTimersByTimeAsync(CUSTOMER_ANSWER_POLL_MS * 3)
    expect(on.api.getCustomerDisplay).toHaveBeenCalledTimes(3)
    expect(on.confirmed).toEqual([])
    on.display.confirmedByCustomer = '0912345678'
    await vi.advanceTimersByTimeAsync(CUSTOMER_ANSWER_POLL_MS)
    expect(on.confirmed).toEqual(['0912345678'])
    // Answered: no more asking.
    await vi.advanceTimersByTimeAsync(CUSTOMER_ANSWER_POLL_MS * 5)
    expect(on.api.getCustomerDisplay).toHaveBeenCalledTimes(4)
    on.stop()
  })

  it('stops asking when the clerk moves on', async () => {
    vi.useFakeTimers()
    const t = setUp({ customerConfirms: true })
    t.screenStore.setState(atDeposit({ step: 'name', customer }))
    await vi.advanceTimersByTimeAsync(CUSTOMER_ANSWER_POLL_MS)
    t.screenStore.setState(atDeposit({ step: 'amount', customer }))
    const asked = vi.mocked(t.api.getCustomerDisplay).mock.calls.length
    await vi.advanceTimersByTimeAsync(CUSTOMER_ANSWER_POLL_MS * 5)
    expect(t.api.getCustomerDisplay).toHaveBeenCalledTimes(asked)
    t.stop()
  })
})

describe('the deposit screen and the customer’s own answer', () => {
  const api = {
    lookupCustomer: vi.fn(async () => customer),
    deposit: vi.fn(),
    retryDeposit: vi.fn(),
    getDailyLimit: vi.fn(async () => {
      throw { code: 'INTERNAL', message: 'no' }
    }),
  } as unknown as Pick<DeskApi, 'lookupCustomer' | 'deposit' | 'retryDeposit' | 'getDailyLimit'>

  it('moves on from the name question for that phone only, and says the customer confirmed; going back asks again', async () => {
    const store = createDepositStore({ api, newRequestId: () => 'r1', rules: () => depositRulesOf(null) })
    store.getState().customerConfirmed('0912345678')
    expect(store.getState().step).toBe('phone')
    store.getState().setPhone('0912345678')
    await store.getState().lookUp()
    expect(store.getState().step).toBe('name')
    store.getState().customerConfirmed('0931234567')
    expect(store.getState().step).toBe('name')
    store.getState().customerConfirmed('0912345678')
    expect(store.getState()).toMatchObject({ step: 'amount', nameConfirmedBy: 'customer' })
    store.getState().back()
    expect(store.getState()).toMatchObject({ step: 'name', nameConfirmedBy: null })
    store.getState().answerName(true)
    expect(store.getState()).toMatchObject({ step: 'amount', nameConfirmedBy: 'clerk' })
    // Once past the question, a late press changes nothing.
    store.getState().customerConfirmed('0912345678')
    expect(store.getState().nameConfirmedBy).toBe('clerk')
  })
})
