import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../src/renderer/src/i18n'
import type { Language } from '../../src/shared/contract'
import { ready, screenshot } from './support/browser'
import { type DeskInChromium, openFirstScreen, startDeskInChromium } from './support/desk'
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

async function inLanguage(page: Page, language: Language): Promise<void> {
  if (language === 'ar') await page.getByRole('button', { name: 'العربية' }).click()
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
      await screenshot(page, `${language}-receipt-number-preview`)
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
