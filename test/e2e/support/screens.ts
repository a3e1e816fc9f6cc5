import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { type BrowserShell, startBrowserShell } from '../../../src/shells/browser/server'
import { type Browser, watchErrors } from './browser'
import type { DeskInChromium } from './desk'

/**
 * What the screen suites share to drive the clerk's and the manager's screens: a window on a desk, the
 * service's ledger as the witness, the steps of a deposit, the focus and where characters are drawn.
 */

/** The deposits the desk's training service holds to a phone (typed in any of its formats). */
export function depositsToOn(shell: BrowserShell, phone: string) {
  return shell.sandbox.controls.ledger().deposits.filter((d) => d.phone.endsWith(phone.slice(1)))
}

/**
 * A fresh window on a desk at its first screen; with `clock`, in a browser whose page clock the test moves by
 * hand (Playwright's clock belongs to a context): the page's timers move only when the test moves them.
 */
export async function openWindow(
  browser: Browser,
  shell: BrowserShell,
  options: { clock?: boolean } = {},
): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage()
  const errors = watchErrors(page)
  if (options.clock) {
    const now = Date.now()
    await page.clock.install({ time: now })
    // Stopped a second on, before the page loads: nothing is scheduled yet, so nothing fires.
    await page.clock.pauseAt(now + 1000)
  }
  await page.goto(shell.url)
  await page.locator('.denomination').first().waitFor()
  return { page, errors }
}

/** A second desk (its own data folder and training service) on the renderer a suite already built. */
export async function startAnotherDesk(
  desk: DeskInChromium,
  name: string,
): Promise<{ shell: BrowserShell; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), `desk-${name}-`))
  try {
    const shell = await startBrowserShell({ dataDir, rendererDir: desk.rendererDir })
    return {
      shell,
      async close() {
        await shell.close()
        rmSync(dataDir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
}

export const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: true })

export async function lookUp(page: Page, phone: string): Promise<void> {
  await page.keyboard.press('F2')
  await page.getByLabel('Customer phone number').fill(phone)
  await page.getByRole('button', { name: 'Look up' }).click()
}

/** Answers Yes once it can be pressed (the click waits for the name's moment to pass). */
export async function confirmName(page: Page): Promise<void> {
  await button(page, 'Yes').click()
}

export async function toReview(page: Page, amount: string): Promise<void> {
  await page.getByLabel('Amount (LYD)').fill(amount)
  await page.getByRole('button', { name: 'Review' }).click()
  await page.getByRole('heading', { name: 'Check with the customer' }).waitFor()
}

/** The header's "used" today, in LYD. */
export const headerUsed = async (page: Page) =>
  Number.parseFloat((await page.locator('.limit-line').first().locator('.figure').textContent()) ?? 'NaN')

export const text = async (page: Page, selector: string) =>
  ((await page.locator(selector).first().textContent()) ?? '').trim()

/** From the Deposit button: the phone looked up and the holder's name, checked, confirmed with the mouse. */
export async function lookUpAndConfirm(page: Page, phone: string, name: string): Promise<void> {
  await page.getByRole('button', { name: /^Deposit/ }).click()
  await page.getByLabel('Customer phone number').fill(phone)
  await page.getByRole('button', { name: 'Look up' }).click()
  await page.getByText('Is the account holder named').waitFor()
  expect(await text(page, '.holder-name')).toBe(name)
  await page.getByRole('button', { name: 'Yes', exact: true }).click()
}

export async function enterAmountAndReview(page: Page, amount: string): Promise<void> {
  await page.getByLabel('Amount (LYD)').fill(amount)
  await page.getByRole('button', { name: 'Review' }).click()
  await page.getByText('Check with the customer').waitFor()
}

export const naturalWidth = (img: unknown) => (img as { naturalWidth: number }).naturalWidth
export const naturalHeight = (img: unknown) => (img as { naturalHeight: number }).naturalHeight

/** Settings changed through the page's own window.api, as the renderer would. */
export const updateSettings = (page: Page, patch: Record<string, unknown>) =>
  page.evaluate(`window.api.updateSettings(${JSON.stringify(patch)})`)

export const hasFocus = (field: Locator) => field.evaluate((el) => el === document.activeElement)

/** The text of the element that has the keyboard's focus ('' for the page itself). */
export const focusedText = (page: Page) =>
  page.evaluate(() =>
    document.activeElement === document.body ? '' : (document.activeElement?.textContent ?? ''),
  )

export const switchLanguage = (page: Page, language: 'en' | 'ar') =>
  page.getByRole('button', { name: language === 'ar' ? 'العربية' : 'English' }).click()

/**
 * Where each character of `needle` (its first occurrence in the element's text) is drawn, left edges in px:
 * what decides whether a format reads as the clerk expects, whatever the bidi algorithm made of it.
 */
export function charLefts(element: Locator, needle: string): Promise<number[]> {
  return element.evaluate((el, needle) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
    const nodes: Text[] = []
    for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text)
    const text = nodes.map((n) => n.data).join('')
    const start = text.indexOf(needle)
    if (start < 0) throw new Error(`"${needle}" is not in "${text}"`)
    const lefts: number[] = []
    for (let i = start; i < start + needle.length; i++) {
      let offset = i
      const node = nodes.find((n) => {
        if (offset < n.data.length) return true
        offset -= n.data.length
        return false
      }) as Text
      const range = document.createRange()
      range.setStart(node, offset)
      range.setEnd(node, offset + 1)
      lefts.push(range.getBoundingClientRect().left)
    }
    return lefts
  }, needle)
}

/** Each character drawn to the right of the one before: the text reads left-to-right as one unit. */
export async function readsLeftToRight(element: Locator, needle: string): Promise<void> {
  const lefts = await charLefts(element, needle)
  expect(lefts, `"${needle}" drawn at ${lefts.join(', ')}`).toEqual([...lefts].sort((a, b) => a - b))
}
