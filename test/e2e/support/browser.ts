import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, chromium, type Locator, type Page } from 'playwright-core'
import type { SandboxControls } from '../../../src/sandbox/index'
import type { DeskInput, DeskMethod, DeskOutputs } from '../../../src/shared/contract'

export const SCREENSHOT_DIR = 'test-output/screenshots'

export interface Browser {
  context: BrowserContext
  newPage(): Promise<Page>
  close(): Promise<void>
}

/** Headless Chromium from the system, English locale, nothing reaching out beyond loopback. */
export async function launchBrowser(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'desk-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    // CHROMIUM_PATH: another Chromium or Chrome (the Windows CI job uses the runner's Chrome).
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    locale: 'en-US',
    viewport: { width: 1366, height: 860 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  return {
    context,
    newPage: () => context.newPage(),
    async close() {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true })
}

/** Sells the first 5 LYD voucher on the Sell screen, as a clerk does, and waits for it to be issued. */
export async function sellFiveLyd(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: /5\.000/ })
    .first()
    .click()
  await page.getByRole('button', { name: 'Confirm sale' }).click()
  await page.getByRole('heading', { name: 'Voucher issued' }).waitFor()
}

/**
 * Sells the first 10 LYD voucher on the Sell screen, as a clerk does, with the service's answer lost after it
 * created the voucher (once): waits for the red "Outcome unknown" panel, then takes the fault away.
 */
export async function sellWithAnswerLost(
  page: Page,
  sandbox: Pick<SandboxControls, 'setFaults' | 'clearFaults'>,
): Promise<void> {
  sandbox.setFaults([{ method: 'POST', path: '/vouchers/generate', action: 'drop-after-commit', times: 1 }])
  try {
    await page
      .getByRole('button', { name: /10\.000/ })
      .first()
      .click()
    await page.getByRole('button', { name: 'Confirm sale' }).click()
    await page.getByRole('heading', { name: /Outcome unknown/ }).waitFor()
  } finally {
    sandbox.clearFaults()
  }
}

/**
 * A deposit taken to its review by the keys a clerk uses, on a page whose clock the test moves (page.clock,
 * paused): from the Deposit screen's phone field, the phone, Enter, the name's moment passed, Enter (Yes), the
 * amount, Enter. The review's Confirm has not settled yet when it returns.
 */
export async function depositToReviewByKeys(page: Page, phone: string, amount: string): Promise<void> {
  const k = page.keyboard
  await page.getByLabel('Customer phone number').waitFor()
  await k.type(phone)
  await k.press('Enter')
  await page.locator('.holder-name').waitFor()
  await page.clock.runFor(1100)
  await k.press('Enter')
  await page.getByLabel('Amount (LYD)').waitFor()
  await k.type(amount)
  await k.press('Enter')
  await page.getByRole('heading', { name: 'Check with the customer' }).waitFor()
}

/** Signs a person in on the sign-in screen, as a clerk does: their name, the PIN on the pad, Sign in. */
export async function signInOnScreen(page: Page, name: string, pin: string): Promise<void> {
  await page.getByRole('heading', { name: 'Sign in' }).waitFor()
  await page.getByRole('radio', { name: new RegExp(name) }).check()
  for (const digit of pin)
    await page
      .getByRole('group', { name: 'PIN pad' })
      .getByRole('button', { name: digit, exact: true })
      .click()
  await page.getByRole('button', { name: /^Sign in/ }).click()
  await page.locator('.person-menu').getByText(name).waitFor()
}

/** Collects what the page reports as broken, to fail a test that "passes" over a crashed screen. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(String(e)))
  page.on('console', (m) => {
    // The CSP meta tag's frame-ancestors is only effective as a header; Chromium says so on every load.
    if (m.type() === 'error' && !m.text().includes('frame-ancestors')) errors.push(m.text())
  })
  return errors
}

/**
 * Waits until a button takes a press, as a clerk sees it come up: a money confirmation ignores presses for a
 * moment after it appears (a bounced Enter never confirms, see ui/deliberate.ts), so a key pressed for it
 * must come after that. Playwright's trial click waits for the button to be enabled and clicks nothing.
 */
export async function ready(button: Locator): Promise<void> {
  await button.click({ trial: true })
}

/** A desk call through the page's own `window.api`, as the renderer makes it: what a test sets up fast. */
export function callDesk<M extends DeskMethod>(
  page: Page,
  method: M,
  args: DeskInput<M>,
): Promise<DeskOutputs[M]> {
  return page.evaluate(
    ([m, a]) => (window as unknown as { api: Record<string, (x: unknown) => Promise<unknown>> }).api[m]?.(a),
    [method, args] as const,
  ) as Promise<DeskOutputs[M]>
}
