import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SETTLE_MS } from '../../src/renderer/src/ui/deliberate'
import { type BrowserShell, startBrowserShell } from '../../src/shells/browser/server'
import {
  type Browser,
  depositToReviewByKeys,
  launchBrowser,
  sellFiveLyd,
  watchErrors,
} from './support/browser'
import { type DeskInChromium, startDeskInChromium } from './support/desk'

/**
 * The counter tried as a new clerk would (issue 11): the real renderer in Chromium through the browser shell,
 * driven by roles and accessible names, against the desk core and the training sandbox. Where time matters
 * (the name check's moment, the header between polls) the page's clock is Playwright's, moved by hand.
 */
let shell: BrowserShell
let browser: Browser
let desk: DeskInChromium
/** A second Chromium for the tests that move the clock by hand: Playwright's clock belongs to a context. */
let clockBrowser: Browser

beforeAll(async () => {
  desk = await startDeskInChromium('counter')
  ;({ shell, browser } = desk)
  clockBrowser = await launchBrowser()
}, 120_000)

afterAll(async () => {
  await clockBrowser?.close()
  await desk?.close()
})

const ledger = () => shell.sandbox.controls.ledger()
const depositsTo = (phone: string) => ledger().deposits.filter((d) => d.phone.endsWith(phone.slice(1)))

/** A fresh window on the desk; with `clock`, the page's timers move only when the test moves them. */
async function openDesk(
  options: { clock?: boolean; on?: BrowserShell } = {},
): Promise<{ page: Page; errors: string[] }> {
  const page = await (options.clock ? clockBrowser : browser).newPage()
  const errors = watchErrors(page)
  if (options.clock) {
    const now = Date.now()
    await page.clock.install({ time: now })
    // Stopped a second on, before the page loads: nothing is scheduled yet, so nothing fires.
    await page.clock.pauseAt(now + 1000)
  }
  await page.goto((options.on ?? shell).url)
  await page.locator('.denomination').first().waitFor()
  return { page, errors }
}

const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: true })

async function lookUp(page: Page, phone: string) {
  await page.keyboard.press('F2')
  await page.getByLabel('Customer phone number').fill(phone)
  await page.getByRole('button', { name: 'Look up' }).click()
}

/** Answers Yes once it can be pressed (the click waits for the name's moment to pass). */
async function confirmName(page: Page) {
  await button(page, 'Yes').click()
}

async function toReview(page: Page, amount: string) {
  await page.getByLabel('Amount (LYD)').fill(amount)
  await page.getByRole('button', { name: 'Review' }).click()
  await page.getByRole('heading', { name: 'Check with the customer' }).waitFor()
}

const headerUsed = async (page: Page) =>
  Number.parseFloat((await page.locator('.limit-line').first().locator('.figure').textContent()) ?? 'NaN')

describe('the counter, as a new clerk tries it', () => {
  it('1. offers a fresh sale on coming back to Sell; the last sale is a line with its time, its code masked', async () => {
    const { page, errors } = await openDesk()
    await sellFiveLyd(page)
    const code = (await page.locator('.voucher-card .code-big').textContent())?.replaceAll(' ', '') ?? ''
    expect(code).toMatch(/^\d{15}$/)

    await page.keyboard.press('F2')
    await page.getByLabel('Customer phone number').waitFor()
    await page.keyboard.press('F1')
    await page.getByRole('heading', { name: 'Choose the voucher value' }).waitFor()
    expect(await page.getByRole('heading', { name: 'Voucher issued' }).count()).toBe(0)
    const screenText = (await page.locator('main').textContent())?.replaceAll(' ', '') ?? ''
    expect(screenText).not.toContain(code)
    const last = page.locator('.last-operation')
    expect(await last.textContent()).toMatch(/Last sale:.*5\.000.*\d{2}:\d{2}:\d{2}.*Issued/)

    await last.getByRole('button', { name: 'Open in the journal' }).click()
    const panel = page.getByRole('complementary', { name: 'Entry' })
    await panel.getByRole('heading', { name: 'History' }).waitFor()
    const shown = (await panel.locator('.facts').textContent())?.replaceAll(' ', '') ?? ''
    expect(shown).not.toContain(code)
    expect(shown).toContain(`***********${code.slice(-4)}`)
    expect(errors).toEqual([])
    await page.close()
  })

  it('9. changes the header’s "used" as soon as a sale is answered, not at the next poll', async () => {
    // The page's clock stands still: the 4-second poll never runs during this test.
    const { page } = await openDesk({ clock: true })
    await page.locator('.limit-line').first().waitFor()
    const before = await headerUsed(page)
    const summary = page.locator('.limit summary')
    const widthBefore = (await summary.boundingBox())?.width
    await page
      .getByRole('button', { name: /10\.000/ })
      .first()
      .click()
    // The confirmation takes a press once it has been on screen a moment (test 2).
    await page.clock.runFor(SETTLE_MS)
    await button(page, 'Confirm sale').click()
    await page.getByRole('heading', { name: 'Voucher issued' }).waitFor()
    await expect.poll(() => headerUsed(page)).toBeCloseTo(before + 10, 3)
    // The figures keep their width: nothing in the header moves when they change.
    expect((await summary.boundingBox())?.width).toBe(widthBefore)
    await page.close()
  })

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

  it('7, 11. knows the limit before the sale once a manager enters the agreed limit, and warns above it', async () => {
    const { page } = await openDesk()
    await page.keyboard.press('F4')
    const limits = page.getByRole('region', { name: 'Limits' })
    await limits.getByLabel('Daily limit agreed with the provider (LYD)').fill('5000')
    await limits.getByRole('button', { name: 'Save limits' }).click()
    // "Saved." where the manager acted: in the same card, beside its button.
    await limits.getByText('Saved.').waitFor()
    expect(await page.getByText('Saved.').count()).toBe(1)
    await expect.poll(() => page.locator('.limit-estimate').textContent()).toMatch(/Left ≈\s*\d+\.\d{3}/)

    // The estimate is below the next sale: a warning before it is confirmed; the clerk may still send.
    const used = await headerUsed(page)
    await page.keyboard.press('F4')
    await limits.getByLabel('Daily limit agreed with the provider (LYD)').fill(String(used + 20))
    await limits.getByRole('button', { name: 'Save limits' }).click()
    await limits.getByText('Saved.').waitFor()
    await page.keyboard.press('F1')
    await page
      .getByRole('button', { name: /50\.000/ })
      .first()
      .click()
    const warning = page.getByRole('status').filter({
      has: page.getByRole('heading', { name: 'Above what the daily limit probably still allows' }),
    })
    await warning.waitFor()
    expect(await warning.textContent()).toContain('20.000')
    await button(page, 'Confirm sale').click()
    await page.getByRole('heading', { name: 'Voucher issued' }).waitFor()

    // A deposit's review warns the same way: the estimate is now below anything.
    await lookUp(page, '0927654321')
    await confirmName(page)
    await toReview(page, '5')
    const depositWarning = page.getByRole('status').filter({
      has: page.getByRole('heading', { name: 'Above what the daily limit probably still allows' }),
    })
    await depositWarning.waitFor()
    expect(await depositWarning.textContent()).toContain('0.000')
    expect(await button(page, 'Confirm deposit').count()).toBe(1)
    await page.keyboard.press('Escape')
    await page.getByLabel('Amount (LYD)').waitFor()

    // The limit panel closes with Esc, and gives the focus back (here over a deposit's amount step).
    await page.locator('.limit summary').click()
    await page.getByText('Agreed with the provider').waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(() => page.locator('details.limit').getAttribute('open')).toBeNull()
    expect(await page.evaluate('document.activeElement?.tagName')).toBe('SUMMARY')
    // That Esc was the panel's: the deposit behind it did not go back a step.
    expect(await page.getByLabel('Amount (LYD)').count()).toBe(1)
    await page.keyboard.press('F4')
    await limits.getByLabel('Daily limit agreed with the provider (LYD)').fill('')
    await limits.getByRole('button', { name: 'Save limits' }).click()
    await limits.getByText('Saved.').waitFor()

    // The receipt settings say "Saved." beside their own button, not a screen away.
    const save = page.getByRole('button', { name: 'Save receipt settings' })
    await save.click()
    const saved = page.getByText('Saved.')
    await saved.waitFor()
    expect(await saved.count()).toBe(1)
    const [buttonBox, savedBox] = [await save.boundingBox(), await saved.boundingBox()]
    expect(Math.abs((savedBox?.y ?? 1e6) - (buttonBox?.y ?? 0))).toBeLessThan(120)
    await page.close()
  })

  it('11. keeps what a manager typed in one settings card while another card is saved', async () => {
    const { page } = await openDesk()
    await page.keyboard.press('F4')
    const limits = page.getByRole('region', { name: 'Limits' })
    // Receipts: a network printer chosen and its address typed, not saved yet.
    await page.getByLabel('Printer', { exact: true }).selectOption('escpos-network')
    await page.getByLabel('Printer address').fill('tcp://192.168.1.50:9100')
    await page.getByLabel('Outlet name').fill('مكتبة النور')
    // Limits: a new maximum typed, not saved yet.
    await limits.getByLabel('Daily limit agreed with the provider (LYD)').fill('4321')
    // Preferences saved: the settings come back from main, and every card is handed them.
    await page.getByRole('button', { name: 'Save preferences' }).click()
    await page.getByText('Saved.').waitFor()
    expect(await page.getByLabel('Printer', { exact: true }).inputValue()).toBe('escpos-network')
    expect(await page.getByLabel('Printer address').inputValue()).toBe('tcp://192.168.1.50:9100')
    expect(await page.getByLabel('Outlet name').inputValue()).toBe('مكتبة النور')
    expect(await limits.getByLabel('Daily limit agreed with the provider (LYD)').inputValue()).toBe('4321')
    // Saving a card shows what main kept, as a person would type it (no trailing zeros to misread).
    await limits.getByRole('button', { name: 'Save limits' }).click()
    await limits.getByText('Saved.').waitFor()
    await expect
      .poll(() => limits.getByLabel('Daily limit agreed with the provider (LYD)').inputValue())
      .toBe('4321')
    expect(await limits.getByText('4321 dinars', { exact: false }).count()).toBe(1)
    expect(await page.getByLabel('Printer address').inputValue()).toBe('tcp://192.168.1.50:9100')
    // Leaving the screen drops what was never saved.
    await page.keyboard.press('F1')
    await page.keyboard.press('F4')
    expect(await page.getByLabel('Printer', { exact: true }).inputValue()).not.toBe('escpos-network')
    await limits.getByLabel('Daily limit agreed with the provider (LYD)').fill('')
    await limits.getByRole('button', { name: 'Save limits' }).click()
    await limits.getByText('Saved.').waitFor()
    await page.close()
  })

  it('takes a card’s "Saved." away once it is changed again, and says why a live address is refused', async () => {
    const { page } = await openDesk()
    await page.keyboard.press('F4')
    const limits = page.getByRole('region', { name: 'Limits' })
    const max = limits.getByLabel('Largest single deposit (LYD)')
    await max.fill('4000')
    await limits.getByRole('button', { name: 'Save limits' }).click()
    await limits.getByText('Saved.').waitFor()
    await max.fill('50OO')
    await limits.getByText('Type digits only, with one decimal mark.').waitFor()
    expect(await limits.getByText('Saved.').count()).toBe(0)
    await max.fill('5000')
    await limits.getByRole('button', { name: 'Save limits' }).click()
    await limits.getByText('Saved.').waitFor()

    // The live service's address: checked by the desk and refused in words, never by the browser's bubble.
    const live = page.getByRole('region', { name: 'Live service' })
    await live.getByLabel('Service address').fill('http://example.com/api/v1/reseller')
    await live.getByLabel('Username').fill('shop1')
    await live.getByRole('button', { name: 'Test connection' }).click()
    await page.getByText('The address must start with https:// (a secure connection).').waitFor()
    await live.getByLabel('Service address').fill('not a url')
    await live.getByRole('button', { name: 'Test connection' }).click()
    await page
      .getByText('This is not a web address. Type the whole address, starting with https://.')
      .waitFor()
    expect(
      await live.getByLabel('Service address').evaluate((el) => (el as HTMLInputElement).validity.valid),
    ).toBe(true)
    // A sound address with no password: the password is what is missing, not "the live service".
    await live.getByLabel('Service address').fill('https://reseller.example.ly/api/v1/reseller')
    await live.getByRole('button', { name: 'Test connection' }).click()
    await page.getByText('Type the password to test the connection.').waitFor()
    await page.close()
  })

  it('16. finds entries by the last digits of a phone and by the customer’s name; ↓ reaches the first result', async () => {
    const { page } = await openDesk()
    await lookUp(page, '0921234567')
    await confirmName(page)
    await toReview(page, '3')
    await button(page, 'Confirm deposit').click()
    await page.getByRole('heading', { name: 'Deposit confirmed' }).waitFor()

    await page.keyboard.press('F3')
    await page.locator('.journal-row').first().waitFor()
    const search = page.getByRole('searchbox', { name: 'Search' })
    const rows = () => page.locator('.journal-row').allTextContents()
    await search.fill('234567')
    await expect
      .poll(async () => (await rows()).length > 0 && (await rows()).every((r) => r.includes('092 123 4567')))
      .toBe(true)
    // The name as the clerk spells it (ه for ة), from its start.
    await search.fill('فاطمه')
    await expect
      .poll(async () => (await rows()).length > 0 && (await rows()).every((r) => r.includes('092 123 4567')))
      .toBe(true)
    await search.fill('654321')
    await search.press('ArrowDown')
    await expect
      .poll(() => page.evaluate('document.activeElement?.textContent ?? ""'))
      .toContain('093 765 4321')
    await page.keyboard.press('Enter')
    const panel = page.getByRole('complementary', { name: 'Entry' })
    await panel.getByRole('heading', { name: 'History' }).waitFor()
    // What can be done with the entry is in sight without scrolling the panel.
    const receipt = panel.getByRole('button', { name: 'Show receipt' })
    const box = await receipt.boundingBox()
    const panelBox = await panel.boundingBox()
    const inside =
      box !== null && panelBox !== null && box.y + box.height <= Math.min(panelBox.y + panelBox.height, 768)
    expect(inside).toBe(true)
    await page.close()
  })

  it('3. saves a provider’s voucher code only at the service’s length, typed twice, and says why not yet', async () => {
    const { page } = await openDesk()
    shell.sandbox.controls.setFaults([
      { method: 'POST', path: '/vouchers/generate', action: 'drop-after-commit', times: 1 },
    ])
    await page
      .getByRole('button', { name: /20\.000/ })
      .first()
      .click()
    await button(page, 'Confirm sale').click()
    await page.getByRole('heading', { name: /Outcome unknown/ }).waitFor()
    const real = ledger().vouchers.at(-1)
    await page.getByRole('button', { name: 'Open the attention list' }).click()
    await page.locator('.journal-row').first().click()
    const panel = page.getByRole('complementary', { name: 'Entry' })
    await panel.getByRole('radio', { name: 'Issued', exact: true }).check()
    const save = panel.getByRole('button', { name: 'Save the resolution' })
    const code = String(real?.code)
    for (const field of ['Voucher code', 'Voucher code again'])
      await panel.getByLabel(field, { exact: true }).fill(code.slice(1))
    expect(await save.isDisabled()).toBe(true)
    expect(await save.getAttribute('aria-describedby')).toBeTruthy()
    await panel.getByText('Type the 15-digit voucher code twice.').waitFor()
    await panel.getByText('14 of 15 digits.').first().waitFor()
    for (const field of ['Voucher code', 'Voucher code again'])
      await panel.getByLabel(field, { exact: true }).fill(code)
    await panel.getByText('Type the 11-digit serial number twice.').waitFor()
    for (const field of ['Serial number', 'Serial number again'])
      await panel.getByLabel(field, { exact: true }).fill(String(real?.serial_number))
    await panel.getByLabel(/^Note/).fill('Provider portal')
    expect(await save.isEnabled()).toBe(true)
    await save.click()
    await expect.poll(() => panel.locator('.entry-status').textContent()).toContain('Issued')
    await page.close()
  })

  it('17. says "no receipt printer" with the way to Settings when a report is printed without one', async () => {
    const { page } = await openDesk()
    await page.keyboard.press('F5')
    await page.getByRole('button', { name: 'X report (shift so far)' }).click()
    await page.locator('.report-view').waitFor()
    await page.getByRole('button', { name: 'Print on the receipt printer' }).click()
    await page
      .getByText('No receipt printer is set up. Choose one in Settings, or export the report as PDF.')
      .waitFor()
    expect(await page.getByText('The receipt could not be printed').count()).toBe(0)
    await page.getByRole('button', { name: 'Open Settings' }).click()
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()
    await page.close()
  })

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
