import { PNG } from 'pngjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../src/renderer/src/i18n'
import { SETTLE_MS } from '../../src/renderer/src/ui/deliberate'
import type { BrowserShell } from '../../src/shells/browser/server'
import { FakeEscPosPrinter } from '../helpers/fake-escpos-printer'
import { writeMonochromePng } from '../helpers/monochrome-png'
import {
  type Browser,
  launchBrowser,
  ready,
  screenshot,
  sellFiveLyd,
  sellWithAnswerLost,
} from './support/browser'
import { type DeskInChromium, startDeskInChromium } from './support/desk'
import { button, headerUsed, naturalWidth, openWindow, text, updateSettings } from './support/screens'

/**
 * The Sell screen and the receipts: a sale and its code as the service issued it, the last sale's line, the
 * header's figures as soon as a sale is answered, a sale whose outcome is unknown, a receipt printed by itself
 * after a sale (a reprint marked COPY) and a report printed with no receipt printer. The real renderer in
 * Chromium through the browser shell, against the desk core and the training sandbox, the sandbox's ledger as
 * the witness. Where time matters (the header between polls) the page's clock is Playwright's, moved by hand.
 */
let shell: BrowserShell
let browser: Browser
let desk: DeskInChromium
/** A second Chromium for the tests that move the clock by hand: Playwright's clock belongs to a context. */
let clockBrowser: Browser

beforeAll(async () => {
  desk = await startDeskInChromium('sell-and-receipts')
  ;({ shell, browser } = desk)
  clockBrowser = await launchBrowser()
}, 120_000)

afterAll(async () => {
  await clockBrowser?.close()
  await desk?.close()
})

const ledger = () => shell.sandbox.controls.ledger()
/** A fresh window on the desk; with `clock`, the page's timers move only when the test moves them. */
const openDesk = (options: { clock?: boolean } = {}) =>
  openWindow(options.clock ? clockBrowser : browser, shell, options)

describe('a sale at the Sell screen', () => {
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
    // The screen shown (the journal is there too, drawn ahead and hidden: its entries' codes are masked by main).
    const screenText = (await page.locator('main:visible').textContent())?.replaceAll(' ', '') ?? ''
    expect(screenText).not.toContain(code)
    expect((await page.locator('body').textContent())?.replaceAll(' ', '')).not.toContain(code)
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
    // Asked once the result is drawn (ui/after-paint.ts): the page's clock moves a few frames, far from the poll.
    await page.clock.runFor(100)
    await expect.poll(() => headerUsed(page)).toBeCloseTo(before + 10, 3)
    // The figures keep their width: nothing in the header moves when they change.
    expect((await summary.boundingBox())?.width).toBe(widthBefore)
    await page.close()
  })

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
})

describe('receipts', () => {
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
})
