import { describe, expect, it, vi } from 'vitest'
import { screenForKey } from '../../../src/renderer/src/app/navigation'
import { createDepositStore } from '../../../src/renderer/src/features/deposit/store'
import { createJournalStore, todayFilters, toQuery } from '../../../src/renderer/src/features/journal/store'
import { createNoticesStore } from '../../../src/renderer/src/features/notices/store'
import { watchForAutoPrint } from '../../../src/renderer/src/features/printing/auto-print'
import { createSellStore, saleOutcome } from '../../../src/renderer/src/features/sell/store'
import { createSettingsStore } from '../../../src/renderer/src/features/settings/store'
import { clockWarning } from '../../../src/renderer/src/features/status/store'
import { canRetry, limitFigures } from '../../../src/renderer/src/ui/entry'
import type { DeskApi } from '../../../src/shared/contract'
import type { CustomerLookup } from '../../../src/shared/deposit'
import { depositRulesOf } from '../../../src/shared/deposit-rules'
import type { AppErrorData } from '../../../src/shared/errors'
import { SETTING_DEFAULTS, type Settings } from '../../../src/shared/settings'
import type { JournalEntry } from '../../../src/shared/types'

function entry(over: Partial<JournalEntry>): JournalEntry {
  return {
    id: 'e1',
    kind: 'deposit',
    status: 'confirmed',
    createdAt: '2026-11-26T10:00:00.000Z',
    updatedAt: '2026-11-26T10:00:00.000Z',
    day: 20261126,
    amountDirhams: 25_500,
    needsAttention: false,
    attempts: 1,
    mode: 'training',
    ...over,
  }
}

const refusal = (code: AppErrorData['code'], details?: Record<string, unknown>): AppErrorData => ({
  code,
  message: code,
  ...(details ? { details } : {}),
})

/** A deferred promise, to hold a call in flight while the test clicks again. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (reason: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

let ids = 0
const newRequestId = () => `req-${++ids}`

function limit(estimatedRemainingDirhams: number) {
  return {
    day: 20261126,
    localUsedDirhams: 0,
    voucherCount: 0,
    depositCount: 0,
    unknownDirhams: 0,
    reported: null,
    agreedDirhams: estimatedRemainingDirhams,
    basis: 'agreed' as const,
    estimatedRemainingDirhams,
    figures: {
      limitDirhams: estimatedRemainingDirhams,
      usedDirhams: 0,
      openDirhams: 0,
      leftDirhams: estimatedRemainingDirhams,
    },
  }
}

describe('selling a voucher', () => {
  const denomination = { id: 7, name: '30 LYD', valueDirhams: 30_000 }

  function setup() {
    const api = {
      listDenominations: vi.fn<DeskApi['listDenominations']>(async () => ({
        items: [denomination],
        fetchedAt: null,
        stale: true,
        mode: 'training',
        digest: 'd-1',
      })),
      generateVoucher: vi.fn<DeskApi['generateVoucher']>(),
      getDailyLimit: vi.fn(async () => limit(20_000)),
    }
    const onSent = vi.fn()
    return { api, onSent, store: createSellStore({ api, newRequestId, onSent }) }
  }

  it('sends one request however often Confirm is pressed while it is in flight', async () => {
    const { api, store } = setup()
    const answer = deferred<JournalEntry>()
    api.generateVoucher.mockReturnValue(answer.promise)
    store.getState().choose(denomination)
    const first = store.getState().confirm()
    void store.getState().confirm()
    void store.getState().confirm()
    expect(store.getState().step).toBe('sending')
    answer.resolve(
      entry({
        kind: 'voucher',
        status: 'issued',
        voucher: { code: '1', serialNumber: '2', activationDate: '', expiryDate: '' },
      }),
    )
    await first
    expect(api.generateVoucher).toHaveBeenCalledTimes(1)
    expect(store.getState().step).toBe('result')
  })

  it('resends with the same request id after a refusal, so main can answer with the entry it already has', async () => {
    const { api, store } = setup()
    api.generateVoucher.mockRejectedValueOnce(refusal('NOT_SENT'))
    store.getState().choose(denomination)
    await store.getState().confirm()
    expect(store.getState().step).toBe('confirm')
    expect(store.getState().error?.code).toBe('NOT_SENT')
    api.generateVoucher.mockResolvedValueOnce(entry({ kind: 'voucher', status: 'unknown' }))
    await store.getState().confirm()
    const [a, b] = api.generateVoucher.mock.calls
    expect(a?.[0]).toEqual({ denominationId: 7, valueDirhams: 30_000, requestId: b?.[0].requestId })
    expect(saleOutcome(store.getState().result as JournalEntry)).toBe('unknown')
  })

  it('takes a new request id for the next sale', async () => {
    const { api, store } = setup()
    api.generateVoucher.mockResolvedValue(entry({ kind: 'voucher', status: 'failed' }))
    store.getState().choose(denomination)
    await store.getState().confirm()
    store.getState().newSale()
    store.getState().choose(denomination)
    await store.getState().confirm()
    const [a, b] = api.generateVoucher.mock.calls
    expect(a?.[0].requestId).not.toBe(b?.[0].requestId)
  })

  it('asks main for the list again once the new sale is drawn, saying it is loading from the key on', async () => {
    const { api } = setup()
    const drawn: Array<() => void> = []
    const store = createSellStore({ api, newRequestId, later: (work) => drawn.push(work) })
    await store.getState().loadDenominations()
    api.generateVoucher.mockResolvedValue(entry({ kind: 'voucher', status: 'failed' }))
    store.getState().choose(denomination)
    await store.getState().confirm()
    drawn.length = 0
    api.listDenominations.mockClear()

    const seen: boolean[] = []
    const stop = store.subscribe((now) => {
      if (now.step === 'choose') seen.push(now.loadingDenominations)
    })
    store.getState().newSale()
    stop()
    // The new sale, with the list it had, in the key's own frame (never without "loading"); the call waits for
    // that frame.
    expect(seen).toEqual([true])
    expect(store.getState().step).toBe('choose')
    expect(store.getState().denominations?.items).toEqual([denomination])
    expect(store.getState().loadingDenominations).toBe(true)
    expect(api.listDenominations).not.toHaveBeenCalled()
    for (const work of drawn.splice(0)) work()
    expect(api.listDenominations).toHaveBeenCalledTimes(1)
    await vi.waitFor(() => expect(store.getState().loadingDenominations).toBe(false))
  })

  it('offers a fresh sale when the clerk comes back: the last sale is kept by time and value, never its code', async () => {
    const { api, store, onSent } = setup()
    const issued = entry({
      id: 'v1',
      kind: 'voucher',
      status: 'issued',
      amountDirhams: 30_000,
      voucher: { code: '001110016812345', serialNumber: '98712345678', activationDate: '', expiryDate: '' },
    })
    api.generateVoucher.mockResolvedValue(issued)
    store.getState().choose(denomination)
    await store.getState().confirm()
    expect(onSent).toHaveBeenCalledWith(issued)
    store.getState().leave()
    expect(store.getState()).toMatchObject({ step: 'choose', result: null, selected: null })
    expect(store.getState().last).toEqual({
      id: 'v1',
      kind: 'voucher',
      status: 'issued',
      amountDirhams: 30_000,
      createdAt: issued.createdAt,
    })
    expect(JSON.stringify(store.getState())).not.toContain('001110016812345')
  })

  it('drops a sale not yet confirmed when the clerk leaves, and keeps one still on its way', async () => {
    const { api, store } = setup()
    store.getState().choose(denomination)
    store.getState().leave()
    expect(store.getState()).toMatchObject({ step: 'choose', selected: null, requestId: null })
    const answer = deferred<JournalEntry>()
    api.generateVoucher.mockReturnValue(answer.promise)
    store.getState().choose(denomination)
    const sent = store.getState().confirm()
    store.getState().leave()
    expect(store.getState().step).toBe('sending')
    answer.resolve(entry({ kind: 'voucher', status: 'unknown' }))
    await sent
    // Its outcome was never seen: it waits on the screen for the clerk.
    expect(store.getState().step).toBe('result')
  })

  it('asks what the daily limit probably allows when a value is chosen', async () => {
    const { api, store } = setup()
    store.getState().choose(denomination)
    await vi.waitFor(() => expect(store.getState().limit?.estimatedRemainingDirhams).toBe(20_000))
    expect(api.getDailyLimit).toHaveBeenCalledTimes(1)
  })

  it('sends the value the clerk confirmed with its id', async () => {
    const { api, store } = setup()
    api.generateVoucher.mockResolvedValue(entry({ kind: 'voucher', status: 'unknown' }))
    store.getState().choose(denomination)
    await store.getState().confirm()
    expect(api.generateVoucher.mock.calls[0]?.[0]).toMatchObject({ denominationId: 7, valueDirhams: 30_000 })
  })

  it('puts away a list that is no longer the desk’s, drops the choice made from it, and says so', async () => {
    const { api, store } = setup()
    await store.getState().loadDenominations()
    store.getState().choose(denomination)
    const live = { id: 11, name: '15 LYD', valueDirhams: 15_000 }
    api.listDenominations.mockResolvedValue({
      items: [live],
      fetchedAt: null,
      stale: false,
      mode: 'live',
      digest: 'd-live',
    })
    store.getState().catalogIs('live', 'd-live')
    // Nothing is offered while the desk's list is on its way, and the value chosen is no longer up for sale.
    expect(store.getState()).toMatchObject({
      step: 'choose',
      selected: null,
      denominations: null,
      listChanged: true,
    })
    await vi.waitFor(() => expect(store.getState().denominations?.items).toEqual([live]))
    // The same status again asks for nothing more.
    const asked = api.listDenominations.mock.calls.length
    store.getState().catalogIs('live', 'd-live')
    expect(api.listDenominations.mock.calls.length).toBe(asked)
    // The next choice puts the notice away.
    store.getState().choose(live)
    expect(store.getState().listChanged).toBe(false)
  })

  it('goes back to the list as it is now when main says the value confirmed is not the list’s any more', async () => {
    const { api, store } = setup()
    await store.getState().loadDenominations()
    api.generateVoucher.mockRejectedValueOnce(refusal('DENOMINATION_CHANGED', { denominationId: 7 }))
    store.getState().choose(denomination)
    await store.getState().confirm()
    expect(store.getState()).toMatchObject({ step: 'choose', selected: null, listChanged: true })
    await vi.waitFor(() => expect(api.listDenominations).toHaveBeenCalledTimes(3))
  })

  it('asks before selling a value whose voucher today has no known outcome, and sells only on that answer', async () => {
    const { api, store } = setup()
    api.generateVoucher.mockRejectedValueOnce(
      refusal('OPEN_VOUCHER_NEEDS_CONFIRMATION', {
        entryId: 'u1',
        at: '2026-11-26T09:00:00.000Z',
        clerk: 'Huda',
        valueDirhams: 30_000,
      }),
    )
    store.getState().choose(denomination)
    await store.getState().confirm()
    expect(store.getState()).toMatchObject({
      step: 'confirm',
      openVoucher: { entryId: 'u1', clerk: 'Huda', valueDirhams: 30_000 },
    })
    // The Confirm sale press (an Enter again) is not the answer.
    await store.getState().confirm()
    expect(api.generateVoucher).toHaveBeenCalledTimes(1)
    api.generateVoucher.mockResolvedValueOnce(entry({ kind: 'voucher', status: 'unknown' }))
    await store.getState().confirm(true)
    const [first, second] = api.generateVoucher.mock.calls.map((c) => c[0])
    expect(second).toMatchObject({ confirmOpenVoucher: true, requestId: first?.requestId })
  })

  it('keeps the stale marker of the denomination list', async () => {
    const { store } = setup()
    await store.getState().loadDenominations()
    expect(store.getState().denominations?.stale).toBe(true)
  })

  it('treats an issued entry without a voucher as unknown, never as a sale to hand over', () => {
    expect(saleOutcome(entry({ kind: 'voucher', status: 'issued' }))).toBe('unknown')
    expect(saleOutcome(entry({ kind: 'voucher', status: 'pending' }))).toBe('unknown')
  })
})

describe('a deposit', () => {
  const active: CustomerLookup = { phone: '0912345678', firstName: 'Salem', status: 'active' }

  function setup(threshold = 1_000_000) {
    const api = {
      lookupCustomer: vi.fn<DeskApi['lookupCustomer']>(async () => active),
      deposit: vi.fn<DeskApi['deposit']>(async () => entry({ status: 'confirmed' })),
      retryDeposit: vi.fn<DeskApi['retryDeposit']>(async () => entry({ status: 'confirmed' })),
      getDailyLimit: vi.fn(async () => limit(400_000)),
    }
    const onSent = vi.fn()
    const rules = { doubleEntryAboveDirhams: threshold, depositMaxDirhams: 5_000_000 }
    const store = createDepositStore({ api, newRequestId, onSent, rules: () => rules })
    return { api, store, onSent, rules }
  }

  async function toReview(store: ReturnType<typeof setup>['store'], amount = '25.5') {
    store.getState().setPhone('٠٩١ ٢٣٤ ٥٦٧٨')
    await store.getState().lookUp()
    store.getState().answerName(true)
    store.getState().setAmount(amount)
    await store.getState().toReview()
  }

  it('looks up the phone typed in Arabic-Indic digits in national form', async () => {
    const { api, store } = setup()
    store.getState().setPhone('٠٩١ ٢٣٤ ٥٦٧٨')
    await store.getState().lookUp()
    expect(api.lookupCustomer).toHaveBeenCalledWith({ phone: '0912345678' })
    expect(store.getState().step).toBe('name')
  })

  it('does not call the service for a number that is not a Libyan mobile', async () => {
    const { api, store } = setup()
    store.getState().setPhone('0812345678')
    await store.getState().lookUp()
    expect(api.lookupCustomer).not.toHaveBeenCalled()
    expect(store.getState().phoneInvalid).toBe(true)
  })

  it('stops for an unknown phone, an inactive wallet, or a name the customer does not confirm', async () => {
    const notFound = setup()
    notFound.api.lookupCustomer.mockRejectedValue(refusal('USER_NOT_FOUND'))
    notFound.store.getState().setPhone('0912345678')
    await notFound.store.getState().lookUp()
    expect(notFound.store.getState()).toMatchObject({ step: 'stop', stop: 'notFound' })

    const inactive = setup()
    inactive.api.lookupCustomer.mockResolvedValue({ ...active, status: 'inactive' })
    inactive.store.getState().setPhone('0912345678')
    await inactive.store.getState().lookUp()
    expect(inactive.store.getState()).toMatchObject({ step: 'stop', stop: 'inactive' })

    const rejected = setup()
    rejected.store.getState().setPhone('0912345678')
    await rejected.store.getState().lookUp()
    rejected.store.getState().answerName(false)
    expect(rejected.store.getState()).toMatchObject({ step: 'stop', stop: 'nameRejected' })
    expect(rejected.api.deposit).not.toHaveBeenCalled()
  })

  it('reads the amount typed with an Arabic decimal mark into dirhams and shows the estimate in review', async () => {
    const { store } = setup()
    await toReview(store, '٢٥٫٥')
    expect(store.getState()).toMatchObject({ step: 'review', amountDirhams: 25_500 })
    expect(store.getState().limit?.estimatedRemainingDirhams).toBe(400_000)
  })

  it('asks for an amount above main’s default twice until the settings have answered (the rules are the settings’)', async () => {
    const api = {
      lookupCustomer: vi.fn<DeskApi['lookupCustomer']>(async () => active),
      deposit: vi.fn<DeskApi['deposit']>(async () => entry({ status: 'confirmed' })),
      retryDeposit: vi.fn<DeskApi['retryDeposit']>(async () => entry({ status: 'confirmed' })),
      getDailyLimit: vi.fn(async () => limit(400_000)),
    }
    let settings: { doubleEntryAboveDirhams: number } | null = null
    const store = createDepositStore({ api, newRequestId, rules: () => depositRulesOf(settings) })
    // 700 LYD, before getSettings has answered: main's default is 500 LYD, so it is typed twice.
    await toReview(store, '700')
    expect(store.getState()).toMatchObject({ step: 'amount', amountProblem: 'again' })
    // The manager's own figure once the settings are in: no store of the deposit screen keeps a copy.
    settings = { doubleEntryAboveDirhams: 800_000 }
    store.getState().setAmount('700')
    await store.getState().toReview()
    expect(store.getState()).toMatchObject({ step: 'review', amountDirhams: 700_000 })
  })

  it('refuses amounts with more than three decimals or under the minimum', async () => {
    const { store } = setup()
    await toReview(store, '1.2345')
    expect(store.getState()).toMatchObject({ step: 'amount', amountProblem: 'precision' })
    store.getState().setAmount('0.001')
    await store.getState().toReview()
    expect(store.getState().amountProblem).toBe('minimum')
  })

  it('asks for large amounts twice and refuses two different amounts', async () => {
    const { store } = setup(500_000)
    await toReview(store, '700')
    expect(store.getState()).toMatchObject({ step: 'amount', amountProblem: 'again' })
    store.getState().setAmountAgain('70')
    await store.getState().toReview()
    // Both typed again from nothing: editing the second to match the first could keep the wrong one.
    expect(store.getState()).toMatchObject({ amountProblem: 'mismatch', amountText: '', amountAgainText: '' })
    await store.getState().toReview()
    expect(store.getState()).toMatchObject({ step: 'amount', amountProblem: 'empty' })
    // Typed again with a comma before three digits: said as that, not as "the two amounts differ".
    store.getState().setAmount('1000')
    store.getState().setAmountAgain('1,000')
    await store.getState().toReview()
    expect(store.getState()).toMatchObject({ step: 'amount', amountProblem: 'againAmbiguous' })
    store.getState().setAmount('700')
    store.getState().setAmountAgain('٧٠٠')
    await store.getState().toReview()
    expect(store.getState()).toMatchObject({ step: 'review', amountDirhams: 700_000 })
  })

  it('sends the confirmed name and one request, however often Confirm is pressed', async () => {
    const { api, store } = setup()
    await toReview(store)
    await Promise.all([store.getState().confirm(), store.getState().confirm(), store.getState().confirm()])
    expect(api.deposit).toHaveBeenCalledTimes(1)
    expect(api.deposit.mock.calls[0]?.[0]).toMatchObject({
      phone: '0912345678',
      amountDirhams: 25_500,
      confirmedFirstName: 'Salem',
    })
    expect(store.getState().step).toBe('result')
  })

  it('asks before a repeat and resends with confirmRepeat and the same request id', async () => {
    const { api, store } = setup()
    api.deposit.mockRejectedValueOnce(refusal('REPEAT_NEEDS_CONFIRMATION'))
    await toReview(store)
    await store.getState().confirm()
    expect(store.getState()).toMatchObject({ step: 'review', repeatQuestion: true })
    // The review's own Confirm (its Enter, pressed again) does not answer the question.
    await store.getState().confirm()
    expect(api.deposit).toHaveBeenCalledTimes(1)
    await store.getState().confirm(true)
    const [first, second] = api.deposit.mock.calls.map((c) => c[0])
    expect(first?.confirmRepeat).toBeUndefined()
    expect(second).toMatchObject({ confirmRepeat: true, requestId: first?.requestId })
  })

  it('names the open entry when main refuses because an earlier deposit is unresolved', async () => {
    const { api, store } = setup()
    api.deposit.mockRejectedValueOnce(refusal('UNRESOLVED_DEPOSIT', { entryId: 'open-1' }))
    await toReview(store)
    await store.getState().confirm()
    const { error } = store.getState()
    expect(error?.code).toBe('UNRESOLVED_DEPOSIT')
    expect(error?.details?.entryId).toBe('open-1')
  })

  it('retries an unknown deposit by its entry, never as a new deposit', async () => {
    const { api, store } = setup()
    api.deposit.mockResolvedValueOnce(entry({ id: 'u1', status: 'unknown', needsAttention: true }))
    api.retryDeposit.mockResolvedValueOnce(entry({ id: 'u1', status: 'confirmed' }))
    await toReview(store)
    await store.getState().confirm()
    await Promise.all([store.getState().retrySafely(), store.getState().retrySafely()])
    expect(api.retryDeposit).toHaveBeenCalledTimes(1)
    expect(api.retryDeposit).toHaveBeenCalledWith({ entryId: 'u1' })
    expect(api.deposit).toHaveBeenCalledTimes(1)
    expect(store.getState().result?.status).toBe('confirmed')
  })

  it('refuses an amount above the per-deposit maximum (a phone number typed as an amount)', async () => {
    const { api, store, rules } = setup()
    await toReview(store, '941234567')
    expect(store.getState()).toMatchObject({ step: 'amount', amountProblem: 'maximum' })
    rules.depositMaxDirhams = 10_000
    store.getState().setAmount('10.001')
    await store.getState().toReview()
    expect(store.getState().amountProblem).toBe('maximum')
    store.getState().setAmount('10')
    await store.getState().toReview()
    expect(store.getState().step).toBe('review')
    expect(api.deposit).not.toHaveBeenCalled()
  })

  it('goes back one step on Esc, and never answers the name question with it', async () => {
    const { store } = setup()
    store.getState().setPhone('0912345678')
    await store.getState().lookUp()
    store.getState().answerName(true)
    expect(store.getState().step).toBe('amount')
    store.getState().back()
    expect(store.getState().step).toBe('name')
    store.getState().back()
    expect(store.getState()).toMatchObject({ step: 'phone', phoneText: '0912345678', stop: null })
  })

  it('settles an open deposit to the phone right after the lookup, before the name', async () => {
    const { api, store, onSent } = setup()
    const open = entry({ id: 'open-1', status: 'unknown', amountDirhams: 4000 })
    api.lookupCustomer.mockResolvedValue({ ...active, openDeposit: open })
    api.retryDeposit.mockResolvedValueOnce({ ...open, attempts: 2, updatedAt: '2026-11-26T10:05:00.000Z' })
    store.getState().setPhone('0912345678')
    await store.getState().lookUp()
    expect(store.getState()).toMatchObject({ step: 'open', open: { id: 'open-1' } })
    store.getState().continueAfterOpen()
    expect(store.getState().step).toBe('open')
    await store.getState().retrySafely()
    expect(store.getState().retry).toEqual({ retrying: false, tried: true, error: null })
    expect(store.getState().open?.attempts).toBe(2)
    api.retryDeposit.mockResolvedValueOnce({ ...open, status: 'confirmed' })
    await store.getState().retrySafely()
    expect(onSent).toHaveBeenCalledTimes(2)
    store.getState().continueAfterOpen()
    expect(store.getState().step).toBe('name')
    expect(api.retryDeposit).toHaveBeenCalledWith({ entryId: 'open-1' })
  })

  it('stops right after the lookup while another counter has an open deposit to the phone, until it is settled there', async () => {
    const { api, store } = setup()
    const elsewhere = {
      terminal: 'Souq counter 2',
      entryId: 'remote-1',
      amountDirhams: 25_000,
      createdAt: '2026-11-26T10:00:00.000Z',
      asOf: '2026-11-26T10:01:00.000Z',
    }
    api.lookupCustomer.mockResolvedValue({ ...active, openDepositElsewhere: elsewhere })
    store.getState().setPhone('0912345678')
    await store.getState().lookUp()
    expect(store.getState().step).toBe('elsewhere')
    // Neither the name nor an amount can be given from here.
    store.getState().answerName(true)
    store.getState().setAmount('25')
    expect(store.getState()).toMatchObject({ step: 'elsewhere', amountText: '' })
    // Looked up again while still open there: stopped again; once settled there, on to the name.
    await store.getState().lookUpAgain()
    expect(store.getState().step).toBe('elsewhere')
    api.lookupCustomer.mockResolvedValue(active)
    await store.getState().lookUpAgain()
    expect(store.getState().step).toBe('name')
    expect(api.lookupCustomer).toHaveBeenCalledTimes(3)
    // Esc goes back to the phone, keeping it.
    api.lookupCustomer.mockResolvedValue({ ...active, openDepositElsewhere: elsewhere })
    store.getState().back()
    await store.getState().lookUp()
    store.getState().back()
    expect(store.getState()).toMatchObject({ step: 'phone', phoneText: '0912345678' })
  })

  it('after an open deposit here is settled, still stops for one open at another counter', async () => {
    const { api, store } = setup()
    const open = entry({ id: 'open-1', status: 'confirmed', amountDirhams: 4000 })
    api.lookupCustomer.mockResolvedValue({
      ...active,
      openDeposit: open,
      openDepositElsewhere: {
        terminal: 'Souq counter 2',
        entryId: 'remote-1',
        amountDirhams: 25_000,
        createdAt: '2026-11-26T10:00:00.000Z',
        asOf: '2026-11-26T10:01:00.000Z',
      },
    })
    store.getState().setPhone('0912345678')
    await store.getState().lookUp()
    expect(store.getState().step).toBe('open')
    store.getState().continueAfterOpen()
    expect(store.getState().step).toBe('elsewhere')
  })

  it('changes the amount after a limit refusal without a new lookup', async () => {
    const { api, store } = setup()
    api.deposit.mockResolvedValueOnce(
      entry({ status: 'failed', error: { code: 'DAILY_LIMIT_EXCEEDED', message: '' } }),
    )
    await toReview(store)
    await store.getState().confirm()
    store.getState().changeAmount()
    expect(store.getState()).toMatchObject({ step: 'amount', amountText: '', customer: active })
    expect(api.lookupCustomer).toHaveBeenCalledTimes(1)
  })

  it('abandons a deposit not yet sent when the clerk leaves the screen, and says so until the next step', async () => {
    const { api, store } = setup()
    await toReview(store)
    store.getState().leave()
    expect(store.getState()).toMatchObject({
      step: 'phone',
      phoneText: '',
      customer: null,
      amountDirhams: null,
      leftUnsent: { phone: '0912345678', firstName: 'Salem', amountDirhams: 25_500 },
    })
    expect(api.deposit).not.toHaveBeenCalled()
    // Leaving again before doing anything (or React mounting the screen twice) keeps it.
    store.getState().leave()
    expect(store.getState().leftUnsent).toMatchObject({ firstName: 'Salem' })
    // The next phone typed is the next step: the line goes.
    store.getState().setPhone('09')
    expect(store.getState().leftUnsent).toBeNull()

    // Left before the review (nothing to mistake for a made deposit): nothing is said.
    store.getState().setPhone('0912345678')
    await store.getState().lookUp()
    store.getState().answerName(true)
    store.getState().leave()
    expect(store.getState().leftUnsent).toBeNull()
  })

  it('does not say "not sent" of a review left after Send was pressed (only the journal knows then)', async () => {
    const { api, store } = setup()
    api.deposit.mockRejectedValueOnce({ code: 'INTERNAL', message: 'The desk answered HTTP 502.' })
    await toReview(store)
    await store.getState().confirm()
    expect(store.getState()).toMatchObject({ step: 'review', error: { code: 'INTERNAL' } })
    store.getState().leave()
    expect(store.getState()).toMatchObject({ step: 'phone', leftUnsent: null })
  })

  it('shows what a deposit left unknown became in the background: its result, then its Last line', async () => {
    const { api, store } = setup()
    api.deposit.mockResolvedValueOnce(entry({ id: 'd1', status: 'unknown' }))
    await toReview(store)
    await store.getState().confirm()
    expect(store.getState().result?.status).toBe('unknown')
    store.getState().entryChanged(entry({ id: 'other', status: 'confirmed' }))
    expect(store.getState().result?.status).toBe('unknown')
    store.getState().entryChanged(entry({ id: 'd1', status: 'confirmed' }))
    expect(store.getState()).toMatchObject({ step: 'result', result: { id: 'd1', status: 'confirmed' } })

    api.deposit.mockResolvedValueOnce(entry({ id: 'd2', status: 'unknown' }))
    store.getState().reset()
    await toReview(store)
    await store.getState().confirm()
    store.getState().reset()
    expect(store.getState().last).toMatchObject({ id: 'd2', status: 'unknown' })
    store.getState().entryChanged(entry({ id: 'd2', status: 'failed' }))
    expect(store.getState().last).toMatchObject({ id: 'd2', status: 'failed' })
  })

  it('never says "not sent" of a customer whose deposit was sent once, even after Esc and a second review', async () => {
    const { api, store } = setup()
    // Main journaled and maybe sent it; its answer was lost on the way back.
    api.deposit.mockRejectedValueOnce({ code: 'INTERNAL', message: 'The desk answered HTTP 502.' })
    await toReview(store)
    await store.getState().confirm()
    store.getState().back()
    store.getState().setAmount('25.5')
    await store.getState().toReview()
    expect(store.getState().step).toBe('review')
    store.getState().leave()
    expect(store.getState().leftUnsent).toBeNull()
  })

  it('does not print by itself a deposit the background confirmed, but does one a safe retry confirmed', async () => {
    const { api, store } = setup()
    const print = vi.fn()
    watchForAutoPrint({
      results: [store],
      settings: () =>
        ({
          autoPrint: true,
          printer: { kind: 'escpos-network', address: 'tcp://p:9100', widthMm: 58 },
        }) as Settings,
      print,
    })
    api.deposit.mockResolvedValueOnce(entry({ id: 'd1', status: 'unknown' }))
    await toReview(store)
    await store.getState().confirm()
    store
      .getState()
      .entryChanged(entry({ id: 'd1', status: 'confirmed', updatedAt: '2026-11-26T10:01:00.000Z' }))
    expect(store.getState().result?.status).toBe('confirmed')
    expect(print).not.toHaveBeenCalled()

    store.getState().reset()
    api.deposit.mockResolvedValueOnce(entry({ id: 'd2', status: 'unknown' }))
    api.retryDeposit.mockResolvedValueOnce(entry({ id: 'd2', status: 'confirmed' }))
    await toReview(store)
    await store.getState().confirm()
    await store.getState().retrySafely()
    expect(print).toHaveBeenCalledWith('d2')
  })

  it('keeps a newer state of the entry shown over an older one come late', async () => {
    const { api, store } = setup()
    api.deposit.mockResolvedValueOnce(
      entry({ id: 'd1', status: 'confirmed', updatedAt: '2026-11-26T10:05:00.000Z' }),
    )
    await toReview(store)
    await store.getState().confirm()
    store
      .getState()
      .entryChanged(entry({ id: 'd1', status: 'unknown', updatedAt: '2026-11-26T10:01:00.000Z' }))
    expect(store.getState().result?.status).toBe('confirmed')
  })

  it('stops when main refuses the wallet as inactive at send time', async () => {
    const { api, store } = setup()
    api.deposit.mockRejectedValueOnce(refusal('USER_INACTIVE'))
    await toReview(store)
    await store.getState().confirm()
    expect(store.getState()).toMatchObject({ step: 'stop', stop: 'inactive' })
  })
})

describe('entries', () => {
  it('offer a retry only for open deposits', () => {
    expect(canRetry(entry({ status: 'unknown' }))).toBe(true)
    expect(canRetry(entry({ status: 'pending' }))).toBe(true)
    expect(canRetry(entry({ status: 'confirmed' }))).toBe(false)
    expect(canRetry(entry({ status: 'failed' }))).toBe(false)
    expect(canRetry(entry({ kind: 'voucher', status: 'unknown' }))).toBe(false)
  })

  it('read the four figures of a daily-limit refusal', () => {
    const e = entry({
      status: 'failed',
      error: {
        code: 'DAILY_LIMIT_EXCEEDED',
        message: 'Daily limit exceeded.',
        details: {
          dailyMaxDirhams: 1_000_000,
          usedTodayDirhams: 900_000,
          remainingDirhams: 100_000,
          requestedDirhams: 150_000,
        },
      },
    })
    expect(limitFigures(e)).toEqual({
      dailyMaxDirhams: 1_000_000,
      usedTodayDirhams: 900_000,
      remainingDirhams: 100_000,
      requestedDirhams: 150_000,
    })
    expect(limitFigures(entry({}))).toBeNull()
  })
})

describe('the journal', () => {
  function setup() {
    const api = {
      listJournal: vi.fn<DeskApi['listJournal']>(async () => ({
        entries: [entry({ id: 'a' })],
        nextCursor: 'c2',
      })),
      getEntry: vi.fn<DeskApi['getEntry']>(async ({ entryId }) => ({
        entry: entry({ id: entryId }),
        events: [],
      })),
      retryDeposit: vi.fn<DeskApi['retryDeposit']>(async ({ entryId }) =>
        entry({ id: entryId, status: 'confirmed' }),
      ),
    }
    return { api, store: createJournalStore({ api, today: () => 20261126 }) }
  }

  it('shows today by default', async () => {
    const { api, store } = setup()
    await store.getState().reload()
    expect(api.listJournal).toHaveBeenCalledWith({ from: 20261126, to: 20261126, limit: 200 })
  })

  /** A store whose today the test moves on (`clock.day`, the 29th to begin with). */
  function setupOnClock(todayOnly?: () => boolean) {
    const { api } = setup()
    const clock = { day: 20261129 }
    return { api, clock, store: createJournalStore({ api, today: () => clock.day, todayOnly }) }
  }

  it("follows the day: a desk left open past midnight shows the new day's list on the next visit", async () => {
    const { api, clock, store } = setupOnClock()
    await store.getState().reload()
    expect(api.listJournal).toHaveBeenLastCalledWith({ from: 20261129, to: 20261129, limit: 200 })
    await store.getState().setFilters({ search: '4567' })
    clock.day = 20261130
    await store.getState().reload()
    // The search typed is kept; only the day moves on.
    expect(api.listJournal).toHaveBeenLastCalledWith({
      from: 20261130,
      to: 20261130,
      search: '4567',
      limit: 200,
    })
    expect(store.getState().filters).toMatchObject({ from: 20261130, to: 20261130 })
  })

  it('keeps a period the manager chose when the day moves on, yesterday alone chosen after midnight too', async () => {
    const { api, clock, store } = setupOnClock()
    await store.getState().setFilters({ from: 20261101 })
    clock.day = 20261130
    await store.getState().reload()
    expect(api.listJournal).toHaveBeenLastCalledWith({ from: 20261101, to: 20261129, limit: 200 })
    // Today's list set again follows the next midnight too.
    await store.getState().showToday()
    clock.day = 20261201
    await store.getState().reload()
    expect(api.listJournal).toHaveBeenLastCalledWith({ from: 20261201, to: 20261201, limit: 200 })
    // The list was taken on the 1st; after midnight the manager chooses the 1st alone.
    clock.day = 20261202
    await store.getState().setFilters({ from: 20261201, to: 20261201 })
    await store.getState().reload()
    expect(api.listJournal).toHaveBeenLastCalledWith({ from: 20261201, to: 20261201, limit: 200 })
  })

  it("follows the day after a sign-in's fresh start too (the store's first state is of the day it was made)", async () => {
    const { api, clock, store } = setupOnClock()
    clock.day = 20261201
    await store.getState().reload()
    store.setState(store.getInitialState(), true)
    await store.getState().reload()
    expect(api.listJournal).toHaveBeenLastCalledWith({ from: 20261201, to: 20261201, limit: 200 })
  })

  it("asks a clerk's journal for today only, whatever days the list showed before", async () => {
    let clerk = false
    const { api, clock, store } = setupOnClock(() => clerk)
    // A manager's period, then a clerk signs in after midnight: main would refuse any other day.
    await store.getState().setFilters({ from: 20261101, to: 20261128 })
    clerk = true
    clock.day = 20261130
    await store.getState().reload()
    expect(api.listJournal).toHaveBeenLastCalledWith({ from: 20261130, to: 20261130, limit: 200 })
    // The journal kept open past the next midnight: the clerk's search asks for the new day.
    clock.day = 20261201
    await store.getState().setFilters({ search: '4567' })
    expect(api.listJournal).toHaveBeenLastCalledWith({
      from: 20261201,
      to: 20261201,
      search: '4567',
      limit: 200,
    })
  })

  it('holds the list for a key in the search until it says whether a search is typed; a new visit holds nothing', () => {
    const { store } = setup()
    store.getState().holdForSearch()
    expect(store.getState().searchAhead).toBe(true)
    // The pause: nothing typed.
    store.getState().typeSearch('')
    expect(store.getState().searchAhead).toBe(false)
    // Left holding (the screen left before the pause): the next visit starts without it.
    store.getState().holdForSearch()
    store.getState().enter()
    expect(store.getState().searchAhead).toBe(false)
  })

  it('shows what needs attention over every day', async () => {
    const { api, store } = setup()
    await store.getState().showNeedsAttention()
    expect(api.listJournal).toHaveBeenLastCalledWith({ needsAttention: true, limit: 200 })
  })

  it('loads the next page with the cursor and appends it', async () => {
    const { api, store } = setup()
    await store.getState().reload()
    api.listJournal.mockResolvedValueOnce({ entries: [entry({ id: 'b' })] })
    await store.getState().loadMore()
    expect(api.listJournal).toHaveBeenLastCalledWith(expect.objectContaining({ cursor: 'c2' }))
    expect(store.getState().entries.map((e) => e.id)).toEqual(['a', 'b'])
    expect(store.getState().nextCursor).toBeNull()
  })

  it('never shows the answer to an older search over a newer one', async () => {
    const { api, store } = setup()
    const slow = deferred<{ entries: JournalEntry[] }>()
    api.listJournal.mockReturnValueOnce(slow.promise)
    const older = store.getState().setFilters({ search: '091' })
    api.listJournal.mockResolvedValueOnce({ entries: [entry({ id: 'new' })] })
    await store.getState().setFilters({ search: '0912' })
    slow.resolve({ entries: [entry({ id: 'old' })] })
    await older
    expect(store.getState().entries.map((e) => e.id)).toEqual(['new'])
  })

  it('drops a next page still on its way when the journal is left: the next visit loads afresh, without it', async () => {
    const { api, store } = setup()
    await store.getState().reload()
    const page2 = deferred<{ entries: JournalEntry[] }>()
    api.listJournal.mockReturnValueOnce(page2.promise)
    const more = store.getState().loadMore()
    store.getState().leave()
    expect(store.getState()).toMatchObject({ entries: [], loading: false })
    // Back on the journal before the page came: the visit asks for its rows (nothing is loading).
    api.listJournal.mockResolvedValueOnce({ entries: [entry({ id: 'fresh' })] })
    await store.getState().reload()
    page2.resolve({ entries: [entry({ id: 'last visit page 2' })] })
    await more
    expect(store.getState().entries.map((e) => e.id)).toEqual(['fresh'])
    expect(store.getState().loading).toBe(false)
  })

  it('says a search is typed ahead of the list until the filters are applied, it is put back, or the journal left', async () => {
    const { store } = setup()
    await store.getState().reload()
    const ahead = () => store.getState().searchAhead
    store.getState().typeSearch('09')
    expect(ahead()).toBe(true)
    await store.getState().setFilters({ search: '09' })
    expect(ahead()).toBe(false)
    // Another filter applied meanwhile: its rows are the ones asked for, drawn as they come.
    store.getState().typeSearch('091')
    await store.getState().setFilters({ kind: 'deposit' })
    expect(ahead()).toBe(false)
    // Typed back to what is applied: nothing to wait for.
    store.getState().typeSearch('091')
    store.getState().typeSearch('09')
    expect(ahead()).toBe(false)
    store.getState().typeSearch('0912')
    await store.getState().showToday()
    expect(ahead()).toBe(false)
    store.getState().typeSearch('0912')
    await store.getState().showNeedsAttention()
    expect(ahead()).toBe(false)
    store.getState().typeSearch('0912')
    store.getState().leave()
    expect(ahead()).toBe(false)
  })

  it('sends only the filters that are set, trimmed', () => {
    expect(toQuery({ ...todayFilters(20261126), from: null, to: null, search: '  0912 ' }, null)).toEqual({
      search: '0912',
      limit: 200,
    })
  })

  it('retries the open entry and updates its row', async () => {
    const { api, store } = setup()
    await store.getState().reload()
    await store.getState().open('a')
    await store.getState().retry()
    expect(api.retryDeposit).toHaveBeenCalledWith({ entryId: 'a' })
    expect(store.getState().entries[0]?.status).toBe('confirmed')
  })
})

describe('notices', () => {
  it('asks only for notices after the last one seen and shows each once', async () => {
    const notice = {
      id: 4,
      at: '2026-11-26T10:00:00Z',
      kind: 'deposit-resolved' as const,
      entryId: 'e1',
      status: 'confirmed' as const,
      mode: 'training' as const,
    }
    const api = {
      listNotices: vi.fn<DeskApi['listNotices']>(async () => ({ notices: [notice] })),
      getEntry: vi.fn<DeskApi['getEntry']>(async () => ({ entry: entry({}), events: [] })),
      dismissNotice: vi.fn<DeskApi['dismissNotice']>(async () => ({ dismissed: true })),
    }
    const resolved: JournalEntry[] = []
    const store = createNoticesStore(api, (e) => resolved.push(e))
    await store.getState().poll()
    await store.getState().poll()
    // The entry as now stored goes on, once, to the screens that may still show it open.
    expect(resolved.map((e) => [e.id, e.status])).toEqual([['e1', 'confirmed']])
    expect(api.listNotices).toHaveBeenNthCalledWith(1, { afterId: 0 })
    expect(api.listNotices).toHaveBeenNthCalledWith(2, { afterId: 4 })
    expect(store.getState().shown).toHaveLength(1)
    store.getState().dismiss(4)
    expect(store.getState().shown).toHaveLength(0)
    expect(api.dismissNotice).toHaveBeenCalledWith({ id: 4 })
  })

  it('puts away what another mode or person was shown, asks again from the start, and drops a poll that was out', async () => {
    const notice = (id: number, mode: 'training' | 'live') => ({
      id,
      at: '2026-11-26T10:00:00Z',
      kind: 'deposit-resolved' as const,
      entryId: `e${id}`,
      status: 'confirmed' as const,
      mode,
    })
    let answer: (value: { notices: ReturnType<typeof notice>[] }) => void = () => {}
    const api = {
      listNotices: vi.fn<DeskApi['listNotices']>(
        () => new Promise((resolve) => (answer = resolve as typeof answer)),
      ),
      getEntry: vi.fn<DeskApi['getEntry']>(async (input) => ({
        entry: entry({ id: input.entryId }),
        events: [],
      })),
      dismissNotice: vi.fn<DeskApi['dismissNotice']>(async () => ({ dismissed: true })),
    }
    const store = createNoticesStore(api)
    store.getState().setScope('training|p-omar')
    answer({ notices: [notice(7, 'training')] })
    await vi.waitFor(() => expect(store.getState().shown).toHaveLength(1))
    expect(store.getState().lastId).toBe(7)

    // Switched to live: the training notice goes, and the live journal is asked from its start (its ids are
    // its own: a live notice 3 must not be skipped as "before 7").
    store.getState().setScope('live|p-omar')
    expect(store.getState().shown).toEqual([])
    expect(api.listNotices).toHaveBeenLastCalledWith({ afterId: 0 })
    // Signed out while that poll is out: what it brings is Omar's in live, and shown to nobody.
    store.getState().setScope('live|')
    answer({ notices: [notice(3, 'live')] })
    await vi.waitFor(() => expect(api.listNotices).toHaveBeenCalledTimes(3))
    expect(store.getState().shown).toEqual([])
    answer({ notices: [] })
    await vi.waitFor(() => expect(store.getState().scope).toBe('live|'))
    expect(store.getState().shown).toEqual([])
  })
})

describe('settings', () => {
  const settings = {
    mode: 'training' as const,
    live: {
      baseUrl: 'https://x.test/api',
      username: 'u',
      proxyUrl: null as string | null,
      proxyHasCredentials: false,
      passwordSaved: true,
    },
    passwordStorage: 'encrypted' as const,
    // What main answers on a new terminal (the settings' defaults, shared/settings.ts).
    ...SETTING_DEFAULTS,
  }
  const settingsApi = (current: typeof settings) => ({
    getSettings: vi.fn(async () => current),
    updateSettings: vi.fn(async () => current),
    setLanguage: vi.fn<DeskApi['setLanguage']>(async ({ language }) => ({ language })),
    testConnection: vi.fn<DeskApi['testConnection']>(async () => ({
      ok: false,
      error: refusal('ACCESS_DENIED'),
    })),
    configureService: vi.fn<DeskApi['configureService']>(),
    useTraining: vi.fn<DeskApi['useTraining']>(),
    useLive: vi.fn<DeskApi['useLive']>(),
    saveDiagnostics: vi.fn(async () => ({ path: '/tmp/d.zip' })),
  })

  it('tests the connection with the stored password when none is typed, and configures only with one', async () => {
    const api = settingsApi(settings)
    const store = createSettingsStore({ api, onStatus: () => {}, onSettings: () => {} })
    await store.getState().load()
    await store.getState().testConnection()
    expect(api.testConnection).toHaveBeenCalledWith({
      baseUrl: 'https://x.test/api',
      username: 'u',
      proxyUrl: null,
    })
    expect(store.getState().test).toEqual({ ok: false, error: refusal('ACCESS_DENIED') })
    await store.getState().configure()
    expect(api.configureService).not.toHaveBeenCalled()
    expect(store.getState().passwordRequired).toBe(true)
  })

  it('keeps what was typed in the live form while the settings were on their way (a slow PC)', async () => {
    const api = settingsApi(settings)
    let answer: (value: typeof settings) => void = () => {}
    api.getSettings.mockImplementationOnce(
      () => new Promise<typeof settings>((resolve) => (answer = resolve)),
    )
    const store = createSettingsStore({ api, onStatus: () => {}, onSettings: () => {} })
    const loading = store.getState().load()
    store.getState().setField('username', 'demo')
    answer(settings)
    await loading
    // The typed field stays; the others are filled from the answer.
    expect(store.getState().form).toMatchObject({ username: 'demo', baseUrl: 'https://x.test/api' })
  })

  it('keeps what was typed since the screen asked, even before the read began (asked a task after F4)', async () => {
    const api = settingsApi(settings)
    const store = createSettingsStore({ api, onStatus: () => {}, onSettings: () => {} })
    const asked = store.getState().form
    store.getState().setField('username', 'demo')
    await store.getState().load(asked)
    expect(store.getState().form).toMatchObject({ username: 'demo', baseUrl: 'https://x.test/api' })
  })

  it('keeps its objects on another visit to Settings when the settings did not change, and takes a change', async () => {
    let current = settings
    const api = settingsApi(settings)
    // A fresh object on every call, as the bridge gives them.
    api.getSettings.mockImplementation(async () => structuredClone(current))
    const fed: unknown[] = []
    const store = createSettingsStore({ api, onStatus: () => {}, onSettings: (s) => fed.push(s) })
    await store.getState().load()
    const first = store.getState()
    await store.getState().load()
    // Nothing re-renders: the screen's sections, and the stores fed from the settings, see the same objects.
    expect(store.getState().settings).toBe(first.settings)
    expect(store.getState().form).toBe(first.form)
    expect(fed[1]).toBe(fed[0])
    current = { ...settings, live: { ...settings.live, username: 'v' } }
    await store.getState().load()
    expect(store.getState().settings).not.toBe(first.settings)
    expect(store.getState().form.username).toBe('v')
  })

  it('goes without the kept proxy username and password only when asked, and only for their address', async () => {
    const proxyUrl = 'http://10.0.0.1:3128'
    const api = settingsApi({
      ...settings,
      live: { ...settings.live, proxyUrl, proxyHasCredentials: true },
    })
    const store = createSettingsStore({ api, onStatus: () => {}, onSettings: () => {} })
    await store.getState().load()
    await store.getState().testConnection()
    expect(api.testConnection).toHaveBeenLastCalledWith({
      baseUrl: 'https://x.test/api',
      username: 'u',
      proxyUrl,
    })
    store.getState().setField('forgetProxyCredentials', true)
    await store.getState().testConnection()
    expect(api.testConnection).toHaveBeenLastCalledWith({
      baseUrl: 'https://x.test/api',
      username: 'u',
      proxyUrl,
      forgetProxyCredentials: true,
    })
    store.getState().setField('password', 'pw')
    await store.getState().configure()
    expect(api.configureService).toHaveBeenLastCalledWith(
      expect.objectContaining({ proxyUrl, forgetProxyCredentials: true }),
    )
    // Another address never gets them anyway: the request says nothing of forgetting.
    store.getState().setField('proxyUrl', 'http://10.0.0.2:3128')
    await store.getState().testConnection()
    expect(api.testConnection).toHaveBeenLastCalledWith({
      baseUrl: 'https://x.test/api',
      username: 'u',
      password: 'pw',
      proxyUrl: 'http://10.0.0.2:3128',
    })
  })
})

describe('the top bar', () => {
  const status = {
    mode: 'training' as const,
    serviceUrl: '',
    online: true,
    tokenExpiresAt: null,
    needsAttention: 0,
    liveConfigured: false,
    journalProblem: null,
    catalogDigest: null,
  }

  it('warns when the PC clock is more than 5 minutes off, saying which way', () => {
    expect(clockWarning({ ...status, clockOffsetMs: 5 * 60_000 })).toBeNull()
    expect(clockWarning({ ...status, clockOffsetMs: null })).toBeNull()
    expect(clockWarning({ ...status, clockOffsetMs: -6 * 60_000 })).toEqual({
      offsetMs: 360_000,
      pcAhead: true,
    })
    expect(clockWarning({ ...status, clockOffsetMs: 2 * 86_400_000 })).toEqual({
      offsetMs: 172_800_000,
      pcAhead: false,
    })
  })

  it('opens the screens with F1–F5 and Alt+1–5', () => {
    const key = (k: string, altKey = false) =>
      screenForKey({ key: k, altKey, ctrlKey: false, metaKey: false })
    expect(key('F1')).toBe('sell')
    expect(key('F4')).toBe('settings')
    expect(key('2', true)).toBe('deposit')
    expect(key('2')).toBeNull()
    expect(key('F5')).toBe('manager')
    expect(key('F6')).toBeNull()
  })
})
