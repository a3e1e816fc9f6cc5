import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from '../../src/sandbox/index'
import type { BrowserShell } from '../../src/shells/browser/server'
import { deskSeed } from '../helpers/desk'
import {
  callDesk,
  depositToReviewByKeys,
  launchBrowser,
  ready,
  sellWithAnswerLost,
  watchErrors,
} from './support/browser'
import { type DeskInChromium, startDeskInChromium } from './support/desk'
import { layoutProblems, screenshotsAtBothWidths } from './support/layout'

/**
 * What the clerk confirms is what is sold (issue 27): the value on the confirm step is the one main sends and
 * checks against the desk's list of the moment; a second deposit or a second voucher of an open value is a
 * deliberate act, never an Enter again; the limit's figures agree everywhere. The real renderer in Chromium
 * through the browser shell, driven by the keyboard, the service's ledger as the witness. One desk, in order:
 * it has no manager until the last part (the sign-in), so every screen is open until then.
 */
let shell: BrowserShell
let desk: DeskInChromium
let live: Sandbox
let page: Page
let errors: string[]

/** The training sandbox's own list (resources/sandbox-seed.json). */
const TRAINING_LIST = [5, 10, 20, 30, 50, 100].map((value, i) => ({ id: i + 1, name: `${value} LYD`, value }))

beforeAll(async () => {
  desk = await startDeskInChromium('confirm-is-sold')
  shell = desk.shell
  live = await startSandbox({
    seed: deskSeed({
      resellers: [
        {
          username: 'shop',
          password: 'shop-pass',
          daily_max_amount: 5000,
          allowed_ips: ['127.0.0.1', '::1'],
        },
      ],
      denominations: [
        { id: 11, name: '15 LYD', value: 15 },
        { id: 12, name: '25 LYD', value: 25 },
        { id: 13, name: '45 LYD', value: 45 },
        { id: 14, name: '100 LYD', value: 100 },
      ],
    }),
  })
  page = await desk.browser.newPage()
  errors = watchErrors(page)
  await page.goto(shell.url)
  await page.locator('.denomination').first().waitFor()
}, 120_000)

afterAll(async () => {
  await desk?.close()
  await live?.close()
})

const controls = () => shell.sandbox.controls
const vouchers = () => controls().ledger().vouchers
/** Screenshots at both widths; `list-changed-en` is documented as docs/screens/en-sell-list-changed-*.png. */
const shots = (name: string, screen = 'sell') => {
  const [, state, language] = /^(.*)-(en|ar)$/.exec(name) ?? []
  return screenshotsAtBothWidths(page, `sold-${name}`, state ? `${language}-${screen}-${state}` : undefined)
}
const toArabic = () => page.getByRole('button', { name: 'العربية' }).click()
const toEnglish = () => page.getByRole('button', { name: 'English' }).click()
const values = async () =>
  (await page.locator('.denomination .denomination-value').allTextContents()).map((v) =>
    v.replace(/\s*LYD$/, ''),
  )
const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '')

/** The Sell screen's list fetched again by its own button, so a test starts from the service's list. */
async function freshList(): Promise<void> {
  await page.keyboard.press('F1')
  await page.getByRole('button', { name: 'Refresh list' }).click()
  await expect.poll(() => page.getByRole('button', { name: 'Refresh list' }).isEnabled()).toBe(true)
}

describe('the Sell screen offers only the desk’s list of the moment', () => {
  it('puts a list the provider changed away while a value is being confirmed, says so, and the number keys follow the new list', async () => {
    await freshList()
    expect(await values()).toEqual(['5.000', '10.000', '20.000', '30.000', '50.000', '100.000'])
    // The provider changes its list (the service lists it by value): id 4 is now 45 LYD, 5 and 50 are gone.
    controls().setDenominations([
      { id: 2, name: '10 LYD', value: 10 },
      { id: 3, name: '20 LYD', value: 20 },
      { id: 1, name: '15 LYD', value: 15 },
      { id: 4, name: '45 LYD', value: 45 },
    ])
    // Some minutes pass (the desk follows the service's clock, learnt from any answer).
    controls().setClockOffset(6 * 60_000)
    await callDesk(page, 'lookupCustomer', { phone: '0912345678' })
    const before = vouchers().length

    await page.keyboard.press('4')
    await page.getByRole('heading', { name: 'Sell this voucher?' }).waitFor()
    expect(await page.locator('.big-figure').textContent()).toContain('30.000')
    // Choosing asked for the list: main fetches it again, and the screen puts the old one away within seconds.
    await page.locator('.list-changed').waitFor({ timeout: 15_000 })
    expect(await page.getByRole('heading', { name: 'Sell this voucher?' }).count()).toBe(0)
    expect(await page.locator('.list-changed').textContent()).toContain('loaded again')
    await expect.poll(values).toEqual(['10.000', '15.000', '20.000', '45.000'])
    await shots('list-changed-en')
    expect(await layoutProblems(page)).toEqual([])
    await toArabic()
    await expect.poll(() => page.locator('.list-changed').textContent()).toContain('أُعيد تحميل قائمة')
    await shots('list-changed-ar')
    await toEnglish()

    // Key 4 is now 45 LYD, and the confirm step says so; what it says is what is sold.
    await page.keyboard.press('4')
    await page.getByRole('heading', { name: 'Sell this voucher?' }).waitFor()
    expect(await page.locator('.big-figure').textContent()).toContain('45.000')
    expect(await page.locator('.list-changed').count()).toBe(0)
    await ready(page.getByRole('button', { name: 'Confirm sale' }))
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Voucher issued' }).waitFor()
    expect(
      vouchers()
        .slice(before)
        .map((v) => v.denomination_value),
    ).toEqual([45])
    await page.keyboard.press('Escape')
    controls().setDenominations(TRAINING_LIST)
    controls().setClockOffset(0)
    expect(errors).toEqual([])
  })

  it('says a voucher the service issued at another value, not green, and flags it for a manager', async () => {
    await freshList()
    const attention = Number((await callDesk(page, 'getStatus', {})).needsAttention)
    // The list changes at the provider after the desk fetched it: id 1 is 15 LYD now.
    controls().setDenominations([{ id: 1, name: '15 LYD', value: 15 }, ...TRAINING_LIST.slice(1)])
    await page.keyboard.press('1')
    await page.getByRole('heading', { name: 'Sell this voucher?' }).waitFor()
    expect(await page.locator('.big-figure').textContent()).toContain('5.000')
    await ready(page.getByRole('button', { name: 'Confirm sale' }))
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Voucher issued at another value' }).waitFor()
    const card = page.locator('.voucher-card')
    expect(await card.getAttribute('class')).not.toContain('panel-good')
    expect(await card.locator('.other-value').textContent()).toBe(
      'The service issued a 15.000 LYD voucher, not 5.000 — charge 15.000 or call the manager.',
    )
    expect(vouchers().at(-1)?.denomination_value).toBe(15)
    await expect.poll(async () => (await callDesk(page, 'getStatus', {})).needsAttention).toBe(attention + 1)
    await shots('other-value-en')
    await toArabic()
    await expect
      .poll(() => card.locator('.other-value').textContent())
      .toMatch(/^أصدرت الخدمة قسيمة بقيمة .*15\.000.* وليس .*5\.000/)
    await shots('other-value-ar')
    await toEnglish()
    // In the journal: flagged, with both values said.
    await page.getByRole('button', { name: 'New sale' }).click()
    await page.keyboard.press('F3')
    await page.locator('.journal-row').first().click()
    const entry = page.locator('.entry-panel')
    await expect
      .poll(() => entry.locator('.other-value').textContent())
      .toBe(
        "Issued at 15.000 LYD while the clerk confirmed 5.000 LYD (the provider's list had changed): check what the customer paid.",
      )
    expect(await entry.textContent()).toContain('Needs attention')
    await page.keyboard.press('Escape')
    controls().setDenominations(TRAINING_LIST)
    expect(errors).toEqual([])
  })

  it('asks before selling a value whose voucher has no known outcome, with the focus on Cancel', async () => {
    await freshList()
    await sellWithAnswerLost(page, controls())
    const before = vouchers().length
    await page.keyboard.press('Escape')
    await page.getByRole('heading', { name: 'Choose the voucher value' }).waitFor()
    // The same 10 LYD again, by the keys a clerk uses: 2, then Enter.
    await page.keyboard.press('2')
    await ready(page.getByRole('button', { name: 'Confirm sale' }))
    await page.keyboard.press('Enter')
    const question = page.locator('.second-one')
    await question
      .getByRole('heading', { name: 'A voucher of this value has no known outcome yet' })
      .waitFor()
    expect(await question.textContent()).toMatch(/Sold at.*\d{2}:\d{2}/)
    expect(await focused()).toContain('Cancel')
    expect(await page.getByRole('button', { name: 'Confirm sale' }).count()).toBe(0)
    expect(vouchers().length).toBe(before)
    await shots('open-voucher-en')
    expect(await layoutProblems(page)).toEqual([])
    await toArabic()
    await question.getByRole('heading', { name: 'لقسيمة بهذه القيمة نتيجة غير معروفة بعد' }).waitFor()
    await shots('open-voucher-ar')
    await toEnglish()
    // Enter again lands on Cancel: back to the list, nothing sold.
    await ready(question.getByRole('button', { name: /Cancel/ }))
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Choose the voucher value' }).waitFor()
    expect(vouchers().length).toBe(before)
    // Selling another is a deliberate act: the button itself.
    await page.keyboard.press('2')
    await ready(page.getByRole('button', { name: 'Confirm sale' }))
    await page.keyboard.press('Enter')
    const another = page.getByRole('button', { name: 'Sell another 10.000 LYD voucher' })
    await another.click()
    await page.getByRole('heading', { name: 'Voucher issued' }).waitFor()
    expect(vouchers().length).toBe(before + 1)
    await page.keyboard.press('Escape')
    expect(errors).toEqual([])
  })
})

describe('a second deposit is a deliberate act', () => {
  /** Three customers, one per delay: each gets a deposit, then the same again. */
  const CASES = [
    { delayMs: 100, phone: '0921234567' },
    { delayMs: 650, phone: '0941234567' },
    { delayMs: 1500, phone: '0951234567' },
  ] as const

  it('never sends the repeat on Enter, Enter — at 0.1, 0.65 and 1.5 s — the warning opening on Cancel and naming the earlier deposit', async () => {
    const clock = await launchBrowser()
    try {
      const p = await clock.newPage()
      const pageErrors = watchErrors(p)
      const now = Date.now()
      await p.clock.install({ time: now })
      await p.clock.pauseAt(now + 1000)
      await p.goto(shell.url)
      await p.locator('.denomination').first().waitFor()
      const k = p.keyboard
      const depositsTo = (phone: string) =>
        controls()
          .ledger()
          .deposits.filter((d) => d.phone.endsWith(phone.slice(1)))
      async function toReview(phone: string): Promise<void> {
        await k.press('F2')
        await depositToReviewByKeys(p, phone, '20')
        await p.clock.runFor(600)
      }
      for (const { delayMs, phone } of CASES) {
        await toReview(phone)
        await k.press('Enter')
        await p.getByRole('heading', { name: 'Deposit confirmed' }).waitFor()
        expect(depositsTo(phone)).toHaveLength(1)
        await k.press('Escape')

        await toReview(phone)
        // Enter on the review; main asks; Enter again after the delay.
        await k.press('Enter')
        await p.getByRole('heading', { name: 'Same phone and amount as a recent deposit' }).waitFor()
        const question = p.locator('.second-one')
        const focusedAtFirst = await p.evaluate(() => document.activeElement?.textContent ?? '')
        await p.clock.runFor(delayMs)
        await k.press('Enter')
        await p.clock.runFor(50)
        // The service's ledger first: one deposit, whatever the screen says.
        expect(depositsTo(phone), `Enter at ${delayMs} ms`).toHaveLength(1)
        expect(await p.getByRole('heading', { name: 'Deposit confirmed' }).count()).toBe(0)
        expect(focusedAtFirst).toContain('Cancel')
        // A bounce is ignored on the question; a later Enter is Cancel's: back to the amount.
        if (delayMs < 500) {
          expect(await question.textContent()).toMatch(/The earlier one, at.*\d{2}:\d{2}/)
          expect(await question.textContent()).toContain('before sign-in was set up')
        } else await p.getByLabel('Amount (LYD)').waitFor()
        await k.press('Escape')
        if (delayMs < 500) await k.press('Escape')
        await k.press('Escape')
        await p.getByLabel('Customer phone number').waitFor()
      }
      // The second deposit itself: only the button, reached on purpose.
      const { phone } = CASES[0]
      await toReview(phone)
      await k.press('Enter')
      const yes = p.getByRole('button', { name: 'Yes, send a second deposit' })
      await yes.waitFor()
      await p.clock.runFor(600)
      await yes.click()
      await p.getByRole('heading', { name: 'Deposit confirmed' }).waitFor()
      expect(depositsTo(phone)).toHaveLength(2)
      expect(pageErrors).toEqual([])
    } finally {
      await clock.close()
    }
  }, 120_000)

  it('is asked in English and Arabic, with the earlier deposit’s amount, time and clerk, at both widths', async () => {
    await page.keyboard.press('F2')
    await page.getByLabel('Customer phone number').fill('0921234567')
    await page.keyboard.press('Enter')
    await page.getByRole('button', { name: 'Yes', exact: true }).click()
    await page.getByLabel('Amount (LYD)').fill('20')
    await page.keyboard.press('Enter')
    await ready(page.getByRole('button', { name: 'Confirm deposit' }))
    await page.keyboard.press('Enter')
    const question = page.locator('.second-one')
    await question.getByRole('heading', { name: 'Same phone and amount as a recent deposit' }).waitFor()
    await shots('repeat-en', 'deposit')
    expect(await layoutProblems(page)).toEqual([])
    await toArabic()
    await question.getByRole('heading', { name: 'نفس الهاتف والمبلغ كإيداع قريب' }).waitFor()
    expect(await question.textContent()).toMatch(/الإيداع السابق، الساعة.*\d{2}:\d{2}/)
    await shots('repeat-ar', 'deposit')
    expect(await layoutProblems(page)).toEqual([])
    await toEnglish()
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')
    expect(errors).toEqual([])
  })
})

describe('typing a large amount twice', () => {
  it('empties both fields after a mismatch and starts again from the first', async () => {
    await page.keyboard.press('F2')
    await page.getByLabel('Customer phone number').fill('0961234567')
    await page.keyboard.press('Enter')
    await page.getByRole('button', { name: 'Yes', exact: true }).click()
    const amount = page.getByLabel('Amount (LYD)')
    await amount.fill('700')
    await page.keyboard.press('Enter')
    const again = page.getByLabel('Type the amount again')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(await again.getAttribute('id'))
    await page.keyboard.type('70')
    await page.keyboard.press('Enter')
    await page.getByText('The two amounts differ. Type both again.').waitFor()
    expect(await amount.inputValue()).toBe('')
    expect(await again.count()).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(await amount.getAttribute('id'))
    await shots('mismatch-en', 'deposit')
    await toArabic()
    await page.getByText('المبلغان مختلفان').waitFor()
    await shots('mismatch-ar', 'deposit')
    await toEnglish()
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')
    expect(errors).toEqual([])
  })
})

describe('a deposit whose outcome is unknown', () => {
  it('shows the amount, the phone and the seconds while it waits, says not to give the cash back, and keeps the focus on Retry safely', async () => {
    const phone = '0917654321'
    await page.keyboard.press('F2')
    await page.getByLabel('Customer phone number').fill(phone)
    await page.keyboard.press('Enter')
    await page.getByRole('button', { name: 'Yes', exact: true }).click()
    await page.getByLabel('Amount (LYD)').fill('12.5')
    await page.keyboard.press('Enter')
    // The service takes its time, then the answer is lost (it never arrives).
    controls().setFaults([{ method: 'POST', path: '/deposit', action: 'drop-before-commit', delay_ms: 2500 }])
    await ready(page.getByRole('button', { name: 'Confirm deposit' }))
    await page.keyboard.press('Enter')
    const waiting = page.locator('.waiting')
    await waiting.waitFor()
    expect(await waiting.textContent()).toContain('12.500')
    expect(await waiting.textContent()).toContain('091 765 4321')
    await expect.poll(() => waiting.locator('.waited').textContent()).toMatch(/^[12] seconds?$/)
    await shots('waiting-en', 'deposit')
    await page.getByRole('heading', { name: 'Outcome unknown' }).waitFor({ timeout: 15_000 })
    const panel = page.locator('.panel-bad')
    expect(await panel.textContent()).toContain(
      'Do not give the cash back: the deposit may have reached the customer.',
    )
    expect(await panel.textContent()).toMatch(/will tell you within 1[45] minutes/)
    await shots('keep-cash-en', 'deposit')
    await toArabic()
    await expect.poll(() => panel.textContent()).toContain('لا تُرجع النقود للزبون: ربما وصله الإيداع.')
    expect(await panel.textContent()).toMatch(/وسيخبرك خلال 1[45] دقيقة/)
    await shots('keep-cash-ar', 'deposit')
    await toEnglish()
    // Retry safely from the keyboard: the focus stays on it while it works and after, so Enter retries again.
    const retry = page.getByRole('button', { name: 'Retry safely' })
    await ready(retry)
    expect(await focused()).toContain('Retry safely')
    await page.keyboard.press('Enter')
    await page.getByText(/Tried again at/).waitFor({ timeout: 15_000 })
    expect(await focused()).toContain('Retry safely')
    controls().clearFaults()
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Deposit confirmed' }).waitFor({ timeout: 15_000 })
    expect(errors).toEqual([])
    await page.keyboard.press('Escape')
  })
})

describe('the daily limit’s figures', () => {
  /** The header's figures, read as the clerk reads them. */
  async function header(): Promise<{ used: number; open: number; left: number }> {
    const figure = async (selector: string) =>
      Number.parseFloat(
        (await page.locator(`.limit summary ${selector} .figure`).first().textContent()) ?? 'NaN',
      )
    return {
      used: await figure('.limit-line:first-child'),
      open: await figure('.limit-open'),
      left: await figure('.limit-estimate'),
    }
  }

  it('add up to the limit with an unknown sale open — in the header, the review and the refusal — and a review warns only above what is left, saying why', async () => {
    // An unknown voucher is open (10 LYD, sold above); the manager enters the agreed limit.
    await callDesk(page, 'updateSettings', { agreedDailyLimitDirhams: 1_000_000 })
    await page.keyboard.press('F1')
    await expect.poll(() => page.locator('.limit-open').count()).toBe(1)
    const agreed = await header()
    expect(agreed.open).toBe(10)
    expect(agreed.used + agreed.open + agreed.left).toBeCloseTo(1000, 3)
    await shots('limit-open-en', 'header')
    expect(await layoutProblems(page)).toEqual([])
    await toArabic()
    await page.locator('.limit-open').getByText('مفتوح').waitFor()
    await shots('limit-open-ar', 'header')
    expect(await layoutProblems(page)).toEqual([])
    await toEnglish()

    // The service's own limit is lower: it refuses a deposit, and says what it counted.
    const usedByService = controls()
      .ledger()
      .vouchers.reduce((sum, v) => sum + v.denomination_value, 0)
    const deposited = controls()
      .ledger()
      .deposits.reduce((sum, d) => sum + d.amount, 0)
    controls().updateReseller('demo', { daily_max_amount: usedByService + deposited + 20 })
    await page.keyboard.press('F2')
    await page.getByLabel('Customer phone number').fill('0937654321')
    await page.keyboard.press('Enter')
    await page.getByRole('button', { name: 'Yes', exact: true }).click()
    await page.getByLabel('Amount (LYD)').fill('50')
    await page.keyboard.press('Enter')
    await ready(page.getByRole('button', { name: 'Confirm deposit' }))
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Over the daily limit: no money was moved' }).waitFor()
    // Left: the service's 20, less the open 10 counted as possibly used. The same figures in the header.
    const refusal = page.locator('.limit-refusal')
    expect(await refusal.locator('.still-possible .figure').textContent()).toBe('10.000')
    expect(await refusal.textContent()).toContain(
      '10.000 LYD sent with no known outcome yet is counted as used: if it did not go through, more is possible.',
    )
    await expect.poll(header).toEqual({ used: usedByService + deposited, open: 10, left: 10 })
    const fact = (label: string) =>
      refusal
        .locator('dt', { hasText: label })
        .locator('xpath=following-sibling::dd[1]')
        .locator('.figure')
        .textContent()
    expect(await fact('Used today (all PCs)')).toBe((usedByService + deposited).toFixed(3))
    expect(await fact('Open (outcome not known)')).toBe('10.000')
    expect(await fact('Left ≈')).toBe('10.000')
    await shots('limit-refusal-en', 'deposit')
    await toArabic()
    await expect.poll(() => refusal.textContent()).toContain('تُحسب كأنها استُخدمت')
    await shots('limit-refusal-ar', 'deposit')
    await toEnglish()

    // Another amount: 10 is not above what is left, so no warning; 15 is, and the warning says why.
    await page.getByRole('button', { name: 'Change the amount' }).click()
    await page.getByLabel('Amount (LYD)').fill('10')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Check with the customer' }).waitFor()
    await expect.poll(() => page.locator('.amount-with-words').count()).toBe(1)
    expect(await page.locator('.limit-warning').count()).toBe(0)
    await page.keyboard.press('Escape')
    await page.getByLabel('Amount (LYD)').fill('15')
    await page.keyboard.press('Enter')
    const warning = page.locator('.limit-warning')
    await warning.waitFor()
    expect(await warning.textContent()).toContain(
      '"Left" counts 10.000 LYD sent with no known outcome yet as used',
    )
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')
    controls().updateReseller('demo', { daily_max_amount: 5000 })
    await callDesk(page, 'updateSettings', { agreedDailyLimitDirhams: null })
    expect(errors).toEqual([])
  })
})

describe('switching to the live service', () => {
  it('replaces the training list on the Sell screen before anything is offered, and sells the live value confirmed', async () => {
    await page.keyboard.press('F1')
    expect(await values()).toContain('5.000')
    await page.keyboard.press('F4')
    await page.getByLabel('Service address').fill(live.baseUrl)
    await page.getByLabel('Username').fill('shop')
    await page.getByLabel('Password', { exact: true }).fill('shop-pass')
    await page.getByRole('button', { name: 'Save and switch to live' }).click()
    await page.locator('.topbar:not(.topbar-training)').waitFor({ timeout: 15_000 })
    await page.keyboard.press('F1')
    await expect.poll(values).toEqual(['15.000', '25.000', '45.000', '100.000'])
    await page.locator('.list-changed').waitFor()
    await page.keyboard.press('1')
    await page.getByRole('heading', { name: 'Sell this voucher?' }).waitFor()
    expect(await page.locator('.big-figure').textContent()).toContain('15.000')
    await ready(page.getByRole('button', { name: 'Confirm sale' }))
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Voucher issued' }).waitFor()
    expect(live.controls.ledger().vouchers.map((v) => v.denomination_value)).toEqual([15])
    await page.keyboard.press('Escape')
    await shots('live-list-en')
    expect(errors).toEqual([])
  })
})

describe('signing in', () => {
  it('tries a PIN for nobody until a name is chosen, and names the person a wrong PIN was tried for', async () => {
    await callDesk(page, 'createManager', { name: 'Huda', pin: '2468' })
    await callDesk(page, 'addClerk', { name: 'Salem', pin: '1357' })
    await page.reload()
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('radio')
    // Salem types his PIN three times without choosing his name: it is tried for nobody.
    for (let i = 0; i < 3; i++) {
      await page.keyboard.type('1357')
      await page.keyboard.press('Enter')
    }
    await page.getByText('Choose your name first').waitFor()
    expect(await page.getByLabel('PIN', { exact: true }).inputValue()).toBe('')
    expect(await page.getByRole('radio', { checked: true }).count()).toBe(0)
    await shots('choose-first-en', 'sign-in')
    await toArabic()
    await page.getByText('اختر اسمك أولاً').waitFor()
    await shots('choose-first-ar', 'sign-in')
    await toEnglish()
    // Huda (the first, with the focus) signs in at once: nothing was counted against her.
    await page.keyboard.press('Space')
    await page.keyboard.type('2468')
    await page.keyboard.press('Enter')
    await page.locator('.person-menu').getByText('Huda').waitFor()
    await callDesk(page, 'signOut', {})
    await page.reload()
    await page.getByRole('radio', { name: /Salem/ }).check()
    await page.keyboard.type('0000')
    await page.keyboard.press('Enter')
    await page.getByText('Wrong PIN for Salem.').waitFor()
    await toArabic()
    await page.getByText('الرقم السري غير صحيح لـSalem').waitFor()
    await toEnglish()
    expect(errors).toEqual([])
  })
})
