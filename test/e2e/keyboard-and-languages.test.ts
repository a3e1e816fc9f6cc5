import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../src/renderer/src/i18n'
import { loadSeed } from '../../src/sandbox/seed'
import type { BrowserShell } from '../../src/shells/browser/server'
import { type Browser, callDesk, ready, screenshot, watchErrors } from './support/browser'
import { type DeskInChromium, openFirstScreen, startDeskInChromium } from './support/desk'
import { screenshotsAtBothWidths } from './support/layout'
import {
  charLefts,
  focusedText,
  hasFocus,
  openWindow,
  readsLeftToRight,
  switchLanguage,
  text,
} from './support/screens'

/**
 * The keyboard and the two languages, across the screens: Arabic at once, right to left with Latin digits,
 * and remembered; each main screen in both (screenshots); phone formats read left to right inside an Arabic
 * sentence; the top bar's Offline in the screen's language; a screen's key putting the focus in the screen;
 * the manager's Reports and Backup buttons keeping the focus while they work. One desk with nobody set up
 * yet, so every screen is open; the real renderer in Chromium through the browser shell.
 */
let desk: DeskInChromium

beforeAll(async () => {
  desk = await startDeskInChromium('keyboard-and-languages')
}, 120_000)

afterAll(async () => {
  await desk?.close()
})

describe('the two languages across the screens', () => {
  let shell: BrowserShell
  let browser: Browser
  beforeAll(() => {
    ;({ shell, browser } = desk)
  })
  const openDesk = () => openWindow(browser, shell)

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
})

describe('on one window', () => {
  let page: Page
  let errors: string[]
  beforeAll(async () => {
    page = await desk.browser.newPage()
    errors = watchErrors(page)
    await page.goto(desk.shell.url)
  })
  afterAll(async () => {
    await page?.close()
  })

  describe('phone formats in an Arabic sentence', () => {
    it('reads each format left to right, in the sentence’s right-to-left order', async () => {
      await page.getByRole('button', { name: 'العربية' }).click()
      await page.keyboard.press('F2')
      await page.getByRole('heading', { name: 'إيداع في محفظة' }).waitFor()
      // The deposit screen's (Settings, drawn ahead and hidden, has a hint with "أو" too).
      const hint = page
        .locator('main', { has: page.getByRole('heading', { name: 'إيداع في محفظة' }) })
        .locator('.field .hint', { hasText: 'أو' })
      await readsLeftToRight(hint, '+218 9X XXX XXXX')
      await readsLeftToRight(hint, '09X XXX XXXX')
      // The national format comes first: on the right, then "أو", then the international one on the left.
      const [national] = await charLefts(hint, '09X')
      const [or] = await charLefts(hint, 'أو')
      const [international] = await charLefts(hint, '+218')
      expect(national).toBeGreaterThan(or ?? 0)
      expect(or).toBeGreaterThan(international ?? 0)

      await page.getByLabel('رقم هاتف الزبون').fill('0971234567')
      await page.getByRole('button', { name: 'بحث' }).click()
      const problem = page.getByRole('alert').filter({ hasText: 'ليس رقم هاتف محمول ليبياً' })
      await readsLeftToRight(problem, '091–096')

      // The settings' phone formats: in an <option>, where markup cannot go.
      await page.keyboard.press('F4')
      await page.locator('option[value="international-plus"]').waitFor({ state: 'attached' })
      const options = await page.locator('option').allTextContents()
      expect(options).toContain('دولية، \u2066+2189XXXXXXXX\u2069')
      await page.getByRole('button', { name: 'English' }).click()
      expect(errors).toEqual([])
    })
  })

  describe('opening a screen with its key', () => {
    it('puts the focus in the screen: F3 on the journal’s search, each time, F5 on the Manager’s tabs, F4 on Settings’ title, where Enter does nothing', async () => {
      await page.keyboard.press('F1')
      await page.getByRole('heading', { name: 'Sell a voucher' }).waitFor()
      // The journal is drawn ahead, hidden, for its key (App.tsx): shown, its search has the focus, the next
      // time too.
      for (const _visit of [1, 2]) {
        await page.keyboard.press('F3')
        const search = page.getByRole('searchbox', { name: 'Search' })
        await search.waitFor()
        await expect.poll(() => hasFocus(search)).toBe(true)
        await page.keyboard.press('F1')
        await page.getByRole('heading', { name: 'Sell a voucher' }).waitFor()
      }
      await page.keyboard.press('F5')
      const reports = page.getByRole('tab', { name: 'Reports' })
      await reports.waitFor()
      await expect.poll(() => hasFocus(reports)).toBe(true)
      // The arrows move along the tabs from there, at once.
      await page.keyboard.press('ArrowRight')
      await expect.poll(() => hasFocus(page.getByRole('tab', { name: 'People' }))).toBe(true)
      await page.keyboard.press('ArrowLeft')

      await page.keyboard.press('F4')
      const title = page.getByRole('heading', { name: 'Settings', exact: true })
      await title.waitFor()
      await expect.poll(() => hasFocus(title)).toBe(true)
      // A bounced Enter lands on no button (with a live service set up, the first one would leave training),
      // and Tab goes into the screen.
      await page.keyboard.press('Enter')
      await page.keyboard.press('Enter')
      expect(await hasFocus(title)).toBe(true)
      expect(await page.getByText('Training: the built-in training service.').count()).toBe(1)
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.closest('main')?.className)).toContain(
        'settings-screen',
      )
      expect(errors).toEqual([])
    })

    it('shows Sell by F1 as it was left, hidden, with the first value focused; a sale still on its way when the clerk left is built on return, its outcome with its own button focused', async () => {
      await page.keyboard.press('F1')
      await page.getByRole('heading', { name: 'Choose the voucher value' }).waitFor()
      // Kept while the clerk is away (App.tsx): the first value, marked here, is the one focused on each return.
      const markFirst = () =>
        page.evaluate(() => {
          const first = document.querySelector<HTMLElement>('main.sell-screen .denomination')
          if (first) first.dataset.testKept = 'yes'
        })
      const focusedIsMarked = () =>
        page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testKept === 'yes')
      for (const key of ['F2', 'F3', 'F5', 'F4']) {
        await markFirst()
        await page.keyboard.press(key)
        await expect.poll(() => page.locator('main.sell-screen:visible').count()).toBe(0)
        expect(await page.locator('main.sell-screen').count()).toBe(1)
        await page.keyboard.press('F1')
        await page.getByRole('heading', { name: 'Choose the voucher value' }).waitFor()
        await expect.poll(focusedIsMarked).toBe(true)
      }
      // Its number keys work at once: 1 asks for the first value.
      await page.keyboard.press('1')
      await page.getByRole('heading', { name: 'Sell this voucher?' }).waitFor()

      // Left while the sale is on its way: not kept (its steps take the focus as they are drawn, which a screen
      // drawn hidden cannot), built on F1 with the outcome come in meanwhile.
      const controls = desk.shell.sandbox.controls
      const before = controls.ledger().vouchers.length
      controls.setFaults([
        { method: 'POST', path: '/vouchers/generate', action: 'delay', delay_ms: 1_500, times: 1 },
      ])
      try {
        await ready(page.getByRole('button', { name: 'Confirm sale' }))
        await page.keyboard.press('Enter')
        await page.getByText('Generating the voucher').waitFor()
        await page.keyboard.press('F2')
        await page.getByLabel('Customer phone number').waitFor()
        expect(await page.locator('main.sell-screen').count()).toBe(0)
        await expect.poll(() => controls.ledger().vouchers.length, { timeout: 10_000 }).toBe(before + 1)
      } finally {
        controls.clearFaults()
      }
      await page.keyboard.press('F1')
      await page.getByRole('heading', { name: 'Voucher issued' }).waitFor({ timeout: 10_000 })
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest('.voucher-card .actions') !== null))
        .toBe(true)
      await page.keyboard.press('Escape')
      await page.getByRole('heading', { name: 'Choose the voucher value' }).waitFor()

      // The provider drops the first value while the clerk is away, and minutes pass: main has the new list
      // when the clerk comes back, and the screen left with the old one takes it as it is shown (the button
      // focused with the old first value goes with it). The new first value has the focus.
      // The training sandbox's own list (resources/sandbox-seed.json).
      const training = loadSeed().denominations
      const firstValue = () => page.locator('main.sell-screen .denomination-value').first().textContent()
      const focusedValue = () =>
        page.evaluate(
          () =>
            document.activeElement?.closest('.denomination')?.querySelector('.denomination-value')
              ?.textContent ?? '(no value focused)',
        )
      await page.keyboard.press('F2')
      await page.getByLabel('Customer phone number').waitFor()
      controls.setDenominations(training.slice(1))
      controls.setClockOffset(6 * 60_000)
      try {
        // The desk learns the service's clock from any answer; asked for the list, main answers with the one it
        // has and fetches it again (catalog.ts), here until it has the new one.
        await callDesk(page, 'lookupCustomer', { phone: '0912345678' })
        await expect
          .poll(async () => {
            const list = (await callDesk(page, 'listDenominations', {})) as {
              items: { valueDirhams: number }[]
            }
            return list.items[0]?.valueDirhams
          })
          .toBe(10_000)
        await page.keyboard.press('F1')
        await expect.poll(firstValue, { timeout: 15_000 }).toContain('10.000')
        await expect.poll(focusedValue).toContain('10.000')
      } finally {
        controls.setDenominations(training)
        controls.setClockOffset(0)
      }
      await page.getByRole('button', { name: 'Refresh list' }).click()
      await expect.poll(firstValue, { timeout: 15_000 }).toContain('5.000')
      expect(errors).toEqual([])
    })
  })
})

describe('on one window, the manager’s screens', () => {
  let page: Page
  let errors: string[]
  beforeAll(async () => {
    ;({ page, errors } = await openFirstScreen(desk))
  })
  afterAll(async () => {
    await page?.close()
  })
  const shots = (name: string) => screenshotsAtBothWidths(page, `keyboard-and-languages-${name}`)
  const toArabic = () => switchLanguage(page, 'ar')
  const toEnglish = () => switchLanguage(page, 'en')
  /** The text of the element that has the keyboard's focus ('' for the page itself). */
  const focused = () => focusedText(page)

  describe('Manager → Reports and Backup from the keyboard', () => {
    it('keeps the focus on the button pressed while it works, so the next Enter presses it again, in English and Arabic', async () => {
      // Backups are encrypted: a recovery passphrase first (the Backup tab's own card, tested in manager.test.ts).
      await page.evaluate(() =>
        (
          window as unknown as { api: { setBackupPassphrase(a: { passphrase: string }): Promise<unknown> } }
        ).api.setBackupPassphrase({ passphrase: 'olive tree harbour lantern' }),
      )
      await page.keyboard.press('F5')
      // The folder the shell offers for Back up now is beside the data folder, on its disk: refused until the
      // manager says "same disk, I know" (once, for that folder).
      const en = MESSAGES.en
      await page.getByRole('tab', { name: en.manager.managerScreen.tabs.backup }).click()
      await page.getByRole('button', { name: en.manager.backup.now }).click()
      await page.getByText(en.errorReasons.SAME_DISK_AS_DATA).waitFor()
      await page.getByLabel(en.manager.backup.sameDiskKnown).check()
      for (const language of ['en', 'ar'] as const) {
        const m = MESSAGES[language].manager
        if (language === 'ar') await toArabic()
        await page.getByRole('tab', { name: m.managerScreen.tabs.reports }).click()
        const show = page.getByRole('button', { name: m.reports.show })
        await show.focus()
        await page.keyboard.press('Enter')
        // Worked out in a worker thread: done when the button is no longer busy (the report shown in the other
        // language is still on screen meanwhile, and the panel's buttons do nothing while it works).
        await expect.poll(() => show.getAttribute('aria-disabled'), { timeout: 20_000 }).toBeNull()
        await page.locator('.report h2, .report-view h2').first().waitFor()
        await expect.poll(focused).toBe(m.reports.show)
        // The X report, reached with Tab from there and pressed with Enter.
        await page.keyboard.press('Tab')
        expect(await focused()).toBe(m.reports.x)
        await page.keyboard.press('Enter')
        await page.locator('.report-view h2', { hasText: m.reports.x }).waitFor()
        await expect.poll(focused).toBe(m.reports.x)
        // An export: saved, and the focus still on its button.
        await page.getByRole('button', { name: 'CSV', exact: false }).first().focus()
        const csv = await focused()
        await page.keyboard.press('Enter')
        await page.getByText(m.reports.exported).waitFor()
        await expect.poll(focused).toBe(csv)
        await shots(`reports-focus-${language}`)
        // Backup now: made and checked, the focus still on it.
        await page.getByRole('tab', { name: m.managerScreen.tabs.backup }).click()
        await page.getByRole('button', { name: m.backup.now }).focus()
        await page.keyboard.press('Enter')
        await page.getByText(m.backup.done).waitFor()
        await expect.poll(focused).toBe(m.backup.now)
        await shots(`backup-focus-${language}`)
      }
      await toEnglish()
      expect(errors).toEqual([])
    })
  })
})
