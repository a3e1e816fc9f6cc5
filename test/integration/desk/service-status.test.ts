import { afterEach, describe, expect, it } from 'vitest'
import { startSandbox } from '../../../src/sandbox/index'
import { deskSeed, MOHAMED, startTestDesk, type TestDesk } from '../../helpers/desk'

/**
 * What the top bar's Online / Offline / Checking says after a call goes unanswered: the desk core against the
 * in-process sandbox, read through getStatus as the screens read it (every few seconds).
 */
let t: TestDesk | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

/** The statuses read until it says online (as the top bar polls it), to see whether one said offline. */
async function statusesUntilOnline(desk: TestDesk): Promise<(boolean | null)[]> {
  const seen: (boolean | null)[] = []
  await expect
    .poll(async () => {
      const online = (await desk.call('getStatus', {})).online
      seen.push(online)
      return online
    })
    .toBe(true)
  return seen
}

/** What the service has done: money moved and tokens issued. */
function moved(desk: TestDesk) {
  const { vouchers, deposits, token_requests } = desk.sandbox.controls.ledger()
  return { vouchers: vouchers.length, deposits: deposits.length, token_requests }
}

describe('the service status after a call goes unanswered', () => {
  it('one dropped connection does not say offline: the desk asks the service at once, and it answers', async () => {
    t = await startTestDesk()
    await t.desk.workspace().catalog.refreshing
    expect((await t.call('getStatus', {})).online).toBe(true)
    const before = moved(t)
    // Twice, one after the other: the second within the 15 s between the offline desk's own questions.
    for (let drop = 0; drop < 2; drop++) {
      t.sandbox.controls.setFaults([
        { method: 'GET', path: '/user-lookup', action: 'drop-before-commit', times: 1 },
      ])
      expect(await t.rejection('lookupCustomer', { phone: MOHAMED.phone })).toMatchObject({
        code: 'SERVICE_ERROR',
        details: { outcome: 'unknown' },
      })
      const seen = await statusesUntilOnline(t)
      expect(seen).not.toContain(false)
    }
    // The question moved no money and asked for no token.
    expect(moved(t)).toEqual(before)
    t.sandbox.controls.clearFaults()
    expect((await t.call('lookupCustomer', { phone: MOHAMED.phone })).firstName).toBe(MOHAMED.name)
  })

  it('a service really down still reads offline, once the question after the failed call is unanswered too', async () => {
    const sandbox = await startSandbox({ seed: deskSeed() })
    t = await startTestDesk({ sandbox })
    await t.desk.workspace().catalog.refreshing
    expect((await t.call('getStatus', {})).online).toBe(true)
    await sandbox.close()
    // Refused, or a kept connection found closed: either way no answer.
    expect((await t.rejection('lookupCustomer', { phone: MOHAMED.phone })).code).toMatch(
      /NOT_SENT|SERVICE_ERROR/,
    )
    // The check ends within the connection's timeouts (here 1 s to connect, 0.4 s to answer), the poll's 5 s.
    await expect.poll(async () => (await t?.call('getStatus', {}))?.online, { timeout: 5000 }).toBe(false)
    // And it stays so: the desk's own questions go unanswered.
    expect((await t.call('getStatus', {})).online).toBe(false)
  })

  it('a service that resets every connection reads offline', async () => {
    t = await startTestDesk()
    await t.desk.workspace().catalog.refreshing
    t.sandbox.controls.setFaults([
      { method: 'GET', path: '/user-lookup', action: 'drop-before-commit' },
      { method: 'GET', path: '/denominations', action: 'drop-before-commit' },
    ])
    await t.rejection('lookupCustomer', { phone: MOHAMED.phone })
    await expect.poll(async () => (await t?.call('getStatus', {}))?.online, { timeout: 5000 }).toBe(false)
    // Back: the periodic question (every 15 s while offline) or the next call that gets through says so.
    t.sandbox.controls.clearFaults()
    expect((await t.call('lookupCustomer', { phone: MOHAMED.phone })).firstName).toBe(MOHAMED.name)
    expect((await t.call('getStatus', {})).online).toBe(true)
  })
})
