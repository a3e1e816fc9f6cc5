import { afterEach, describe, expect, it } from 'vitest'
import { en } from '../../../src/renderer/src/i18n/en'
import { errorMessage } from '../../../src/renderer/src/i18n/index'
import type { FaultRule } from '../../../src/sandbox/index'
import { AHMED, deskSeed, KHALED_INACTIVE, MOHAMED, startTestDesk, type TestDesk } from '../../helpers/desk'
import { TOKEN_UNANSWERED_ONCE, tokenRefusedOnce } from '../../helpers/faults'
import { walCommits } from '../../helpers/journal-file'

let t: TestDesk
afterEach(async () => {
  await t?.close()
})

async function lookedUp(phone = MOHAMED.phone) {
  return t.call('lookupCustomer', { phone })
}

describe('looking a customer up', () => {
  it('accepts the forms clerks type and answers in national form', async () => {
    t = await startTestDesk()
    for (const typed of ['0912345678', '+218 91 234 5678', '218-91-234-5678', '٠٩١٢٣٤٥٦٧٨']) {
      expect(await t.call('lookupCustomer', { phone: typed })).toEqual({
        phone: '0912345678',
        firstName: MOHAMED.name,
        status: 'active',
      })
    }
  })

  it('refuses a malformed phone before any call, and says when the user does not exist', async () => {
    t = await startTestDesk()
    const before = t.sandbox.controls.ledger().token_requests
    expect((await t.rejection('lookupCustomer', { phone: '12345' })).code).toBe('BAD_INPUT')
    expect((await t.rejection('lookupCustomer', { phone: '0981234567' })).code).toBe('BAD_INPUT')
    expect(t.sandbox.controls.ledger().token_requests).toBe(before)
    expect((await t.rejection('lookupCustomer', { phone: '0919999999' })).code).toBe('USER_NOT_FOUND')
  })

  it('says a lookup the service did not answer was not answered (what the screen words from)', async () => {
    t = await startTestDesk()
    await t.desk.workspace().catalog.refreshing
    t.sandbox.controls.setFaults([
      { method: 'GET', path: '/user-lookup', action: 'drop-before-commit', times: 1 },
    ])
    const silent = await t.rejection('lookupCustomer', { phone: MOHAMED.phone })
    expect(silent).toMatchObject({ code: 'SERVICE_ERROR', details: { outcome: 'unknown' } })
    expect(errorMessage(en, silent)).toBe(en.common.serviceSilent)
  })

  it('resolves an inactive user with its status', async () => {
    t = await startTestDesk()
    expect((await lookedUp(KHALED_INACTIVE.phone)).status).toBe('inactive')
  })

  it('sends the phone in the configured format', async () => {
    t = await startTestDesk({ settings: { phoneFormat: 'international-plus' } })
    expect((await lookedUp()).firstName).toBe(MOHAMED.name)
  })
})

describe('depositing', () => {
  it('credits the wallet once, with our reference and the service transaction id', async () => {
    t = await startTestDesk()
    await lookedUp()
    const entry = await t.call('deposit', {
      phone: '091 234 5678',
      amountDirhams: 12_500,
      confirmedFirstName: MOHAMED.name,
    })
    expect(entry).toMatchObject({
      kind: 'deposit',
      status: 'confirmed',
      phone: MOHAMED.phone,
      firstName: MOHAMED.name,
    })
    expect(entry.amountDirhams).toBe(12_500)
    expect(entry.serviceTransactionId).toMatch(/^\d+$/)
    const deposits = t.sandbox.controls.ledger().deposits
    expect(deposits).toHaveLength(1)
    expect(deposits[0]).toMatchObject({ external_transaction_id: entry.externalTransactionId, amount: 12.5 })
    expect(String(deposits[0]?.transaction_id)).toBe(entry.serviceTransactionId)
  })

  it('refuses without a fresh lookup, with another name, or to an inactive account — sending nothing', async () => {
    t = await startTestDesk()
    expect(
      (
        await t.rejection('deposit', {
          phone: MOHAMED.phone,
          amountDirhams: 1000,
          confirmedFirstName: MOHAMED.name,
        })
      ).code,
    ).toBe('LOOKUP_REQUIRED')
    await lookedUp()
    expect(
      (await t.rejection('deposit', { phone: MOHAMED.phone, amountDirhams: 1000, confirmedFirstName: 'Ali' }))
        .code,
    ).toBe('NAME_MISMATCH')
    await lookedUp(KHALED_INACTIVE.phone)
    expect(
      (
        await t.rejection('deposit', {
          phone: KHALED_INACTIVE.phone,
          amountDirhams: 1000,
          confirmedFirstName: KHALED_INACTIVE.name,
        })
      ).code,
    ).toBe('USER_INACTIVE')
    expect(
      (
        await t.rejection('deposit', {
          phone: MOHAMED.phone,
          amountDirhams: 9,
          confirmedFirstName: MOHAMED.name,
        })
      ).code,
    ).toBe('BAD_INPUT')
    expect(t.sandbox.controls.ledger().deposits).toHaveLength(0)
    expect((await t.call('listJournal', {})).entries).toHaveLength(0)
  })

  it('forgets a lookup after 10 minutes', async () => {
    let now = 0
    t = await startTestDesk({ deps: { monotonicNow: () => now } })
    await lookedUp()
    now += 10 * 60_000 + 1
    expect(
      (
        await t.rejection('deposit', {
          phone: MOHAMED.phone,
          amountDirhams: 1000,
          confirmedFirstName: MOHAMED.name,
        })
      ).code,
    ).toBe('LOOKUP_REQUIRED')
  })

  it('records a limit refusal as failed with the four figures, and reports them in the daily limit', async () => {
    t = await startTestDesk({
      seed: deskSeed({ resellers: [{ username: 'demo', password: 'demo-pass', daily_max_amount: 100 }] }),
    })
    await lookedUp()
    const ok = await t.call('deposit', {
      phone: MOHAMED.phone,
      amountDirhams: 60_000,
      confirmedFirstName: MOHAMED.name,
    })
    expect(ok.status).toBe('confirmed')
    const refused = await t.call('deposit', {
      phone: MOHAMED.phone,
      amountDirhams: 50_000,
      confirmedFirstName: MOHAMED.name,
    })
    expect(refused.status).toBe('failed')
    expect(refused.error?.code).toBe('DAILY_LIMIT_EXCEEDED')
    expect(refused.error?.details).toMatchObject({
      dailyMaxDirhams: 100_000,
      usedTodayDirhams: 60_000,
      remainingDirhams: 40_000,
      requestedDirhams: 50_000,
    })
    const limit = await t.call('getDailyLimit')
    expect(limit).toMatchObject({
      localUsedDirhams: 60_000,
      depositCount: 1,
      voucherCount: 0,
      unknownDirhams: 0,
    })
    expect(limit.reported).toMatchObject({ dailyMaxDirhams: 100_000, remainingDirhams: 40_000 })
    expect(limit.estimatedRemainingDirhams).toBe(40_000)
    await t.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })
    expect((await t.call('getDailyLimit')).estimatedRemainingDirhams).toBe(35_000)
  })

  it('after a refusal, still counts a sale sent before it whose outcome is not known yet', async () => {
    t = await startTestDesk({
      seed: deskSeed({ resellers: [{ username: 'demo', password: 'demo-pass', daily_max_amount: 100 }] }),
    })
    // A 5 LYD voucher whose answer is lost: it stays "outcome unknown" (vouchers are never re-sent).
    t.sandbox.controls.setFaults([
      { method: 'POST', path: '/vouchers/generate', action: 'drop-after-commit', times: 1 },
    ])
    const lost = await t.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })
    expect(lost.status).toBe('unknown')
    await lookedUp()
    const refused = await t.call('deposit', {
      phone: MOHAMED.phone,
      amountDirhams: 99_000,
      confirmedFirstName: MOHAMED.name,
    })
    expect(refused.error?.code).toBe('DAILY_LIMIT_EXCEEDED')
    // The service counted it if it moved money before the refusal; if it moves any later, it did not. Either
    // way "Left ≈" is never above what is left: the open 5 LYD is taken off the service's remaining.
    const limit = await t.call('getDailyLimit')
    expect(limit.reported?.remainingDirhams).toBe(95_000)
    expect(limit.unknownDirhams).toBe(5_000)
    expect(limit.estimatedRemainingDirhams).toBe(90_000)
  })

  it('estimates what the limit leaves from the agreed limit, from the first sale on', async () => {
    t = await startTestDesk()
    expect(await t.call('getDailyLimit')).toMatchObject({ basis: null, estimatedRemainingDirhams: null })
    await t.call('updateSettings', { agreedDailyLimitDirhams: 1_000_000 })
    expect(await t.call('getDailyLimit')).toMatchObject({
      agreedDirhams: 1_000_000,
      basis: 'agreed',
      estimatedRemainingDirhams: 1_000_000,
    })
    await t.call('generateVoucher', { denominationId: 4, valueDirhams: 30_000 })
    await lookedUp()
    await t.call('deposit', { phone: MOHAMED.phone, amountDirhams: 12_500, confirmedFirstName: MOHAMED.name })
    expect(await t.call('getDailyLimit')).toMatchObject({
      localUsedDirhams: 42_500,
      basis: 'agreed',
      estimatedRemainingDirhams: 957_500,
    })
    expect((await t.call('getSettings')).agreedDailyLimitDirhams).toBe(1_000_000)
    await t.call('updateSettings', { agreedDailyLimitDirhams: null })
    expect((await t.call('getDailyLimit')).basis).toBeNull()
  })

  it('refuses a deposit above the per-deposit maximum before anything is journaled or sent', async () => {
    t = await startTestDesk()
    expect((await t.call('getSettings')).depositMaxDirhams).toBe(5_000_000)
    await lookedUp()
    // A phone number typed into the amount field.
    const typo = await t.rejection('deposit', {
      phone: MOHAMED.phone,
      amountDirhams: 941_234_567_000,
      confirmedFirstName: MOHAMED.name,
    })
    expect(typo.code).toBe('ABOVE_DEPOSIT_MAXIMUM')
    expect(typo.details).toMatchObject({ maxDirhams: 5_000_000 })
    await t.call('updateSettings', { depositMaxDirhams: 100_000 })
    expect(
      (
        await t.rejection('deposit', {
          phone: MOHAMED.phone,
          amountDirhams: 100_001,
          confirmedFirstName: MOHAMED.name,
        })
      ).code,
    ).toBe('ABOVE_DEPOSIT_MAXIMUM')
    expect(t.sandbox.controls.ledger().deposits).toHaveLength(0)
    expect(t.desk.workspace().journal.list({}).entries).toHaveLength(0)
    const exact = await t.call('deposit', {
      phone: MOHAMED.phone,
      amountDirhams: 100_000,
      confirmedFirstName: MOHAMED.name,
    })
    expect(exact.status).toBe('confirmed')
    expect((await t.rejection('updateSettings', { depositMaxDirhams: 5 })).code).toBe('BAD_INPUT')
  })

  it('asks before repeating the same amount to the same phone within 10 minutes', async () => {
    t = await startTestDesk()
    await lookedUp()
    const args = { phone: MOHAMED.phone, amountDirhams: 5000, confirmedFirstName: MOHAMED.name }
    const first = await t.call('deposit', args)
    const slip = await t.rejection('deposit', args)
    expect(slip.code).toBe('REPEAT_NEEDS_CONFIRMATION')
    expect(slip.details?.entryId).toBe(first.id)
    expect((await t.call('deposit', { ...args, amountDirhams: 6000 })).status).toBe('confirmed')
    expect((await t.call('deposit', { ...args, confirmRepeat: true })).status).toBe('confirmed')
    expect(t.sandbox.controls.ledger().deposits).toHaveLength(3)
  })

  it('never sends twice for one requestId, even from a double click', async () => {
    t = await startTestDesk()
    await lookedUp()
    const args = {
      phone: MOHAMED.phone,
      amountDirhams: 5000,
      confirmedFirstName: MOHAMED.name,
      requestId: 'dep-1',
    }
    const [a, b] = await Promise.all([t.call('deposit', args), t.call('deposit', args)])
    expect(a.id).toBe(b.id)
    expect((await t.call('deposit', args)).id).toBe(a.id)
    expect(t.sandbox.controls.ledger().deposits).toHaveLength(1)
  })
})

describe('what a deposit writes to the journal', () => {
  const args = { phone: MOHAMED.phone, amountDirhams: 4000, confirmedFirstName: MOHAMED.name }
  const eventsOf = async (id: string) =>
    (await t.call('getEntry', { entryId: id })).events.map((e) => ({ type: e.type, at: e.at }))

  it('with a token in hand: two commits, the intent with its sent mark, then the outcome', async () => {
    t = await startTestDesk()
    await lookedUp() // obtains the token
    // The start's denomination refresh commits too: let it land before counting.
    await t.desk.workspace().catalog.refreshing
    const journal = t.desk.workspace().journal
    const before = walCommits(journal)
    const entry = await t.call('deposit', args)
    const after = walCommits(journal)
    expect(after.salt).toBe(before.salt) // no checkpoint restarted the log in between
    expect(after.commits - before.commits).toBe(2)
    expect(entry).toMatchObject({ status: 'confirmed', attempts: 1 })
    const events = await eventsOf(entry.id)
    expect(events.map((e) => e.type)).toEqual(['created', 'sent', 'answered'])
    expect(journal.get(entry.id)?.firstSentAt).toBe(events[1]?.at)
    expect(t.sandbox.controls.ledger().deposits).toHaveLength(1)
  })

  it('with a token in hand that the service refuses (401): a second mark for the POST after the refresh', async () => {
    t = await startTestDesk()
    await lookedUp()
    t.sandbox.controls.setFaults([tokenRefusedOnce('/deposit')])
    const entry = await t.call('deposit', args)
    expect(entry).toMatchObject({ status: 'confirmed', attempts: 2 })
    const events = (await t.call('getEntry', { entryId: entry.id })).events
    expect(events.map((e) => [e.type, e.detail?.attempt])).toEqual([
      ['created', undefined],
      ['sent', 1],
      ['sent', 2],
      ['answered', undefined],
    ])
    expect(t.sandbox.controls.ledger().deposits).toHaveLength(1)
  })

  it('a 401, then no answer to the token request: failed, recorded as answered 401, not as unanswered', async () => {
    t = await startTestDesk()
    await lookedUp()
    t.sandbox.controls.setFaults([tokenRefusedOnce('/deposit'), TOKEN_UNANSWERED_ONCE])
    const entry = await t.call('deposit', args)
    expect(entry).toMatchObject({
      status: 'failed',
      attempts: 1,
      needsAttention: false,
      error: {
        code: 'NOT_SENT',
        details: { reason: 'TOKEN_NO_ANSWER', tokenError: 'SERVICE_ERROR', stage: 'access' },
      },
    })
    const events = (await t.call('getEntry', { entryId: entry.id })).events
    expect(events.map((e) => [e.type, e.httpStatus, e.detail])).toEqual([
      ['created', undefined, undefined],
      ['sent', undefined, { attempt: 1 }],
      ['answered', 401, { access: 'TOKEN_NO_ANSWER' }],
    ])
    expect(t.sandbox.controls.ledger().deposits).toHaveLength(0)
  })

  it('a token the service refuses to give (a changed password): failed, its advice kept, marked as access', async () => {
    t = await startTestDesk()
    await lookedUp()
    await t.desk.workspace().catalog.refreshing
    t.sandbox.controls.setFaults([
      tokenRefusedOnce('/deposit'),
      {
        method: 'POST',
        path: '/token',
        action: 'respond',
        status: 401,
        body: { message: 'Invalid credentials.' },
        times: 1,
      },
    ])
    const entry = await t.call('deposit', args)
    expect(entry).toMatchObject({
      status: 'failed',
      error: { code: 'INVALID_CREDENTIALS', details: { stage: 'access' } },
    })
    const events = (await t.call('getEntry', { entryId: entry.id })).events
    expect(events.at(-1)).toMatchObject({
      type: 'answered',
      httpStatus: 401,
      detail: { access: 'INVALID_CREDENTIALS' },
    })
    expect(t.sandbox.controls.ledger().deposits).toHaveLength(0)
  })

  it('without one: the token first, then the sent mark; a token that cannot be had leaves none', async () => {
    let offset = 0
    t = await startTestDesk({
      settings: { tokenLifetimeHours: 1 },
      deps: { pcNow: () => Date.now() + offset },
    })
    await lookedUp()
    // 50 minutes on, the 1-hour token is due for a refresh (under 12 minutes left) and POST /token fails.
    offset = 50 * 60_000
    t.sandbox.controls.setClockOffset(offset)
    t.sandbox.controls.setFaults([TOKEN_UNANSWERED_ONCE])
    const refused = await t.call('deposit', args)
    // What the clerk reads: not sent, because the service did not answer for access (not "it answered with
    // an error"), and the history says the deposit never left.
    expect(refused).toMatchObject({
      status: 'failed',
      attempts: 0,
      error: { code: 'NOT_SENT', details: { reason: 'TOKEN_NO_ANSWER' } },
    })
    const refusedEvents = (await t.call('getEntry', { entryId: refused.id })).events
    expect(refusedEvents.map((e) => [e.type, e.detail])).toEqual([
      ['created', undefined],
      ['not-sent', { access: 'TOKEN_NO_ANSWER' }],
    ])
    expect(t.sandbox.controls.ledger().deposits).toHaveLength(0)

    // Next time the token comes first (its own POST /token), then the mark just before the POST.
    offset = 100 * 60_000
    t.sandbox.controls.setClockOffset(offset)
    await t.desk.workspace().catalog.refreshing
    const journal = t.desk.workspace().journal
    const before = walCommits(journal)
    const tokens = t.sandbox.controls.ledger().token_requests
    const entry = await t.call('deposit', args)
    expect(t.sandbox.controls.ledger().token_requests).toBe(tokens + 1)
    expect(walCommits(journal).commits - before.commits).toBe(3)
    expect(entry).toMatchObject({ status: 'confirmed', attempts: 1 })
    expect((await eventsOf(entry.id)).map((e) => e.type)).toEqual(['created', 'sent', 'answered'])
  })
})

describe('an unknown deposit', () => {
  /** A 70 LYD deposit to Mohamed whose POST meets `fault` once: the desk cannot know whether it credited. */
  async function unknownDeposit(fault: Omit<FaultRule, 'method' | 'path' | 'times'>) {
    t.sandbox.controls.setFaults([{ method: 'POST', path: '/deposit', times: 1, ...fault }])
    const unknown = await t.call('deposit', {
      phone: MOHAMED.phone,
      amountDirhams: 7000,
      confirmedFirstName: MOHAMED.name,
    })
    expect(unknown.status).toBe('unknown')
    return unknown
  }

  it('blocks new deposits to that phone until it is resolved, then resolves by re-sending its own id', async () => {
    t = await startTestDesk({ deps: { recoverySchedule: [60_000] } })
    await lookedUp()
    await lookedUp(AHMED.phone)
    const unknown = await unknownDeposit({ action: 'drop-after-commit' })
    expect(unknown.error?.code).toBe('OUTCOME_UNKNOWN')
    expect(unknown.needsAttention).toBe(true)

    const blocked = await t.rejection('deposit', {
      phone: MOHAMED.phone,
      amountDirhams: 100,
      confirmedFirstName: MOHAMED.name,
    })
    expect(blocked.code).toBe('UNRESOLVED_DEPOSIT')
    expect(blocked.details?.entryId).toBe(unknown.id)
    expect(
      (await t.call('deposit', { phone: AHMED.phone, amountDirhams: 100, confirmedFirstName: AHMED.name }))
        .status,
    ).toBe('confirmed')
    expect((await t.call('getDailyLimit')).unknownDirhams).toBe(7000)

    const resolved = await t.call('retryDeposit', { entryId: unknown.id })
    expect(resolved.status).toBe('confirmed')
    expect(resolved.confirmedByDuplicate).toBe(true)
    expect(resolved.needsAttention).toBe(true)
    expect(resolved.externalTransactionId).toBe(unknown.externalTransactionId)
    const credits = t.sandbox.controls
      .ledger()
      .deposits.filter((d) => d.external_transaction_id === unknown.externalTransactionId)
    expect(credits).toHaveLength(1)
    const detail = await t.call('getEntry', { entryId: unknown.id })
    expect(detail.events.map((e) => e.type)).toEqual(['created', 'sent', 'no-answer', 'sent', 'resolved'])
    // The day's report lists it among the entries to follow up, with why: it has no error left to name.
    const day = resolved.day
    const report = await t.call('getReport', { from: day, to: day })
    expect(report.attention.entries.find((e) => e.id === unknown.id)).toMatchObject({
      status: 'confirmed',
      errorCode: null,
      confirmedByDuplicate: true,
    })
  })

  it('is named right after a lookup of its phone, and says when the desk will try it again by itself', async () => {
    let offset = 0
    t = await startTestDesk({ deps: { recoverySchedule: [60_000], pcNow: () => Date.now() + offset } })
    await lookedUp()
    t.sandbox.controls.setFaults([{ method: 'POST', path: '/deposit', action: 'drop-before-commit' }])
    const unknown = await t.call('deposit', {
      phone: MOHAMED.phone,
      amountDirhams: 7000,
      confirmedFirstName: MOHAMED.name,
    })
    expect(unknown.status).toBe('unknown')
    const firstSent = Date.parse(unknown.createdAt)
    const retry = unknown.automaticRetry
    expect(Date.parse(retry?.until ?? '')).toBeGreaterThanOrEqual(firstSent + 15 * 60_000)
    // The background's next pass, about a minute ahead on its schedule.
    expect(Date.parse(retry?.nextAt ?? '') - Date.now()).toBeGreaterThan(50_000)
    expect(Date.parse(retry?.nextAt ?? '') - Date.now()).toBeLessThanOrEqual(61_000)

    const found = await lookedUp()
    expect(found.openDeposit).toMatchObject({ id: unknown.id, status: 'unknown', amountDirhams: 7000 })
    expect(found.openDeposit?.automaticRetry?.nextAt).toBeTruthy()
    expect((await lookedUp(AHMED.phone)).openDeposit).toBeUndefined()

    // A person's retry while the service still fails: still unknown, tried once more, the next try named.
    const again = await t.call('retryDeposit', { entryId: unknown.id })
    expect(again).toMatchObject({ status: 'unknown', attempts: 2 })
    expect(again.automaticRetry?.nextAt).toBeTruthy()

    // Past its 15 minutes the desk leaves it to a person.
    offset = 16 * 60_000
    t.sandbox.controls.setClockOffset(offset)
    await t.call('lookupCustomer', { phone: MOHAMED.phone })
    const late = await t.call('getEntry', { entryId: unknown.id })
    expect(late.entry.automaticRetry).toMatchObject({ nextAt: null, until: retry?.until })
    t.sandbox.controls.clearFaults()
    const done = await t.call('retryDeposit', { entryId: unknown.id })
    expect(done.status).toBe('confirmed')
    expect(done.automaticRetry).toBeUndefined()
    expect((await lookedUp()).openDeposit).toBeUndefined()
  })

  it('keeps a re-send whose token work fails unknown, its error as it came, the POST answer in its history', async () => {
    t = await startTestDesk({ deps: { recoverySchedule: [60_000] } })
    await lookedUp()
    const unknown = await unknownDeposit({ action: 'drop-after-commit' })
    // The re-send's token is refused and no new one can be had: the first attempt may still have credited.
    t.sandbox.controls.setFaults([tokenRefusedOnce('/deposit'), TOKEN_UNANSWERED_ONCE])
    const again = await t.call('retryDeposit', { entryId: unknown.id })
    expect(again).toMatchObject({ status: 'unknown', needsAttention: true, error: { code: 'SERVICE_ERROR' } })
    expect(again.error?.details?.stage).toBeUndefined()
    // Its history says what happened to the re-sent POST (refused, 401), not the token request's silence.
    const events = (await t.call('getEntry', { entryId: unknown.id })).events
    expect(events.at(-1)).toMatchObject({
      type: 'retried',
      httpStatus: 401,
      detail: { access: 'TOKEN_NO_ANSWER', by: 'person' },
    })
    expect(t.sandbox.controls.ledger().deposits).toHaveLength(1)
  })

  it('is confirmed normally when the first attempt never reached the service', async () => {
    t = await startTestDesk({ deps: { recoverySchedule: [60_000] } })
    await lookedUp()
    const unknown = await unknownDeposit({ action: 'drop-before-commit' })
    const resolved = await t.call('retryDeposit', { entryId: unknown.id })
    expect(resolved).toMatchObject({ status: 'confirmed', needsAttention: false })
    expect(resolved.confirmedByDuplicate).toBeUndefined()
  })

  it('stays unknown when a re-send is refused, because the first attempt may have gone through', async () => {
    t = await startTestDesk({ deps: { recoverySchedule: [60_000] } })
    await lookedUp()
    const unknown = await unknownDeposit({ action: 'respond', status: 503, body: {} })
    t.sandbox.controls.setUserStatus(MOHAMED.phone, 'inactive')
    const again = await t.call('retryDeposit', { entryId: unknown.id })
    expect(again.status).toBe('unknown')
    expect(again.error?.code).toBe('USER_INACTIVE')
    expect(again.needsAttention).toBe(true)
  })

  it('is resolved in the background with a notice', async () => {
    t = await startTestDesk({ deps: { recoverySchedule: [20] } })
    await lookedUp()
    const unknown = await unknownDeposit({ action: 'delay', delay_ms: 1500 })
    await expect.poll(async () => (await t.call('listNotices', {})).notices.length, { timeout: 5000 }).toBe(1)
    const [notice] = (await t.call('listNotices', {})).notices
    expect(notice).toMatchObject({ kind: 'deposit-resolved', entryId: unknown.id, status: 'confirmed' })
    expect((await t.call('listNotices', { afterId: notice?.id })).notices).toHaveLength(0)
    await t.call('dismissNotice', { id: notice?.id })
    await t.restart()
    expect((await t.call('listNotices', {})).notices).toHaveLength(0)
    expect(t.sandbox.controls.ledger().deposits).toHaveLength(1)
  })

  it('is re-sent in the background only within 15 minutes of its first attempt', async () => {
    let offset = 0
    t = await startTestDesk({ deps: { recoverySchedule: [60_000], pcNow: () => Date.now() + offset } })
    await lookedUp()
    t.sandbox.controls.setFaults([
      { method: 'POST', path: '/deposit', action: 'drop-before-commit', times: 2 },
    ])
    const unknown = await t.call('deposit', {
      phone: MOHAMED.phone,
      amountDirhams: 7000,
      confirmedFirstName: MOHAMED.name,
    })
    expect(unknown.status).toBe('unknown')
    // The PC and the service both move 16 minutes on.
    offset = 16 * 60_000
    t.sandbox.controls.setClockOffset(offset)
    // The background timer's own pass, and a recovery on demand, both leave it alone now.
    await t.desk.recovery.pass()
    expect(await t.call('recoverNow')).toEqual({ resolved: 0, stillOpen: 1 })
    expect((await t.call('getEntry', { entryId: unknown.id })).entry.attempts).toBe(1)
    expect(t.sandbox.controls.faults()[0]?.times).toBe(1)
    t.sandbox.controls.clearFaults()
    expect((await t.call('retryDeposit', { entryId: unknown.id })).status).toBe('confirmed')
  })
})
