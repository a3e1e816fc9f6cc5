import { afterEach, describe, expect, it } from 'vitest'
import type { CustomerView } from '../../../src/shared/customer-view'
import { AHMED, deskSeed, MOHAMED, startTestDesk, type TestDesk } from '../../helpers/desk'

/**
 * The customer display's privacy and its following of a sale, decided in main (docs/customer-display.md): for
 * each state, what the page would get (every view pushed, as JSON) holds what the customer may read and nothing
 * else — the first name as the service gave it, the phone's last three digits, amounts, an outcome in words —
 * never the whole phone, a voucher code or serial, a reference, an error or an HTTP status. The real desk on a
 * real sandbox; the views as a host receives them.
 */
let t: TestDesk
let views: CustomerView[]
afterEach(async () => {
  await t?.close()
})

const RESULT_MS = 300

async function start(options: Parameters<typeof startTestDesk>[0] = {}): Promise<void> {
  t = await startTestDesk({
    ...options,
    settings: { outlet: { name: 'Souq Al-Juma Phones', address: '', phone: '' }, ...options.settings },
    deps: { customerResultMs: RESULT_MS, ...options.deps },
  })
  views = []
  t.desk.customerDisplay.subscribe((view) => views.push(view))
  // The kept list of values: a voucher on the display must be one of them.
  await t.call('listDenominations', {})
}

const last = () => views.at(-1) as CustomerView
/** Everything the page was sent, as it went over the wire. */
const wire = () => JSON.stringify(views)
/** What must never reach the customer's screen of a phone: its whole number or any 4 digits of it in a row. */
function expectNoPhone(phone: string): void {
  const digits = phone.replace(/\D/g, '')
  for (let i = 0; i + 4 <= digits.length; i++) expect(wire()).not.toContain(digits.slice(i, i + 4))
}

describe('what the customer display may show, state by state', () => {
  it('idle: the outlet’s name and Welcome, TRAINING in training mode, nothing of anyone', async () => {
    await start()
    expect(last()).toEqual({
      state: 'idle',
      language: 'ar',
      training: true,
      outletName: 'Souq Al-Juma Phones',
    })
  })

  it('after a lookup: the first name as the service gave it and the last three digits, never the number', async () => {
    await start()
    await t.call('lookupCustomer', { phone: MOHAMED.phone })
    await t.call('showCustomer', { show: 'deposit-name', phone: '+218 91 234 5678' })
    expect(last()).toMatchObject({
      state: 'name',
      holder: { firstName: MOHAMED.name, maskedPhone: '••• ••• •678' },
      confirm: null,
    })
    expectNoPhone(MOHAMED.phone)
  })

  it('shows no name for a phone the desk did not look up, nor for a lookup gone stale', async () => {
    let monotonic = 0
    await start({ deps: { monotonicNow: () => performance.now() + monotonic } })
    // The page names a phone nobody looked up: main has no name for it, and shows none.
    await t.call('showCustomer', { show: 'deposit-name', phone: AHMED.phone })
    expect(last().state).toBe('wait')
    await t.call('lookupCustomer', { phone: AHMED.phone })
    monotonic += 11 * 60_000
    await t.call('showCustomer', { show: 'deposit-review', phone: AHMED.phone, amountDirhams: 5_000 })
    expect(last().state).toBe('wait')
    expect(wire()).not.toContain(AHMED.name)
  })

  it('the amount as it is typed, then the review: the amount, the masked phone, the first name', async () => {
    await start()
    await t.call('lookupCustomer', { phone: MOHAMED.phone })
    await t.call('showCustomer', { show: 'deposit-amount', phone: MOHAMED.phone, amountDirhams: null })
    expect(last()).toMatchObject({ state: 'amount', amountDirhams: null })
    await t.call('showCustomer', { show: 'deposit-amount', phone: MOHAMED.phone, amountDirhams: 12_500 })
    expect(last()).toMatchObject({ state: 'amount', amountDirhams: 12_500 })
    await t.call('showCustomer', { show: 'deposit-review', phone: MOHAMED.phone, amountDirhams: 12_500 })
    expect(last()).toEqual({
      state: 'review',
      holder: { firstName: MOHAMED.name, maskedPhone: '••• ••• •678' },
      amountDirhams: 12_500,
      language: 'ar',
      training: true,
      outletName: 'Souq Al-Juma Phones',
    })
    expectNoPhone(MOHAMED.phone)
  })

  it('a deposit: "Please wait" while it is on its way, then Done with the amount and the time — no reference', async () => {
    await start()
    await t.call('lookupCustomer', { phone: MOHAMED.phone })
    await t.call('showCustomer', { show: 'deposit-review', phone: MOHAMED.phone, amountDirhams: 12_500 })
    const entry = await t.call('deposit', {
      phone: MOHAMED.phone,
      amountDirhams: 12_500,
      confirmedFirstName: MOHAMED.name,
    })
    expect(entry.status).toBe('confirmed')
    expect(views.at(-2)?.state).toBe('wait')
    expect(last()).toMatchObject({
      state: 'result',
      kind: 'deposit',
      outcome: 'done',
      amountDirhams: 12_500,
      time: expect.stringMatching(/^\d{2}:\d{2}$/),
    })
    for (const secret of [entry.externalTransactionId, entry.serviceTransactionId, entry.id]) {
      expect(wire()).not.toContain(secret)
    }
    expectNoPhone(MOHAMED.phone)
    // Back to Welcome a few seconds later (shortened here), with nothing of the deposit.
    await expect.poll(() => last().state, { timeout: 5_000 }).toBe('idle')
  })

  it('a voucher: its value and nothing of its code or serial, before and after the sale', async () => {
    await start()
    await t.call('showCustomer', { show: 'voucher', denominationId: 4, valueDirhams: 30_000 })
    expect(last()).toMatchObject({ state: 'voucher', valueDirhams: 30_000 })
    const sale = await t.call('generateVoucher', { denominationId: 4, valueDirhams: 30_000 })
    expect(sale.status).toBe('issued')
    const code = sale.voucher?.code ?? ''
    const serial = sale.voucher?.serialNumber ?? ''
    expect(code).toMatch(/^\d{12,}$/)
    expect(last()).toMatchObject({ state: 'result', kind: 'voucher', outcome: 'done', amountDirhams: 30_000 })
    // Not the whole code, nor its last four (the masked form lists show), nor any part of the serial.
    for (const part of [code, code.slice(-4), code.slice(0, 6), serial, serial.slice(-4)]) {
      expect(wire()).not.toContain(part)
    }
  })

  it('a value the desk does not list, or listed at another value, is not shown', async () => {
    await start()
    await t.call('showCustomer', { show: 'voucher', denominationId: 4, valueDirhams: 5_000 })
    expect(last().state).toBe('wait')
    await t.call('showCustomer', { show: 'voucher', denominationId: 77, valueDirhams: 5_000 })
    expect(last().state).toBe('wait')
  })

  it('says "Not sent" for a refusal and "checking" for an unknown outcome — never "unknown" or a status', async () => {
    await start({
      seed: deskSeed({ resellers: [{ username: 'demo', password: 'demo-pass', daily_max_amount: 100 }] }),
    })
    await t.call('lookupCustomer', { phone: MOHAMED.phone })
    await t.call('showCustomer', { show: 'deposit-review', phone: MOHAMED.phone, amountDirhams: 200_000 })
    const refused = await t.call('deposit', {
      phone: MOHAMED.phone,
      amountDirhams: 200_000,
      confirmedFirstName: MOHAMED.name,
    })
    expect(refused.error?.code).toBe('DAILY_LIMIT_EXCEEDED')
    expect(last()).toMatchObject({ state: 'result', outcome: 'not-sent', amountDirhams: 200_000 })

    t.sandbox.controls.setFaults([
      { method: 'POST', path: '/deposit', action: 'drop-after-commit', times: 1 },
    ])
    await t.call('lookupCustomer', { phone: AHMED.phone })
    await t.call('showCustomer', { show: 'deposit-review', phone: AHMED.phone, amountDirhams: 5_000 })
    const lost = await t.call('deposit', {
      phone: AHMED.phone,
      amountDirhams: 5_000,
      confirmedFirstName: AHMED.name,
    })
    expect(lost.status).toBe('unknown')
    expect(last()).toMatchObject({
      state: 'result',
      kind: 'deposit',
      outcome: 'checking',
      amountDirhams: 5_000,
    })
    expect(wire()).not.toMatch(/unknown|error|http|limit/i)
    expect(wire()).not.toMatch(
      /DAILY_LIMIT_EXCEEDED|OUTCOME_UNKNOWN|\b(401|403|404|409|422|429|500|502|503|504)\b/,
    )
  })

  it('leaves the review on screen when main asks the clerk about a second deposit (nothing alarming)', async () => {
    await start()
    await t.call('lookupCustomer', { phone: MOHAMED.phone })
    const deposit = { phone: MOHAMED.phone, amountDirhams: 5_000, confirmedFirstName: MOHAMED.name }
    await t.call('deposit', deposit)
    await t.call('lookupCustomer', { phone: MOHAMED.phone })
    await t.call('showCustomer', { show: 'deposit-review', phone: MOHAMED.phone, amountDirhams: 5_000 })
    expect((await t.rejection('deposit', deposit)).code).toBe('REPEAT_NEEDS_CONFIRMATION')
    expect(last()).toMatchObject({ state: 'review', amountDirhams: 5_000 })
  })

  it('speaks the language the manager chose and follows it at once', async () => {
    await start()
    await t.call('configureCustomerDisplay', { language: 'both' })
    expect(last()).toMatchObject({ state: 'idle', language: 'both' })
    expect(t.settings.get().customerDisplay.language).toBe('both')
  })
})

describe('back to Welcome at once', () => {
  it('when the clerk signs out (a lock is a sign-out), and when the page showing the sale goes away', async () => {
    await start()
    await t.call('lookupCustomer', { phone: MOHAMED.phone })
    await t.call('showCustomer', { show: 'deposit-name', phone: MOHAMED.phone })
    expect(last().state).toBe('name')
    await t.call('signOut', {})
    expect(last().state).toBe('idle')
    await t.call('showCustomer', { show: 'deposit-name', phone: MOHAMED.phone })
    t.desk.endSession('page:gone')
    expect(last().state).toBe('idle')
  })
})

describe('the customer’s own "Yes, this is me"', () => {
  const phone = MOHAMED.phone
  const deposit = { phone, amountDirhams: 7_000, confirmedFirstName: MOHAMED.name }

  it('is offered only when the manager turned it on, counts for the question on screen, and the journal says who confirmed', async () => {
    await start()
    await t.call('lookupCustomer', { phone })
    expect((await t.call('showCustomer', { show: 'deposit-name', phone })).customerConfirms).toBe(false)
    expect(last()).toMatchObject({ state: 'name', confirm: null })
    await t.call('configureCustomerDisplay', { customerConfirms: true })
    await t.call('showCustomer', { show: 'deposit-name', phone })
    const asked = last()
    const nonce = asked.state === 'name' ? asked.confirm?.nonce : undefined
    expect(nonce).toMatch(/^[0-9a-f-]{36}$/)

    expect(t.desk.customerDisplay.customerSaysYes('00000000-0000-4000-8000-000000000000')).toBe(false)
    expect((await t.call('getCustomerDisplay', {})).confirmedByCustomer).toBeNull()
    expect(t.desk.customerDisplay.customerSaysYes(nonce as string)).toBe(true)
    expect(last()).toMatchObject({ state: 'amount', amountDirhams: null })
    expect((await t.call('getCustomerDisplay', {})).confirmedByCustomer).toBe(phone)
    // Pressed again (a bounce): counts for nothing more.
    expect(t.desk.customerDisplay.customerSaysYes(nonce as string)).toBe(false)

    const byCustomer = await t.call('deposit', deposit)
    expect(byCustomer.nameConfirmedBy).toBe('customer')
    expect(t.desk.workspace().journal.get(byCustomer.id)?.nameConfirmedBy).toBe('customer')
  })

  it('does not count for a later question, another lookup, or once the clerk asked again', async () => {
    await start({ settings: { customerDisplay: { display: null, language: 'ar', customerConfirms: true } } })
    await t.call('lookupCustomer', { phone })
    await t.call('showCustomer', { show: 'deposit-name', phone })
    const first = last()
    const stale = first.state === 'name' ? (first.confirm?.nonce ?? '') : ''
    // The clerk went back and the question is asked again: the earlier button's press counts for nothing.
    await t.call('showCustomer', { show: 'idle' })
    await t.call('showCustomer', { show: 'deposit-name', phone })
    expect(t.desk.customerDisplay.customerSaysYes(stale)).toBe(false)
    const again = last()
    expect(
      t.desk.customerDisplay.customerSaysYes(again.state === 'name' ? (again.confirm?.nonce ?? '') : ''),
    ).toBe(true)
    // A new lookup of the phone is a new customer at the counter: the clerk's answer is what counts.
    await t.call('lookupCustomer', { phone })
    const byClerk = await t.call('deposit', deposit)
    expect(byClerk.nameConfirmedBy).toBe('clerk')
  })

  it('is turned off again by the manager: the button goes from the screen and a press counts for nothing', async () => {
    await start({ settings: { customerDisplay: { display: null, language: 'en', customerConfirms: true } } })
    await t.call('lookupCustomer', { phone })
    await t.call('showCustomer', { show: 'deposit-name', phone })
    const asked = last()
    await t.call('configureCustomerDisplay', { customerConfirms: false })
    expect(last()).toMatchObject({ state: 'idle' })
    expect(
      t.desk.customerDisplay.customerSaysYes(asked.state === 'name' ? (asked.confirm?.nonce ?? '') : ''),
    ).toBe(false)
  })
})
