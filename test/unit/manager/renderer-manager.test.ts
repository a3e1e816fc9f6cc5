import { describe, expect, it, vi } from 'vitest'
import { screensFor } from '../../../src/renderer/src/app/navigation'
import { createJournalStore } from '../../../src/renderer/src/features/journal/store'
import { createReportsStore } from '../../../src/renderer/src/features/manager/reports-store'
import { createSessionStore, TOUCH_EVERY_MS } from '../../../src/renderer/src/features/session/store'
import { watchSignIn } from '../../../src/renderer/src/features/session/watch-api'
import type { DeskApi } from '../../../src/shared/contract'
import type { Session } from '../../../src/shared/people'
import type { ExportJob } from '../../../src/shared/reports'

const SIGNED_OUT: Session = {
  setupNeeded: false,
  person: null,
  autoLockMinutes: 10,
  reprintWindowMinutes: 15,
  language: null,
}
const CLERK: Session = { ...SIGNED_OUT, person: { id: 'p2', name: 'فتحي', role: 'clerk' } }
const people = [
  { id: 'p1', name: 'Fatima', role: 'manager' as const, active: true, createdAt: '' },
  { id: 'p2', name: 'فتحي', role: 'clerk' as const, active: true, createdAt: '' },
  { id: 'p3', name: 'Old', role: 'clerk' as const, active: false, createdAt: '' },
]

function sessionApi() {
  return {
    getSession: vi.fn(async () => SIGNED_OUT),
    listPeople: vi.fn(async () => ({ people })),
    createManager: vi.fn<DeskApi['createManager']>(),
    signIn: vi.fn<DeskApi['signIn']>(),
    signOut: vi.fn(async () => SIGNED_OUT),
    touchSession: vi.fn(async () => CLERK),
  }
}

describe('the sign-in', () => {
  it('offers the active people, and waits as long as main says after wrong PINs', async () => {
    let now = 1_000_000
    const api = sessionApi()
    api.signIn.mockRejectedValueOnce({
      code: 'WRONG_PIN',
      message: 'Wrong PIN.',
      details: { retryAfterMs: 5_000 },
    })
    const onSignedIn = vi.fn()
    const store = createSessionStore({ api, now: () => now, onSignedIn })
    await store.getState().load()
    expect(store.getState().people.map((p) => p.name)).toEqual(['Fatima', 'فتحي'])
    expect(await store.getState().signIn('p2', '0000')).toBe(false)
    expect(store.getState()).toMatchObject({ waitUntil: now + 5_000, error: { code: 'WRONG_PIN' } })
    // During the wait nothing reaches main.
    expect(await store.getState().signIn('p2', '1357')).toBe(false)
    expect(api.signIn).toHaveBeenCalledTimes(1)
    now += 5_001
    api.signIn.mockResolvedValueOnce(CLERK)
    expect(await store.getState().signIn('p2', '1357')).toBe(true)
    expect(store.getState().session?.person?.name).toBe('فتحي')
    expect(onSignedIn).toHaveBeenCalledTimes(1)
  })

  it('refuses a try during the wait without sending it, as "not tried", and keeps nobody else waiting', async () => {
    let now = 1_000_000
    const api = sessionApi()
    api.signIn.mockRejectedValueOnce({
      code: 'WRONG_PIN',
      message: 'Wrong PIN.',
      details: { retryAfterMs: 5_000, failures: 3 },
    })
    const store = createSessionStore({ api, now: () => now, onSignedIn: () => {} })
    await store.getState().signIn('p2', '0000')
    now += 1_000
    // The right PIN during the wait: not sent, so never counted; refused as the wait, not as a wrong PIN.
    expect(await store.getState().signIn('p2', '1357')).toBe(false)
    expect(api.signIn).toHaveBeenCalledTimes(1)
    expect(store.getState()).toMatchObject({
      attemptFor: 'p2',
      waitUntil: 1_005_000,
      error: { code: 'TOO_MANY_ATTEMPTS', details: { retryAfterMs: 4_000 } },
    })
    // Main keeps a wait per person: the manager signs in at this window meanwhile.
    api.signIn.mockResolvedValueOnce({ ...SIGNED_OUT, person: { id: 'p1', name: 'Fatima', role: 'manager' } })
    expect(await store.getState().signIn('p1', '2580')).toBe(true)
    expect(api.signIn).toHaveBeenLastCalledWith({ personId: 'p1', pin: '2580' })
  })

  it('asks main once when the page and the sign-in gate both load the session at start', async () => {
    const api = sessionApi()
    const store = createSessionStore({ api, now: () => 0, onSignedIn: () => {} })
    await Promise.all([store.getState().load(), store.getState().load()])
    expect(api.getSession).toHaveBeenCalledTimes(1)
    expect(api.listPeople).toHaveBeenCalledTimes(1)
    expect(store.getState().people).toHaveLength(2)
    // A later load asks again (after sign-out, a lock, …).
    await store.getState().load()
    expect(api.getSession).toHaveBeenCalledTimes(2)
  })

  it('tells main the person is working at most once a minute, and returns to sign-in when main ends it', async () => {
    let now = 0
    const api = sessionApi()
    api.signIn.mockResolvedValue(CLERK)
    const store = createSessionStore({ api, now: () => now, onSignedIn: () => {} })
    await store.getState().signIn('p2', '1357')
    for (let i = 0; i < 10; i++) {
      now += 10_000
      store.getState().activity()
    }
    expect(api.touchSession).toHaveBeenCalledTimes(Math.floor(100_000 / TOUCH_EVERY_MS))
    store.getState().lost(true)
    expect(store.getState()).toMatchObject({ session: { person: null }, locked: true })
  })

  it('notices NOT_SIGNED_IN from any call and passes every other answer through', async () => {
    const lost = vi.fn()
    const api = watchSignIn(
      {
        getStatus: async () => {
          throw { code: 'NOT_SIGNED_IN', message: 'Sign in first.', details: { expired: true } }
        },
        listDenominations: async () => {
          throw { code: 'NOT_SENT', message: 'x' }
        },
        getDailyLimit: async () => 42,
      } as unknown as DeskApi,
      lost,
    )
    await expect(api.getStatus()).rejects.toMatchObject({ code: 'NOT_SIGNED_IN' })
    await expect(api.listDenominations()).rejects.toMatchObject({ code: 'NOT_SENT' })
    expect(await api.getDailyLimit()).toBe(42)
    expect(lost).toHaveBeenCalledTimes(1)
    expect(lost).toHaveBeenCalledWith(true)
  })

  it('shows a clerk only the clerk’s screens', () => {
    expect(screensFor('clerk')).toEqual(['sell', 'deposit', 'journal'])
    expect(screensFor('manager')).toContain('manager')
    expect(screensFor(null)).toContain('settings')
  })

  it('keeps a clerk’s attention list to today', async () => {
    const listJournal = vi.fn<DeskApi['listJournal']>(async () => ({ entries: [] }))
    const api = { listJournal, getEntry: vi.fn(), retryDeposit: vi.fn() } as unknown as Pick<
      DeskApi,
      'listJournal' | 'getEntry' | 'retryDeposit'
    >
    let clerk = true
    const store = createJournalStore({ api, today: () => 20261126, todayOnly: () => clerk })
    await store.getState().showNeedsAttention()
    expect(listJournal).toHaveBeenLastCalledWith(expect.objectContaining({ from: 20261126, to: 20261126 }))
    clerk = false
    await store.getState().showNeedsAttention()
    expect(listJournal.mock.lastCall?.[0]).not.toHaveProperty('from')
  })
})

describe('exports', () => {
  it('follow the job until it is done, showing its progress on the way', async () => {
    const job = (over: Partial<ExportJob>): ExportJob => ({
      jobId: 'j1',
      format: 'csv',
      path: '/tmp/x.csv',
      state: 'running',
      done: 0,
      total: 3000,
      ...over,
    })
    const progress = [job({ done: 1000 }), job({ done: 2000 }), job({ state: 'done', done: 3000 })]
    const api = {
      exportReport: vi.fn(async () => job({})),
      getExportProgress: vi.fn(async () => progress.shift() ?? job({ state: 'done' })),
    } as unknown as Parameters<typeof createReportsStore>[0]['api']
    const store = createReportsStore({ api, today: () => 20261126, pollMs: 1 })
    const seen: number[] = []
    store.subscribe((s) => {
      if (s.job && seen.at(-1) !== s.job.done) seen.push(s.job.done)
    })
    await store.getState().exportAs('csv', 'ar')
    expect(seen).toEqual([0, 1000, 2000, 3000])
    expect(store.getState().job?.state).toBe('done')
    expect(api.exportReport).toHaveBeenCalledWith({
      format: 'csv',
      from: 20261126,
      to: 20261126,
      language: 'ar',
    })
  })
})

describe('the report period', () => {
  it("is the new day's when the panel opens after midnight, unless the manager chose another", async () => {
    const getReport = vi.fn(async () => ({}))
    const getXReport = vi.fn(async () => ({ type: 'x' }))
    const api = { getReport, getXReport } as unknown as Parameters<typeof createReportsStore>[0]['api']
    let day = 20261129
    const store = createReportsStore({ api, today: () => day, pollMs: 1 })
    day = 20261130
    store.getState().followTheDay()
    await store.getState().show()
    expect(getReport).toHaveBeenLastCalledWith({ from: 20261130, to: 20261130 })
    // The panel opened before midnight (today: the 30th); after it, the manager chooses the 30th alone: kept.
    day = 20261201
    store.getState().setPeriod(20261130, 20261130)
    store.getState().followTheDay()
    expect(store.getState()).toMatchObject({ from: 20261130, to: 20261130 })
    // The report shown of a day that was today is put away as the period moves on.
    await store.getState().showX()
    expect(store.getState().report).not.toBeNull()
    day = 20261202
    store.getState().followTheDay()
    expect(store.getState()).toMatchObject({ from: 20261202, to: 20261202, report: null })
  })

  it('typed backwards shows that period, with the fields in order as the report is', async () => {
    const getReport = vi.fn(async (args: { from: number; to: number }) => ({ type: 'range', ...args }))
    const api = { getReport } as unknown as Parameters<typeof createReportsStore>[0]['api']
    const store = createReportsStore({ api, today: () => 20261126, pollMs: 1 })
    store.getState().setPeriod(20261125, 20261101)
    await store.getState().show()
    expect(getReport).toHaveBeenCalledWith({ from: 20261101, to: 20261125 })
    expect(store.getState()).toMatchObject({ from: 20261101, to: 20261125 })
  })
})

describe('closing the day', () => {
  it('says in the question how many of the entries it would close still need a person', async () => {
    const getXReport = vi.fn(async () => ({ type: 'x', attention: { total: 2, entries: [] } }))
    const api = { getXReport } as unknown as Parameters<typeof createReportsStore>[0]['api']
    const store = createReportsStore({ api, today: () => 20261126, pollMs: 1 })
    await store.getState().askClose()
    expect(store.getState()).toMatchObject({ confirmingClose: true, closeOpenCount: 2 })
    store.getState().cancelClose()
    expect(store.getState().confirmingClose).toBe(false)
  })

  it('does not ask while the panel is busy (its buttons stay pressable then, to keep the focus)', async () => {
    let answer: (x: unknown) => void = () => {}
    const getReport = vi.fn(() => new Promise((resolve) => (answer = resolve)))
    const getXReport = vi.fn(async () => ({ type: 'x', attention: { total: 0, entries: [] } }))
    const api = { getReport, getXReport } as unknown as Parameters<typeof createReportsStore>[0]['api']
    const store = createReportsStore({ api, today: () => 20261126, pollMs: 1 })
    const showing = store.getState().show()
    expect(store.getState().busy).toBe('report')
    await store.getState().askClose()
    expect(store.getState().confirmingClose).toBe(false)
    expect(getXReport).not.toHaveBeenCalled()
    answer({ type: 'day', from: 20261126, to: 20261126 })
    await showing
    await store.getState().askClose()
    expect(store.getState().confirmingClose).toBe(true)
  })

  it('does not close the day before the question has its count (a bounced Enter, a quick click)', async () => {
    let answer: (x: unknown) => void = () => {}
    const getXReport = vi.fn(() => new Promise((resolve) => (answer = resolve)))
    const closeDay = vi.fn(async () => ({ type: 'z' }))
    const listZReports = vi.fn(async () => ({ reports: [] }))
    const api = { getXReport, closeDay, listZReports } as unknown as Parameters<
      typeof createReportsStore
    >[0]['api']
    const store = createReportsStore({ api, today: () => 20261126, pollMs: 1 })
    const asking = store.getState().askClose()
    expect(store.getState().closeCounting).toBe(true)
    await store.getState().closeDay()
    expect(closeDay).not.toHaveBeenCalled()
    answer({ type: 'x', attention: { total: 3, entries: [] } })
    await asking
    expect(store.getState()).toMatchObject({ closeCounting: false, closeOpenCount: 3 })
    await store.getState().closeDay()
    expect(closeDay).toHaveBeenCalledTimes(1)
  })
})
