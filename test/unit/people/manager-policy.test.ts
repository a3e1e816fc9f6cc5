import { describe, expect, it } from 'vitest'
import { dispatch } from '../../../src/main/bridge'
import type { DeskHandlers } from '../../../src/main/desk/handlers'
import type { CallContext } from '../../../src/main/desk/workspace'
import type { EntryRecord } from '../../../src/main/journal/journal'
import { silentLogger } from '../../../src/main/log'
import {
  admit,
  admitCaller,
  type ClerkScope,
  type Gate,
  guardHandlers,
  POLICY,
} from '../../../src/main/people/policy'
import { Sessions } from '../../../src/main/people/sessions'
import { DESK_METHODS, type DeskMethod } from '../../../src/shared/contract'
import { AppError } from '../../../src/shared/errors'

const TODAY = 20261126

function entry(over: Partial<EntryRecord>): EntryRecord {
  return {
    id: 'e1',
    kind: 'voucher',
    status: 'issued',
    mode: 'training',
    createdAt: '2026-11-26T08:00:00.000Z',
    createdPcAt: '2026-11-26T08:00:00.000Z',
    updatedAt: '2026-11-26T08:00:00.000Z',
    day: TODAY,
    clerk: 'Salem',
    clerkId: 'p2',
    serviceAccount: null,
    amountDirhams: 5000,
    phone: null,
    firstName: null,
    denominationId: 1,
    denominationValueDirhams: 5000,
    externalTransactionId: null,
    serviceTransactionId: null,
    voucherCode: '001110016812345',
    serialNumber: '98712345678',
    activationDate: null,
    expiryDate: null,
    error: null,
    attempts: 1,
    firstSentAt: null,
    needsAttention: false,
    confirmedByDuplicate: false,
    requestId: null,
    resolution: null,
    nameConfirmedBy: null,
    receiptNo: 'T-1126-0001',
    ...over,
  }
}

function gate(options: { setUp?: boolean; entries?: EntryRecord[]; nowIso?: string } = {}) {
  let monotonic = 0
  const sessions = new Sessions(
    () => monotonic,
    () => 10 * 60_000,
  )
  const scope: ClerkScope = {
    today: () => TODAY,
    nowMs: () => Date.parse(options.nowIso ?? '2026-11-26T08:05:00.000Z'),
    entry: (id) => options.entries?.find((e) => e.id === id) ?? null,
    reprintWindowMs: () => 15 * 60_000,
  }
  const g: Gate = { setUp: () => options.setUp ?? true, sessions, scope }
  sessions.start('manager-window', { id: 'p1', name: 'Fatima', role: 'manager' })
  sessions.start('clerk-window', { id: 'p2', name: 'Salem', role: 'clerk' })
  return {
    g,
    sessions,
    advance: (ms: number) => {
      monotonic += ms
    },
  }
}

function refusal(fn: () => unknown): { code: string; details?: Record<string, unknown> } | null {
  try {
    fn()
    return null
  } catch (error) {
    if (error instanceof AppError)
      return { code: error.code, ...(error.details ? { details: error.details } : {}) }
    throw error
  }
}

const MANAGER_ONLY: DeskMethod[] = [
  'updateSettings',
  'configureService',
  'useTraining',
  'useLive',
  'testConnection',
  'saveDiagnostics',
  'printTestReceipt',
  'addClerk',
  'updateClerk',
  'resolveEntry',
  'annotateEntry',
  'getReport',
  'getXReport',
  'closeDay',
  'listZReports',
  'getZReport',
  'printReport',
  'exportReport',
  'getExportProgress',
  'backupNow',
  'getDailyBackup',
  // The backup key's passphrase: a clerk neither sets it nor learns whether one is set.
  'getBackupProtection',
  'setBackupPassphrase',
  // The head office: its connection, its test, its settings (the terminal's secret goes through here).
  'getHeadOffice',
  'configureHeadOffice',
  'testHeadOffice',
]

describe('the role policy', () => {
  it('has a rule for every call of the contract, and for nothing else', () => {
    expect(Object.keys(POLICY).sort()).toEqual([...DESK_METHODS].sort())
    for (const method of DESK_METHODS) {
      expect(['any', 'clerk', 'manager'], method).toContain(POLICY[method].level)
    }
  })

  it('keeps settings, live credentials, reports, exports, people, resolution and backups for managers', () => {
    const { g } = gate()
    for (const method of MANAGER_ONLY) {
      expect(POLICY[method].level, method).toBe('manager')
      expect(
        refusal(() => admit(method, {} as never, { clerk: null, sender: 'clerk-window' }, g))?.code,
      ).toBe('FORBIDDEN')
      expect(
        refusal(() => admit(method, {} as never, { clerk: null, sender: 'manager-window' }, g)),
      ).toBeNull()
    }
  })

  it('lets anyone change only the language, through setLanguage; settings are a manager’s', () => {
    const { g } = gate()
    const clerk = { clerk: null, sender: 'clerk-window' }
    expect(refusal(() => admit('setLanguage', { language: 'ar' }, { clerk: null }, g))).toBeNull()
    // Signed out, nothing about settings comes back (an empty patch used to return them all).
    expect(refusal(() => admit('updateSettings', {}, { clerk: null }, g))?.code).toBe('NOT_SIGNED_IN')
    expect(refusal(() => admit('updateSettings', { language: 'ar' }, clerk, g))?.code).toBe('FORBIDDEN')
    expect(refusal(() => admit('updateSettings', { language: 'ar', autoPrint: true }, clerk, g))?.code).toBe(
      'FORBIDDEN',
    )
    expect(refusal(() => admit('updateSettings', { reprintWindowMinutes: 999 }, clerk, g))?.code).toBe(
      'FORBIDDEN',
    )
  })

  it('works as before people existed until a manager is created (setup)', () => {
    const { g } = gate({ setUp: false })
    for (const method of DESK_METHODS) {
      expect(
        refusal(() => admit(method, {} as never, { clerk: null }, g)),
        method,
      ).toBeNull()
    }
  })

  it('asks a window without a session to sign in, and names the signed-in person on the call', () => {
    const { g } = gate()
    expect(
      refusal(() =>
        admit(
          'generateVoucher',
          { denominationId: 1, valueDirhams: 5_000 },
          { clerk: null, sender: 'other' },
          g,
        ),
      )?.code,
    ).toBe('NOT_SIGNED_IN')
    const admitted = admit(
      'generateVoucher',
      { denominationId: 1, valueDirhams: 5_000 },
      { clerk: null, sender: 'clerk-window' },
      g,
    )
    expect(admitted.call.clerk).toBe('Salem')
    expect(admitted.call.person).toEqual({ id: 'p2', name: 'Salem', role: 'clerk' })
  })

  it('shows a clerk today’s journal only', () => {
    const { g } = gate()
    const clerk = { clerk: null, sender: 'clerk-window' }
    expect(admit('listJournal', {}, clerk, g).args).toEqual({ from: TODAY, to: TODAY })
    expect(
      refusal(() => admit('listJournal', { from: 20261101, to: TODAY }, clerk, g))?.details?.reason,
    ).toBe('today-only')
    expect(
      admit('listJournal', { from: 20261101 }, { clerk: null, sender: 'manager-window' }, g).args,
    ).toEqual({
      from: 20261101,
    })
    const old = entry({ id: 'old', day: 20261120 })
    const openOld = entry({ id: 'open', day: 20261120, kind: 'deposit', status: 'unknown' })
    const { g: g2 } = gate({ entries: [old, openOld] })
    expect(refusal(() => admit('getEntry', { entryId: 'old' }, clerk, g2))?.code).toBe('FORBIDDEN')
    // Main leads a clerk to an earlier open deposit to the same phone, whatever its day.
    expect(refusal(() => admit('getEntry', { entryId: 'open' }, clerk, g2))).toBeNull()
  })

  it('lets a clerk print within the reprint window after the sale, a manager at any time', () => {
    // Counted from the sale, not from the entry's last change (a manager's note must not reopen it).
    const sale = entry({
      id: 'sale',
      createdAt: '2026-11-26T08:00:00.000Z',
      updatedAt: '2026-11-26T08:14:00.000Z',
    })
    const clerk = { clerk: null, sender: 'clerk-window' }
    const within = gate({ entries: [sale], nowIso: '2026-11-26T08:14:59.000Z' }).g
    const late = gate({ entries: [sale], nowIso: '2026-11-26T08:15:01.000Z' }).g
    for (const method of ['printReceipt', 'getReceiptPreview', 'saveReceiptPdf'] as const) {
      expect(
        refusal(() => admit(method, { entryId: 'sale' }, clerk, within)),
        method,
      ).toBeNull()
      expect(refusal(() => admit(method, { entryId: 'sale' }, clerk, late))?.details).toEqual({
        reason: 'reprint-window',
        windowMinutes: 15,
      })
      expect(
        refusal(() => admit(method, { entryId: 'sale' }, { clerk: null, sender: 'manager-window' }, late)),
      ).toBeNull()
    }
  })

  it('ends a session idle past the auto-lock time; polls do not count as activity', () => {
    const { g, advance } = gate()
    const clerk = { clerk: null, sender: 'clerk-window' }
    for (let i = 0; i < 12; i++) {
      advance(60_000)
      admit('getStatus', {}, clerk, g)
      // Once the session has ended, polls that need one are refused too.
      refusal(() => admit('listNotices', {}, clerk, g))
    }
    const refused = refusal(() => admit('listDenominations', {}, clerk, g))
    expect(refused).toEqual({ code: 'NOT_SIGNED_IN', details: { expired: true } })
  })

  it('keeps a session alive while the person acts', () => {
    const { g, advance } = gate()
    const clerk = { clerk: null, sender: 'clerk-window' }
    for (let i = 0; i < 12; i++) {
      advance(9 * 60_000)
      admit('touchSession', {}, clerk, g)
    }
    expect(refusal(() => admit('listDenominations', {}, clerk, g))).toBeNull()
  })
})

describe('one admission a call', () => {
  /** The policy around handlers that record the call they ran with, and how often a session was asked for. */
  function guarded() {
    const { g, sessions, advance } = gate()
    let lookups = 0
    const lookup = sessions.lookup.bind(sessions)
    sessions.lookup = (sender) => {
      lookups++
      return lookup(sender)
    }
    const ran: CallContext[] = []
    const handlers = guardHandlers(
      new Proxy({} as DeskHandlers, {
        get: () => async (_args: unknown, call: CallContext) => {
          ran.push(call)
          return null
        },
      }),
      g,
    )
    const desk = {
      handlers,
      admit: (method: DeskMethod, call: CallContext) => admitCaller(method, call, g).call,
    }
    return { g, desk, ran, advance, lookups: () => lookups }
  }

  it('the bridge admits the caller once, and the handler runs as that admission says', async () => {
    const { desk, ran, lookups } = guarded()
    const envelope = await dispatch(
      desk,
      'listDenominations',
      {},
      { clerk: null, sender: 'clerk-window' },
      silentLogger,
    )
    expect(envelope).toEqual({ ok: true, value: null })
    expect(lookups()).toBe(1)
    expect(ran).toHaveLength(1)
    expect(ran[0]).toMatchObject({ clerk: 'Salem', person: { id: 'p2', name: 'Salem', role: 'clerk' } })
  })

  it('a handler called without the bridge is admitted by its guard, once', async () => {
    const { desk, ran, lookups } = guarded()
    await expect(
      desk.handlers.listJournal({}, { clerk: null, sender: 'other-window' }),
    ).rejects.toMatchObject({ code: 'NOT_SIGNED_IN' })
    await desk.handlers.listDenominations({}, { clerk: null, sender: 'manager-window' })
    expect(lookups()).toBe(2)
    expect(ran.map((c) => c.clerk)).toEqual(['Fatima'])
  })

  it('an admission is used once, for its own method: another call with it is admitted afresh', async () => {
    const { g, desk, ran } = guarded()
    const admitted = admitCaller('listDenominations', { clerk: null, sender: 'clerk-window' }, g).call
    await desk.handlers.listDenominations({}, admitted)
    // The same object handed to a manager's call is no admission for it.
    await expect(desk.handlers.getReport({ from: TODAY, to: TODAY }, admitted)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    })
    expect(ran).toHaveLength(1)
  })
})

describe('named paths', () => {
  it('lets a clerk save a receipt only through the dialog, never at a path the page names', () => {
    const sale = entry({ id: 'sale', createdAt: '2026-11-26T08:00:00.000Z' })
    const { g } = gate({ entries: [sale], nowIso: '2026-11-26T08:01:00.000Z' })
    const clerk = { clerk: null, sender: 'clerk-window' }
    expect(refusal(() => admit('saveReceiptPdf', { entryId: 'sale' }, clerk, g))).toBeNull()
    expect(
      refusal(() => admit('saveReceiptPdf', { entryId: 'sale', path: '/tmp/x.pdf' }, clerk, g))?.details,
    ).toEqual({
      reason: 'named-path',
    })
  })
})
