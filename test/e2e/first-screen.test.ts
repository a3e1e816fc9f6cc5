import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserShell } from '../../src/shells/browser/server'
import { type Browser, watchErrors } from './support/browser'
import { type DeskInChromium, startDeskInChromium } from './support/desk'

/**
 * What the first screen waits for, and what it does not: the fonts (the Arabic font is 160 KB) and the
 * manager's screens arrive after it. Asserted on what the page fetched and showed, never on timings.
 */
let shell: BrowserShell
let browser: Browser
let desk: DeskInChromium

beforeAll(async () => {
  desk = await startDeskInChromium('first-screen')
  ;({ shell, browser } = desk)
}, 120_000)

afterAll(async () => {
  await desk?.close()
})

/** Records, in the page, which files it had fetched when its first heading appeared. */
const RECORD_FIRST_SCREEN = `(() => {
  new MutationObserver((_, observer) => {
    if (!document.querySelector('h1')) return
    observer.disconnect()
    window.__firstScreen = performance.getEntriesByType('resource').map((r) => r.name)
  }).observe(document, { childList: true, subtree: true })
})()`

const isLazyScreen = (url: string) => /\/assets\/(SettingsScreen|ManagerScreen)-[^/]+\.js$/.test(url)
const arabicFontReady = (page: Page) =>
  page.evaluate(`document.fonts.check('16px "Noto Sans Arabic Variable"', 'ب')`) as Promise<boolean>

describe('the renderer the tests drive', () => {
  it('is the build that ships: React’s production build, not its development one', async () => {
    const page = await browser.newPage()
    await page.goto(shell.url)
    await page.locator('.denomination').first().waitFor()
    const scripts = await page.evaluate(() =>
      Array.from(document.querySelectorAll('script[src]'), (s) => (s as HTMLScriptElement).src),
    )
    const code = (await Promise.all(scripts.map(async (src) => (await fetch(src)).text()))).join('\n')
    // The development build names the frame React's stacks end at, and checks hooks by name; the
    // production build has neither.
    expect(code).toContain('createRoot')
    expect(code).not.toContain('react_stack_bottom_frame')
    expect(code).not.toContain('Invalid hook call')
    await page.close()
  })
})

describe('the first screen', () => {
  it('paints without waiting for the fonts, and without the manager screens’ code', async () => {
    const page = await browser.newPage()
    const errors = watchErrors(page)
    await page.addInitScript(RECORD_FIRST_SCREEN)
    // Hold every font back until the first screen is up.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const fonts: string[] = []
    await page.route(/\.woff2$/, async (route) => {
      fonts.push(route.request().url())
      await held
      await route.continue()
    })
    await page.goto(shell.url)
    await page.getByRole('heading', { name: 'Sell a voucher' }).waitFor()
    // The language switch names Arabic in Arabic: the Arabic font was asked for, and is still on its way.
    expect(fonts.some((url) => url.includes('arabic-wght'))).toBe(true)
    expect(await arabicFontReady(page)).toBe(false)
    const firstScreen = (await page.evaluate('window.__firstScreen')) as string[]
    expect(firstScreen.some((url) => url.endsWith('.js'))).toBe(true)
    expect(firstScreen.filter(isLazyScreen)).toEqual([])

    release()
    // Polled through evaluate: waitForFunction compiles a string predicate with eval, which the CSP refuses.
    await expect.poll(() => arabicFontReady(page)).toBe(true)
    // A terminal without a manager may open every screen: F4 and F5 load theirs on demand.
    await page.keyboard.press('F4')
    await page.getByRole('heading', { name: 'Settings' }).waitFor()
    await page.keyboard.press('F5')
    await page.getByRole('heading', { name: 'Manager', exact: true }).waitFor()
    const fetched = (await page.evaluate(
      "performance.getEntriesByType('resource').map((r) => r.name)",
    )) as string[]
    expect(fetched.filter(isLazyScreen)).toHaveLength(2)
    await page.keyboard.press('F1')
    await page.getByRole('heading', { name: 'Sell a voucher' }).waitFor()
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)
})
