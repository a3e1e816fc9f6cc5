import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../src/renderer/src/i18n'
import type { BrowserShell } from '../../src/shells/browser/server'
import { sellWithAnswerLost } from './support/browser'
import { type DeskInChromium, openFirstScreen, startDeskInChromium } from './support/desk'
import { screenshotsAtBothWidths } from './support/layout'

/**
 * What the fourth newcomer's trial found, as the manager meets it: a voucher resolved without its dates, and
 * the Reports and Backup buttons that dropped the keyboard's focus to the page while they worked. One desk, in
 * order; it has no manager, so every screen is open.
 */
let shell: BrowserShell
let desk: DeskInChromium
let page: Page
let errors: string[]

beforeAll(async () => {
  desk = await startDeskInChromium('trial-4')
  shell = desk.shell
  ;({ page, errors } = await openFirstScreen(desk))
}, 120_000)

afterAll(async () => {
  await desk?.close()
})

const shots = (name: string) => screenshotsAtBothWidths(page, `trial4-${name}`)

const toArabic = () => page.getByRole('button', { name: 'العربية' }).click()
const toEnglish = () => page.getByRole('button', { name: 'English' }).click()
/** The text of the element that has the keyboard's focus ('' for the page itself). */
const focused = () =>
  page.evaluate(() =>
    document.activeElement === document.body ? '' : (document.activeElement?.textContent ?? ''),
  )

describe('an unknown voucher resolved as issued without its dates', () => {
  it('says "Not recorded" at Active from and Expires, not an empty line, and who resolved it, in English and Arabic', async () => {
    await sellWithAnswerLost(page, shell.sandbox.controls)
    const real = shell.sandbox.controls.ledger().vouchers.at(-1)
    await page.getByRole('button', { name: 'Open the attention list' }).click()
    await page.locator('.journal-row').first().click()
    const panel = page.locator('.entry-panel')
    await panel.getByRole('radio', { name: 'Issued', exact: true }).check()
    await panel.getByLabel('Voucher code', { exact: true }).fill(String(real?.code))
    await panel.getByLabel('Voucher code again').fill(String(real?.code))
    await panel.getByLabel('Serial number', { exact: true }).fill(String(real?.serial_number))
    await panel.getByLabel('Serial number again').fill(String(real?.serial_number))
    await panel.getByLabel(/^Note/).fill('Seen in the provider portal')
    await panel.getByRole('button', { name: 'Save the resolution' }).click()
    await expect.poll(() => panel.locator('.entry-status').textContent()).toContain('Issued')
    // The form and its Save gone, the focus is on the line saying what was saved, not lost to the page.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.classList.contains('resolution-line') ?? false))
      .toBe(true)
    const fact = (label: string) =>
      panel.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').textContent()
    expect(await fact('Active from')).toBe('Not recorded')
    expect(await fact('Expires')).toBe('Not recorded')
    // Resolved with nobody signed in (no manager set up yet): said so, as the reports say it, not "by ?".
    const resolvedLine = panel.locator('.resolution-line strong')
    expect(await resolvedLine.textContent()).toMatch(/^Issued — before sign-in was set up, /)
    await shots('resolved-no-dates-en')
    await toArabic()
    await panel.locator('dt', { hasText: 'فعّالة من' }).waitFor()
    expect(await fact('فعّالة من')).toBe('غير مسجّل')
    expect(await fact('تنتهي في')).toBe('غير مسجّل')
    expect(await resolvedLine.textContent()).toMatch(/^صدرت — قبل إعداد تسجيل الدخول، /)
    await shots('resolved-no-dates-ar')
    await toEnglish()
    await page.keyboard.press('Escape')
    expect(errors).toEqual([])
  })
})

describe('Manager → Reports and Backup from the keyboard', () => {
  it('keeps the focus on the button pressed while it works, so the next Enter presses it again, in English and Arabic', async () => {
    // Backups are encrypted: a recovery passphrase first (the Backup tab's own card, tested in manager.test.ts).
    await page.evaluate(() =>
      (
        window as unknown as { api: { setBackupPassphrase(a: { passphrase: string }): Promise<unknown> } }
      ).api.setBackupPassphrase({ passphrase: 'olive tree harbour lantern' }),
    )
    await page.keyboard.press('F5')
    // The folder the shell offers for Back up now is beside the data folder, on its disk: refused until the
    // manager says "same disk, I know" (once, for that folder).
    const en = MESSAGES.en
    await page.getByRole('tab', { name: en.manager.managerScreen.tabs.backup }).click()
    await page.getByRole('button', { name: en.manager.backup.now }).click()
    await page.getByText(en.errorReasons.SAME_DISK_AS_DATA).waitFor()
    await page.getByLabel(en.manager.backup.sameDiskKnown).check()
    for (const language of ['en', 'ar'] as const) {
      const m = MESSAGES[language].manager
      if (language === 'ar') await toArabic()
      await page.getByRole('tab', { name: m.managerScreen.tabs.reports }).click()
      const show = page.getByRole('button', { name: m.reports.show })
      await show.focus()
      await page.keyboard.press('Enter')
      // Worked out in a worker thread: done when the button is no longer busy (the report shown in the other
      // language is still on screen meanwhile, and the panel's buttons do nothing while it works).
      await expect.poll(() => show.getAttribute('aria-disabled'), { timeout: 20_000 }).toBeNull()
      await page.locator('.report h2, .report-view h2').first().waitFor()
      await expect.poll(focused).toBe(m.reports.show)
      // The X report, reached with Tab from there and pressed with Enter.
      await page.keyboard.press('Tab')
      expect(await focused()).toBe(m.reports.x)
      await page.keyboard.press('Enter')
      await page.locator('.report-view h2', { hasText: m.reports.x }).waitFor()
      await expect.poll(focused).toBe(m.reports.x)
      // An export: saved, and the focus still on its button.
      await page.getByRole('button', { name: 'CSV', exact: false }).first().focus()
      const csv = await focused()
      await page.keyboard.press('Enter')
      await page.getByText(m.reports.exported).waitFor()
      await expect.poll(focused).toBe(csv)
      await shots(`reports-focus-${language}`)
      // Backup now: made and checked, the focus still on it.
      await page.getByRole('tab', { name: m.managerScreen.tabs.backup }).click()
      await page.getByRole('button', { name: m.backup.now }).focus()
      await page.keyboard.press('Enter')
      await page.getByText(m.backup.done).waitFor()
      await expect.poll(focused).toBe(m.backup.now)
      await shots(`backup-focus-${language}`)
    }
    await toEnglish()
    expect(errors).toEqual([])
  })
})

describe('a deposit resolved in the background while the Deposit screen shows it', () => {
  it('its banner does not call it "an earlier deposit" beside "Deposit confirmed", in English and Arabic', async () => {
    await page.keyboard.press('F2')
    for (const language of ['en', 'ar'] as const) {
      const t = MESSAGES[language]
      if (language === 'ar') await toArabic()
      await page.locator('.step input').first().fill('0912345678')
      await page.keyboard.press('Enter')
      await page.getByRole('button', { name: t.common.yes, exact: true }).click({ trial: true })
      await page.keyboard.press('Enter')
      // Another amount each time: the same phone and amount would be asked about as a repeat.
      await page.getByLabel(t.deposit.amount).fill(language === 'en' ? '40' : '45')
      await page.keyboard.press('Enter')
      await page.getByRole('button', { name: t.deposit.confirm }).click({ trial: true })
      // The answer lost after the service took it: unknown on screen, then the background's re-send settles it.
      shell.sandbox.controls.setFaults([
        { method: 'POST', path: '/deposit', action: 'drop-after-commit', times: 1 },
      ])
      await page.keyboard.press('Enter')
      await page.getByRole('heading', { name: t.deposit.confirmedTitle }).waitFor({ timeout: 15_000 })
      shell.sandbox.controls.clearFaults()
      const region = page.getByRole('region', { name: t.notices.region })
      await region.getByText(t.notices.depositConfirmed).waitFor()
      const said = (await region.textContent()) ?? ''
      // The very deposit on the screen, never said to be another, earlier one.
      expect(said).not.toMatch(language === 'en' ? /earlier/i : /سابق/)
      expect(said).toContain(language === 'en' ? '40.000' : '45.000')
      await shots(`deposit-background-${language}`)
      await region.getByRole('button', { name: t.common.dismiss }).click()
      await page.keyboard.press('Escape')
    }
    await toEnglish()
    expect(errors).toEqual([])
  }, 60_000)
})
