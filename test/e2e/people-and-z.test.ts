import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../src/renderer/src/i18n'
import type { Language } from '../../src/shared/types'
import { callDesk, watchErrors } from './support/browser'
import { type DeskInChromium, startDeskInChromium } from './support/desk'
import { screenshotsAtBothWidths } from './support/layout'

/**
 * The manager's People and Reports tabs as issue 30 found them: a clerk's new PIN is typed twice (the manager's
 * own was, at set-up); what adding a person came to is said in the card where it was asked (a name already
 * taken was said in the list's card); closing the day says so beside its button, with the focus (it fell to
 * the page). English and Arabic, 1024×768, in Chromium.
 */
let desk: DeskInChromium
const MANAGER = { name: 'Fatima', pin: '2468' }

beforeAll(async () => {
  desk = await startDeskInChromium('people-and-z')
  const page = await desk.browser.newPage()
  await page.goto(desk.shell.url)
  await page.waitForFunction(() => 'api' in globalThis)
  await callDesk(page, 'createManager', MANAGER)
  await page.close()
}, 120_000)

afterAll(async () => {
  await desk?.close()
})

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '')
const hasFocus = (field: Locator) => field.evaluate((el) => el === document.activeElement)

describe('People and the Z, said where the manager acted', () => {
  it.each(['en', 'ar'] as const)(
    '%s',
    async (language: Language) => {
      const t = MESSAGES[language]
      const m = t.manager
      const page = await desk.browser.newPage()
      const errors = watchErrors(page)
      await page.setViewportSize({ width: 1024, height: 768 })
      await page.goto(desk.shell.url)
      await page.getByRole('radio', { name: new RegExp(MANAGER.name) }).check()
      await page.keyboard.type(MANAGER.pin)
      await page.keyboard.press('Enter')
      await page.locator('.person-menu').getByText(MANAGER.name).waitFor()
      const other = page.getByRole('button', { name: language === 'ar' ? 'العربية' : 'English', exact: true })
      if ((await other.count()) > 0) await other.click()
      await page.keyboard.press('F5')
      await page.getByRole('tab', { name: m.managerScreen.tabs.people }).click()

      // A clerk's PIN typed twice: a slip is said at the second field, with the focus, and nobody is added.
      const clerk = language === 'en' ? 'Salem' : 'سالم'
      const add = page.getByRole('form', { name: m.people.add })
      const list = page.locator('section.card', { has: page.getByRole('heading', { name: m.people.title }) })
      await add.getByLabel(m.people.name, { exact: true }).fill(clerk)
      await add.getByLabel(m.session.newPin).fill('4826')
      await add.getByLabel(m.session.pinAgain).fill('4862')
      await add.getByRole('button', { name: m.people.addButton, exact: true }).click()
      await add.getByText(m.session.pinMismatch).waitFor()
      expect(await hasFocus(add.getByLabel(m.session.pinAgain))).toBe(true)
      expect(await list.textContent()).not.toContain(clerk)
      await add.getByLabel(m.session.pinAgain).fill('4826')
      await add.getByRole('button', { name: m.people.addButton, exact: true }).click()
      // Added: said in this card, with the focus.
      await expect.poll(() => focusedText(page)).toBe(m.people.added(clerk))
      expect(await add.textContent()).toContain(m.people.added(clerk))

      // The same name again: refused in this card (not the list's), with the focus.
      await add.getByLabel(m.people.name, { exact: true }).fill(clerk)
      await add.getByLabel(m.session.newPin).fill('1357')
      await add.getByLabel(m.session.pinAgain).fill('1357')
      await add.getByRole('button', { name: m.people.addButton, exact: true }).click()
      await expect.poll(() => focusedText(page)).toContain(t.errors.NAME_TAKEN)
      expect(await add.textContent()).toContain(t.errors.NAME_TAKEN)
      expect(await list.textContent()).not.toContain(t.errors.NAME_TAKEN)
      await screenshotsAtBothWidths(page, `people-name-taken-${language}`)

      // A new PIN for the clerk, typed twice too.
      await page.getByRole('button', { name: `${m.people.resetPin}: ${clerk}` }).click()
      await page.getByRole('textbox', { name: `${m.people.resetPin}: ${clerk}` }).fill('1111')
      await page.getByRole('textbox', { name: `${m.session.pinAgain}: ${clerk}` }).fill('2222')
      await page.getByRole('textbox', { name: `${m.session.pinAgain}: ${clerk}` }).press('Enter')
      await list.getByText(m.session.pinMismatch).waitFor()
      await page.getByRole('textbox', { name: `${m.session.pinAgain}: ${clerk}` }).fill('1111')
      await page.getByRole('textbox', { name: `${m.session.pinAgain}: ${clerk}` }).press('Enter')
      await list.getByText(m.people.saved).waitFor()

      // Closing the day: said beside its button, with the focus, once the question is gone.
      await callDesk(page, 'generateVoucher', { denominationId: 1, valueDirhams: 5_000 })
      await page.getByRole('tab', { name: m.managerScreen.tabs.reports }).click()
      await page.getByRole('button', { name: m.reports.closeDay }).click()
      await page.getByRole('button', { name: m.reports.closeYes }).click()
      await expect
        .poll(() => focusedText(page))
        .toMatch(new RegExp(m.reports.dayClosed(99).replace(/[.()]/g, '.').replace('99', '\\d+')))
      await screenshotsAtBothWidths(page, `z-closed-${language}`)
      expect(errors).toEqual([])
      await page.close()
    },
    120_000,
  )
})
