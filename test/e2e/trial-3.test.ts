import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserShell } from '../../src/shells/browser/server'
import { sellFiveLyd, sellWithAnswerLost } from './support/browser'
import { type DeskInChromium, openFirstScreen, startDeskInChromium } from './support/desk'
import { screenshotsAtBothWidths, settle } from './support/layout'

/**
 * What the third newcomer's trial found (team/trial-3), as the clerk and the manager meet it: the limits'
 * 0, a language switch in the middle of a deposit, an unknown voucher read in the journal and resolved with a
 * serial already recorded, and the right PIN typed during the wait after wrong ones. One desk, in order: it
 * has no manager until the last part, so every screen is open until then.
 */
let shell: BrowserShell
let desk: DeskInChromium
let page: Page
let errors: string[]

beforeAll(async () => {
  desk = await startDeskInChromium('trial-3')
  shell = desk.shell
  ;({ page, errors } = await openFirstScreen(desk))
}, 120_000)

afterAll(async () => {
  await desk?.close()
})

const shots = (name: string) => screenshotsAtBothWidths(page, `trial3-${name}`)

const toArabic = () => page.getByRole('button', { name: 'العربية' }).click()
const toEnglish = () => page.getByRole('button', { name: 'English' }).click()

describe('Settings → Limits', () => {
  it('says at the field why an agreed daily limit of 0 cannot be saved, in English and Arabic', async () => {
    await page.keyboard.press('F4')
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Limits' }) })
    const agreed = card.getByLabel('Daily limit agreed with the provider (LYD)')
    await agreed.fill('0')
    expect(await card.getByRole('button', { name: 'Save limits' }).isDisabled()).toBe(true)
    const zero =
      'A daily limit of 0 would allow nothing. Type the limit agreed with the provider, or leave the field empty.'
    expect(await card.locator('.problem').allTextContents()).toEqual([zero])
    expect(await agreed.getAttribute('aria-invalid')).toBe('true')
    await shots('limits-zero-en')
    await toArabic()
    const arCard = page.locator('section', { has: page.getByRole('heading', { name: 'الحدود' }) })
    expect(await arCard.locator('.problem').allTextContents()).toEqual([
      'حدٌّ يومي قدره 0 لا يسمح بشيء. اكتب الحد المتفق عليه مع المزوّد، أو اترك الخانة فارغة.',
    ])
    await shots('limits-zero-ar')
    await toEnglish()
    // The largest deposit emptied: Save is not pressable either, and the field says so.
    await agreed.fill('')
    const max = card.getByLabel('Largest single deposit (LYD)')
    const kept = await max.inputValue()
    await max.fill('')
    expect(await card.locator('.problem').allTextContents()).toEqual(['Type the amount.'])
    await max.fill(kept)
    await agreed.fill('0.001')
    expect(await card.locator('.problem').count()).toBe(0)
    expect(await card.getByRole('button', { name: 'Save limits' }).isDisabled()).toBe(false)
    await agreed.fill('')
    expect(errors).toEqual([])
  })
})

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

describe('the right PIN typed during the wait after wrong ones', () => {
  it('is not tried, the field is emptied and the screen says so; after the wait it signs in', async () => {
    await page.evaluate("window.api.createManager({ name: 'Huda', pin: '2468' })")
    await page.evaluate("window.api.addClerk({ name: 'Ali', pin: '3333' })")
    await page.reload()
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()
    await page.getByRole('radio', { name: /Ali/ }).check()
    const pin = page.getByLabel('PIN', { exact: true })
    const problem = page.locator('.signin-pin .problem')
    for (let i = 0; i < 3; i++) {
      await pin.pressSequentially('1234')
      await pin.press('Enter')
      await expect.poll(() => pin.inputValue()).toBe('')
    }
    await problem.filter({ hasText: 'Too many wrong PINs' }).waitFor()
    // The right PIN during the wait: not sent (main would refuse it unchecked), emptied, said as not tried.
    await pin.pressSequentially('3333')
    await pin.press('Enter')
    await problem.filter({ hasText: 'That PIN was not tried' }).waitFor()
    expect(await pin.inputValue()).toBe('')
    // The words wrap within the PIN pad's width: at 1024 px the people's names are not squeezed by them.
    await page.setViewportSize({ width: 1024, height: 768 })
    await settle(page)
    expect(
      await page
        .locator('.person-name', { hasText: 'Huda' })
        .evaluate(
          (el) =>
            el.getBoundingClientRect().height < Number.parseFloat(getComputedStyle(el).lineHeight) * 1.5,
        ),
    ).toBe(true)
    await page.setViewportSize({ width: 1366, height: 860 })
    await shots('signin-not-tried-en')
    await toArabic()
    await problem.filter({ hasText: 'لم يُجرَّب هذا الرقم السري' }).waitFor()
    await shots('signin-not-tried-ar')
    await toEnglish()
    // After the wait: "type your PIN", never "Wrong PIN" (the last refusal was the wait only).
    await page.locator('.signin-pin [role=status]', { hasText: 'The wait is over: type your PIN.' }).waitFor({
      timeout: 8_000,
    })
    expect(await problem.count()).toBe(0)
    expect(await pin.getAttribute('aria-invalid')).toBeNull()
    await shots('signin-wait-over-en')
    await pin.pressSequentially('3333')
    await pin.press('Enter')
    await page.locator('.person-menu').getByText('Ali').waitFor()
    expect(errors).toEqual([])
  })

  it('typed during the wait without Enter, is offered with Enter afterwards, not "type it again"', async () => {
    await page.locator('.person-menu').getByRole('button', { name: 'Sign out' }).click()
    await page.getByRole('radio', { name: /Ali/ }).check()
    const pin = page.getByLabel('PIN', { exact: true })
    for (let i = 0; i < 3; i++) {
      await pin.pressSequentially('1234')
      await pin.press('Enter')
      await expect.poll(() => pin.inputValue()).toBe('')
    }
    await page.locator('.signin-pin .problem', { hasText: 'Too many wrong PINs' }).waitFor()
    await pin.pressSequentially('3333')
    await page
      .locator('.signin-pin [role=status]', {
        hasText: 'The wait is over: press Enter to try the PIN typed.',
      })
      .waitFor({ timeout: 8_000 })
    expect(await page.locator('.signin-pin .problem').count()).toBe(0)
    expect(await pin.inputValue()).toBe('3333')
    await pin.press('Enter')
    await page.locator('.person-menu').getByText('Ali').waitFor()
    expect(errors).toEqual([])
  })
})
