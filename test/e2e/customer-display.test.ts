import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CustomerLanguage } from '../../src/shared/customer-view'
import type { BrowserShell } from '../../src/shells/browser/server'
import {
  type Browser,
  callDesk,
  launchBrowser,
  ready,
  SCREENSHOT_DIR,
  screenshot,
  signInOnScreen,
  watchErrors,
} from './support/browser'
import { type DeskInChromium, startDeskInChromium } from './support/desk'
import { documentScreen, settle } from './support/layout'

/**
 * The customer display (issue 34) through the browser shell: two pages at once, the clerk's and the customer's,
 * the real renderer of each in Chromium against the desk core and the training sandbox. The clerk works in
 * English; the customer's page speaks the language the manager set for it (English, Arabic, both), and each of
 * its states is read back by its text. Screenshots of every state at 1024×768 and 1920×1080 go to
 * test-output/screenshots and, with UPDATE_SCREENS=1, to docs/screens/customer-<language>-<state>-<width>.png.
 */
let desk: DeskInChromium
let shell: BrowserShell
let clerk: Page
let customer: Page
let clerkErrors: string[]
let customerErrors: string[]

const OUTLET = 'Souq Al-Juma Phones'
const MOHAMED = { phone: '0912345678', name: 'محمد' }
const FATIMA = { phone: '0921234567', name: 'فاطمة' }
const AHMED = { phone: '0931234567', name: 'Ahmed' }
const SARA = { phone: '0941234567', name: 'Sara' }

beforeAll(async () => {
  // A result stays its 8 s, as in the app: the screenshots of it are taken while it is on screen.
  desk = await startDeskInChromium('customer-display')
  shell = desk.shell
  customer = await desk.browser.newPage()
  customerErrors = watchErrors(customer)
  await customer.setViewportSize({ width: 1920, height: 1080 })
  await customer.goto(shell.customerUrl)
  clerk = await desk.browser.newPage()
  clerkErrors = watchErrors(clerk)
  await clerk.goto(shell.url)
  await clerk.locator('.denomination').first().waitFor()
  await callDesk(clerk, 'updateSettings', { outlet: { name: OUTLET, address: 'Tripoli', phone: '' } })
}, 120_000)

afterAll(async () => {
  await desk?.close()
})

const screenOf = (page: Page) => page.locator('main.customer')
const says = async () => (await screenOf(customer).textContent()) ?? ''
const state = () => screenOf(customer).getAttribute('data-state')
/** Waits for the customer's screen to be in this state, then says what it says. */
async function shows(expected: string): Promise<string> {
  await expect.poll(state, { timeout: 15_000 }).toBe(expected)
  return says()
}

/** What a person would find wrong with the customer's screen: text beyond the screen or its column. */
async function overflow(page: Page): Promise<string[]> {
  return (await page.evaluate(`(() => {
    const problems = []
    const main = document.querySelector('main.customer')
    if (main && main.scrollHeight > main.clientHeight + 1) problems.push('the screen holds more than it shows (' + main.scrollHeight + ' px in ' + main.clientHeight + ')')
    for (const column of document.querySelectorAll('.customer-column')) {
      if (column.scrollWidth > column.clientWidth + 1) problems.push('a column is wider than itself (' + column.scrollWidth + ' in ' + column.clientWidth + ')')
      if (column.scrollHeight > column.clientHeight + 1) problems.push('a column is taller than itself (' + column.scrollHeight + ' in ' + column.clientHeight + ')')
    }
    return problems
  })()`)) as string[]
}

/**
 * The customer's screen at 1024×768 and 1920×1080, each checked for text it cannot hold, and in the state named
 * before and after it was taken (a picture of another state would document nothing).
 */
async function shots(language: CustomerLanguage, name: string): Promise<void> {
  const shown = await state()
  for (const [width, height] of [
    [1024, 768],
    [1920, 1080],
  ] as const) {
    await customer.setViewportSize({ width, height })
    await settle(customer)
    // The font's subsets load as their letters first appear: the picture is of the page as it settles.
    await customer.evaluate('document.fonts.ready.then(() => true)')
    await settle(customer)
    expect(await overflow(customer), `${language} ${name} at ${width}`).toEqual([])
    const file = `customer-${language}-${name}-${width}`
    await screenshot(customer, file)
    expect(await state(), `${file} was taken in another state`).toBe(shown)
    if (process.env.UPDATE_SCREENS) documentScreen(join(SCREENSHOT_DIR, `${file}.png`), `${file}.png`)
  }
}

const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: true })

async function lookUp(phone: string): Promise<void> {
  await clerk.keyboard.press('F2')
  await clerk.getByLabel('Customer phone number').fill(phone)
  await clerk.getByRole('button', { name: 'Look up' }).click()
}

/** No digits of the phone but its last three, in any grouping. */
function expectMasked(text: string, phone: string): void {
  const digits = text.replace(/\D/g, '')
  expect(digits).not.toContain(phone.slice(1, 7))
  expect(text).toContain(`••• ••• •${phone.slice(-3)}`)
}

const WORDS = {
  en: {
    welcome: 'Welcome',
    isThisYou: 'Is this you?',
    entering: 'The clerk is entering the amount',
    amount: '12 dinars and 500 dirhams',
    willSend: 'The clerk will now send this',
    wait: 'Please wait',
    done: 'Done',
    voucher: 'Prepaid voucher',
    codeOnReceipt: 'Your code is on your receipt',
    notSent: 'Not sent',
    noVoucher: 'No voucher was made',
    checking: 'We are checking with the provider',
    training: 'TRAINING',
    five: '5 dinars',
  },
  ar: {
    welcome: 'أهلًا وسهلًا',
    isThisYou: 'هل هذا أنت؟',
    entering: 'يُدخل الموظف المبلغ',
    amount: '12 دينارًا و500 درهم',
    willSend: 'سيُرسل الموظف هذا الآن',
    wait: 'يرجى الانتظار',
    done: 'تمّ',
    voucher: 'قسيمة مسبقة الدفع',
    codeOnReceipt: 'رمزك مطبوع على الإيصال',
    notSent: 'لم يُرسل',
    noVoucher: 'لم تصدر أي قسيمة',
    checking: 'نتحقق مع المزوّد',
    training: 'تدريب',
    five: '5 دنانير',
  },
} as const

describe.each([
  ['en', MOHAMED],
  ['ar', FATIMA],
] as const)('the customer display in %s', (language, holder) => {
  const w = WORDS[language]

  it('follows a deposit: Welcome, the name and masked phone, the amount in figures and words, the review, Please wait, Done, Welcome', async () => {
    await callDesk(clerk, 'configureCustomerDisplay', { language })
    const idle = await shows('idle')
    expect(idle).toContain(OUTLET)
    expect(idle).toContain(w.welcome)
    expect(idle).toContain(w.training)
    await shots(language, 'idle')

    await lookUp(holder.phone)
    const name = await shows('name')
    expect(name).toContain(holder.name)
    expect(name).toContain(w.isThisYou)
    expectMasked(name, holder.phone)
    // The clerk's "Yes, this is me" button is not offered unless the manager turned it on.
    expect(await customer.getByRole('button').count()).toBe(0)
    await shots(language, 'name')

    await button(clerk, 'Yes').click()
    expect(await shows('amount')).toContain(w.entering)
    await clerk.getByLabel('Amount (LYD)').fill('12.5')
    await expect.poll(says).toContain('12.500')
    expect(await says()).toContain(w.amount)
    await shots(language, 'amount')

    await clerk.getByRole('button', { name: 'Review' }).click()
    const review = await shows('review')
    expect(review).toContain(w.willSend)
    expect(review).toContain('12.500')
    expect(review).toContain(holder.name)
    expectMasked(review, holder.phone)
    await shots(language, 'review')

    // The service takes its time: the customer reads "Please wait" meanwhile.
    shell.sandbox.controls.setFaults([
      { method: 'POST', path: '/deposit', action: 'delay', delay_ms: 4_000, times: 1 },
    ])
    await ready(clerk.getByRole('button', { name: 'Confirm deposit' }))
    await clerk.getByRole('button', { name: 'Confirm deposit' }).click()
    expect(await shows('wait')).toContain(w.wait)
    await shots(language, 'wait')
    const done = await shows('result')
    expect(done).toContain(w.done)
    expect(done).toContain('12.500')
    expect(done).toMatch(/\d{2}:\d{2}/)
    await clerk.getByRole('heading', { name: 'Deposit confirmed' }).waitFor()
    await shots(language, 'deposit-done')
    shell.sandbox.controls.clearFaults()
    // Back to Welcome by itself, the clerk still on the result.
    expect(await shows('idle')).toContain(w.welcome)
    expect(await clerk.getByRole('heading', { name: 'Deposit confirmed' }).count()).toBe(1)
    await clerk.keyboard.press('Escape')
  })

  it('follows a voucher sale: its value and "Your code is on your receipt", never the code', async () => {
    await clerk.keyboard.press('F1')
    await clerk
      .getByRole('button', { name: /5\.000/ })
      .first()
      .click()
    const offered = await shows('voucher')
    expect(offered).toContain(w.voucher)
    expect(offered).toContain('5.000')
    expect(offered).toContain(w.five)
    expect(offered).toContain(w.codeOnReceipt)
    await shots(language, 'voucher')
    await ready(clerk.getByRole('button', { name: 'Confirm sale' }))
    await clerk.getByRole('button', { name: 'Confirm sale' }).click()
    await clerk.getByRole('heading', { name: 'Voucher issued' }).waitFor()
    const code = ((await clerk.locator('.voucher-card .code-big').textContent()) ?? '').replace(/\D/g, '')
    expect(code).toMatch(/^\d{12,}$/)
    const sold = await shows('result')
    expect(sold).toContain(w.done)
    expect(sold).toContain(w.codeOnReceipt)
    const digits = sold.replace(/\D/g, '')
    expect(digits).not.toContain(code.slice(-4))
    expect(digits).not.toContain(code.slice(0, 6))
    await shots(language, 'voucher-done')
    // A new sale: Welcome at once.
    await clerk.getByRole('button', { name: 'New sale' }).click()
    expect(await shows('idle')).toContain(w.welcome)
  })

  it('says "Not sent" for a sale the service refused, and "We are checking with the provider" for a lost answer', async () => {
    await clerk.keyboard.press('F1')
    shell.sandbox.controls.setFaults([
      { method: 'POST', path: '/vouchers/generate', action: 'respond', status: 403, times: 1 },
    ])
    await clerk
      .getByRole('button', { name: /10\.000/ })
      .first()
      .click()
    await ready(clerk.getByRole('button', { name: 'Confirm sale' }))
    await clerk.getByRole('button', { name: 'Confirm sale' }).click()
    const refused = await shows('result')
    expect(refused).toContain(w.notSent)
    expect(refused).toContain(w.noVoucher)
    expect(refused).not.toMatch(/403|unknown|error/i)
    await shots(language, 'not-sent')
    await clerk.getByRole('button', { name: 'New sale' }).click()
    await shows('idle')

    shell.sandbox.controls.setFaults([
      { method: 'POST', path: '/vouchers/generate', action: 'drop-after-commit', times: 1 },
    ])
    await clerk
      .getByRole('button', { name: language === 'en' ? /20\.000/ : /30\.000/ })
      .first()
      .click()
    await ready(clerk.getByRole('button', { name: 'Confirm sale' }))
    await clerk.getByRole('button', { name: 'Confirm sale' }).click()
    const lost = await shows('result')
    expect(lost).toContain(w.checking)
    expect(lost).not.toMatch(/unknown|error|\b5\d\d\b/i)
    await shots(language, 'checking')
    shell.sandbox.controls.clearFaults()
    await clerk.keyboard.press('Escape')
    await shows('idle')
    expect(customerErrors).toEqual([])
    expect(clerkErrors).toEqual([])
  })
})

describe('the customer’s own "Yes, this is me" (a setting, off by default)', () => {
  it('confirms the name from the customer’s screen; the clerk sees it and sends; the journal says the customer confirmed', async () => {
    await callDesk(clerk, 'configureCustomerDisplay', { language: 'en', customerConfirms: true })
    await lookUp(AHMED.phone)
    await shows('name')
    const yes = customer.getByRole('button', { name: 'Yes, this is me' })
    await yes.waitFor()
    await shots('en', 'name-confirm')
    // A touch anywhere else does nothing.
    await customer.mouse.click(20, 20)
    expect(await state()).toBe('name')
    await yes.click()
    await clerk.getByText('The customer confirmed the name on their screen.').waitFor()
    expect(await clerk.getByLabel('Amount (LYD)').count()).toBe(1)
    await shows('amount')
    await clerk.getByLabel('Amount (LYD)').fill('7')
    await clerk.getByRole('button', { name: 'Review' }).click()
    await ready(clerk.getByRole('button', { name: 'Confirm deposit' }))
    await clerk.getByRole('button', { name: 'Confirm deposit' }).click()
    await clerk.getByRole('heading', { name: 'Deposit confirmed' }).waitFor()
    const page = await callDesk(clerk, 'listJournal', { kind: 'deposit', limit: 1 })
    expect(page.entries[0]).toMatchObject({
      phone: AHMED.phone,
      amountDirhams: 7_000,
      nameConfirmedBy: 'customer',
    })
    await clerk.keyboard.press('Escape')
    await shows('idle')
    // The journal says who confirmed the name.
    await clerk.keyboard.press('F3')
    await clerk.locator('.journal-row').first().click()
    const facts = clerk.locator('.entry-panel')
    await facts.getByText('Name confirmed by', { exact: true }).waitFor()
    await facts.getByText('the customer, on the customer display', { exact: true }).waitFor()
    await clerk.keyboard.press('Escape')
  })

  it('shows both languages side by side when the manager chooses both (in Settings)', async () => {
    await clerk.keyboard.press('F4')
    const card = clerk.locator('section.card', {
      has: clerk.getByRole('heading', { name: 'Customer display' }),
    })
    await card.scrollIntoViewIfNeeded()
    // The browser shell places no window: the page has its own address, and the card says so.
    await card.getByText('places no window on a display (browser shell)').waitFor()
    expect(
      await card.getByLabel('The customer may press “Yes, this is me” (touch screens)').isChecked(),
    ).toBe(true)
    await card.getByLabel('Customer’s language').selectOption({ label: 'Arabic and English side by side' })
    await card.getByText('Saved.').waitFor()
    await card.screenshot({ path: join(SCREENSHOT_DIR, 'settings-customer-display-en.png') })
    const idle = await shows('idle')
    expect(idle).toContain(WORDS.en.welcome)
    expect(idle).toContain(WORDS.ar.welcome)
    await shots('both', 'idle')
    await lookUp(SARA.phone)
    const name = await shows('name')
    expect(name).toContain(WORDS.en.isThisYou)
    expect(name).toContain(WORDS.ar.isThisYou)
    expect(await customer.getByRole('button').textContent()).toBe('نعم، هذا أنا · Yes, this is me')
    await shots('both', 'name-confirm')
    await button(clerk, 'Yes').click()
    await clerk.getByLabel('Amount (LYD)').fill('12.5')
    await clerk.getByRole('button', { name: 'Review' }).click()
    const review = await shows('review')
    expect(review).toContain(WORDS.en.willSend)
    expect(review).toContain(WORDS.ar.willSend)
    await shots('both', 'review')
    await clerk.keyboard.press('Escape')
    await clerk.keyboard.press('Escape')
    await clerk.keyboard.press('Escape')
    await shows('idle')
  })
})

describe('the Settings card where the desk places a window (the Electron app)', () => {
  it('lists the displays, marks the clerk’s screen and touch ones, and says whether the display shows', async () => {
    // What the Electron host answers, given to this page for the card (the browser shell places no window).
    const displays = [
      {
        id: 1,
        label: 'Clerk monitor',
        primary: true,
        touch: 'unknown',
        bounds: { x: 0, y: 0, width: 1920, height: 1080 },
      },
      {
        id: 2,
        label: 'Customer monitor',
        primary: false,
        touch: 'available',
        bounds: { x: 1920, y: 0, width: 1024, height: 768 },
      },
    ]
    const setup = (display: { id: number; label: string } | null, open: boolean) => ({
      ok: true,
      value: {
        settings: { display, language: 'ar', customerConfirms: false },
        placesWindows: true,
        displays,
        open,
      },
    })
    const sent: unknown[] = []
    await clerk.route('**/__bridge/getCustomerDisplaySetup', (route) =>
      route.fulfill({ json: setup(null, false) }),
    )
    await clerk.route('**/__bridge/configureCustomerDisplay', (route) => {
      sent.push(route.request().postDataJSON())
      return route.fulfill({ json: setup({ id: 2, label: 'Customer monitor' }, true) })
    })
    try {
      await clerk.keyboard.press('F1')
      await clerk.keyboard.press('F4')
      const card = clerk.locator('section.card', {
        has: clerk.getByRole('heading', { name: 'Customer display' }),
      })
      const select = card.getByLabel('Display')
      await select.waitFor()
      expect(await select.locator('option').allTextContents()).toEqual([
        'None (off)',
        'Clerk monitor · 1920×1080 — the clerk’s screen',
        'Customer monitor · 1024×768 — touch',
      ])
      await select.selectOption({ label: 'Customer monitor · 1024×768 — touch' })
      await card.getByText('Showing now.').waitFor()
      expect(sent).toEqual([{ input: { display: { id: 2, label: 'Customer monitor' } } }])
      await card.scrollIntoViewIfNeeded()
      await card.screenshot({ path: join(SCREENSHOT_DIR, 'settings-customer-display-electron-en.png') })
    } finally {
      await clerk.unroute('**/__bridge/getCustomerDisplaySetup')
      await clerk.unroute('**/__bridge/configureCustomerDisplay')
    }
  })
})

describe('back to Welcome at once', () => {
  let clockBrowser: Browser | undefined
  afterAll(async () => {
    await clockBrowser?.close()
  })

  it('when the clerk signs out, the deposit’s name on the customer’s screen', async () => {
    await callDesk(clerk, 'configureCustomerDisplay', { language: 'en', customerConfirms: false })
    await callDesk(clerk, 'createManager', { name: 'Fatima', pin: '2580' })
    await clerk.reload()
    await signInOnScreen(clerk, 'Fatima', '2580')
    await lookUp(MOHAMED.phone)
    await shows('name')
    await clerk.getByRole('button', { name: 'Sign out' }).click()
    expect(await shows('idle')).toContain(WORDS.en.welcome)
    await clerk.getByRole('heading', { name: 'Sign in' }).waitFor()
  })

  it('when the clerk’s screen locks itself after the idle time', async () => {
    // Playwright's clock belongs to a browser context: the clerk's window in a Chromium of its own.
    clockBrowser = await launchBrowser()
    const locking = await clockBrowser.newPage()
    await locking.clock.install()
    await locking.goto(shell.url)
    await signInOnScreen(locking, 'Fatima', '2580')
    await locking.keyboard.press('F2')
    await locking.getByLabel('Customer phone number').fill(AHMED.phone)
    await locking.getByRole('button', { name: 'Look up' }).click()
    expect(await shows('name')).toContain(AHMED.name)
    // Ten minutes and more without a key or a click (the auto-lock's default).
    await locking.clock.fastForward('10:10')
    expect(await shows('idle')).toContain(WORDS.en.welcome)
    await locking.getByRole('heading', { name: 'Sign in' }).waitFor()
  })
})
