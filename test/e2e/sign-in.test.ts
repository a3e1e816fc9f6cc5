import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserShell } from '../../src/shells/browser/server'
import { type Browser, watchErrors } from './support/browser'
import { type DeskInChromium, startDeskInChromium } from './support/desk'
import { screenshotsAtBothWidths, settle } from './support/layout'
import { openWindow, startAnotherDesk, switchLanguage } from './support/screens'

/**
 * The sign-in screen as a clerk finds it in the morning: the people focused and a PIN typed at once, and the
 * right PIN typed during the wait after wrong ones. Each part on a desk of its own, where its people are the
 * first set up; the real renderer in Chromium through the browser shell.
 */
let desk: DeskInChromium
let another: { shell: BrowserShell; close(): Promise<void> }

beforeAll(async () => {
  desk = await startDeskInChromium('sign-in')
  another = await startAnotherDesk(desk, 'sign-in-wait')
}, 120_000)

afterAll(async () => {
  await another?.close()
  await desk?.close()
})

describe('the people on the sign-in screen', () => {
  let shell: BrowserShell
  let browser: Browser
  beforeAll(() => {
    ;({ shell, browser } = desk)
  })
  const openDesk = () => openWindow(browser, shell)

  it('12. focuses the people on the sign-in screen, and digits typed there go to the PIN', async () => {
    const { page } = await openDesk()
    await page.evaluate("window.api.createManager({ name: 'Huda', pin: '2468' })")
    await page.evaluate("window.api.addClerk({ name: 'Salem', pin: '1357' })")
    // A new page load ends this window's sign-in: the sign-in screen, as a clerk finds it in the morning.
    await page.reload()
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()
    await expect.poll(() => page.evaluate("document.activeElement?.getAttribute('type')")).toBe('radio')
    // Arrows move through the people; the focus stays in the list.
    await page.keyboard.press('ArrowDown')
    expect(await page.evaluate("document.activeElement?.getAttribute('type')")).toBe('radio')
    expect(await page.getByRole('radio', { name: /Salem/ }).isChecked()).toBe(true)
    await page.keyboard.type('1357')
    expect(await page.getByLabel('PIN', { exact: true }).inputValue()).toBe('1357')
    await page.keyboard.press('Enter')
    await page.locator('.person-menu').getByText('Salem').waitFor()
    await page.close()
  })
})

describe('on a desk of its own', () => {
  let page: Page
  let errors: string[]
  beforeAll(async () => {
    page = await desk.browser.newPage()
    errors = watchErrors(page)
    await page.goto(another.shell.url)
    await page.locator('.denomination').first().waitFor()
  })
  afterAll(async () => {
    await page?.close()
  })
  const shots = (name: string) => screenshotsAtBothWidths(page, `sign-in-${name}`)
  const toArabic = () => switchLanguage(page, 'ar')
  const toEnglish = () => switchLanguage(page, 'en')

  describe('the right PIN typed during the wait after wrong ones', () => {
    it('is not tried, the field is emptied and the screen says so; after the wait it signs in', async () => {
      await page.evaluate("window.api.createManager({ name: 'Huda', pin: '2468' })")
      await page.evaluate("window.api.addClerk({ name: 'Ali', pin: '3333' })")
      await page.reload()
      await page.getByRole('heading', { name: 'Sign in' }).waitFor()
      await page.getByRole('radio', { name: /Ali/ }).check()
      const pin = page.getByLabel('PIN', { exact: true })
      const problem = page.locator('.signin-pin .problem')
      for (let i = 0; i < 3; i++) {
        await pin.pressSequentially('1234')
        await pin.press('Enter')
        await expect.poll(() => pin.inputValue()).toBe('')
      }
      await problem.filter({ hasText: 'Too many wrong PINs' }).waitFor()
      // The right PIN during the wait: not sent (main would refuse it unchecked), emptied, said as not tried.
      await pin.pressSequentially('3333')
      await pin.press('Enter')
      await problem.filter({ hasText: 'That PIN was not tried' }).waitFor()
      expect(await pin.inputValue()).toBe('')
      // The words wrap within the PIN pad's width: at 1024 px the people's names are not squeezed by them.
      await page.setViewportSize({ width: 1024, height: 768 })
      await settle(page)
      expect(
        await page
          .locator('.person-name', { hasText: 'Huda' })
          .evaluate(
            (el) =>
              el.getBoundingClientRect().height < Number.parseFloat(getComputedStyle(el).lineHeight) * 1.5,
          ),
      ).toBe(true)
      await page.setViewportSize({ width: 1366, height: 860 })
      await shots('signin-not-tried-en')
      await toArabic()
      await problem.filter({ hasText: 'لم يُجرَّب هذا الرقم السري' }).waitFor()
      await shots('signin-not-tried-ar')
      await toEnglish()
      // After the wait: "type your PIN", never "Wrong PIN" (the last refusal was the wait only).
      await page
        .locator('.signin-pin [role=status]', { hasText: 'The wait is over: type your PIN.' })
        .waitFor({
          timeout: 8_000,
        })
      expect(await problem.count()).toBe(0)
      expect(await pin.getAttribute('aria-invalid')).toBeNull()
      await shots('signin-wait-over-en')
      await pin.pressSequentially('3333')
      await pin.press('Enter')
      await page.locator('.person-menu').getByText('Ali').waitFor()
      expect(errors).toEqual([])
    })

    it('typed during the wait without Enter, is offered with Enter afterwards, not "type it again"', async () => {
      await page.locator('.person-menu').getByRole('button', { name: 'Sign out' }).click()
      await page.getByRole('radio', { name: /Ali/ }).check()
      const pin = page.getByLabel('PIN', { exact: true })
      for (let i = 0; i < 3; i++) {
        await pin.pressSequentially('1234')
        await pin.press('Enter')
        await expect.poll(() => pin.inputValue()).toBe('')
      }
      await page.locator('.signin-pin .problem', { hasText: 'Too many wrong PINs' }).waitFor()
      await pin.pressSequentially('3333')
      await page
        .locator('.signin-pin [role=status]', {
          hasText: 'The wait is over: press Enter to try the PIN typed.',
        })
        .waitFor({ timeout: 8_000 })
      expect(await page.locator('.signin-pin .problem').count()).toBe(0)
      expect(await pin.inputValue()).toBe('3333')
      await pin.press('Enter')
      await page.locator('.person-menu').getByText('Ali').waitFor()
      expect(errors).toEqual([])
    })
  })
})
