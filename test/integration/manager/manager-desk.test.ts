import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyBackup } from '../../../src/main/backup/restore'
import { formatTripoliDateTime } from '../../../src/main/receipts/format'
import { businessDay } from '../../../src/shared/day'
import type { Report } from '../../../src/shared/reports'
import type { JournalEntry } from '../../../src/shared/types'
import { BACKUP_PASSPHRASE, MOHAMED, startTestDesk, type TestDesk } from '../../helpers/desk'
import { CLERK, MANAGER, type Window, windowOf } from '../../helpers/manager'

/**
 * The manager tools against the real desk core and sandbox, called as windows call them (a sender per
 * window, the bridge's validation): setup, roles enforced in main, PIN backoff that survives a restart,
 * resolution of attention entries, X and Z, exports and backups.
 */
let td: TestDesk
let wallOffsetMs = 0
let monotonicMs = 0
let manager: Window
let clerk: Window
let clerkId = ''
const out = mkdtempSync(join(tmpdir(), 'manager-out-'))

beforeAll(async () => {
  td = await startTestDesk({
    deps: {
      pcNow: () => Date.now() + wallOffsetMs,
      monotonicNow: () => performance.now() + monotonicMs,
    },
  })
  manager = windowOf(td, 'window-manager')
  clerk = windowOf(td, 'window-clerk')
})

afterAll(async () => {
  await td?.close()
  rmSync(out, { recursive: true, force: true })
})

const today = () => businessDay(td.desk.workspace().session.clock.now())

describe('setup and roles', () => {
  it('works without anyone signed in until a manager exists (first start is setup)', async () => {
    const session = await manager.call('getSession')
    expect(session).toMatchObject({ setupNeeded: true, person: null })
    const sale = await clerk.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })
    expect(sale.status).toBe('issued')
    expect(sale.clerk).toBeUndefined()
  })

  it('creates the manager once, signed in at the window that set up', async () => {
    const session = await manager.call('createManager', MANAGER)
    expect(session).toMatchObject({ setupNeeded: false, person: { name: MANAGER.name, role: 'manager' } })
    expect((await manager.rejection('createManager', { name: 'Other', pin: '9999' })).code).toBe('FORBIDDEN')
    // From now on a window without a session is refused, whatever it asks.
    expect((await clerk.rejection('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })).code).toBe(
      'NOT_SIGNED_IN',
    )
    expect((await clerk.rejection('listJournal', {})).code).toBe('NOT_SIGNED_IN')
  })

  it('lists only active people for the sign-in picker, without PIN hashes', async () => {
    const added = await manager.call('addClerk', CLERK)
    clerkId = added.id
    expect(added).toMatchObject({ name: CLERK.name, role: 'clerk', active: true })
    expect((await manager.rejection('addClerk', { name: CLERK.name, pin: '2468' })).code).toBe('NAME_TAKEN')
    const { people } = await clerk.call('listPeople')
    expect(people.map((p) => p.name).sort()).toEqual([MANAGER.name, CLERK.name].sort())
    expect(JSON.stringify(people)).not.toContain('scrypt')
  })

  it('records the signed-in clerk on what they sell, by name and id', async () => {
    const session = await clerk.call('signIn', { personId: clerkId, pin: CLERK.pin })
    expect(session.person).toMatchObject({ name: CLERK.name, role: 'clerk' })
    const sale = await clerk.call('generateVoucher', { denominationId: 4, valueDirhams: 30_000 })
    expect(sale.clerk).toBe(CLERK.name)
    const stored = td.desk.workspace().journal.get(sale.id)
    expect(stored?.clerkId).toBe(clerkId)
    const { events } = await clerk.call('getEntry', { entryId: sale.id })
    expect(events.every((e) => e.clerk === CLERK.name)).toBe(true)
  })

  it('refuses a clerk settings, live credentials, reports, people, exports and backups in main', async () => {
    const refusals = await Promise.all([
      clerk.rejection('updateSettings', { reprintWindowMinutes: 600 }),
      clerk.rejection('configureService', { baseUrl: 'https://x.test', username: 'u', password: 'p' }),
      clerk.rejection('useLive'),
      clerk.rejection('testConnection', { baseUrl: 'https://x.test', username: 'u', password: 'p' }),
      clerk.rejection('getReport', { from: today(), to: today() }),
      clerk.rejection('getXReport'),
      clerk.rejection('closeDay'),
      clerk.rejection('exportReport', {
        format: 'csv',
        from: today(),
        to: today(),
        path: join(out, 'x.csv'),
      }),
      clerk.rejection('addClerk', { name: 'Sneaky', pin: '0000' }),
      clerk.rejection('backupNow', { folder: out }),
    ])
    expect(refusals.map((r) => r.code)).toEqual(Array(refusals.length).fill('FORBIDDEN'))
    expect(td.settings.get().reprintWindowMinutes).toBe(15)
    // The language is anyone's to change, through its own call that answers with nothing else.
    expect(await clerk.call('setLanguage', { language: 'ar' })).toEqual({ language: 'ar' })
    expect(td.settings.get().language).toBe('ar')
    expect((await clerk.rejection('updateSettings', { language: 'en' })).code).toBe('FORBIDDEN')
  })

  it('answers a manager call from a clerk FORBIDDEN whatever its input, never with field details', async () => {
    const malformed = await Promise.all([
      clerk.rejection('updateSettings', { reprintWindowMinutes: 'forever', backup: { folder: 7 } }),
      clerk.rejection('configureService', { baseUrl: 42 }),
      clerk.rejection('exportReport', { format: 'exe', from: 'yesterday' }),
      clerk.rejection('addClerk', { name: '', pin: 'x', role: 'owner' }),
      clerk.rejection('resolveEntry', { entryId: 1, outcome: 'free-money' }),
      clerk.rejection('backupNow', 'everything'),
    ])
    for (const refused of malformed) {
      expect(refused).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'manager-only' } })
      expect(refused.details).not.toHaveProperty('fields')
    }
    // A window nobody signed in at learns only that: sign in first.
    const stranger = windowOf(td, 'window-stranger')
    const signedOut = await stranger.rejection('updateSettings', { reprintWindowMinutes: 'forever' })
    expect(signedOut.code).toBe('NOT_SIGNED_IN')
    expect(signedOut.details ?? {}).not.toHaveProperty('fields')
    // Someone allowed to make the call still hears which field is wrong.
    expect(await manager.rejection('updateSettings', { reprintWindowMinutes: 'forever' })).toMatchObject({
      code: 'BAD_INPUT',
      details: { fields: [{ path: 'reprintWindowMinutes' }] },
    })
    expect((await clerk.rejection('generateVoucher', { denominationId: 'thirty' })).code).toBe('BAD_INPUT')
  })

  it('shows a clerk only today’s journal', async () => {
    const page = await clerk.call('listJournal', {})
    expect(page.entries.length).toBeGreaterThan(0)
    expect(page.entries.every((e) => e.day === today())).toBe(true)
    const refused = await clerk.rejection('listJournal', { from: 20200101, to: today() })
    expect(refused).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'today-only' } })
  })

  it('lets a clerk print only within the reprint window after the sale; a manager any time', async () => {
    const sale = await clerk.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })
    // No printer in this desk: a call the guard lets through fails at the printer, not at the guard.
    expect((await clerk.rejection('printReceipt', { entryId: sale.id })).code).toBe('PRINTER_ERROR')
    await manager.call('updateSettings', { reprintWindowMinutes: 0 })
    try {
      await new Promise((r) => setTimeout(r, 20))
      expect(await clerk.rejection('printReceipt', { entryId: sale.id })).toMatchObject({
        code: 'FORBIDDEN',
        details: { reason: 'reprint-window' },
      })
      expect((await clerk.rejection('getReceiptPreview', { entryId: sale.id })).code).toBe('FORBIDDEN')
      expect((await manager.rejection('printReceipt', { entryId: sale.id })).code).toBe('PRINTER_ERROR')
    } finally {
      await manager.call('updateSettings', { reprintWindowMinutes: 15 })
    }
  })

  it('signs a window out, and locks it in main after the idle time even if the page never does', async () => {
    await clerk.call('signOut')
    expect((await clerk.rejection('listDenominations')).code).toBe('NOT_SIGNED_IN')
    await clerk.call('signIn', { personId: clerkId, pin: CLERK.pin })
    await manager.call('updateSettings', { autoLockMinutes: 1 })
    monotonicMs += 61_000
    expect(await clerk.rejection('listDenominations')).toMatchObject({
      code: 'NOT_SIGNED_IN',
      details: { expired: true },
    })
    expect(await clerk.call('getSession')).toMatchObject({ person: null, expired: true })
    // The manager's window too had been idle: it signs in again.
    await manager.call('signIn', { personId: (await managerId()) ?? '', pin: MANAGER.pin })
    await manager.call('updateSettings', { autoLockMinutes: 10 })
  })
})

async function managerId(): Promise<string | undefined> {
  const { people } = await clerk.call('listPeople')
  return people.find((p) => p.role === 'manager')?.id
}

describe('wrong PINs', () => {
  it('slow down per person after the free tries, even against parallel guesses', async () => {
    const results = await Promise.allSettled(
      ['0000', '0001', '0002', '0003', '0004', '0005', '0006'].map((pin) =>
        clerk.call('signIn', { personId: clerkId, pin }),
      ),
    )
    const codes = results.map((r) => (r.status === 'rejected' ? (r.reason as { code: string }).code : 'OK'))
    // Three slips are free; the third starts a wait, and every guess during it is refused unchecked.
    expect(codes.filter((c) => c === 'WRONG_PIN')).toHaveLength(3)
    expect(codes.filter((c) => c === 'TOO_MANY_ATTEMPTS')).toHaveLength(4)
    // The right PIN waits too: nothing is checked during the wait.
    const waiting = await clerk.rejection('signIn', { personId: clerkId, pin: CLERK.pin })
    expect(waiting.code).toBe('TOO_MANY_ATTEMPTS')
    expect(waiting.details?.retryAfterMs).toBeGreaterThan(0)
  })

  it('wait the same however the PC clock is moved', async () => {
    for (const move of [3_600_000, -7_200_000, 86_400_000 * 30]) {
      wallOffsetMs += move
      const waiting = await clerk.rejection('signIn', { personId: clerkId, pin: CLERK.pin })
      expect(waiting.code, `clock moved ${move} ms`).toBe('TOO_MANY_ATTEMPTS')
      expect(waiting.details?.retryAfterMs).toBeGreaterThan(0)
      expect(waiting.details?.retryAfterMs).toBeLessThanOrEqual(5_000)
    }
  })

  it('start the wait again from the kept count after a restart, and a right PIN after it resets the count', async () => {
    await td.restart()
    const waiting = await clerk.rejection('signIn', { personId: clerkId, pin: CLERK.pin })
    expect(waiting.code).toBe('TOO_MANY_ATTEMPTS')
    // Three wrong PINs were kept: their whole wait (5 s) runs again from the start, whatever the clock says.
    expect(waiting.details?.retryAfterMs).toBeGreaterThan(4_000)
    wallOffsetMs += 3_600_000
    expect((await clerk.rejection('signIn', { personId: clerkId, pin: CLERK.pin })).code).toBe(
      'TOO_MANY_ATTEMPTS',
    )
    monotonicMs += 6_000
    expect((await clerk.call('signIn', { personId: clerkId, pin: CLERK.pin })).person?.name).toBe(CLERK.name)
    // Counted from zero again: a slip right after is free.
    await clerk.call('signOut')
    expect((await clerk.rejection('signIn', { personId: clerkId, pin: '9999' })).details?.retryAfterMs).toBe(
      0,
    )
    await clerk.call('signIn', { personId: clerkId, pin: CLERK.pin })
    await manager.call('signIn', { personId: (await managerId()) ?? '', pin: MANAGER.pin })
  })
})

describe('people', () => {
  it('a deactivated clerk is signed out everywhere and cannot sign in', async () => {
    const other = windowOf(td, 'window-temp')
    const temp = await manager.call('addClerk', { name: 'Temp', pin: '4444' })
    await other.call('signIn', { personId: temp.id, pin: '4444' })
    await manager.call('updateClerk', { personId: temp.id, active: false })
    expect((await other.rejection('listDenominations')).code).toBe('NOT_SIGNED_IN')
    expect((await other.rejection('signIn', { personId: temp.id, pin: '4444' })).code).toBe('NOT_FOUND')
    expect((await other.call('listPeople')).people.map((p) => p.name)).not.toContain('Temp')
    expect((await manager.call('listPeople')).people.find((p) => p.name === 'Temp')?.active).toBe(false)
  })

  it('never leaves the terminal without an active manager', async () => {
    const id = (await managerId()) ?? ''
    expect((await manager.rejection('updateClerk', { personId: id, active: false })).code).toBe(
      'LAST_MANAGER',
    )
    expect((await manager.rejection('updateClerk', { personId: id, role: 'clerk' })).code).toBe(
      'LAST_MANAGER',
    )
  })
})

describe('resolving entries that need attention', () => {
  it('marks an unknown voucher issued with the code and serial the provider reports', async () => {
    td.sandbox.controls.setFaults([
      { method: 'POST', path: '/vouchers/generate', action: 'drop-after-commit', times: 1 },
    ])
    const unknown = await clerk.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })
    expect(unknown.status).toBe('unknown')
    const real = td.sandbox.controls.ledger().vouchers.at(-1)
    expect(
      (await clerk.rejection('resolveEntry', { entryId: unknown.id, outcome: 'not-issued', note: 'checked' }))
        .code,
    ).toBe('FORBIDDEN')
    expect(
      (
        await manager.rejection('resolveEntry', {
          entryId: unknown.id,
          outcome: 'issued',
          code: '12a',
          serialNumber: '1',
          note: 'x',
        })
      ).code,
    ).toBe('BAD_INPUT')
    // A mistyped code (one digit short) or serial is refused by main, whatever the screen let through.
    const code = real?.code ?? ''
    const serial = `${real?.serial_number}`
    for (const [typedCode, typedSerial, field] of [
      [code.slice(1), serial, 'code'],
      [`${code}0`, serial, 'code'],
      [code, serial.slice(1), 'serialNumber'],
    ] as const) {
      const refused = await manager.rejection('resolveEntry', {
        entryId: unknown.id,
        outcome: 'issued',
        code: typedCode,
        serialNumber: typedSerial,
        note: 'Provider portal shows the voucher',
      })
      expect(refused.code).toBe('BAD_INPUT')
      expect(refused.message).toContain(field === 'code' ? 'Exactly 15 digits' : 'Exactly 11 digits')
    }
    expect((await manager.call('getEntry', { entryId: unknown.id })).entry.status).toBe('unknown')
    const resolved = await manager.call('resolveEntry', {
      entryId: unknown.id,
      outcome: 'issued',
      code: code.replace(/(\d{4})/g, '$1 '),
      serialNumber: serial,
      note: 'Provider portal shows the voucher',
    })
    expect(resolved).toMatchObject({ status: 'issued', needsAttention: false })
    expect(resolved.resolution).toMatchObject({
      outcome: 'issued',
      by: MANAGER.name,
      note: 'Provider portal shows the voucher',
    })
    const { events } = await manager.call('getEntry', { entryId: unknown.id })
    const event = events.at(-1)
    expect(event?.type).toBe('resolved')
    expect(JSON.stringify(event)).not.toContain(real?.code)
    expect(
      (await manager.rejection('resolveEntry', { entryId: unknown.id, outcome: 'not-issued', note: 'again' }))
        .code,
    ).toBe('NOT_RESOLVABLE')
  })

  it('refuses a code or serial already recorded on another entry, naming the field and why', async () => {
    const sold = await clerk.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })
    expect(sold.status).toBe('issued')
    const recorded = td.sandbox.controls.ledger().vouchers.at(-1)
    td.sandbox.controls.setFaults([
      { method: 'POST', path: '/vouchers/generate', action: 'drop-after-commit', times: 1 },
    ])
    const unknown = await clerk.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })
    expect(unknown.status).toBe('unknown')
    const real = td.sandbox.controls.ledger().vouchers.at(-1)
    const resolve = (code: unknown, serial: unknown) => ({
      entryId: unknown.id,
      outcome: 'issued' as const,
      code: String(code),
      serialNumber: String(serial),
      note: 'Provider portal shows the voucher',
    })
    for (const [code, serial, field] of [
      [real?.code, recorded?.serial_number, 'serialNumber'],
      [recorded?.code, real?.serial_number, 'code'],
      [recorded?.code, recorded?.serial_number, 'serialNumber'],
    ] as const) {
      const refused = await manager.rejection('resolveEntry', resolve(code, serial))
      expect(refused).toMatchObject({
        code: 'BAD_INPUT',
        details: { field, reason: 'RECORDED_ELSEWHERE', entryId: sold.id },
      })
    }
    expect((await manager.call('getEntry', { entryId: unknown.id })).entry.status).toBe('unknown')
    expect(await manager.call('resolveEntry', resolve(real?.code, real?.serial_number))).toMatchObject({
      status: 'issued',
    })
  })

  it('marks an unknown voucher not issued: failed, with who, when and why', async () => {
    td.sandbox.controls.setFaults([
      { method: 'POST', path: '/vouchers/generate', action: 'drop-before-commit', times: 1 },
    ])
    const unknown = await clerk.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })
    const resolved = await manager.call('resolveEntry', {
      entryId: unknown.id,
      outcome: 'not-issued',
      note: 'Not in the portal',
    })
    expect(resolved).toMatchObject({
      status: 'failed',
      needsAttention: false,
      resolution: { outcome: 'not-issued' },
    })
  })

  it('annotates a deposit confirmed by duplicate with the provider’s id, once', async () => {
    await clerk.call('lookupCustomer', { phone: MOHAMED.phone })
    td.sandbox.controls.setFaults([
      { method: 'POST', path: '/deposit', action: 'drop-after-commit', times: 1 },
    ])
    const unknown = await clerk.call('deposit', {
      phone: MOHAMED.phone,
      amountDirhams: 7_000,
      confirmedFirstName: MOHAMED.name,
    })
    expect(unknown.status).toBe('unknown')
    const confirmed = await clerk.call('retryDeposit', { entryId: unknown.id })
    expect(confirmed).toMatchObject({ status: 'confirmed', confirmedByDuplicate: true, needsAttention: true })
    const credit = td.sandbox.controls
      .ledger()
      .deposits.find((d) => d.external_transaction_id === unknown.externalTransactionId)
    const annotated = await manager.call('annotateEntry', {
      entryId: unknown.id,
      serviceTransactionId: String(credit?.transaction_id),
      note: 'Id from the provider statement',
    })
    expect(annotated).toMatchObject({
      serviceTransactionId: String(credit?.transaction_id),
      needsAttention: false,
    })
    expect(
      (
        await manager.rejection('annotateEntry', {
          entryId: unknown.id,
          serviceTransactionId: '1',
          note: 'again',
        })
      ).code,
    ).toBe('NOT_RESOLVABLE')
  })

  it('leaves an open deposit to the background retry inside its window, then lets a manager settle it', async () => {
    td.sandbox.controls.setFaults([{ method: 'POST', path: '/deposit', action: 'drop-before-commit' }])
    try {
      await clerk.call('lookupCustomer', { phone: '0931234567' })
      const open = await clerk.call('deposit', {
        phone: '0931234567',
        amountDirhams: 3_000,
        confirmedFirstName: 'Ahmed',
      })
      expect(open.status).toBe('unknown')
      expect(
        (
          await manager.rejection('resolveEntry', {
            entryId: open.id,
            outcome: 'not-made',
            note: 'cash back',
          })
        ).code,
      ).toBe('IN_PROGRESS')
      // Its first attempt 20 minutes ago: past the window, only a person decides now.
      const ws = td.desk.workspace()
      const earlier = new Date(ws.session.clock.now() - 20 * 60_000).toISOString()
      const db = new Database(ws.journal.path)
      db.prepare('UPDATE entries SET first_sent_at = ? WHERE id = ?').run(earlier, open.id)
      db.close()
      const settled = await manager.call('resolveEntry', {
        entryId: open.id,
        outcome: 'not-made',
        note: 'Cash handed back',
      })
      expect(settled).toMatchObject({
        status: 'failed',
        needsAttention: false,
        resolution: { outcome: 'not-made' },
      })
    } finally {
      td.sandbox.controls.clearFaults()
    }
  })
})

describe('X and Z', () => {
  let z1: Report

  it('an X report shows the day so far, by kind, value and clerk', async () => {
    const x = await manager.call('getXReport')
    const day = await manager.call('getReport', { from: today(), to: today() })
    expect(x.type).toBe('x')
    expect(x.sales).toEqual(day.sales)
    const vouchers = x.byKind.find((k) => k.kind === 'voucher')
    const issued = (
      await manager.call('listJournal', {
        from: today(),
        to: today(),
        kind: 'voucher',
        status: 'issued',
        limit: 500,
      })
    ).entries
    expect(vouchers?.done).toEqual({
      count: issued.length,
      dirhams: issued.reduce((s, e) => s + e.amountDirhams, 0),
    })
    expect(x.byClerk.find((c) => c.clerk === CLERK.name)?.vouchers.count).toBeGreaterThan(0)
    expect(x.byDenomination.reduce((s, d) => s + d.count, 0)).toBe(issued.length)
  })

  it('numbers Z reports, refuses a second Z with nothing new, and covers only what came after', async () => {
    z1 = await manager.call('closeDay')
    expect(z1.z).toMatchObject({ number: 1, part: 1, closedBy: MANAGER.name })
    expect((await manager.rejection('closeDay')).code).toBe('ALREADY_CLOSED')
    expect((await manager.call('getXReport')).entryCount).toBe(0)
    const late: JournalEntry = await clerk.call('generateVoucher', {
      denominationId: 6,
      valueDirhams: 100_000,
    })
    const x = await manager.call('getXReport')
    expect(x.sales).toEqual({ count: 1, dirhams: late.amountDirhams })
    const z2 = await manager.call('closeDay')
    expect(z2.z).toMatchObject({ number: 2, part: 2 })
    expect(z2.sales).toEqual({ count: 1, dirhams: late.amountDirhams })
    expect(await manager.call('getZReport', { number: 1 })).toEqual(z1)
    expect((await manager.call('listZReports')).reports.map((r) => r.number)).toEqual([2, 1])
  })
})

describe('exports and backups', () => {
  async function finished(jobId: string) {
    for (;;) {
      const job = await manager.call('getExportProgress', { jobId })
      if (job.state !== 'running') return job
      await new Promise((r) => setTimeout(r, 20))
    }
  }

  it('exports a day as CSV with a BOM, guarded cells and the totals of the journal', async () => {
    const path = join(out, 'day.csv')
    expect(
      (
        await manager.rejection('exportReport', {
          format: 'csv',
          from: today(),
          to: today(),
          path: join(out, 'day.txt'),
        })
      ).code,
    ).toBe('BAD_INPUT')
    const job = await manager.call('exportReport', {
      format: 'csv',
      from: today(),
      to: today(),
      path,
      language: 'en',
    })
    const done = await finished(job?.jobId ?? '')
    expect(done).toMatchObject({ state: 'done', path })
    const { readFileSync } = await import('node:fs')
    const text = readFileSync(path, 'utf8')
    expect(text.startsWith('\uFEFF')).toBe(true)
    const [entriesPart, summaryPart] = text.slice(1).split('\r\n\r\n')
    const rows = (entriesPart ?? '').split('\r\n').slice(1)
    const report = await manager.call('getReport', { from: today(), to: today() })
    expect(rows).toHaveLength(report.entryCount)
    expect(done.total).toBe(report.entryCount)
    const sales = (summaryPart ?? '').split('\r\n').find((l) => l.startsWith('Sales'))
    expect(sales).toBe(
      `Sales (issued vouchers and confirmed deposits),Total,${report.sales.count},${(report.sales.dirhams / 1000).toFixed(3)}`,
    )
    expect(text).toContain(CLERK.name)
    // The entries needing attention are a count, as on screen: no amount that would read "0.000 at stake".
    const attention = (summaryPart ?? '').split('\r\n').find((l) => l.startsWith('Entries needing attention'))
    expect(attention).toBe(`Entries needing attention,Total,${report.attention.total},`)
    expect((summaryPart ?? '').split('\r\n')[0]).toBe('Daily report,Item,Count,Amount (LYD)')
    expect(readdirSync(out).filter((f) => f.endsWith('.part'))).toEqual([])
  })

  it('exports XLSX with right-to-left sheets in Arabic and amounts as numbers', async () => {
    const path = join(out, 'day.xlsx')
    const asked = Date.now()
    const job = await manager.call('exportReport', {
      format: 'xlsx',
      from: today(),
      to: today(),
      path,
      language: 'ar',
    })
    expect((await finished(job?.jobId ?? '')).state).toBe('done')
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(path)
    expect(book.worksheets.map((w) => w.name)).toEqual(['الملخص', 'العمليات'])
    const entries = book.getWorksheet('العمليات')
    expect(entries?.views[0]?.rightToLeft).toBe(true)
    const report = await manager.call('getReport', { from: today(), to: today() })
    expect((entries?.rowCount ?? 0) - 1).toBe(report.entryCount)
    const amountColumn = ((entries?.getRow(1).values ?? []) as unknown[]).indexOf('المبلغ (د.ل)')
    expect(amountColumn).toBeGreaterThan(0)
    const amount = entries?.getRow(2).getCell(amountColumn)
    expect(typeof amount?.value).toBe('number')
    expect(amount?.numFmt).toBe('0.000')
    // The summary's columns are named for what they hold, its time is Tripoli's (as on screen), and the
    // attention line is a count with no amount.
    const summary = book.getWorksheet('الملخص')
    const rows: unknown[][] = []
    summary?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
    expect(rows).toContainEqual(['القسم', 'البند', 'العدد', 'المبلغ (د.ل)'])
    // Written between the test's asking for the export and now: Tripoli's time of one of those minutes.
    const generated = rows.find((r) => r[0] === 'أُعدّ في')?.[1]
    const minutes = [asked, Date.now()].map((ms) => formatTripoliDateTime(new Date(ms).toISOString()))
    expect(minutes).toContain(generated)
    const attention = rows.find((r) => r[0] === 'عمليات تحتاج إلى متابعة')
    expect(attention?.[2]).toBe(report.attention.total)
    expect(attention?.[3]).toBeUndefined()
  })

  it('backs up every database to a verified folder and keeps the number set', async () => {
    const folder = join(out, 'backups')
    await manager.call('updateSettings', { backup: { folder, keep: 2 } })
    await manager.call('setBackupPassphrase', { passphrase: BACKUP_PASSPHRASE })
    // The test's folders are on the data folder's disk: refused until the manager says "same disk, I know".
    expect((await manager.rejection('backupNow', {})).details).toMatchObject({
      reason: 'SAME_DISK_AS_DATA',
      folder,
    })
    expect(existsSync(folder)).toBe(false)
    const first = await manager.call('backupNow', { sameDisk: true })
    expect(first?.files.map((f) => f.name).sort()).toEqual(['journal-training.sqlite', 'people.sqlite'])
    expect(first?.encrypted).toBe(true)
    expect(await verifyBackup(first?.folder ?? '', BACKUP_PASSPHRASE)).toEqual({ ok: true, problems: [] })
    await manager.call('backupNow', { sameDisk: true })
    const third = await manager.call('backupNow', { sameDisk: true })
    expect(third?.pruned).toBe(1)
    expect(readdirSync(folder).filter((n) => n.startsWith('reseller-desk-backup-'))).toHaveLength(2)
    expect((await manager.rejection('updateSettings', { backup: { folder: 'relative/path' } })).code).toBe(
      'BAD_INPUT',
    )
  })
})
