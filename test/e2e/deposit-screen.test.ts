import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../src/renderer/src/i18n'
import { SETTLE_MS } from '../../src/renderer/src/ui/deliberate'
import { type BrowserShell, startBrowserShell } from '../../src/shells/browser/server'
import { TOKEN_UNANSWERED_ONCE, tokenRefusedOnce } from '../helpers/faults'
import { type Browser, depositToReviewByKeys, launchBrowser, ready, screenshot } from './support/browser'
import { type DeskInChromium, openFirstScreen, startDeskInChromium } from './support/desk'
import { screenshotsAtBothWidths } from './support/layout'
import {
  button,
  confirmName,
  depositsToOn,
  enterAmountAndReview,
  lookUp,
  lookUpAndConfirm,
  naturalHeight,
  openWindow,
  startAnotherDesk,
  switchLanguage,
  toReview,
} from './support/screens'

/**
 * The Deposit screen, from the phone to the outcome, as the clerk meets it: the holder's name confirmed only
 * by a deliberate act, amounts typed and checked, the review, a refusal, an outcome unknown and its safe
 * retry, an open deposit named right after the lookup, a repeat asked about, a deposit settled in the
 * background while the screen shows it, the keyboard alone, a language switch in the middle. The real renderer
 * in Chromium through the browser shell, against the desk core and the training sandbox, the sandbox's ledger
 * as the witness. Two desks, each in order: what one group deposits to a phone, the other's figures do not see.
 */
let desk: DeskInChromium
/** A second Chromium for the tests that move the clock by hand: Playwright's clock belongs to a context. */
let clockBrowser: Browser
/** The second desk, on the same renderer and browsers: the new clerk's tries. */
let another: { shell: BrowserShell; close(): Promise<void> }

beforeAll(async () => {
  desk = await startDeskInChromium('deposit-screen')
  another = await startAnotherDesk(desk, 'deposit-screen-tries')
  clockBrowser = await launchBrowser()
}, 120_000)

afterAll(async () => {
  await clockBrowser?.close()
  await another?.close()
  await desk?.close()
})

describe('on the desk’s first window', () => {
  let shell: BrowserShell
  let page: Page
  let errors: string[]
  beforeAll(async () => {
    shell = desk.shell
    ;({ page, errors } = await openFirstScreen(desk))
  })
  afterAll(async () => {
    await page?.close()
  })
  const shots = (name: string) => screenshotsAtBothWidths(page, `deposit-screen-${name}`)
  const toArabic = () => switchLanguage(page, 'ar')

  describe('a language switch in the middle of a deposit', () => {
    it('gives the focus back to the name question, so Enter answers it (mouse)', async () => {
      await page.keyboard.press('F2')
      await page.getByLabel('Customer phone number').fill('0912345678')
      await page.keyboard.press('Enter')
      const question = page.locator('.name-question')
      await question.waitFor()
      expect(await question.evaluate((el) => el === document.activeElement)).toBe(true)
      await toArabic()
      await page.getByRole('button', { name: 'نعم' }).waitFor()
      expect(await question.evaluate((el) => el === document.activeElement)).toBe(true)
      await shots('deposit-name-switched-ar')
      // Once the question has been on screen its moment, Enter answers Yes (the hint's promise), in Arabic.
      await page.getByRole('button', { name: 'نعم' }).click({ trial: true })
      await page.keyboard.press('Enter')
      await page.getByLabel('المبلغ (د.ل)').waitFor()
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar')
    })

    it('gives the focus back to the amount field after a switch from the keyboard', async () => {
      const amount = page.getByLabel('المبلغ (د.ل)')
      await amount.fill('25')
      // The switch reached with the keyboard (it takes the focus from the field), pressed with Enter.
      await page.getByRole('button', { name: 'English' }).focus()
      await page.keyboard.press('Enter')
      await page.getByLabel('Amount (LYD)').waitFor()
      expect(await page.getByLabel('Amount (LYD)').evaluate((el) => el === document.activeElement)).toBe(true)
      // Enter goes on with the deposit, not back to Arabic.
      await page.keyboard.press('Enter')
      await page.getByRole('heading', { name: 'Check with the customer' }).waitFor()
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en')
      // From the confirmation's button to the switch, and a bounced Enter on it: the focus stays on the switch
      // (never back on the money button, which the second Enter would press); the language goes and comes back.
      const deposits = shell.sandbox.controls.ledger().deposits.length
      await page
        .getByRole('button', { name: 'English' })
        .or(page.getByRole('button', { name: 'العربية' }))
        .focus()
      await page.keyboard.press('Enter')
      await page.keyboard.press('Enter')
      await page.locator('html[lang="en"]').waitFor()
      expect(
        await page.evaluate(() => document.activeElement?.classList.contains('language-switch') ?? false),
      ).toBe(true)
      expect(shell.sandbox.controls.ledger().deposits.length).toBe(deposits)
      await page.keyboard.press('Escape')
      await page.keyboard.press('Escape')
      await page.keyboard.press('Escape')
      expect(errors).toEqual([])
    })
  })
})

describe('a deposit from the lookup to its outcome', () => {
  let shell: BrowserShell
  let browser: Browser
  beforeAll(() => {
    ;({ shell, browser } = desk)
  })
  const openDesk = () => openWindow(browser, shell)
  const depositsTo = (phone: string) => depositsToOn(shell, phone)

  it('deposits after the clerk confirms the holder’s name, once even on a double click', async () => {
    const { page, errors } = await openDesk()
    const before = depositsTo('0912345678').length
    await lookUpAndConfirm(page, '٠٩١ ٢٣٤ ٥٦٧٨', 'محمد')
    await enterAmountAndReview(page, '25٫5')
    expect(await page.locator('.panel-info > .facts').textContent()).toContain('25.500')
    await page.getByRole('button', { name: 'Confirm deposit' }).dblclick()
    await page.getByRole('heading', { name: 'Deposit confirmed' }).waitFor()

    const made = depositsTo('0912345678')
    expect(made.length).toBe(before + 1)
    const credit = made.at(-1)
    expect(credit?.amount).toBe(25.5)
    const result = (await page.locator('.panel-good').textContent()) ?? ''
    expect(result).toContain(String(credit?.transaction_id))
    expect(result).toContain(credit?.external_transaction_id)
    expect(errors).toEqual([])
    await page.close()
  })

  it('stops at an inactive wallet before any money can be sent', async () => {
    const { page } = await openDesk()
    await page.getByRole('button', { name: /^Deposit/ }).click()
    await page.getByLabel('Customer phone number').fill('094 765 4321')
    await page.getByRole('button', { name: 'Look up' }).click()
    await page.getByRole('heading', { name: 'This wallet is inactive' }).waitFor()
    expect(await page.getByLabel('Amount (LYD)').count()).toBe(0)
    expect(depositsTo('0947654321')).toEqual([])
    await page.close()
  })

  it('says what is still possible when the daily limit refuses, and takes another amount without a new lookup', async () => {
    shell.sandbox.controls.updateReseller('demo', { daily_max_amount: 100 })
    try {
      const { page } = await openDesk()
      await lookUpAndConfirm(page, '0931234567', 'Ahmed')
      await enterAmountAndReview(page, '200')
      await page.getByRole('button', { name: 'Confirm deposit' }).click()
      const panel = page.getByRole('alert').filter({
        has: page.getByRole('heading', { name: 'Over the daily limit: no money was moved' }),
      })
      await panel.waitFor()
      const text = (await panel.textContent()) ?? ''
      // Words, not the service's code; no "nothing more today" while something is left.
      expect(text).not.toContain('DAILY_LIMIT_EXCEEDED')
      // The status code as a word (the screen also shows our reference, a UUID whose hex may hold '422').
      expect(text).not.toMatch(/\b422\b/)
      expect(text).not.toContain('Nothing more can be sold today')
      const still = panel.locator('.still-possible')
      expect(await still.textContent()).toContain('Still possible today')
      const remaining = Number.parseFloat((await still.locator('.figure').textContent()) ?? '')
      expect(remaining).toBeGreaterThan(0)
      expect(remaining).toBeLessThan(100)
      // The refused amount is there, smaller than what is still possible.
      const asked = panel.locator('.limit-figures .fact').filter({ hasText: 'Asked' }).locator('.figure')
      expect(await asked.textContent()).toBe('200.000')
      const size = async (selector: string) =>
        Number.parseFloat(
          String(await page.evaluate(`getComputedStyle(document.querySelector('${selector}')).fontSize`)),
        )
      expect(await size('.limit-figures .figure')).toBeLessThan(await size('.still-possible .figure'))

      await panel.getByRole('button', { name: 'Change the amount' }).click()
      await page.getByLabel('Amount (LYD)').waitFor()
      expect(await page.locator('.customer-line').textContent()).toContain('Ahmed')
      expect(await page.getByLabel('Customer phone number').count()).toBe(0)
      await enterAmountAndReview(page, String(Math.min(remaining, 10)))
      await page.getByRole('button', { name: 'Confirm deposit' }).click()
      await page.getByRole('heading', { name: 'Deposit confirmed' }).waitFor()
      expect(depositsTo('0931234567').map((d) => d.amount)).toEqual([Math.min(remaining, 10)])
      await page.close()
    } finally {
      shell.sandbox.controls.updateReseller('demo', { daily_max_amount: 5000 })
    }
  })

  it('reports an unknown outcome and then resolves it safely with the same reference', async () => {
    const { page } = await openDesk()
    shell.sandbox.controls.setFaults([
      { method: 'POST', path: '/deposit', action: 'drop-after-commit', times: 1 },
    ])
    await lookUpAndConfirm(page, '0941234567', 'Sara')
    await enterAmountAndReview(page, '7.25')
    await page.getByRole('button', { name: 'Confirm deposit' }).click()
    await page.getByRole('heading', { name: 'Outcome unknown' }).waitFor()
    expect(await page.getByRole('alert').first().textContent()).toContain('Retry safely')

    await page.getByRole('button', { name: 'Retry safely' }).click()
    await page.getByRole('heading', { name: 'Deposit confirmed' }).waitFor()
    // The dropped answer's credit is the only one: the retry reused its reference.
    const credits = depositsTo('0941234567')
    expect(credits).toHaveLength(1)
    expect(await page.locator('.panel-good').textContent()).toContain(credits[0]?.external_transaction_id)
    shell.sandbox.controls.clearFaults()
    await page.close()
  })

  it('says a deposit did not go through, not that it was refused, when the service does not answer for access', async () => {
    const { page, errors } = await openDesk()
    const before = depositsTo('0917654321').length
    for (const language of ['en', 'ar'] as const) {
      await lookUpAndConfirm(page, '0917654321', 'خديجة')
      await enterAmountAndReview(page, language === 'en' ? '2.5' : '3.5')
      // The token in hand is refused (401) and the request for a new one gets no answer.
      shell.sandbox.controls.setFaults([tokenRefusedOnce('/deposit'), TOKEN_UNANSWERED_ONCE])
      await page.getByRole('button', { name: 'Confirm deposit' }).click()
      if (language === 'ar') {
        await page.getByRole('button', { name: 'العربية' }).click()
      }
      const m = MESSAGES[language]
      await page.getByRole('heading', { name: m.deposit.notSentTitle }).waitFor()
      const panel = (await page.locator('.panel-bad').first().textContent()) ?? ''
      expect(panel).toContain(m.deposit.notSentBody)
      expect(panel).toContain(m.errorReasons.TOKEN_NO_ANSWER)
      expect(panel).not.toContain(m.deposit.failedBody)
      expect(panel).not.toContain(m.errors.SERVICE_ERROR)
      for (const [width, height] of [
        [1024, 768],
        [1366, 768],
      ] as const) {
        await page.setViewportSize({ width, height })
        await screenshot(page, `deposit-not-sent-${language}-${width}x${height}`)
      }
      await page.setViewportSize({ width: 1366, height: 860 })
      if (language === 'ar') await page.getByRole('button', { name: 'English' }).click()
      await page.getByRole('button', { name: 'New deposit' }).click()
    }
    shell.sandbox.controls.clearFaults()
    expect(depositsTo('0917654321')).toHaveLength(before)
    // Its history: the deposit was answered 401, and the desk then got no answer when it asked for access.
    await page.keyboard.press('F3')
    await page.locator('.journal-row').first().click()
    await page.getByRole('heading', { name: 'History' }).waitFor()
    const history = (await page.locator('.entry-panel').textContent()) ?? ''
    expect(history).toContain(MESSAGES.en.eventDetail.accessNoAnswer)
    expect(history).not.toContain('Wrong username or password')
    await screenshot(page, 'deposit-not-sent-history-en')
    expect(errors).toEqual([])
    await page.close()
  })

  it('asks before repeating a deposit, and leads to the open entry while an earlier one is unresolved', async () => {
    const { page } = await openDesk()
    await lookUpAndConfirm(page, '0927654321', 'Mariam')
    await enterAmountAndReview(page, '3')
    await page.getByRole('button', { name: 'Confirm deposit' }).click()
    await page.getByRole('heading', { name: 'Deposit confirmed' }).waitFor()
    await page.getByRole('button', { name: 'New deposit' }).click()

    await lookUpAndConfirm(page, '0927654321', 'Mariam')
    await enterAmountAndReview(page, '3')
    await page.getByRole('button', { name: 'Confirm deposit' }).click()
    await page.getByRole('heading', { name: 'Same phone and amount as a recent deposit' }).waitFor()
    expect(depositsTo('0927654321')).toHaveLength(1)
    await page.getByRole('button', { name: 'Yes, send a second deposit' }).click()
    await page.getByRole('heading', { name: 'Deposit confirmed' }).waitFor()
    expect(depositsTo('0927654321')).toHaveLength(2)
    await page.getByRole('button', { name: 'New deposit' }).click()

    // Every send to the service is lost before it lands, background retries included: the deposit stays open.
    shell.sandbox.controls.setFaults([{ method: 'POST', path: '/deposit', action: 'drop-before-commit' }])
    try {
      await lookUpAndConfirm(page, '0937654321', 'يوسف')
      await enterAmountAndReview(page, '4')
      await page.getByRole('button', { name: 'Confirm deposit' }).click()
      await page.getByRole('heading', { name: 'Outcome unknown' }).waitFor()
      await page.getByRole('button', { name: 'New deposit' }).click()
      // The same phone again: the open deposit is named right after the lookup, before the name and amount.
      await page.getByLabel('Customer phone number').fill('0937654321')
      await page.getByRole('button', { name: 'Look up' }).click()
      await page.getByRole('heading', { name: 'An earlier deposit to this phone is still open' }).waitFor()
      expect(await page.locator('.holder-name').count()).toBe(0)
      expect(await page.getByLabel('Amount (LYD)').count()).toBe(0)
      await page.getByRole('button', { name: 'Open in the journal' }).click()
      await page.getByRole('heading', { name: 'History' }).waitFor()
      expect(await page.locator('.entry-panel').textContent()).toContain('4.000')
    } finally {
      shell.sandbox.controls.clearFaults()
    }
    await page.locator('.entry-panel').getByRole('button', { name: 'Retry safely' }).click()
    await expect.poll(() => page.locator('.entry-panel .entry-status').textContent()).toContain('Confirmed')
    expect(depositsTo('0937654321').map((d) => d.amount)).toEqual([4])
    await page.close()
  })

  it('announces a deposit resolved in the background, with its receipt to print, and the screen follows', async () => {
    const { page } = await openDesk()
    shell.sandbox.controls.setFaults([
      { method: 'POST', path: '/deposit', action: 'drop-before-commit', times: 1 },
    ])
    await lookUpAndConfirm(page, '0951234567', 'علي')
    await enterAmountAndReview(page, '9.5')
    await page.getByRole('button', { name: 'Confirm deposit' }).click()
    await page.getByRole('heading', { name: 'Outcome unknown' }).waitFor()
    // Main re-sends on its own after a short delay; the top of the screen says so when it lands.
    const notice = page.getByRole('region', { name: 'Background results' })
    await notice.getByText('A re-sent deposit was confirmed').waitFor({ timeout: 20_000 })
    expect(await notice.textContent()).toContain('9.500')
    // The screen below says it too: no "Outcome unknown" and no Retry safely left beside the notice.
    await page.getByRole('heading', { name: 'Deposit confirmed' }).waitFor()
    expect(await page.getByRole('heading', { name: 'Outcome unknown' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Retry safely' }).count()).toBe(0)
    await page.getByRole('button', { name: 'New deposit' }).click()
    // The shown screen's line (Sell, kept hidden while away, has its own once a voucher is sold: App.tsx).
    expect(await page.locator('main:visible .last-operation').textContent()).toContain('Confirmed')
    // The line opens the list, where the notice has its receipt.
    await notice.getByRole('button', { name: 'Show', exact: true }).click()
    await notice.getByRole('list').getByRole('button', { name: 'Show receipt' }).click()
    const receipt = page.getByRole('dialog', { name: 'Receipt' }).getByRole('img')
    await expect.poll(() => receipt.evaluate(naturalHeight)).toBeGreaterThan(500)
    await page.keyboard.press('Escape')
    expect(depositsTo('0951234567').map((d) => d.amount)).toEqual([9.5])
    await page.close()
  })

  it('completes a deposit with the keyboard alone', async () => {
    const { page } = await openDesk()
    const k = page.keyboard
    await k.press('F2')
    await page.getByLabel('Customer phone number').waitFor()
    await k.type('0961234567')
    await k.press('Enter')
    await page.getByText('Is the account holder named').waitFor()
    // Yes answers only once the name has been on screen for a moment (see counter.test.ts).
    await expect
      .poll(() => page.getByRole('button', { name: 'Yes', exact: true }).isEnabled(), { timeout: 5000 })
      .toBe(true)
    await k.press('Enter')
    await page.getByLabel('Amount (LYD)').waitFor()
    await k.type('12')
    await k.press('Enter')
    await page.getByText('Check with the customer').waitFor()
    await ready(page.getByRole('button', { name: 'Confirm deposit' }))
    // A held Enter: the first press confirms, the repeats must not confirm again or start anything new.
    await k.down('Enter')
    await k.down('Enter')
    await k.down('Enter')
    await k.up('Enter')
    await page.getByRole('heading', { name: 'Deposit confirmed' }).waitFor()
    expect(depositsTo('0961234567').map((d) => d.amount)).toEqual([12])
    await k.press('Escape')
    await page.getByLabel('Customer phone number').waitFor()
    expect(await page.evaluate("document.activeElement?.getAttribute('inputmode')")).toBe('tel')
    await page.close()
  })
})

describe('on one window', () => {
  let page: Page
  let errors: string[]
  beforeAll(async () => {
    ;({ page, errors } = await openFirstScreen(desk))
  })
  afterAll(async () => {
    await page?.close()
  })

  describe('a deposit left at its review', () => {
    it('is said, on coming back, to be not sent, with whom and how much, until the next phone is typed', async () => {
      await page.keyboard.press('F2')
      await page.getByLabel('Customer phone number').fill('0931234567')
      await page.getByRole('button', { name: 'Look up' }).click()
      await page.getByRole('button', { name: 'Yes', exact: true }).click()
      await page.getByLabel('Amount (LYD)').fill('12')
      await page.getByRole('button', { name: 'Review' }).click()
      await page.getByRole('heading', { name: 'Check with the customer' }).waitFor()
      // Off to sell a voucher, and back.
      await page.keyboard.press('F1')
      await page.getByRole('heading', { name: 'Sell a voucher' }).waitFor()
      await page.keyboard.press('F2')
      const notice = page.getByRole('status').filter({ hasText: 'Not sent: the deposit left at its review' })
      await notice.waitFor()
      const text = (await notice.textContent()) ?? ''
      expect(text).toContain('Nothing was sent')
      expect(text).toContain('Ahmed')
      expect(text).toContain('12.000')
      // The phone field has the focus, as always; typing the next phone takes the notice away.
      await page.keyboard.type('09')
      await notice.waitFor({ state: 'detached' })
      await page.keyboard.press('Escape')
      expect(errors).toEqual([])
    })
  })

  describe('a phone with no wallet', () => {
    it('is there to correct after Esc, selected, so the next number typed replaces it', async () => {
      await page.keyboard.press('F2')
      const phone = page.getByLabel('Customer phone number')
      await phone.fill('0911111111')
      await page.keyboard.press('Enter')
      await page.getByText('No wallet with this number').first().waitFor()
      await page.keyboard.press('Escape')
      await expect.poll(() => phone.inputValue()).toBe('0911111111')
      await page.keyboard.type('0912345678')
      expect(await phone.inputValue()).toBe('0912345678')
      await phone.fill('')
      expect(errors).toEqual([])
    })
  })
})

describe('on one window, the background’s news', () => {
  let shell: BrowserShell
  let page: Page
  let errors: string[]
  beforeAll(async () => {
    shell = desk.shell
    ;({ page, errors } = await openFirstScreen(desk))
  })
  afterAll(async () => {
    await page?.close()
  })
  const shots = (name: string) => screenshotsAtBothWidths(page, `deposit-screen-${name}`)
  const toArabic = () => switchLanguage(page, 'ar')
  const toEnglish = () => switchLanguage(page, 'en')

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
})

describe('the Deposit screen as a new clerk tries it', () => {
  let shell: BrowserShell
  let browser: Browser
  beforeAll(() => {
    shell = another.shell
    browser = desk.browser
  })
  const ledger = () => shell.sandbox.controls.ledger()
  const depositsTo = (phone: string) => depositsToOn(shell, phone)
  /** A fresh window on the desk; with `clock`, the page's timers move only when the test moves them. */
  const openDesk = (options: { clock?: boolean; on?: BrowserShell } = {}) =>
    openWindow(options.clock ? clockBrowser : browser, options.on ?? shell, options)

  it('2. takes the name as confirmed only by a deliberate act after it is visible; Esc always goes back', async () => {
    const { page, errors } = await openDesk({ clock: true })
    const k = page.keyboard
    await k.press('F2')
    await page.getByLabel('Customer phone number').waitFor()
    await k.type('0912345678')
    await k.press('Enter')
    await page.locator('.holder-name').waitFor()
    const amountField = page.getByLabel('Amount (LYD)')
    const question = page.getByText('Is the account holder named')

    // The phone's Enter held down: its repeats answer nothing.
    await k.down('Enter')
    await k.down('Enter')
    await k.up('Enter')
    // An Enter bouncing 150 ms later answers nothing either.
    await page.clock.runFor(150)
    await k.press('Enter')
    await page.clock.runFor(600)
    await k.press('Enter')
    expect(await amountField.count()).toBe(0)
    expect(await button(page, 'Yes').isDisabled()).toBe(true)
    expect(await page.evaluate('document.activeElement?.tagName')).not.toBe('BUTTON')

    // Esc goes back to the phone, never "No".
    await k.press('Escape')
    await page.getByLabel('Customer phone number').waitFor()
    expect(await page.getByRole('heading', { name: 'Deposit stopped' }).count()).toBe(0)
    expect(await page.getByLabel('Customer phone number').inputValue()).toBe('0912345678')

    // Asked again; the clerk reads the name out, the customer agrees, then Enter.
    await k.press('Enter')
    await question.waitFor()
    await page.clock.runFor(1100)
    await k.press('Enter')
    await amountField.waitFor()

    // Esc on the amount goes back to the question, a second Esc to the phone: never an answer.
    await k.press('Escape')
    await question.waitFor()
    await k.press('Escape')
    await page.getByLabel('Customer phone number').waitFor()
    expect(await page.getByRole('heading', { name: 'Deposit stopped' }).count()).toBe(0)
    expect(depositsTo('0912345678')).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })

  it('2. never lets a bounced Enter skip a confirmation: the sale, the deposit’s review, the repeat question', async () => {
    const { page, errors } = await openDesk({ clock: true })
    const k = page.keyboard
    const vouchers = ledger().vouchers.length

    // "1" chooses the value; an Enter bouncing 100 ms later does not sell it.
    await k.press('1')
    await page.getByRole('heading', { name: 'Sell this voucher?' }).waitFor()
    await page.clock.runFor(100)
    await k.press('Enter')
    await page.clock.runFor(50)
    expect(await page.getByRole('heading', { name: 'Voucher issued' }).count()).toBe(0)
    expect(ledger().vouchers.length).toBe(vouchers)
    expect(await page.evaluate('document.activeElement?.textContent')).toContain('Confirm sale')
    // The clerk looks at the value, then Enter sells it.
    await page.clock.runFor(SETTLE_MS)
    await k.press('Enter')
    await page.getByRole('heading', { name: 'Voucher issued' }).waitFor()
    expect(ledger().vouchers.length).toBe(vouchers + 1)

    // The amount's Enter bouncing onto the review does not send the deposit.
    // A phone no other test here deposits to or searches for (the repeat question needs the same phone twice).
    const phone = '0912345678'
    await k.press('F2')
    await page.getByLabel('Customer phone number').waitFor()
    const toReviewByKeys = () => depositToReviewByKeys(page, phone, '6')
    await toReviewByKeys()
    await page.clock.runFor(100)
    await k.press('Enter')
    await page.clock.runFor(50)
    expect(await page.getByRole('heading', { name: 'Deposit confirmed' }).count()).toBe(0)
    expect(depositsTo(phone)).toEqual([])
    await page.clock.runFor(600)
    await k.press('Enter')
    await page.getByRole('heading', { name: 'Deposit confirmed' }).waitFor()
    expect(depositsTo(phone).map((d) => d.amount)).toEqual([6])

    // The same amount to the same phone again: the question main asks is not answered by a bounce either.
    await k.press('Escape')
    await page.getByLabel('Customer phone number').waitFor()
    await toReviewByKeys()
    await page.clock.runFor(600)
    await k.press('Enter')
    const again = page.getByRole('button', { name: 'Yes, send a second deposit' })
    await again.waitFor()
    await page.clock.runFor(100)
    await k.press('Enter')
    await page.clock.runFor(50)
    expect(await page.getByRole('heading', { name: 'Deposit confirmed' }).count()).toBe(0)
    expect(depositsTo(phone).map((d) => d.amount)).toEqual([6])
    // Esc still means back, whatever the moment.
    await k.press('Escape')
    await page.getByLabel('Amount (LYD)').waitFor()
    expect(depositsTo(phone).map((d) => d.amount)).toEqual([6])

    // A lookup that stops (an inactive wallet): the bounce does not sweep the reason away unread.
    await k.press('Escape')
    await k.press('Escape')
    await page.getByLabel('Customer phone number').fill('0947654321')
    await page.getByLabel('Customer phone number').press('Enter')
    await page.getByRole('heading', { name: 'This wallet is inactive' }).waitFor()
    await page.clock.runFor(100)
    await k.press('Enter')
    await page.clock.runFor(50)
    expect(await page.getByRole('heading', { name: 'This wallet is inactive' }).count()).toBe(1)
    await k.press('Escape')
    await page.getByLabel('Customer phone number').waitFor()
    expect(errors).toEqual([])
    await page.close()
  })

  it('2. never lets the confirming Enter, bouncing, sweep the outcome away before it is read', async () => {
    // A desk of its own: the unknown sale and the limit refusal made here would change the others' figures.
    const ownDir = mkdtempSync(join(tmpdir(), 'desk-counter-own-'))
    const own = await startBrowserShell({ dataDir: ownDir, rendererDir: desk.rendererDir })
    try {
      const { page, errors } = await openDesk({ clock: true, on: own })
      const k = page.keyboard
      /** Enter once the confirmation takes it, then the same key bouncing 100 ms later. */
      async function confirmWithBounce(name: string) {
        await page.getByRole('button', { name }).waitFor()
        await page.clock.runFor(SETTLE_MS + 50)
        await k.press('Enter')
      }
      async function bounce() {
        await page.clock.runFor(100)
        await k.press('Enter')
        await page.clock.runFor(50)
      }

      // A voucher whose answer is lost: the red panel stays; the bounce does not open the attention list.
      own.sandbox.controls.setFaults([
        { method: 'POST', path: '/vouchers/generate', action: 'drop-after-commit', times: 1 },
      ])
      try {
        await k.press('2')
        await confirmWithBounce('Confirm sale')
        const unknown = page.getByRole('heading', { name: /Outcome unknown/ })
        await unknown.waitFor()
        await bounce()
        expect(await unknown.count()).toBe(1)
        expect(await page.getByRole('heading', { name: 'Journal' }).count()).toBe(0)
      } finally {
        own.sandbox.controls.clearFaults()
      }
      await k.press('Escape')

      // A deposit refused for the daily limit: the refusal stays; the bounce does not change the amount.
      own.sandbox.controls.updateReseller('demo', { daily_max_amount: 1 })
      await k.press('F2')
      await page.getByLabel('Customer phone number').fill('0961234567')
      await page.getByLabel('Customer phone number').press('Enter')
      await page.locator('.holder-name').waitFor()
      await page.clock.runFor(1100)
      await k.press('Enter')
      await page.getByLabel('Amount (LYD)').fill('9')
      await page.getByLabel('Amount (LYD)').press('Enter')
      await confirmWithBounce('Confirm deposit')
      const refused = page.getByRole('heading', { name: 'Over the daily limit: no money was moved' })
      await refused.waitFor()
      await bounce()
      expect(await refused.count()).toBe(1)
      expect(await page.getByLabel('Amount (LYD)').count()).toBe(0)
      expect(errors).toEqual([])
      await page.close()
    } finally {
      await own.close()
      rmSync(ownDir, { recursive: true, force: true })
    }
  })

  it('4, 5. names an open deposit right after the lookup, and says what each "Retry safely" did', async () => {
    const { page } = await openDesk()
    shell.sandbox.controls.setFaults([{ method: 'POST', path: '/deposit', action: 'drop-before-commit' }])
    try {
      await lookUp(page, '0937654321')
      await confirmName(page)
      await toReview(page, '4')
      await button(page, 'Confirm deposit').click()
      await page.getByRole('heading', { name: 'Outcome unknown' }).waitFor()
      await button(page, 'New deposit').click()

      await page.getByLabel('Customer phone number').fill('0937654321')
      await page.getByRole('button', { name: 'Look up' }).click()
      const open = page.getByRole('alert').filter({
        has: page.getByRole('heading', { name: 'An earlier deposit to this phone is still open' }),
      })
      await open.waitFor()
      // Before the name and the amount: neither is asked while the earlier deposit is open.
      expect(await page.locator('.holder-name').count()).toBe(0)
      expect(await open.textContent()).toContain('4.000')
      const feedback = open.getByRole('status')
      expect(await feedback.textContent()).toMatch(
        /The desk tries again by itself at about \d{2}:\d{2}:\d{2}\./,
      )

      await open.getByRole('button', { name: 'Retry safely' }).click()
      await open.getByText(/Tried again at \d{2}:\d{2}:\d{2} \(attempt \d+\)\./).waitFor()
      expect(await feedback.textContent()).toContain('The service still gave no clear answer')
      expect(depositsTo('0937654321')).toEqual([])
    } finally {
      shell.sandbox.controls.clearFaults()
    }
    await page.getByRole('button', { name: 'Retry safely' }).click()
    await page.getByRole('heading', { name: 'The earlier deposit is settled' }).waitFor()
    expect(depositsTo('0937654321').map((d) => d.amount)).toEqual([4])
    await button(page, 'Continue to the name check').click()
    await page.locator('.holder-name').waitFor()
    await page.close()
  })

  it('6. moves a large amount to its second field without marking it wrong, and refuses a phone number as an amount', async () => {
    const { page } = await openDesk()
    await lookUp(page, '0961234567')
    await confirmName(page)
    await page.getByLabel('Amount (LYD)').fill('750')
    await page.keyboard.press('Enter')
    const again = page.getByLabel('Type the amount again')
    const againId = await again.getAttribute('id')
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe(againId)
    expect(await again.getAttribute('aria-invalid')).toBeNull()
    expect(await page.getByRole('alert').count()).toBe(0)
    await page.keyboard.type('700')
    await page.keyboard.press('Enter')
    await page.getByText('The two amounts differ. Type both again.').waitFor()

    await page.getByLabel('Amount (LYD)').fill('941234567')
    const problem = page.getByText('This looks like a phone number, not an amount.')
    await problem.waitFor()
    expect(await problem.textContent()).toContain('At most 5000.000 LYD per deposit')
    expect(await page.getByRole('button', { name: 'Review' }).isDisabled()).toBe(true)
    await page.keyboard.press('Enter')
    expect(await page.getByRole('heading', { name: 'Check with the customer' }).count()).toBe(0)
    expect(depositsTo('0961234567')).toEqual([])
    await page.close()
  })

  it('asks for the phone when none is typed, and groups the phone a wallet was not found for', async () => {
    const { page } = await openDesk()
    await page.keyboard.press('F2')
    await page.getByRole('button', { name: 'Look up' }).click()
    await page.getByText('Type the customer’s phone number.').waitFor()
    expect(await page.getByText('This is not a Libyan mobile number.', { exact: false }).count()).toBe(0)
    await lookUp(page, '0921111111')
    await page.getByRole('heading', { name: 'No wallet with this number' }).waitFor()
    expect(await page.getByRole('alert').textContent()).toContain('092 111 1111')
    await page.close()
  })

  it('refuses an amount with a comma before three digits (a thousand or one dinar?), and says every amount in words', async () => {
    const { page } = await openDesk()
    await lookUp(page, '0961234567')
    await confirmName(page)
    const amount = page.getByLabel('Amount (LYD)')
    await amount.fill('1,000')
    await page.keyboard.press('Enter')
    await page
      .getByText('A comma before three digits could mean thousands or dirhams.', { exact: false })
      .waitFor()
    expect(await page.getByRole('heading', { name: 'Check with the customer' }).count()).toBe(0)
    // What is typed is said in words beside its figure: "1.000" is one dinar, "1000" a thousand.
    await amount.fill('1.000')
    await page.getByText('= 1.000 LYD · 1 dinar').waitFor()
    await amount.fill('50,5')
    await page.getByText('= 50.500 LYD · 50 dinars and 500 dirhams').waitFor()
    await toReview(page, '300')
    const review = page.locator('.amount-with-words')
    expect(await review.textContent()).toBe('300.000 LYD300 dinars')
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')
    expect(depositsTo('0961234567')).toEqual([])

    // A manager's limits take the same care: "5,000" is refused, not saved as five dinars.
    await page.keyboard.press('F4')
    const limits = page.getByRole('region', { name: 'Limits' })
    const max = limits.getByLabel('Largest single deposit (LYD)')
    await max.fill('5,000')
    await limits
      .getByText('A comma before three digits could mean thousands or dirhams.', { exact: false })
      .waitFor()
    expect(await limits.getByRole('button', { name: 'Save limits' }).isDisabled()).toBe(true)
    await max.fill('5000')
    await limits.getByText('= 5000.000 LYD · 5000 dinars', { exact: false }).waitFor()
    await page.close()
  })
})
