import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import ExcelJS from 'exceljs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { businessDay } from '../../src/shared/day'
import { type BrowserShell, startBrowserShell } from '../../src/shells/browser/server'
import { pdfText } from '../helpers/pdf-text'
import {
  type Browser,
  callDesk,
  launchBrowser,
  screenshot,
  sellFiveLyd,
  sellWithAnswerLost,
  signInOnScreen,
  watchErrors,
} from './support/browser'
import { buildRendererForTest } from './support/renderer'

/**
 * The manager tools end to end: the real renderer in Chromium through the browser shell, against the desk
 * core and the training sandbox. Refusals are proved by calling window.api from the page itself, so what is
 * tested is main's enforcement, not the hidden buttons.
 */
const MANAGER = { name: 'Fatima الفيتوري', pin: '2580' }
const CLERK = { name: 'فتحي', pin: '1357' }
const CUSTOMER = { phone: '0921234567', name: 'فاطمة' }

let shell: BrowserShell
let browser: Browser
let dataDir: string
let rendererDir: string
/** The data folder and, beside it, where backups go (never inside the data folder). */
let workDir: string
let page: Page
let errors: string[]

beforeAll(async () => {
  rendererDir = await buildRendererForTest()
  workDir = mkdtempSync(join(tmpdir(), 'desk-e2e-manager-'))
  dataDir = join(workDir, 'data')
  shell = await startBrowserShell({ dataDir, rendererDir })
  browser = await launchBrowser()
  page = await browser.newPage()
  errors = watchErrors(page)
  await page.goto(shell.url)
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await shell?.close()
  rmSync(workDir, { recursive: true, force: true })
  rmSync(rendererDir, { recursive: true, force: true })
})

const journal = () => shell.app.desk.workspace().journal
/** A read-only connection of the test's own to the active journal's file. */
function readJournal<T>(read: (db: Database.Database) => T): T {
  const db = new Database(journal().path, { readonly: true })
  try {
    return read(db)
  } finally {
    db.close()
  }
}
const today = () => businessDay(shell.app.desk.workspace().session.clock.now())

/** The day's money that moved, straight from the journal database. */
function journalSales(): { count: number; dirhams: number } {
  return readJournal((db) =>
    db
      .prepare(
        `SELECT count(*) AS count, coalesce(sum(amount_dirhams), 0) AS dirhams FROM entries
         WHERE day = ? AND status IN ('issued', 'confirmed')`,
      )
      .get(today()),
  ) as { count: number; dirhams: number }
}

/** A call made by the page itself, as any script in the window could: the rejection main sends back. */
function pageCall(
  method: string,
  input?: unknown,
): Promise<{ ok: boolean; code?: string; reason?: unknown }> {
  return page.evaluate(
    async ([m, i]) => {
      try {
        const api = (globalThis as unknown as { api: Record<string, (x: unknown) => Promise<unknown>> }).api
        await api[m as string]?.(i)
        return { ok: true }
      } catch (e) {
        const error = e as { code: string; details?: { reason?: unknown } }
        return { ok: false, code: error.code, reason: error.details?.reason }
      }
    },
    [method, input] as const,
  )
}

function signIn(name: string, pin: string) {
  return signInOnScreen(page, name, pin)
}

async function signOut() {
  await page.locator('.person-menu').getByRole('button', { name: 'Sign out' }).click()
  await page.getByRole('heading', { name: 'Sign in' }).waitFor()
}

describe('a manager and a clerk through the browser shell', () => {
  it('asks for a manager on first start without blocking the desk, then requires sign-in', async () => {
    await page.getByRole('heading', { name: 'No manager is set up on this PC' }).waitFor()
    await page.locator('.denomination').first().waitFor()
    await screenshot(page, 'en-20-setup-banner')
    await page.getByRole('button', { name: 'Set up the manager' }).click()
    await page.getByRole('heading', { name: 'Set up the manager' }).waitFor()
    await page.getByRole('button', { name: 'العربية' }).click()
    await page.getByRole('heading', { name: 'إعداد المدير' }).waitFor()
    await screenshot(page, 'ar-21-setup')
    await page.getByRole('button', { name: 'English' }).click()
    await page.getByLabel('Name').fill(MANAGER.name)
    await page.getByLabel('PIN (4 to 12 digits)').fill(MANAGER.pin)
    await page.getByLabel('PIN again').fill('2581')
    await page.getByRole('button', { name: /^Create the manager/ }).click()
    expect(await page.getByText('The two PINs differ.').count()).toBe(1)
    await page.getByLabel('PIN again').fill(MANAGER.pin)
    await screenshot(page, 'en-21-setup')
    await page.getByRole('button', { name: /^Create the manager/ }).click()
    await page.locator('.person-menu').getByText(MANAGER.name).waitFor()
    expect(await page.getByRole('heading', { name: 'No manager is set up on this PC' }).count()).toBe(0)
  })

  it('lets the manager add a clerk with an Arabic name', async () => {
    await page.keyboard.press('F5')
    await page.getByRole('heading', { name: 'Manager', exact: true }).waitFor()
    await page.getByRole('tab', { name: 'People' }).click()
    const add = page.locator('form[aria-labelledby="add-person-title"]')
    await add.getByLabel('Name').fill(CLERK.name)
    await add.getByLabel('PIN (4 to 12 digits)').fill('١٣٥٧')
    await add.getByLabel('PIN again').fill('١٣٥٧')
    await add.getByRole('button', { name: 'Add' }).click()
    await page.getByText(`${CLERK.name} can now sign in.`).waitFor()
    expect(await page.locator('.report-table').textContent()).toContain(CLERK.name)
    await screenshot(page, 'en-22-people')
  })

  it('signs the clerk in, who sells and deposits on their own name, with only the clerk’s screens', async () => {
    await signOut()
    // The people come with the sign-in screen's first answer; wait for them before counting.
    await page.getByRole('radio').nth(1).waitFor()
    expect(await page.getByRole('radio').count()).toBe(2)
    await screenshot(page, 'en-23-sign-in')
    await signIn(CLERK.name, CLERK.pin)
    const tabs = await page.getByRole('navigation').getByRole('button').allTextContents()
    expect(tabs.map((t) => t.replace(/F\d$/, ''))).toEqual(['Sell', 'Deposit', 'Journal'])

    await sellFiveLyd(page)
    await page.getByRole('button', { name: 'New sale' }).click()

    await page.getByRole('button', { name: /^Deposit/ }).click()
    await page.getByLabel('Customer phone number').fill(CUSTOMER.phone)
    await page.getByRole('button', { name: 'Look up' }).click()
    await page.getByText('Is the account holder named').waitFor()
    await page.getByRole('button', { name: 'Yes', exact: true }).click()
    await page.getByLabel('Amount (LYD)').fill('12.25')
    await page.getByRole('button', { name: 'Review' }).click()
    await page.getByRole('button', { name: 'Confirm deposit' }).click()
    await page.getByRole('heading', { name: 'Deposit confirmed' }).waitFor()

    const mine = readJournal((db) =>
      db.prepare('SELECT clerk, clerk_id FROM entries WHERE day = ? ORDER BY id DESC LIMIT 2').all(today()),
    ) as { clerk: string; clerk_id: string }[]
    expect(mine.map((e) => e.clerk)).toEqual([CLERK.name, CLERK.name])
    expect(mine.every((e) => e.clerk_id)).toBe(true)
    await page.keyboard.press('F3')
    await page.locator('.journal-row').first().waitFor()
    expect(await page.getByLabel('From').count()).toBe(0)
    // Nor is Settings drawn ahead for a clerk, who cannot open it (the manager's, signed out, is gone): for
    // anyone else it is there, hidden, a moment after the first screen — this clerk has sold and deposited since.
    expect(await page.locator('main.settings-screen').count()).toBe(0)
    await screenshot(page, 'en-24-clerk-journal')
  })

  it('refuses the clerk’s calls to settings, reports, exports and late reprints in main', async () => {
    expect(await pageCall('updateSettings', { reprintWindowMinutes: 999 })).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    })
    expect(
      await pageCall('configureService', { baseUrl: 'https://x.test', username: 'u', password: 'p' }),
    ).toMatchObject({
      code: 'FORBIDDEN',
    })
    expect(await pageCall('getReport', { from: today(), to: today() })).toMatchObject({ code: 'FORBIDDEN' })
    expect(await pageCall('closeDay')).toMatchObject({ code: 'FORBIDDEN' })
    expect(
      await pageCall('exportReport', {
        format: 'csv',
        from: today(),
        to: today(),
        path: join(dataDir, 'stolen.csv'),
      }),
    ).toMatchObject({ code: 'FORBIDDEN' })
    expect(await pageCall('listJournal', { from: 20200101, to: today() })).toMatchObject({
      code: 'FORBIDDEN',
    })
    // A sale finished 20 minutes ago is past the clerk's reprint window (15 minutes).
    const sale = readJournal((db) =>
      db
        .prepare(
          "SELECT id FROM entries WHERE kind = 'voucher' AND status = 'issued' ORDER BY id DESC LIMIT 1",
        )
        .get(),
    ) as { id: string }
    // The service's clock moves 20 minutes on; the desk learns it from the next answer's Date header.
    shell.sandbox.controls.setClockOffset(20 * 60_000)
    await pageCall('listDenominations', { refresh: true })
    try {
      expect(await pageCall('printReceipt', { entryId: sale.id })).toMatchObject({
        code: 'FORBIDDEN',
        reason: 'reprint-window',
      })
      expect(await pageCall('getReceiptPreview', { entryId: sale.id })).toMatchObject({ code: 'FORBIDDEN' })
    } finally {
      shell.sandbox.controls.setClockOffset(0)
      await pageCall('listDenominations', { refresh: true })
    }
    // The language stays anyone's to change, and answers with nothing else.
    expect(await pageCall('setLanguage', { language: 'en' })).toEqual({ ok: true })
    expect(await pageCall('updateSettings', { language: 'en' })).toMatchObject({ code: 'FORBIDDEN' })
  })

  it('signs the clerk out; the window can do nothing until someone signs in', async () => {
    await signOut()
    expect(await pageCall('listDenominations')).toMatchObject({ code: 'NOT_SIGNED_IN' })
    expect(await pageCall('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })).toMatchObject({
      code: 'NOT_SIGNED_IN',
    })
  })

  it('resolves an unknown voucher from the entry panel after checking with the provider', async () => {
    await signIn(MANAGER.name, MANAGER.pin)
    await sellWithAnswerLost(page, shell.sandbox.controls)
    const real = shell.sandbox.controls.ledger().vouchers.at(-1)
    await page.getByRole('button', { name: 'Open the attention list' }).click()
    await page.locator('.journal-row').first().click()
    const panel = page.locator('.entry-panel')
    await panel.getByRole('heading', { name: 'Resolve after checking with the provider' }).waitFor()
    await panel.getByRole('radio', { name: 'Issued', exact: true }).check()
    const save = panel.getByRole('button', { name: 'Save the resolution' })
    // Code and serial are typed twice, as the provider reads them; until then Save says what is missing.
    await panel.getByLabel('Voucher code', { exact: true }).fill(String(real?.code))
    await panel.getByLabel('Voucher code again').fill(String(real?.code).slice(1))
    expect(await save.isDisabled()).toBe(true)
    await panel.getByText('Type the 15-digit voucher code twice.').waitFor()
    await panel.getByLabel('Voucher code again').fill(String(real?.code))
    await panel.getByLabel('Serial number', { exact: true }).fill(String(real?.serial_number))
    await panel.getByLabel('Serial number again').fill(String(real?.serial_number))
    await panel.getByText('Write a note of at least 3 characters.').waitFor()
    await panel.getByLabel(/^Note/).fill('Seen in the provider portal')
    await screenshot(page, 'en-25-resolve')
    await panel.getByRole('button', { name: 'Save the resolution' }).click()
    await expect.poll(() => panel.locator('.entry-status').textContent()).toContain('Issued')
    expect(await panel.locator('.resolution-line').textContent()).toContain('Seen in the provider portal')
  })

  it('shows the day’s report with its totals, and closes the day with Z number 1', async () => {
    // A deposit whose answer was lost, re-sent and answered 409: confirmed by duplicate, with no error to show.
    shell.sandbox.controls.setFaults([
      { method: 'POST', path: '/deposit', action: 'drop-after-commit', times: 1 },
    ])
    const duplicate = await page.evaluate(
      async ([phone, name]) => {
        type Entry = { id: string; status: string; confirmedByDuplicate?: boolean }
        const api = (globalThis as unknown as { api: Record<string, (x: unknown) => Promise<Entry>> }).api
        await api.lookupCustomer?.({ phone })
        const first = await api.deposit?.({ phone, amountDirhams: 7_321, confirmedFirstName: name })
        return api.retryDeposit?.({ entryId: first?.id })
      },
      [CUSTOMER.phone, CUSTOMER.name] as const,
    )
    shell.sandbox.controls.clearFaults()
    expect(duplicate).toMatchObject({ status: 'confirmed', confirmedByDuplicate: true })
    await page.keyboard.press('F5')
    await page.getByRole('button', { name: 'Show report' }).click()
    const view = page.locator('.report-view')
    await view.waitFor()
    const sales = journalSales()
    expect(await view.locator('.report-sales').textContent()).toContain((sales.dirhams / 1000).toFixed(3))
    expect(await view.textContent()).toContain(CLERK.name)
    // The follow-up list says why that deposit is there.
    expect(await view.locator('tr', { hasText: '7.321' }).last().textContent()).toContain(
      'Confirmed by duplicate',
    )
    await screenshot(page, 'en-26-report')
    await page.getByRole('button', { name: 'Close the day (Z)' }).click()
    await page.getByRole('button', { name: 'Yes, close the day' }).click()
    await page.getByRole('heading', { name: 'Z report no. 1' }).waitFor()
    await screenshot(page, 'en-29-z-report')
    expect(
      await page
        .locator('.z-list')
        .getByRole('button', { name: /^View: Z report no\. 1/ })
        .count(),
    ).toBe(1)
  })

  it('exports the day as CSV, XLSX and PDF whose totals match the journal, with Arabic names intact', async () => {
    await page.getByRole('button', { name: 'Show report' }).click()
    await page.locator('.report-view').waitFor()
    const sales = journalSales()
    const saved: Record<string, string> = {}
    for (const [format, label] of [
      ['csv', 'CSV'],
      ['xlsx', 'Excel (XLSX)'],
      ['pdf', 'PDF'],
    ] as const) {
      await page.getByRole('button', { name: label, exact: true }).click()
      const done = page.getByRole('status').filter({ hasText: 'Saved:' })
      await done.waitFor({ timeout: 60_000 })
      saved[format] = ((await done.locator('.file-path').textContent()) ?? '').trim()
      expect(saved[format]?.endsWith(`.${format}`)).toBe(true)
    }
    await screenshot(page, 'en-27-exported')

    const csv = readFileSync(saved.csv ?? '', 'utf8')
    expect(csv.startsWith('\uFEFF')).toBe(true)
    const [entryPart] = csv.slice(1).split('\r\n\r\n')
    const [head = [], ...rows] = (entryPart ?? '').split('\r\n').map((line) => line.split(','))
    // Columns found by their heads, as a person reading the file finds them.
    const column = (name: string) => head.indexOf(name)
    const done = rows.filter((r) => ['Issued', 'Confirmed'].includes(r[column('Status')] ?? ''))
    expect(done.length).toBe(sales.count)
    expect(done.reduce((sum, r) => sum + Math.round(Number(r[column('Amount (LYD)')]) * 1000), 0)).toBe(
      sales.dirhams,
    )
    // Each sale with its receipt number and its time in Tripoli beside UTC.
    for (const r of done) {
      expect(r[column('Receipt no.')]).toMatch(/^T-\d{4}-\d{4}$/)
      expect(r[column('Time (Tripoli)')]).toMatch(/^\d{2}:\d{2}:\d{2}$/)
      expect(r[column('Created (UTC)')]).toMatch(/Z$/)
    }
    expect(csv).toContain(CLERK.name)
    expect(csv).toContain(CUSTOMER.name)

    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(saved.xlsx ?? '')
    const sheet = book.getWorksheet('Entries')
    let count = 0
    let dirhams = 0
    const names = new Set<string>()
    const heads = ((sheet?.getRow(1).values ?? []) as unknown[]).map(String)
    const cell = (row: ExcelJS.Row, name: string) => row.getCell(heads.indexOf(name)).value
    sheet?.eachRow((row, n) => {
      if (n === 1) return
      names.add(String(cell(row, 'Clerk')))
      names.add(String(cell(row, 'Account holder')))
      const status = String(cell(row, 'Status'))
      if (status === 'Issued' || status === 'Confirmed') {
        count++
        dirhams += Math.round(Number(cell(row, 'Amount (LYD)')) * 1000)
      }
    })
    expect({ count, dirhams }).toEqual(sales)
    expect(names.has(CLERK.name) && names.has(CUSTOMER.name)).toBe(true)

    const pdf = await pdfText(readFileSync(saved.pdf ?? ''))
    expect(pdf.text).toContain(`${sales.count} · ${(sales.dirhams / 1000).toFixed(3)} LYD`)
    expect(pdf.text).toContain(CLERK.name)
    expect(pdf.text).toContain(CUSTOMER.name)
    expect(pdf.text).toContain('الفيتوري')

    // The "Saved:" line is about that export: showing another report takes it away.
    await page.getByRole('button', { name: 'Show report' }).click()
    await page.locator('.report-view').waitFor()
    expect(await page.getByRole('status').filter({ hasText: 'Saved:' }).count()).toBe(0)
  }, 120_000)

  it('counts a sale whose outcome was found after its Z in the next X and Z, once', async () => {
    shell.sandbox.controls.setFaults([
      { method: 'POST', path: '/vouchers/generate', action: 'drop-after-commit', times: 1 },
    ])
    const lost = await callDesk(page, 'generateVoucher', { denominationId: 2, valueDirhams: 10_000 })
    shell.sandbox.controls.clearFaults()
    expect(lost.status).toBe('unknown')
    const real = shell.sandbox.controls.ledger().vouchers.at(-1)
    // The Z question says where a later outcome goes; at 1024×768 its answers are brought into sight.
    await page.setViewportSize({ width: 1024, height: 768 })
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.getByRole('button', { name: 'Close the day (Z)' }).click()
    await page
      .getByText(/shown on the next X and counted by the next Z, under “Outcomes of earlier Z reports”/)
      .waitFor()
    const yes = page.getByRole('button', { name: 'Yes, close the day' })
    await expect
      .poll(() => yes.evaluate((button) => button.getBoundingClientRect().bottom <= window.innerHeight))
      .toBe(true)
    await screenshot(page, 'en-30-z-question-1024')
    await page.setViewportSize({ width: 1366, height: 860 })
    await yes.click()
    await page.getByRole('heading', { name: 'Z report no. 2 (part 2 of the day)' }).waitFor()
    const view = page.locator('.report-view')
    expect(await view.getByRole('heading', { name: 'Outcomes of earlier Z reports' }).count()).toBe(0)

    await callDesk(page, 'resolveEntry', {
      entryId: lost.id,
      outcome: 'issued',
      code: String(real?.code),
      serialNumber: String(real?.serial_number),
      note: 'Seen in the provider portal',
    })
    const amount = (lost.amountDirhams / 1000).toFixed(3)
    await page.getByRole('button', { name: 'X report (shift so far)' }).click()
    await view.getByRole('heading', { name: 'Outcomes of earlier Z reports' }).waitFor()
    expect(
      await view.getByText('The next Z counts their money; no other Z does.', { exact: false }).count(),
    ).toBe(1)
    expect(await view.getByText('Money that moved with them').textContent()).toMatch(
      new RegExp(`Money that moved with them: 1 · ${amount.replace('.', '\\.')}`),
    )
    expect(await view.locator('tr[data-late-kind="voucher"]').textContent()).toContain(amount)
    // What the cash should show: this X's own sales (none) and the money that moved with those outcomes.
    expect(await view.locator('[data-with-late]').textContent()).toMatch(
      new RegExp(`Sales with the outcomes of earlier Zs: 1 · ${amount.replace('.', '\\.')}`),
    )
    await screenshot(page, 'en-30-x-late-outcome')

    // Nothing was sold since the second Z; the third carries the outcome, and a fourth is refused.
    await page.getByRole('button', { name: 'Close the day (Z)' }).click()
    await page.getByRole('button', { name: 'Yes, close the day' }).click()
    await page.getByRole('heading', { name: 'Z report no. 3 (part 3 of the day)' }).waitFor()
    expect(await view.getByRole('heading', { name: 'Settled since the last Z (1)' }).count()).toBe(1)
    expect(await view.locator('.report-entries tr', { hasText: amount }).textContent()).toContain('Issued')
    // In the list of Zs, the third shows what it carried under its own (nothing sold) sales.
    expect(await page.locator('.z-list li').first().textContent()).toMatch(
      new RegExp(`0\\.000 LYD\\+ ${amount.replace('.', '\\.')}`),
    )
    await page.getByRole('button', { name: 'العربية' }).click()
    await view.getByRole('heading', { name: 'نتائج عمليات من تقارير Z سابقة' }).waitFor()
    await screenshot(page, 'ar-30-z-late-outcome')
    await page.getByRole('button', { name: 'English' }).click()
    expect(await pageCall('closeDay')).toMatchObject({ ok: false, code: 'ALREADY_CLOSED' })
  })

  /**
   * The test's folders are on the data folder's disk: refused with why, until the manager says "same disk,
   * I know" and presses Back up now again.
   */
  async function backUpOnTheSameDisk(): Promise<void> {
    await page.getByText('This folder is on the same disk as the desk’s data', { exact: false }).waitFor()
    expect(await page.getByText('Backup made and checked:').count()).toBe(0)
    await page.getByLabel('Same disk, I know: back up into this folder anyway').check()
    await page.getByRole('button', { name: 'Back up now' }).click()
  }

  it('backs up only once a recovery passphrase is set, encrypted, and says so', async () => {
    await page.getByRole('tab', { name: 'Backup' }).click()
    await page.getByText('No passphrase is set yet: no encrypted backup can be made.').waitFor()
    const typed = join(workDir, 'typed-backups')
    await page.getByLabel('Backup folder').fill(typed)
    await page.getByRole('button', { name: 'Back up now' }).click()
    await page
      .getByText('Backups are encrypted: set a recovery passphrase first (below), or choose plain backups.')
      .waitFor()
    expect(existsSync(typed)).toBe(false)
    // Too short, then two that differ: said at the field, nothing sent.
    await page.getByLabel('New passphrase (at least 12 characters)').fill('olive tree')
    await page.getByRole('button', { name: 'Set the passphrase' }).click()
    await page.getByText('At least 12 characters.').waitFor()
    await page.getByLabel('New passphrase (at least 12 characters)').fill('olive tree harbour lantern')
    await page.getByLabel('New passphrase again').fill('olive tree harbour lanterns')
    await page.getByRole('button', { name: 'Set the passphrase' }).click()
    await page.getByText('The two passphrases differ.').waitFor()
    await page.getByLabel('New passphrase again').fill('olive tree harbour lantern')
    await page.getByRole('button', { name: 'Set the passphrase' }).click()
    await page.getByText('Set. Write it down now.', { exact: false }).waitFor()
    await page.getByText(/^A passphrase was set on /).waitFor()
    expect(await page.getByLabel('New passphrase (at least 12 characters)').inputValue()).toBe('')
    await page.getByRole('button', { name: 'Back up now' }).click()
    await backUpOnTheSameDisk()
    await page.getByText('Backup made and checked:').waitFor()
    await page.getByText('Encrypted: it opens only with the recovery passphrase.').waitFor()
  })

  it('backs up into the folder typed, saved or not, and says in words why a folder is refused', async () => {
    await page.getByRole('tab', { name: 'Backup' }).click()
    const typed = join(workDir, 'typed-backups-2')
    await page.getByLabel('Backup folder').fill(typed)
    await page.getByRole('button', { name: 'Back up now' }).click()
    await backUpOnTheSameDisk()
    await page.getByText('Backup made and checked:').waitFor()
    expect(await page.locator('.file-path').textContent()).toContain(typed)
    expect(existsSync(typed)).toBe(true)
    // A folder inside the app's own data folder: refused, with the reason, and the last result gone.
    await page.getByLabel('Backup folder').fill(join(dataDir, 'backups'))
    await page.getByRole('button', { name: 'Back up now' }).click()
    await page
      .getByText("This place is inside the app's own data folder, or holds it.", { exact: false })
      .waitFor()
    expect(await page.getByText('Backup made and checked:').count()).toBe(0)
    expect(existsSync(join(dataDir, 'backups'))).toBe(false)
    // Saving it is refused the same way.
    await page.getByRole('button', { name: 'Save backup settings' }).click()
    await expect
      .poll(() => page.getByText("This place is inside the app's own data folder", { exact: false }).count())
      .toBe(2)
  })

  it('makes a verified backup from the Backup tab', async () => {
    await page.getByRole('tab', { name: 'Backup' }).click()
    await page.getByLabel('Backup folder').fill(join(workDir, 'my-backups'))
    await page.getByRole('button', { name: 'Save backup settings' }).click()
    await page.getByRole('button', { name: 'Back up now' }).click()
    await backUpOnTheSameDisk()
    await page.getByText('Backup made and checked:').waitFor()
    expect(await page.locator('.report-table').textContent()).toContain('people.sqlite')
    await screenshot(page, 'en-28-backup')
  })

  it('locks a window left idle, and says why', async () => {
    const idle = await browser.newPage()
    const idleErrors = watchErrors(idle)
    await idle.clock.install()
    await idle.goto(shell.url)
    const was = page
    page = idle
    try {
      await signIn(MANAGER.name, MANAGER.pin)
      await page.keyboard.press('F5')
      await page.getByRole('tab', { name: 'People' }).click()
      await page.getByLabel('Lock the screen after this many idle minutes').fill('1')
      await page.getByRole('button', { name: 'Save', exact: true }).last().click()
      await page.getByText('Saved.').waitFor()
      await page.clock.fastForward('00:50')
      expect(await page.locator('.person-menu').count()).toBe(1)
      await page.clock.fastForward('00:15')
      await page.getByText('Locked after 1 minute without activity. Sign in again.').waitFor()
      expect(await pageCall('listDenominations')).toMatchObject({ code: 'NOT_SIGNED_IN' })
      await signIn(MANAGER.name, MANAGER.pin)
      expect(await pageCall('updateSettings', { autoLockMinutes: 10 })).toEqual({ ok: true })
      expect(idleErrors).toEqual([])
    } finally {
      page = was
      await idle.close()
    }
  })

  it('shows the manager screens in Arabic, right to left', async () => {
    await page.getByRole('button', { name: 'العربية' }).click()
    await expect.poll(() => page.evaluate('document.documentElement.dir')).toBe('rtl')
    await page.getByRole('tab', { name: 'التقارير' }).click()
    await page.getByRole('button', { name: 'عرض التقرير' }).click()
    await page.locator('.report-view').waitFor()
    await screenshot(page, 'ar-26-report')
    await page.getByRole('tab', { name: 'الأشخاص' }).click()
    await page.getByText(CLERK.name).first().waitFor()
    await screenshot(page, 'ar-22-people')
    await page.getByRole('tab', { name: 'النسخ الاحتياطي' }).click()
    await screenshot(page, 'ar-28-backup')
    await page.locator('.person-menu').getByRole('button', { name: 'تسجيل الخروج' }).click()
    await page.getByRole('heading', { name: 'تسجيل الدخول' }).waitFor()
    await page.getByRole('radio', { name: new RegExp(CLERK.name) }).check()
    await page.keyboard.type('9999')
    await page.keyboard.press('Enter')
    await page.getByText('الرقم السري غير صحيح').waitFor()
    await screenshot(page, 'ar-23-sign-in')
    await page.getByRole('button', { name: 'English' }).click()
    expect(errors).toEqual([])
  })
})
