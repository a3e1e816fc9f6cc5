import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserShell } from '../../src/shells/browser/server'
import { type Browser, watchErrors } from './support/browser'
import { type DeskInChromium, startDeskInChromium } from './support/desk'

/**
 * What a newcomer's trial found, as the clerk meets it: the manager's setup, the keyboard in the manager's
 * questions, the sign-in screen with real names, and words of the entry history. One desk, in order: the
 * manager is set up first.
 */
const MANAGER = { name: 'Fatima', pin: '2580' }

let shell: BrowserShell
let browser: Browser
let desk: DeskInChromium
let page: Page
let errors: string[]

beforeAll(async () => {
  desk = await startDeskInChromium('trial')
  ;({ shell, browser } = desk)
  page = await browser.newPage()
  errors = watchErrors(page)
  await page.goto(shell.url)
}, 120_000)

afterAll(async () => {
  await desk?.close()
})

const hasFocus = (field: Locator) => field.evaluate((el) => el === document.activeElement)

describe('the manager’s setup', () => {
  it('says at the Name field that a name is needed, and puts the focus there, creating nobody', async () => {
    await page.getByRole('button', { name: 'Set up the manager' }).click()
    await page.getByRole('heading', { name: 'Set up the manager' }).waitFor()
    const name = page.getByLabel('Name')
    await name.fill('   ')
    await page.getByLabel('PIN (4 to 12 digits)').fill(MANAGER.pin)
    await page.getByLabel('PIN again').fill(MANAGER.pin)
    await page.getByLabel('PIN again').press('Enter')
    await page.getByText('Type the manager’s name.').waitFor()
    expect(await name.getAttribute('aria-invalid')).toBe('true')
    expect(await hasFocus(name)).toBe(true)
    // The Create button says the same, and nobody was created: the setup is still on screen.
    await page.getByLabel('PIN again').focus()
    await page.getByRole('button', { name: /^Create the manager/ }).click()
    expect(await hasFocus(name)).toBe(true)
    expect(await page.getByRole('heading', { name: 'Set up the manager' }).count()).toBe(1)
    expect(await page.locator('.person-menu').count()).toBe(0)

    await name.fill(MANAGER.name)
    expect(await page.getByText('Type the manager’s name.').count()).toBe(0)
    await page.getByRole('button', { name: /^Create the manager/ }).click()
    await page.locator('.person-menu').getByText(MANAGER.name).waitFor()
    expect(errors).toEqual([])
  })
})

describe('an entry’s history', () => {
  it('says in words why a voucher’s code was shown, in English and in Arabic', async () => {
    await page
      .getByRole('button', { name: /5\.000/ })
      .first()
      .click()
    await page.getByRole('button', { name: 'Confirm sale' }).click()
    await page.getByRole('heading', { name: 'Voucher issued' }).waitFor()
    await page.getByRole('button', { name: 'New sale' }).click()
    await page.keyboard.press('F3')
    await page.locator('.journal-row').first().click()
    const shown = page.locator('.entry-panel .history li', { hasText: 'Code shown' })
    await shown.waitFor()
    expect(await shown.locator('.event-detail').textContent()).toBe(`at the sale · by ${MANAGER.name}`)
    await page.getByRole('button', { name: 'العربية' }).click()
    const arShown = page.locator('.entry-panel .history li', { hasText: 'عُرض الرمز' })
    await arShown.waitFor()
    expect(await arShown.locator('.event-detail').textContent()).toBe(`عند البيع · بواسطة ${MANAGER.name}`)
    await page.getByRole('button', { name: 'English' }).click()
    await page.keyboard.press('Escape')
    expect(errors).toEqual([])
  })
})
