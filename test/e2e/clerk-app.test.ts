import type { Page } from 'playwright-core'
import { PNG } from 'pngjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../src/renderer/src/i18n'
import type { BrowserShell } from '../../src/shells/browser/server'
import { FakeEscPosPrinter } from '../helpers/fake-escpos-printer'
import { TOKEN_UNANSWERED_ONCE, tokenRefusedOnce } from '../helpers/faults'
import { writeMonochromePng } from '../helpers/monochrome-png'
import {
  type Browser,
  ready,
  screenshot,
  sellFiveLyd,
  sellWithAnswerLost,
  watchErrors,
} from './support/browser'
import { type DeskInChromium, startDeskInChromium } from './support/desk'

/**
 * The real renderer in Chromium, through the browser shell, against the real desk core and the training
 * sandbox. What is asserted is what the clerk sees, checked against the sandbox's own ledger.
 */
let shell: BrowserShell
let browser: Browser
let desk: DeskInChromium

beforeAll(async () => {
  desk = await startDeskInChromium('e2e')
  ;({ shell, browser } = desk)
}, 120_000)

afterAll(async () => {
  await desk?.close()
})

async function openDesk(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage()
  const errors = watchErrors(page)
  await page.goto(shell.url)
  await page.locator('.denomination').first().waitFor()
  return { page, errors }
}

const ledger = () => shell.sandbox.controls.ledger()
const depositsTo = (phone: string) => ledger().deposits.filter((d) => d.phone.endsWith(phone.slice(1)))
const naturalWidth = (img: unknown) => (img as { naturalWidth: number }).naturalWidth
const naturalHeight = (img: unknown) => (img as { naturalHeight: number }).naturalHeight
/** Settings changed through the page's own window.api, as the renderer would. */
const updateSettings = (page: Page, patch: Record<string, unknown>) =>
  page.evaluate(`window.api.updateSettings(${JSON.stringify(patch)})`)
const text = async (page: Page, selector: string) =>
  ((await page.locator(selector).first().textContent()) ?? '').trim()

async function lookUpAndConfirm(page: Page, phone: string, name: string) {
  await page.getByRole('button', { name: /^Deposit/ }).click()
  await page.getByLabel('Customer phone number').fill(phone)
  await page.getByRole('button', { name: 'Look up' }).click()
  await page.getByText('Is the account holder named').waitFor()
  expect(await text(page, '.holder-name')).toBe(name)
  await page.getByRole('button', { name: 'Yes', exact: true }).click()
}

async function enterAmountAndReview(page: Page, amount: string) {
  await page.getByLabel('Amount (LYD)').fill(amount)
  await page.getByRole('button', { name: 'Review' }).click()
  await page.getByText('Check with the customer').waitFor()
}

describe('the clerk app in Chromium through the browser shell', () => {
  it('sells a voucher and shows its code grouped, left to right, as the service issued it', async () => {
    const { page, errors } = await openDesk()
    expect(await page.locator('.training-badge').textContent()).toBe('TRAINING')
    await sellFiveLyd(page)

    const issued = ledger().vouchers.at(-1)
    expect(issued?.denomination_value).toBe(5)
    const code = page.locator('.voucher-card .code-big')
    expect((await code.textContent())?.replaceAll(' ', '')).toBe(issued?.code)
    expect(await code.evaluate((el) => el.tagName === 'BDI' && el.getAttribute('dir') === 'ltr')).toBe(true)
    expect((await text(page, '.voucher-card .facts .code')).replaceAll(' ', '')).toBe(issued?.serial_number)
    expect(await page.locator('.voucher-card').textContent()).toContain('5.000')

    // No printer set up yet: the receipt is shown as it would print (an 80 mm roll by default).
    await page.getByRole('button', { name: 'Show receipt' }).click()
    const receipt = page.getByRole('dialog', { name: 'Receipt' }).getByRole('img')
    await expect.poll(() => receipt.evaluate(naturalWidth)).toBe(576)
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'New sale' }).click()
    await page.getByText('Choose the voucher value').waitFor()
    expect(errors).toEqual([])
    await page.close()
  })

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

  it('says Offline in the top bar when the service does not answer, not after one dropped connection', async () => {
    const { page, errors } = await openDesk()
    const status = page.locator('header .online')
    const lookUp = async () => {
      await page.getByRole('button', { name: /^Deposit|^إيداع/ }).click()
      await page.locator('.step input').first().fill('0912345678')
      await page.locator('.step input').first().press('Enter')
    }
    for (const language of ['en', 'ar'] as const) {
      const m = MESSAGES[language]
      if (language === 'ar') await page.getByRole('button', { name: 'العربية' }).click()
      await status.filter({ hasText: m.status.online }).waitFor()
      // Every look the status takes from here (its tone: online-good, online-bad, online-pending).
      await page.evaluate(() => {
        const el = document.querySelector('header .online')
        const w = window as unknown as { looks: string[] }
        w.looks = []
        if (el)
          new MutationObserver(() => w.looks.push(el.className)).observe(el, {
            attributes: true,
            attributeFilter: ['class'],
          })
      })
      // One lookup's connection dropped: the lookup says the service did not answer; the bar, through the
      // next two of its polls (every 4 s), never says Offline.
      shell.sandbox.controls.setFaults([
        { method: 'GET', path: '/user-lookup', action: 'drop-before-commit', times: 1 },
      ])
      await lookUp()
      await page.getByText(m.common.serviceSilent).waitFor()
      for (let poll = 0; poll < 2; poll++)
        await page.waitForResponse((r) => r.url().endsWith('/__bridge/getStatus'))
      await status.filter({ hasText: m.status.online }).waitFor()
      expect(await page.evaluate(() => (window as unknown as { looks: string[] }).looks)).not.toContain(
        'online online-bad',
      )
      // The service really down (every connection reset): Offline, in the language of the screen.
      shell.sandbox.controls.setFaults([
        { method: 'GET', path: '/user-lookup', action: 'drop-before-commit' },
        { method: 'GET', path: '/denominations', action: 'drop-before-commit' },
      ])
      await page.keyboard.press('Escape')
      await lookUp()
      await status.filter({ hasText: m.status.offline }).waitFor()
      expect(await status.textContent()).toContain(m.status.offlineShort)
      await screenshot(page, `top-bar-offline-${language}`)
      // Back: the next lookup gets through, and the bar says so.
      shell.sandbox.controls.clearFaults()
      await page.keyboard.press('Escape')
      await lookUp()
      await page.locator('.holder-name').waitFor()
      await status.filter({ hasText: m.status.online }).waitFor()
      await page.keyboard.press('Escape')
    }
    await page.getByRole('button', { name: 'English' }).click()
    expect(errors).toEqual([])
    await page.close()
  }, 90_000)

  it('shows a red panel and never retries when a voucher sale has an unknown outcome', async () => {
    const { page } = await openDesk()
    const before = ledger().vouchers.length
    await sellWithAnswerLost(page, shell.sandbox.controls)
    await page.getByRole('heading', { name: /Outcome unknown: a voucher may have been created/ }).waitFor()
    expect(ledger().vouchers.length).toBe(before + 1)
    await page.getByRole('button', { name: 'Open the attention list' }).click()
    await page.getByRole('heading', { name: 'Journal' }).waitFor()
    await page.locator('.journal-row').first().waitFor()
    expect(await page.getByLabel('Needs attention only').isChecked()).toBe(true)
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
    expect(await page.locator('.last-operation').textContent()).toContain('Confirmed')
    // The line opens the list, where the notice has its receipt.
    await notice.getByRole('button', { name: 'Show', exact: true }).click()
    await notice.getByRole('list').getByRole('button', { name: 'Show receipt' }).click()
    const receipt = page.getByRole('dialog', { name: 'Receipt' }).getByRole('img')
    await expect.poll(() => receipt.evaluate(naturalHeight)).toBeGreaterThan(500)
    await page.keyboard.press('Escape')
    expect(depositsTo('0951234567').map((d) => d.amount)).toEqual([9.5])
    await page.close()
  })

  it('finds entries by phone and by transaction id in the journal', async () => {
    const { page } = await openDesk()
    await page.keyboard.press('F3')
    await page.getByRole('heading', { name: 'Journal' }).waitFor()
    await page.locator('.journal-row').first().waitFor()
    const credit = depositsTo('0912345678').at(-1)
    await page.getByLabel('Search').fill(String(credit?.transaction_id))
    await page.keyboard.press('Enter')
    await expect.poll(() => page.locator('.journal-row').count()).toBe(1)
    expect(await page.locator('.journal-row').textContent()).toContain('091 234 5678')

    await page.getByLabel('Search').fill('0941234567')
    await page.keyboard.press('Enter')
    const rowsShown = () => page.locator('.journal-row').allTextContents()
    await expect
      .poll(
        async () =>
          (await rowsShown()).length > 0 && (await rowsShown()).every((r) => r.includes('094 123 4567')),
      )
      .toBe(true)
    await page.locator('.journal-row').first().click()
    await page.getByRole('heading', { name: 'History' }).waitFor()
    expect(await page.locator('.entry-panel').textContent()).toContain('7.250')
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

  it('tells apart wrong credentials, a refused address and a disabled account', async () => {
    const { page } = await openDesk()
    await page.keyboard.press('F4')
    const baseUrl = shell.sandbox.baseUrl
    async function testWith(url: string, username: string, password: string): Promise<string> {
      await page.getByLabel('Service address').fill(url)
      await page.getByLabel('Username').fill(username)
      await page.getByLabel('Password').fill(password)
      await page.getByRole('button', { name: 'Test connection' }).click()
      const result = page.locator('.settings-grid .panel')
      await result.waitFor()
      return (await result.textContent()) ?? ''
    }
    expect(await testWith(baseUrl, 'demo', 'wrong')).toContain('Wrong username or password')
    expect(await testWith(baseUrl, 'demo-disabled', 'demo-pass')).toContain('account is disabled')
    shell.sandbox.controls.updateReseller('demo', { allowed_ips: ['10.9.8.7'] })
    try {
      expect(await testWith(baseUrl, 'demo', 'demo-pass')).toContain('not whitelisted')
    } finally {
      shell.sandbox.controls.updateReseller('demo', { allowed_ips: ['127.0.0.1', '::1'] })
    }
    expect(await testWith(baseUrl, 'demo', 'demo-pass')).toContain('Connection works')
    // Testing never switches the desk to live.
    expect(await page.locator('.training-badge').textContent()).toBe('TRAINING')
    await page.close()
  })

  it('switches to Arabic at once, right to left, with Latin digits, and remembers it', async () => {
    const { page, errors } = await openDesk()
    await page.getByRole('button', { name: 'العربية' }).click()
    await page.getByRole('heading', { name: 'بيع قسيمة' }).waitFor()
    expect(await page.evaluate('[document.documentElement.dir, document.documentElement.lang]')).toEqual([
      'rtl',
      'ar',
    ])
    const value = await text(page, '.denomination .figure')
    expect(value).toBe('5.000')
    await page.reload()
    await page.getByRole('heading', { name: 'بيع قسيمة' }).waitFor()
    expect(await page.evaluate('document.documentElement.dir')).toBe('rtl')
    await page.getByRole('button', { name: 'English' }).click()
    await page.getByRole('heading', { name: 'Sell a voucher' }).waitFor()
    expect(await page.evaluate('document.documentElement.dir')).toBe('ltr')
    expect(errors).toEqual([])
    await page.close()
  })

  it('saves a screenshot of each main screen in both languages', async () => {
    const { page, errors } = await openDesk()
    for (const language of ['en', 'ar'] as const) {
      if (language === 'ar') {
        await page.getByRole('button', { name: 'العربية' }).click()
        await expect.poll(() => page.evaluate('document.documentElement.dir')).toBe('rtl')
      }
      await page.keyboard.press('F1')
      await page.locator('.denomination').first().waitFor()
      await screenshot(page, `${language}-1-sell`)
      await page.keyboard.press('1')
      await screenshot(page, `${language}-2-sell-confirm`)
      await ready(page.getByRole('button', { name: MESSAGES[language].sell.confirm }))
      await page.keyboard.press('Enter')
      await page.locator('.voucher-card').waitFor()
      await screenshot(page, `${language}-3-sell-issued`)
      await page.keyboard.press('Escape')

      await page.keyboard.press('F2')
      // A different customer per language: the same phone and amount again would ask "repeat?".
      await page.keyboard.type(language === 'ar' ? '0917654321' : '0921234567')
      await page.keyboard.press('Enter')
      await page.locator('.holder-name').waitFor()
      await screenshot(page, `${language}-4-deposit-name`)
      const yes = page.getByRole('button', { name: language === 'ar' ? 'نعم' : 'Yes', exact: true })
      await expect.poll(() => yes.isEnabled(), { timeout: 5000 }).toBe(true)
      await page.keyboard.press('Enter')
      await page.keyboard.type(language === 'ar' ? '١٥' : '15')
      await screenshot(page, `${language}-5-deposit-amount`)
      await page.keyboard.press('Enter')
      await page.locator('.panel-info > .facts').waitFor()
      await screenshot(page, `${language}-6-deposit-review`)
      await ready(page.getByRole('button', { name: MESSAGES[language].deposit.confirm }))
      await page.keyboard.press('Enter')
      await page.locator('.panel-good, .panel-bad').first().waitFor()
      await screenshot(page, `${language}-7-deposit-result`)
      await page.keyboard.press('Escape')

      await page.keyboard.press('F3')
      await page.locator('.journal-row').first().waitFor()
      await screenshot(page, `${language}-8-journal`)
      await page.locator('.journal-row').first().click()
      await page.locator('.history').waitFor()
      await screenshot(page, `${language}-9-journal-entry`)

      await page.keyboard.press('F4')
      await page.locator('.settings-grid').waitFor()
      await page.locator('.settings-grid select').first().waitFor()
      await screenshot(page, `${language}-10-settings`)
    }
    await page.getByRole('button', { name: 'English' }).click()
    expect(errors).toEqual([])
    await page.close()
  }, 120_000)

  it('prints to a network receipt printer set up in Settings, automatically after a sale, and marks the reprint COPY', async () => {
    const fake = await FakeEscPosPrinter.start()
    const { page, errors } = await openDesk()
    try {
      await page.keyboard.press('F4')
      await page.getByLabel('Printer', { exact: true }).selectOption('escpos-network')
      await page.getByLabel('Printer address').fill(fake.address)
      await page.getByLabel('Paper width').selectOption('58')
      await page.getByLabel('Print the receipt automatically after each sale and deposit').check()
      await page.getByLabel('Outlet name').fill('مكتبة النور')
      await page
        .getByLabel('How to redeem a voucher (printed under the code)')
        .fill('Dial *123*code# to top up')
      // A logo: a small black PNG, chosen as a file.
      const logo = new PNG({ width: 80, height: 40 })
      for (let i = 3; i < logo.data.length; i += 4) logo.data[i] = 255
      await page.getByLabel('Logo (optional)').setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: PNG.sync.write(logo),
      })
      await page.getByRole('img', { name: 'Logo (optional)' }).waitFor()
      await page.getByRole('button', { name: 'Save receipt settings' }).click()
      await page.getByText('Saved.').waitFor()
      expect((await shell.app.desk.handlers.getSettings({}, { clerk: null })).logo).toMatch(
        /^data:image\/png;base64,/,
      )

      // A sale prints by itself.
      await page.keyboard.press('F1')
      await page
        .getByRole('button', { name: /5\.000/ })
        .first()
        .click()
      const original = fake.nextCompleteJob()
      await page.getByRole('button', { name: 'Confirm sale' }).click()
      await page.getByRole('heading', { name: 'Voucher issued' }).waitFor()
      const first = (await original).image()
      await page.locator('.voucher-card').getByText('Receipt printed.').waitFor()
      expect(first?.width).toBe(384)
      // The focus is still on the print button (it was not dropped while printing): Enter reprints.
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toBe('Reprint')

      // Reprint: main marks it COPY, with the reprint time.
      const reprint = fake.nextCompleteJob()
      await page.locator('.voucher-card').getByRole('button', { name: 'Reprint' }).click()
      const copy = (await reprint).image()
      await page.locator('.voucher-card').getByText('Copy printed (marked COPY).').waitFor()
      expect(copy?.height ?? 0).toBeGreaterThan((first?.height ?? 0) + 40)
      if (first && copy) {
        await writeMonochromePng('test-output/receipts/e2e-voucher-en-58.png', first)
        await writeMonochromePng('test-output/receipts/e2e-voucher-en-58-copy.png', copy)
      }

      await page.locator('.voucher-card').getByRole('button', { name: 'Show receipt' }).click()
      const dialog = page.getByRole('dialog', { name: 'Receipt' })
      await dialog.getByText('Printed before: this receipt prints as a COPY.').waitFor()
      await expect.poll(() => dialog.getByRole('img').evaluate(naturalWidth)).toBe(384)
      await screenshot(page, 'en-11-receipt-preview')
      await page.keyboard.press('Escape')

      // The printer goes off: the clerk is told why, and the sale stays done.
      await fake.turnOff()
      await page.locator('.voucher-card').getByRole('button', { name: 'Reprint' }).click()
      const warning = page.locator('.voucher-card .print-outcome[role="alert"]')
      await warning.waitFor()
      expect(await warning.textContent()).toContain('The printer does not answer')
      expect(await warning.textContent()).toContain('The sale itself is done and recorded')
      await screenshot(page, 'en-12-print-failed')

      // The journal's history has both prints and the failure, each with its time.
      await page.keyboard.press('F3')
      await page.locator('.journal-row').first().click()
      const history = page.locator('.history')
      await history.waitFor()
      await expect.poll(async () => (await history.textContent()) ?? '').toContain('Printing failed')
      expect(((await history.textContent()) ?? '').match(/Receipt printed/g)).toHaveLength(2)

      // In Arabic the receipt prints in Arabic (the screen's language).
      const back = await FakeEscPosPrinter.start()
      try {
        await updateSettings(page, {
          printer: { kind: 'escpos-network', address: back.address, widthMm: 58 },
        })
        await page.reload()
        await page.getByRole('button', { name: 'العربية' }).click()
        await page.getByRole('heading', { name: 'بيع قسيمة' }).waitFor()
        await page
          .getByRole('button', { name: /5\.000/ })
          .first()
          .click()
        const arabic = back.nextCompleteJob()
        await ready(page.getByRole('button', { name: MESSAGES.ar.sell.confirm }))
        await page.keyboard.press('Enter')
        const image = (await arabic).image()
        if (image) await writeMonochromePng('test-output/receipts/e2e-voucher-ar-58.png', image)
        await page.locator('.voucher-card .print-outcome').getByText('طُبع الإيصال.').waitFor()
        await page.locator('.voucher-card').getByRole('button', { name: 'عرض الإيصال' }).click()
        await expect
          .poll(() => page.getByRole('dialog', { name: 'إيصال' }).getByRole('img').evaluate(naturalWidth))
          .toBe(384)
        await screenshot(page, 'ar-11-receipt-preview')
        await page.keyboard.press('Escape')
        await page.keyboard.press('F4')
        await page.locator('#printer-title').waitFor()
        await screenshot(page, 'ar-13-settings-printer')
        await page.getByRole('button', { name: 'English' }).click()
      } finally {
        await back.close()
      }
      expect(errors).toEqual([])
    } finally {
      await updateSettings(page, { printer: { kind: 'none', widthMm: 80 }, autoPrint: false })
      await page.close()
      await fake.close()
    }
  }, 120_000)
})
