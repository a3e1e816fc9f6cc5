import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserShell } from '../../src/shells/browser/server'
import {
  type Browser,
  callDesk,
  launchBrowser,
  sellFiveLyd,
  sellWithAnswerLost,
  watchErrors,
} from './support/browser'
import { type DeskInChromium, openFirstScreen, startDeskInChromium } from './support/desk'
import { screenshotsAtBothWidths } from './support/layout'
import {
  button,
  confirmName,
  depositsToOn,
  lookUp,
  openWindow,
  startAnotherDesk,
  switchLanguage,
  toReview,
} from './support/screens'

/**
 * The Journal and an entry's panel, as the clerk and the manager meet them: entries found by a phone's digits,
 * a name or a transaction id; the list with the keyboard and at the outlet sizes; an unknown voucher's advice
 * and its resolution (a voucher code typed twice at the service's length, a serial or a code already recorded
 * on another entry, the dates the provider did not give). One desk with nobody set up yet, so every screen is
 * open; the real renderer in Chromium through the browser shell, the training sandbox's ledger as the witness.
 */
let desk: DeskInChromium

beforeAll(async () => {
  desk = await startDeskInChromium('journal-screen')
}, 120_000)

afterAll(async () => {
  await desk?.close()
})

describe('with nobody set up to sign in', () => {
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
  const shots = (name: string) => screenshotsAtBothWidths(page, `journal-screen-${name}`)
  const toArabic = () => switchLanguage(page, 'ar')
  const toEnglish = () => switchLanguage(page, 'en')

  describe('an unknown voucher resolved as issued without its dates', () => {
    it('says "Not recorded" at Active from and Expires, not an empty line, and who resolved it, in English and Arabic', async () => {
      await sellWithAnswerLost(page, shell.sandbox.controls)
      const real = shell.sandbox.controls.ledger().vouchers.at(-1)
      await page.getByRole('button', { name: 'Open the attention list' }).click()
      await page.locator('.journal-row').first().click()
      const panel = page.locator('.entry-panel')
      await panel.getByRole('radio', { name: 'Issued', exact: true }).check()
      await panel.getByLabel('Voucher code', { exact: true }).fill(String(real?.code))
      await panel.getByLabel('Voucher code again').fill(String(real?.code))
      await panel.getByLabel('Serial number', { exact: true }).fill(String(real?.serial_number))
      await panel.getByLabel('Serial number again').fill(String(real?.serial_number))
      await panel.getByLabel(/^Note/).fill('Seen in the provider portal')
      await panel.getByRole('button', { name: 'Save the resolution' }).click()
      await expect.poll(() => panel.locator('.entry-status').textContent()).toContain('Issued')
      // The form and its Save gone, the focus is on the line saying what was saved, not lost to the page.
      await expect
        .poll(() =>
          page.evaluate(() => document.activeElement?.classList.contains('resolution-line') ?? false),
        )
        .toBe(true)
      const fact = (label: string) =>
        panel.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').textContent()
      expect(await fact('Active from')).toBe('Not recorded')
      expect(await fact('Expires')).toBe('Not recorded')
      // Resolved with nobody signed in (no manager set up yet): said so, as the reports say it, not "by ?".
      const resolvedLine = panel.locator('.resolution-line strong')
      expect(await resolvedLine.textContent()).toMatch(/^Issued — before sign-in was set up, /)
      await shots('resolved-no-dates-en')
      await toArabic()
      await panel.locator('dt', { hasText: 'فعّالة من' }).waitFor()
      expect(await fact('فعّالة من')).toBe('غير مسجّل')
      expect(await fact('تنتهي في')).toBe('غير مسجّل')
      expect(await resolvedLine.textContent()).toMatch(/^صدرت — قبل إعداد تسجيل الدخول، /)
      await shots('resolved-no-dates-ar')
      await toEnglish()
      await page.keyboard.press('Escape')
      expect(errors).toEqual([])
    })
  })
})

/** Every journal row the page draws from now on, as drawn (not a row hidden, nor one in a screen hidden). */
async function recordRowsDrawn(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const drawn: string[] = []
    Object.assign(window, { __drawn: drawn })
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of Array.from(record.addedNodes))
          if (node instanceof HTMLElement)
            for (const row of Array.from(node.querySelectorAll('.journal-row')))
              if (!row.closest('[hidden], [aria-hidden]')) drawn.push(row.textContent ?? '')
    }).observe(document.body, { childList: true, subtree: true })
  })
  return () => page.evaluate(() => (window as unknown as { __drawn: string[] }).__drawn)
}

/** Deposits made at the counter earlier in the day, as the Deposit screen makes them: the entries searched for. */
async function depositedEarlier(
  shell: BrowserShell,
  deposits: readonly (readonly [string, string, number])[],
) {
  const page = await desk.browser.newPage()
  await page.goto(shell.url)
  await page.waitForFunction(() => 'api' in globalThis)
  for (const [phone, name, amountDirhams] of deposits) {
    await callDesk(page, 'lookupCustomer', { phone })
    await callDesk(page, 'deposit', {
      phone,
      amountDirhams,
      confirmedFirstName: name,
      requestId: randomUUID(),
    })
  }
  await page.close()
}

describe('finding entries by a transaction id or a whole phone', () => {
  let shell: BrowserShell
  let browser: Browser
  const depositsTo = (phone: string) => depositsToOn(shell, phone)
  const openDesk = () => openWindow(browser, shell)
  beforeAll(async () => {
    ;({ shell, browser } = desk)
    await depositedEarlier(shell, [
      ['0912345678', 'محمد', 25_500],
      ['0941234567', 'Sara', 7_250],
    ])
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

  it('draws none of the day’s rows that come while a search is being typed, only the search’s', async () => {
    // The page's clock stopped (in a browser of its own: a clock is its context's): the search is applied only
    // when the test lets its pause run out.
    const clockBrowser = await launchBrowser()
    const { page, errors } = await openWindow(clockBrowser, shell, { clock: true })
    // The visit's rows held on their way until the clerk has started typing, as on a slow PC.
    let held: (() => Promise<void>) | null = null
    await page.route('**/__bridge/listJournal', (route) => {
      if (held === null) held = () => route.continue()
      else void route.continue()
    })
    try {
      const drawn = await recordRowsDrawn(page)
      await page.keyboard.press('F3')
      await expect.poll(() => held !== null).toBe(true)
      await page.keyboard.type('0941234567')
      const answered = page.waitForResponse('**/__bridge/listJournal')
      await (held as unknown as () => Promise<void>)()
      await answered
      // The day's rows have come; the search is still typed, not applied: they would have been drawn by now.
      await page.waitForTimeout(500)
      expect(await drawn()).toEqual([])
      expect(await page.locator('.journal-foot').textContent()).toBe('Loading more…')
      // The search's pause over: its rows, and only its rows.
      await page.clock.runFor(1_000)
      await expect.poll(async () => (await drawn()).length).toBeGreaterThan(0)
      expect((await drawn()).every((row) => row.includes('094 123 4567'))).toBe(true)
      expect(errors).toEqual([])
    } finally {
      await clockBrowser.close()
    }
  })
  it('holds the day’s rows for a key that types nothing yet (Ctrl+A over the last search) until its pause; ↓ and Enter at once; a screen left holds nothing', async () => {
    const clockBrowser = await launchBrowser()
    const { page, errors } = await openWindow(clockBrowser, shell, { clock: true })
    // The next visit's rows held on their way until the clerk's key is in, as on a slow PC.
    let held: (() => Promise<void>) | null = null
    let holdNext = true
    await page.route('**/__bridge/listJournal', (route) => {
      if (holdNext) {
        holdNext = false
        held = () => route.continue()
      } else void route.continue()
    })
    const letThrough = async () => {
      await expect.poll(() => held !== null).toBe(true)
      const answered = page.waitForResponse('**/__bridge/listJournal')
      await (held as unknown as () => Promise<void>)()
      held = null
      await answered
    }
    try {
      const drawn = await recordRowsDrawn(page)
      await page.keyboard.press('F3')
      await page.keyboard.press('Control+A')
      await letThrough()
      // The day's rows have come; the clerk may be about to type: they would have been drawn by now.
      await page.waitForTimeout(500)
      expect(await drawn()).toEqual([])
      expect(await page.locator('.journal-foot').textContent()).toBe('Loading more…')
      // Nothing typed by the end of the pause: the day's rows.
      await page.clock.runFor(1_000)
      await expect.poll(async () => (await drawn()).length).toBeGreaterThan(0)
      await expect.poll(() => page.locator('.journal-foot').textContent()).toMatch(/^\d+ entr/)

      // The next visit: Ctrl+A, then ↓ before the pause — the rows held are drawn and the first one focused.
      await page.keyboard.press('F1')
      await page.locator('.denomination').first().waitFor()
      holdNext = true
      await page.keyboard.press('F3')
      await page.keyboard.press('Control+A')
      await letThrough()
      await page.keyboard.press('ArrowDown')
      await page.clock.runFor(200)
      await expect
        .poll(() =>
          page.evaluate(
            () => document.activeElement === document.querySelector('.journal-rows [data-index="0"] button'),
          ),
        )
        .toBe(true)

      // Enter applies a search at once, before its pause (this desk's form has date fields besides: the browser
      // does not send such a form on Enter).
      const search = page.locator('.field-search input')
      const rowsAre = async (phone: string) => {
        const rows = await page.locator('.journal-row').allTextContents()
        return rows.length > 0 && rows.every((row) => row.includes(phone))
      }
      await search.focus()
      await page.keyboard.type('0941234567')
      await page.keyboard.press('Enter')
      await expect.poll(() => rowsAre('094 123 4567')).toBe(true)
      // Ctrl+A, then Alt+1 before the pause: the screen is left holding nothing, and the next visit's rows are drawn.
      await page.keyboard.press('Control+A')
      await page.keyboard.press('Alt+1')
      await page.locator('.denomination').first().waitFor()
      await page.clock.runFor(1_000)
      await page.keyboard.press('F3')
      await expect.poll(() => page.locator('.journal-foot').textContent()).toMatch(/^\d+ entr/)
      expect(await rowsAre('094 123 4567')).toBe(true)
      expect(errors).toEqual([])
    } finally {
      await clockBrowser.close()
    }
  })
})

describe('finding entries by a phone’s last digits or a name', () => {
  // A desk of its own: another phone ending in the same digits (094 123 4567) would be found too.
  let another: { shell: BrowserShell; close(): Promise<void> }
  let shell: BrowserShell
  let browser: Browser
  const openDesk = () => openWindow(browser, shell)
  beforeAll(async () => {
    another = await startAnotherDesk(desk, 'journal-screen-digits')
    shell = another.shell
    browser = desk.browser
    await depositedEarlier(shell, [['0937654321', 'يوسف', 4_000]])
  })
  afterAll(async () => {
    await another?.close()
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
})

describe('resolving an unknown voucher', () => {
  let shell: BrowserShell
  let browser: Browser
  beforeAll(() => {
    ;({ shell, browser } = desk)
  })
  const ledger = () => shell.sandbox.controls.ledger()
  const openDesk = () => openWindow(browser, shell)

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
})

describe('on one window', () => {
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
  const shots = (name: string) => screenshotsAtBothWidths(page, `journal-screen-${name}`)
  const toArabic = () => switchLanguage(page, 'ar')
  const toEnglish = () => switchLanguage(page, 'en')

  describe('an unknown voucher', () => {
    let recorded: { code: string; serial: string }

    it('in the journal, says what to do from there, not to look at the entry in the journal', async () => {
      await page.keyboard.press('F1')
      await sellFiveLyd(page)
      const sold = shell.sandbox.controls.ledger().vouchers.at(-1)
      recorded = { code: String(sold?.code), serial: String(sold?.serial_number) }
      await page.getByRole('button', { name: 'New sale' }).click()
      await sellWithAnswerLost(page, shell.sandbox.controls)
      await page.getByRole('button', { name: 'Open the attention list' }).click()
      await page.locator('.journal-row').first().click()
      const panel = page.locator('.entry-panel')
      const lastError = panel.locator('h3:has-text("Last error") + .error-note > p')
      await lastError.waitFor()
      const said = (await lastError.textContent()) ?? ''
      expect(said).not.toContain('journal')
      expect(said).toContain('Do not sell another voucher to this customer until a manager has checked it')
      await shots('journal-unknown-en')
      await toArabic()
      const arError = panel.locator('h3:has-text("آخر خطأ") + .error-note > p')
      await arError.waitFor()
      const arSaid = (await arError.textContent()) ?? ''
      expect(arSaid).not.toContain('السجل')
      expect(arSaid).toContain('لا تبع قسيمة أخرى لهذا الزبون حتى يتحقق المدير منها')
      await shots('journal-unknown-ar')
      await toEnglish()
    })

    it('resolved as issued with a serial recorded on another entry: marked at the serial, in words', async () => {
      const real = shell.sandbox.controls.ledger().vouchers.at(-1)
      const panel = page.locator('.entry-panel')
      await panel.getByRole('radio', { name: 'Issued', exact: true }).check()
      await panel.getByLabel('Voucher code', { exact: true }).fill(String(real?.code))
      await panel.getByLabel('Voucher code again').fill(String(real?.code))
      const serial = panel.getByLabel('Serial number', { exact: true })
      await serial.fill(recorded.serial)
      await panel.getByLabel('Serial number again').fill(recorded.serial)
      await panel.getByLabel(/^Note/).fill('Seen in the provider portal')
      await panel.getByRole('button', { name: 'Save the resolution' }).click()
      const words =
        'This serial number is already recorded on another entry: each voucher has its own. Check it against the provider’s record.'
      await panel.getByText(words).waitFor()
      expect(await serial.getAttribute('aria-invalid')).toBe('true')
      expect(await serial.evaluate((el) => el === document.activeElement)).toBe(true)
      expect(await panel.getByText('Something typed is not valid').count()).toBe(0)
      expect(await panel.locator('.entry-status').textContent()).toContain('Unknown')
      await shots('resolve-serial-recorded-en')
      await toArabic()
      await panel
        .getByText('هذا الرقم التسلسلي مسجّل على عملية أخرى، ولكل قسيمة رقمها. قارنه بما لدى المزوّد.')
        .waitFor()
      await shots('resolve-serial-recorded-ar')
      await toEnglish()
      // The code recorded elsewhere is said at the code.
      await serial.fill(String(real?.serial_number))
      expect(await serial.getAttribute('aria-invalid')).toBeNull()
      await panel.getByLabel('Serial number again').fill(String(real?.serial_number))
      const code = panel.getByLabel('Voucher code', { exact: true })
      await code.fill(recorded.code)
      await panel.getByLabel('Voucher code again').fill(recorded.code)
      await panel.getByRole('button', { name: 'Save the resolution' }).click()
      await panel.getByText('This voucher code is already recorded on another entry').waitFor()
      expect(await code.getAttribute('aria-invalid')).toBe('true')
      // The outcome changed to "Not issued": the code's field goes, and the form's note says the refusal as the
      // last Save's (it was said nowhere: the field gone, the note kept quiet for it), not as one of "Not issued".
      const formNote = panel.locator('.resolve-form .error-note')
      await panel.getByRole('radio', { name: 'Not issued', exact: true }).check()
      expect(await code.count()).toBe(0)
      await formNote
        .filter({
          hasText: 'The last Save was refused. This voucher code is already recorded on another entry',
        })
        .waitFor()
      await shots('resolve-code-away-en')
      await toArabic()
      await formNote.filter({ hasText: 'رُفض الحفظ السابق. رمز القسيمة هذا مسجّل على عملية أخرى' }).waitFor()
      await shots('resolve-code-away-ar')
      await toEnglish()
      // Back to "Issued": said at the code again, and not twice.
      await panel.getByRole('radio', { name: 'Issued', exact: true }).check()
      expect(await code.getAttribute('aria-invalid')).toBe('true')
      expect(await formNote.count()).toBe(0)
      // Typed right, it is resolved.
      await code.fill(String(real?.code))
      await panel.getByLabel('Voucher code again').fill(String(real?.code))
      await panel.getByRole('button', { name: 'Save the resolution' }).click()
      await expect.poll(() => panel.locator('.entry-status').textContent()).toContain('Issued')
      await page.keyboard.press('Escape')
      expect(errors).toEqual([])
    })
  })
})

describe('on one window, after many sales', () => {
  let shell: BrowserShell
  let page: Page
  let errors: string[]
  beforeAll(async () => {
    shell = desk.shell
    page = await desk.browser.newPage()
    errors = watchErrors(page)
    await page.goto(shell.url)
  })
  afterAll(async () => {
    await page?.close()
  })

  /** The first value on the Sell screen's list: what a sale sends (its id and the value confirmed). */
  async function firstDenomination(): Promise<{ denominationId: number; valueDirhams: number }> {
    const first = (await callDesk(page, 'listDenominations', {})).items[0]
    if (first === undefined) throw new Error('no denominations')
    return { denominationId: first.id, valueDirhams: first.valueDirhams }
  }

  describe('the journal’s list with the keyboard', () => {
    it('goes to the last row with End and back to the first with Home, the focus staying on a row', async () => {
      // Enough sales that the list draws only some of its rows.
      const sale = await firstDenomination()
      for (let i = 0; i < 45; i++) await callDesk(page, 'generateVoucher', sale)
      await page.keyboard.press('F3')
      const search = page.getByRole('searchbox', { name: 'Search' })
      await search.waitFor()
      await expect.poll(() => page.locator('.journal-row').count()).toBeGreaterThan(5)
      const total = await page.evaluate(() =>
        Math.round(
          (document.querySelector('.journal-rows') as HTMLElement).getBoundingClientRect().height /
            (document.querySelector('.journal-row-wrap') as HTMLElement).getBoundingClientRect().height,
        ),
      )
      expect(total).toBeGreaterThanOrEqual(45)
      expect(await page.locator('.journal-row').count()).toBeLessThan(total)
      const focusedIndex = () =>
        page.evaluate(
          () => document.activeElement?.closest<HTMLElement>('[data-index]')?.dataset.index ?? null,
        )
      await search.press('ArrowDown')
      await expect.poll(focusedIndex).toBe('0')
      await page.keyboard.press('End')
      await expect.poll(focusedIndex).toBe(String(total - 1))
      await page.keyboard.press('ArrowUp')
      await expect.poll(focusedIndex).toBe(String(total - 2))
      await page.keyboard.press('Home')
      await expect.poll(focusedIndex).toBe('0')
      expect(errors).toEqual([])
    })
  })

  describe('the journal at 1024×768 and 1366×768', () => {
    it('ends at the window’s bottom edge with its count in sight, the page not scrolling, in both languages', async () => {
      const fits = () =>
        page.evaluate(() => ({
          pageScrolls: document.documentElement.scrollHeight > window.innerHeight,
          countBottom: (document.querySelector('.journal-foot') as HTMLElement).getBoundingClientRect()
            .bottom,
          height: window.innerHeight,
        }))
      try {
        for (const language of ['English', 'العربية']) {
          if (language === 'العربية') await page.getByRole('button', { name: 'العربية' }).click()
          for (const width of [1024, 1366]) {
            await page.setViewportSize({ width, height: 768 })
            await page.keyboard.press('F1')
            await page.keyboard.press('F3')
            await page.locator('.journal-row').first().waitFor()
            await expect
              .poll(async () => (await fits()).pageScrolls, { message: `${language} ${width}` })
              .toBe(false)
            const { countBottom, height } = await fits()
            expect(countBottom).toBeLessThanOrEqual(height)
          }
        }
      } finally {
        await page.getByRole('button', { name: 'English' }).click()
        await page.setViewportSize({ width: 1280, height: 720 })
      }
      expect(errors).toEqual([])
    })
  })

  describe('a voucher whose outcome is unknown, in the journal beside its open entry', () => {
    it('shows its two badges whole, “Needs attention” not cut at the column’s edge', async () => {
      shell.sandbox.controls.setFaults([
        { method: 'POST', path: '/vouchers/generate', action: 'drop-before-commit', times: 1 },
      ])
      try {
        const sale = await firstDenomination()
        await callDesk(page, 'generateVoucher', sale).catch(() => undefined)
      } finally {
        shell.sandbox.controls.clearFaults()
      }
      await page.setViewportSize({ width: 1024, height: 768 })
      try {
        await page.keyboard.press('F1')
        await page.keyboard.press('F3')
        const row = page.locator('.journal-row', { hasText: 'Needs attention' }).first()
        await row.click()
        await page.locator('.entry-panel').waitFor()
        const cut = await row.evaluate((el) => {
          const cell = (el.querySelector('.cell-status') as HTMLElement).getBoundingClientRect()
          return Array.from(el.querySelectorAll('.badge'), (b) => {
            const r = b.getBoundingClientRect()
            return Math.max(0, r.right - cell.right, cell.left - r.left, r.bottom - cell.bottom)
          })
        })
        expect(cut).toEqual([0, 0])
        await page.keyboard.press('Escape')
      } finally {
        await page.setViewportSize({ width: 1280, height: 720 })
      }
      expect(errors).toEqual([])
    })
  })
})

describe('its first showing, prepared while the desk is idle', () => {
  it('lays out the hidden journal on start and on a language change, never drawn, read or focused; F3 shows it', async () => {
    const page = await desk.browser.newPage()
    const errors = watchErrors(page)
    try {
      // Every time the desk lays out the hidden journal (it marks it data-laid-out then, its styles worked out at an
      // idle moment before), as it was at that moment's end.
      await page.addInitScript(() => {
        const laidOut: {
          display: string
          contentVisibility: string
          position: string
          hidden: string
          title: string
          madeUpRowsShown: number
          madeUpRowsLaidOut: number
          stylesBefore: boolean
        }[] = []
        Object.assign(window, { __laidOut: laidOut })
        // Its styles are worked out at one idle moment (it is marked aria-hidden then), its layout at a later one:
        // a key that comes meanwhile waits for one of them, not both.
        let batch = 0
        let styledIn: number | null = null
        new MutationObserver((records) => {
          batch += 1
          // Made-up rows, there only to be laid out while it is hidden: shown for that moment, hidden again at once.
          const madeUpRowsLaidOut = records.filter(
            (r) =>
              r.attributeName === 'hidden' &&
              r.oldValue !== null &&
              r.target instanceof HTMLElement &&
              r.target.matches('[data-warm-up]'),
          ).length
          for (const record of records) {
            const node = record.target
            if (!(node instanceof HTMLElement)) continue
            // Styled: marked aria-hidden (a screen drawn anew), or its last layout's mark taken off (styled again).
            const styled =
              (record.attributeName === 'aria-hidden' && node.matches('main.journal-screen[aria-hidden]')) ||
              (record.attributeName === 'data-laid-out' &&
                record.oldValue !== null &&
                node.matches('main.journal-screen:not([data-laid-out])'))
            if (styled) styledIn ??= batch
            if (
              record.attributeName !== 'data-laid-out' ||
              !node.matches('main.journal-screen[data-laid-out]')
            )
              continue
            const style = getComputedStyle(node)
            laidOut.push({
              display: style.display,
              contentVisibility: style.contentVisibility,
              position: style.position,
              hidden: node.getAttribute('aria-hidden') ?? '',
              title: node.querySelector('h1')?.textContent ?? '',
              madeUpRowsShown: node.querySelectorAll('[data-warm-up]:not([hidden])').length,
              madeUpRowsLaidOut,
              stylesBefore: styledIn !== null && styledIn < batch,
            })
            styledIn = null
          }
        }).observe(document, {
          attributes: true,
          attributeFilter: ['aria-hidden', 'data-laid-out', 'hidden'],
          attributeOldValue: true,
          subtree: true,
        })
      })
      await page.goto(desk.shell.url)
      await page.locator('.denomination').first().waitFor()
      const laidOut = () => page.evaluate(() => (window as unknown as { __laidOut: unknown[] }).__laidOut)
      const one = {
        display: 'block',
        contentVisibility: 'hidden',
        position: 'fixed',
        hidden: 'true',
        title: 'Journal',
        madeUpRowsShown: 0,
        madeUpRowsLaidOut: 4,
        stylesBefore: true,
      }
      // After the fonts' lines (ui/warm-fonts.ts), at the idle moments after them.
      await expect.poll(laidOut, { timeout: 5_000 }).toEqual([one])
      // Not drawn, not reached: none of its parts visible, nor the screen's own box (no height), and its search
      // takes no focus.
      const hiddenJournal = () =>
        page.evaluate(() => {
          const main = document.querySelector<HTMLElement>('main.journal-screen') as HTMLElement
          const search = main.querySelector<HTMLInputElement>('input[type="search"]')
          search?.focus()
          return {
            partsVisible: Array.from(main.querySelectorAll('*'))
              .filter((part) => part.checkVisibility())
              .map((part) => `${part.tagName} ${part.className}`),
            height: main.getBoundingClientRect().height,
            searchFocused: [Boolean(search), document.activeElement === search],
            display: getComputedStyle(main).display,
            contentVisibility: getComputedStyle(main).contentVisibility,
          }
        })
      const hiddenAndLaidOut = {
        partsVisible: [],
        height: 0,
        searchFocused: [true, false],
        display: 'block',
        contentVisibility: 'hidden',
      }
      expect(await hiddenJournal()).toEqual(hiddenAndLaidOut)
      expect(await page.locator('main:visible').count()).toBe(1)
      // Still so after other screens come and go (React draws a hidden screen drawn again hidden again).
      for (const [key, heading] of [
        ['F2', 'Deposit to a wallet'],
        ['F1', 'Sell a voucher'],
      ] as const) {
        await page.keyboard.press(key)
        await page.getByRole('heading', { name: heading }).waitFor()
        expect(await hiddenJournal()).toEqual(hiddenAndLaidOut)
      }
      expect((await laidOut()).length).toBe(1)
      // F3 shows the journal as ever, in the page's flow, its search focused, and the made-up rows are never among its rows.
      await page.keyboard.press('F3')
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('type')))
        .toBe('search')
      await page.getByRole('heading', { name: 'Journal' }).waitFor()
      expect(
        await page.evaluate(() => {
          const main = document.querySelector<HTMLElement>('main.journal-screen') as HTMLElement
          const style = getComputedStyle(main)
          return [main.getAttribute('aria-hidden'), style.contentVisibility, style.position, style.zIndex]
        }),
      ).toEqual([null, 'visible', 'static', 'auto'])
      await expect.poll(() => page.locator('.journal-foot').textContent()).not.toMatch(/Loading/)
      expect(await page.locator('[data-warm-up], [data-entry^="specimen"]').count()).toBe(0)
      await page.keyboard.press('F1')
      // Its words in Arabic are laid out again, in the journal drawn (hidden) in Arabic.
      await switchLanguage(page, 'ar')
      await expect.poll(async () => (await laidOut()).length, { timeout: 5_000 }).toBe(2)
      const arabicTitle = await page.locator('main.journal-screen h1').textContent()
      expect(arabicTitle).toMatch(/[\u0600-\u06ff]/)
      expect(await laidOut()).toEqual([one, { ...one, title: arabicTitle }])
      // The one in the page, hidden and laid out (not the visit left, torn down since).
      expect(await page.locator('main.journal-screen').count()).toBe(1)
      expect(await page.locator('main.journal-screen[aria-hidden="true"]').count()).toBe(1)
      await switchLanguage(page, 'en')
      expect(errors).toEqual([])
    } finally {
      await page.close()
    }
  })
})
