import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../src/renderer/src/i18n'
import type { Language } from '../../src/shared/types'
import { callDesk, ready, watchErrors } from './support/browser'
import { type DeskInChromium, openFirstScreen, startDeskInChromium } from './support/desk'
import { layoutProblems, screenshotsAtBothWidths } from './support/layout'
import { receiptImageText } from './support/receipt-text'

/**
 * One reference a person can read over the phone (issue 30): the receipt number, printed large on every
 * receipt (read back from the receipt's image, as a person reads it), shown at the counter and in the journal,
 * and found by the journal's search in the forms people read it out. The real renderer in Chromium through
 * the browser shell, training mode.
 */
let desk: DeskInChromium

beforeAll(async () => {
  desk = await startDeskInChromium('one-reference')
}, 120_000)

afterAll(async () => {
  await desk?.close()
})

const LANGUAGES: Language[] = ['en', 'ar']
const MANAGER = { name: 'Fatima', pin: '2468' }

/** The screen in a language, whichever the desk remembered from the test before. */
async function inLanguage(page: Page, language: Language): Promise<void> {
  const other = page.getByRole('button', { name: language === 'ar' ? 'العربية' : 'English', exact: true })
  await page.locator('.topbar').waitFor()
  if ((await other.count()) > 0) await other.click()
  await page.getByRole('heading', { name: MESSAGES[language].sell.title }).waitFor()
}

/** Sells the first 5 LYD voucher as a clerk does, in the screen's language. */
async function sellFive(page: Page, language: Language): Promise<void> {
  const m = MESSAGES[language]
  await page
    .getByRole('button', { name: /5\.000/ })
    .first()
    .click()
  const confirm = page.getByRole('button', { name: m.sell.confirm })
  await ready(confirm)
  await confirm.click()
  await page.getByRole('heading', { name: m.sell.issuedTitle }).waitFor()
}

const naturalWidth = (img: HTMLElement) => (img as HTMLImageElement).naturalWidth

/** Arabic-Indic digits, as a clerk with an Arabic keyboard types them. */
const arabicDigits = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)))

describe('the receipt number', () => {
  it.each(LANGUAGES)(
    '%s: is printed large on the receipt (read back from its image), shown on the sale, and finds the entry in the journal',
    async (language) => {
      const m = MESSAGES[language]
      const { page, errors } = await openFirstScreen(desk)
      await inLanguage(page, language)
      await sellFive(page, language)

      // On the sale, where the clerk reads it to the customer.
      const card = page.locator('.voucher-card')
      const number = ((await card.locator('.receipt-no').textContent()) ?? '').trim()
      expect(number).toMatch(/^T-\d{4}-\d{4}$/)
      expect(await card.locator('.facts').textContent()).toContain(`${m.receipt.number}${number}`)

      // On the receipt itself: its image, read as a person reads it.
      await card.getByRole('button', { name: m.printing.preview }).click()
      const dialog = page.getByRole('dialog', { name: m.receipt.title })
      const image = dialog.getByRole('img')
      await expect.poll(() => image.evaluate(naturalWidth)).toBeGreaterThan(0)
      const text = await receiptImageText(image)
      expect(text.replace(/\s+/g, '')).toContain(number)
      await screenshotsAtBothWidths(page, `receipt-number-${language}`)
      await page.keyboard.press('Escape')

      // The journal finds it as it is read out: without its dashes, lower-case, in Arabic-Indic digits.
      await page.keyboard.press('F3')
      await page.locator('.journal-row').first().waitFor()
      const typed =
        language === 'en'
          ? number.toLowerCase().replaceAll('-', ' ')
          : arabicDigits(number.replaceAll('-', ''))
      await page.getByRole('searchbox', { name: m.journal.search }).fill(typed)
      const rows = page.locator('.journal-row')
      await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining(number)])
      await page.getByRole('searchbox', { name: m.journal.search }).press('ArrowDown')
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.className ?? ''))
        .toContain('journal-row')
      await page.keyboard.press('Enter')
      const panel = page.getByRole('complementary', { name: m.journal.detailTitle })
      await panel.getByRole('heading', { name: m.journal.history }).waitFor()
      expect(await panel.locator('.facts').textContent()).toContain(`${m.receipt.number}${number}`)
      expect(errors).toEqual([])
      await page.close()
    },
    90_000,
  )
})

describe('the journal at 1024×768', () => {
  it.each(LANGUAGES)(
    '%s: finds a phone by its first digits as people type them, and keeps at least 8 rows in view with the filters and a notice shown',
    async (language) => {
      const m = MESSAGES[language]
      const page = await desk.browser.newPage()
      const errors = watchErrors(page)
      await page.setViewportSize({ width: 1024, height: 768 })
      // As a manager works: signed in (no set-up banner), every filter of the journal offered.
      await page.goto(desk.shell.url)
      await page.waitForFunction(() => 'api' in globalThis)
      const people = await callDesk(page, 'listPeople', {})
      if (!people.people.some((p) => p.role === 'manager')) await callDesk(page, 'createManager', MANAGER)
      await page.reload()
      await page.getByRole('radio', { name: new RegExp(MANAGER.name) }).check()
      await page.keyboard.type(MANAGER.pin)
      await page.keyboard.press('Enter')
      await page.locator('.person-menu').getByText(MANAGER.name).waitFor()
      await page.locator('.denomination').first().waitFor()
      await inLanguage(page, language)
      // A day's work: deposits to two phones, vouchers; one deposit settled by the desk's re-send (a notice).
      const deposit = async (phone: string, name: string, amountDirhams: number) => {
        await callDesk(page, 'lookupCustomer', { phone })
        return callDesk(page, 'deposit', {
          phone,
          amountDirhams,
          confirmedFirstName: name,
          requestId: randomUUID(),
        })
      }
      const base = language === 'en' ? 1_000 : 2_000
      const first = await deposit('0921234567', 'فاطمة', base + 100)
      await deposit('0931234567', 'Ahmed', base + 200)
      for (let i = 0; i < 8; i++)
        await callDesk(page, 'generateVoucher', { denominationId: 1, valueDirhams: 5_000 })
      desk.shell.sandbox.controls.setFaults([
        { method: 'POST', path: '/deposit', action: 'drop-after-commit', times: 1 },
      ])
      await deposit('0921234567', 'فاطمة', base + 300).finally(() =>
        desk.shell.sandbox.controls.clearFaults(),
      )
      await page
        .getByRole('region', { name: m.notices.region })
        .getByText(m.notices.depositConfirmed)
        .waitFor({
          timeout: 30_000,
        })

      await page.keyboard.press('F3')
      await page.locator('.journal-row').first().waitFor()
      const search = page.getByRole('searchbox', { name: m.journal.search })
      const shownPhones = async () => [
        ...new Set((await page.locator('.journal-row .cell-who').allTextContents()).map((t) => t.trim())),
      ]
      // The first digits, in every form a person types them: 09…, 9…, 218…, +218 spaced, Arabic-Indic digits.
      for (const typed of ['0921', '921', '218921', '+218 92 1', '٠٩٢ ١٢٣']) {
        await search.fill(typed)
        await expect.poll(shownPhones, { message: typed }).toEqual(['092 123 4567'])
      }
      expect(await page.locator('.journal-row').count()).toBeGreaterThanOrEqual(2)
      // Our reference by its last 6 characters.
      await search.fill(first.externalTransactionId?.slice(-6) ?? 'missing')
      await expect.poll(() => page.locator('.journal-row').count()).toBe(1)
      expect(await page.locator('.journal-row').first().textContent()).toContain(first.receiptNo)

      await search.fill('')
      await expect.poll(() => page.locator('.journal-row').count()).toBeGreaterThanOrEqual(11)
      const inView = () =>
        page.evaluate(() => {
          const list = document.querySelector('.journal-scroll')?.getBoundingClientRect()
          if (!list) return 0
          const bottom = Math.min(list.bottom, window.innerHeight)
          return Array.from(document.querySelectorAll('.journal-row')).filter((row) => {
            const r = row.getBoundingClientRect()
            return r.top >= list.top - 0.5 && r.bottom <= bottom + 0.5
          }).length
        })
      await screenshotsAtBothWidths(page, `journal-rows-${language}`)
      await expect.poll(inView).toBeGreaterThanOrEqual(8)
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(768)
      expect(await layoutProblems(page)).toEqual([])
      expect(errors).toEqual([])
      await page.close()
    },
    120_000,
  )
})
