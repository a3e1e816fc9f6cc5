import { describe, expect, it } from 'vitest'
import { sameAnswer } from '../../../src/renderer/src/app/same-answer'
import { createHeadOfficeStore } from '../../../src/renderer/src/features/head-office/store'
import { createPrintingStore } from '../../../src/renderer/src/features/printing/store'
import { createAboutStore } from '../../../src/renderer/src/features/settings/about-store'
import { createStatusStore } from '../../../src/renderer/src/features/status/store'
import type { DailyLimit } from '../../../src/shared/daily-limit'
import type { HeadOfficeStatus, HeadOfficeView } from '../../../src/shared/head-office'
import type { DeskStatus } from '../../../src/shared/status'

/**
 * The header's figures are asked for every few seconds (the status and the limit every 4 s, the head office's
 * state every 2 s). An answer that says what the last one said keeps the store's objects as they were, so the
 * header re-renders nothing — on a slow PC that re-render is a key the clerk presses meanwhile that waits. An
 * answer that changed is taken at once, as before.
 */
const status = (needsAttention: number): DeskStatus =>
  ({
    mode: 'training',
    serviceUrl: 'http://127.0.0.1:1',
    online: true,
    tokenExpiresAt: null,
    needsAttention,
    liveConfigured: false,
    journalProblem: null,
    catalogDigest: 'abc',
    clockOffsetMs: 120,
  }) as DeskStatus
const limit = (usedDirhams: number): DailyLimit =>
  ({
    reported: null,
    basis: 'agreed',
    figures: { usedDirhams, openDirhams: 0, leftDirhams: 1_000_000 - usedDirhams, limitDirhams: 1_000_000 },
    localUsedDirhams: usedDirhams,
    voucherCount: 2,
    depositCount: 1,
    agreedDirhams: 1_000_000,
    chain: null,
  }) as unknown as DailyLimit

describe('the polls behind the header', () => {
  it('keep the status and the limit as they were when the answers are the same', async () => {
    let used = 30_000
    let attention = 0
    // Fresh objects on every call, as the bridge gives them.
    const store = createStatusStore({
      getStatus: async () => status(attention),
      getDailyLimit: async () => limit(used),
    })
    await store.getState().refresh()
    const first = store.getState()
    await store.getState().refresh()
    expect(store.getState().status).toBe(first.status)
    expect(store.getState().limit).toBe(first.limit)

    used = 40_000
    await store.getState().refresh()
    expect(store.getState().status).toBe(first.status)
    expect(store.getState().limit).not.toBe(first.limit)
    expect(store.getState().limit?.figures.usedDirhams).toBe(40_000)

    attention = 1
    await store.getState().refresh()
    expect(store.getState().status).not.toBe(first.status)
    expect(store.getState().status?.needsAttention).toBe(1)
  })

  it("keep the head office's state as it was when the answer is the same", async () => {
    let behind = 0
    const answer = (): HeadOfficeStatus => ({
      state: 'up-to-date',
      entriesBehind: behind,
      eventsBehind: 0,
      lastReachedAt: '2026-11-26T10:00:00.000Z',
      error: null,
      chainFiguresAt: null,
    })
    const store = createHeadOfficeStore({
      getHeadOfficeStatus: async () => answer(),
    } as unknown as Parameters<typeof createHeadOfficeStore>[0])
    await store.getState().refreshStatus()
    const first = store.getState().status
    await store.getState().refreshStatus()
    expect(store.getState().status).toBe(first)
    behind = 3
    await store.getState().refreshStatus()
    expect(store.getState().status?.entriesBehind).toBe(3)
  })

  it("keep Settings' head office form, printers and versions as they were when a visit's answers are the same", async () => {
    let behind = 0
    const view = (): HeadOfficeView => ({
      settings: null,
      passwordSaved: false,
      status: {
        state: 'off',
        entriesBehind: behind,
        eventsBehind: 0,
        lastReachedAt: null,
        error: null,
        chainFiguresAt: null,
      } as HeadOfficeStatus,
    })
    const headOffice = createHeadOfficeStore({
      getHeadOffice: async () => view(),
    } as unknown as Parameters<typeof createHeadOfficeStore>[0])
    await headOffice.getState().load()
    const first = headOffice.getState()
    await headOffice.getState().load()
    expect(headOffice.getState().view).toBe(first.view)
    expect(headOffice.getState().form).toBe(first.form)
    expect(headOffice.getState().status).toBe(first.status)
    behind = 2
    await headOffice.getState().load()
    expect(headOffice.getState().view).not.toBe(first.view)
    expect(headOffice.getState().status?.entriesBehind).toBe(2)

    let printers = ['Receipt printer']
    const printing = createPrintingStore({
      api: { listPrinters: async () => ({ printers: printers.map((name) => ({ name })), available: true }) },
      language: () => 'en',
    } as unknown as Parameters<typeof createPrintingStore>[0])
    await printing.getState().loadPrinters()
    const list = printing.getState().printers
    await printing.getState().loadPrinters()
    expect(printing.getState().printers).toBe(list)
    printers = ['Receipt printer', 'Office printer']
    await printing.getState().loadPrinters()
    expect(printing.getState().printers?.list).toHaveLength(2)

    let version = '1.4.0'
    const about = createAboutStore({
      getVersionInfo: async () => ({ app: version, electron: '45.0.0' }),
    } as unknown as Parameters<typeof createAboutStore>[0])
    await about.getState().load()
    const versions = about.getState().versions
    await about.getState().load()
    expect(about.getState().versions).toBe(versions)
    version = '1.5.0'
    await about.getState().load()
    expect(about.getState().versions).not.toBe(versions)
  })

  it('tell the same answer by its values, whatever the order of its keys', () => {
    const before = { a: 1, b: [1, { c: null, d: 'x' }], e: { f: true } }
    expect(sameAnswer(before, { e: { f: true }, b: [1, { d: 'x', c: null }], a: 1 })).toBe(before)
    for (const changed of [
      { a: 2, b: [1, { c: null, d: 'x' }], e: { f: true } },
      { a: 1, b: [1, { c: null, d: 'x' }, 2], e: { f: true } },
      { a: 1, b: [1, { c: 0, d: 'x' }], e: { f: true } },
      { a: 1, b: [1, { c: null }], e: { f: true } },
      { a: 1, b: [1, { c: null, d: 'x' }], e: { f: true, g: undefined } },
      { a: 1, b: { 0: 1, 1: { c: null, d: 'x' } }, e: { f: true } },
    ]) {
      expect(sameAnswer(before as unknown, changed as unknown)).toBe(changed)
    }
    expect(sameAnswer(null, null)).toBeNull()
    const fresh = { a: 1 }
    expect(sameAnswer(null as { a: number } | null, fresh)).toBe(fresh)
  })
})
