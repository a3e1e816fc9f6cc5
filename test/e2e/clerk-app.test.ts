import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BrowserShell, startBrowserShell } from '../../src/shells/browser/server'
import { type Browser, launchBrowser, screenshot, watchErrors } from './support/browser'
import { buildRendererForTest } from './support/renderer'

/**
 * The real renderer in Chromium, through the browser shell, against the real desk core and the training
 * sandbox. What is asserted is what the clerk sees, checked against the sandbox's own ledger.
 */
let shell: BrowserShell
let browser: Browser
let dataDir: string
let rendererDir: string

beforeAll(async () => {
  rendererDir = await buildRendererForTest()
  dataDir = mkdtempSync(join(tmpdir(), 'desk-e2e-'))
  shell = await startBrowserShell({ dataDir, rendererDir })
  browser = await launchBrowser()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await shell?.close()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(rendererDir, { recursive: true, force: true })
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
    await page
      .getByRole('button', { name: /5\.000/ })
      .first()
      .click()
    await page.getByRole('button', { name: 'Confirm sale' }).click()
    await page.getByRole('heading', { name: 'Voucher issued' }).waitFor()

    const issued = ledger().vouchers.at(-1)
    expect(issued?.denomination_value).toBe(5)
    const code = page.locator('.voucher-card .code-big')
    expect((await code.textContent())?.replaceAll(' ', '')).toBe(issued?.code)
    expect(await code.evaluate((el) => el.tagName === 'BDI' && el.getAttribute('dir') === 'ltr')).toBe(true)
    expect((await text(page, '.voucher-card .facts .code')).replaceAll(' ', '')).toBe(issued?.serial_number)
    expect(await page.locator('.voucher-card').textContent()).toContain('5.000')

    await page.getByRole('button', { name: 'Print', exact: true }).click()
    await page.getByRole('dialog', { name: 'Receipt' }).waitFor()
    expect((await text(page, '.receipt .code-big')).replaceAll(' ', '')).toBe(issued?.code)
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
    expect(await page.locator('.panel-info .facts').textContent()).toContain('25.500')
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

  it('shows the four figures when the daily limit refuses a deposit', async () => {
    shell.sandbox.controls.updateReseller('demo', { daily_max_amount: 100 })
    try {
      const { page } = await openDesk()
      await lookUpAndConfirm(page, '0931234567', 'Ahmed')
      await enterAmountAndReview(page, '200')
      await page.getByRole('button', { name: 'Confirm deposit' }).click()
      await page.getByRole('heading', { name: /Daily limit exceeded/ }).waitFor()
      const figures = page.locator('.limit-figures dd')
      const values = (await figures.allTextContents()).map((t) => Number.parseFloat(t))
      expect(values).toHaveLength(4)
      const [max, used, remaining, requested] = values
      expect(max).toBe(100)
      expect(requested).toBe(200)
      expect((used ?? 0) + (remaining ?? 0)).toBeCloseTo(100, 3)
      expect(await page.locator('.limit-figures').textContent()).toContain('100.000')
      expect(depositsTo('0931234567')).toEqual([])
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

  it('shows a red panel and never retries when a voucher sale has an unknown outcome', async () => {
    const { page } = await openDesk()
    const before = ledger().vouchers.length
    shell.sandbox.controls.setFaults([
      { method: 'POST', path: '/vouchers/generate', action: 'drop-after-commit', times: 1 },
    ])
    await page
      .getByRole('button', { name: /10\.000/ })
      .first()
      .click()
    await page.getByRole('button', { name: 'Confirm sale' }).click()
    await page.getByRole('heading', { name: /Outcome unknown: a voucher may have been created/ }).waitFor()
    expect(ledger().vouchers.length).toBe(before + 1)
    await page.getByRole('button', { name: 'Open the attention list' }).click()
    await page.getByRole('heading', { name: 'Journal' }).waitFor()
    await page.locator('.journal-row').first().waitFor()
    expect(await page.getByLabel('Needs attention only').isChecked()).toBe(true)
    shell.sandbox.controls.clearFaults()
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
      await lookUpAndConfirm(page, '0937654321', 'يوسف')
      await enterAmountAndReview(page, '6')
      await page.getByRole('button', { name: 'Confirm deposit' }).click()
      await page.getByRole('heading', { name: 'An earlier deposit to this phone is still open' }).waitFor()
      await page.getByRole('button', { name: 'Open that deposit' }).click()
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

  it('announces a deposit resolved in the background, with its receipt to print', async () => {
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
    await notice.getByText('An earlier deposit was confirmed').waitFor({ timeout: 20_000 })
    expect(await notice.textContent()).toContain('9.500')
    await notice.getByRole('button', { name: 'Print receipt' }).click()
    const receipt = page.getByRole('dialog', { name: 'Receipt' })
    await receipt.waitFor()
    expect(await receipt.textContent()).toContain('095 123 4567')
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
    await k.press('Enter')
    await page.getByLabel('Amount (LYD)').waitFor()
    await k.type('12')
    await k.press('Enter')
    await page.getByText('Check with the customer').waitFor()
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
    expect(await testWith(baseUrl, 'demo', 'wrong')).toContain('refused the username or password')
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
      await page.keyboard.press('Enter')
      await page.keyboard.type(language === 'ar' ? '١٥' : '15')
      await screenshot(page, `${language}-5-deposit-amount`)
      await page.keyboard.press('Enter')
      await page.locator('.panel-info .facts').waitFor()
      await screenshot(page, `${language}-6-deposit-review`)
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
})
