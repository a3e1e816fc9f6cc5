import { createServer, type Server } from 'node:net'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../src/renderer/src/i18n'
import { type Sandbox, startSandbox } from '../../src/sandbox/index'
import type { Language } from '../../src/shared/types'
import type { BrowserShell } from '../../src/shells/browser/server'
import { deskSeed } from '../helpers/desk'
import { type Browser, watchErrors } from './support/browser'
import { type DeskInChromium, openFirstScreen, startDeskInChromium } from './support/desk'
import { screenshotsAtBothWidths } from './support/layout'
import {
  button,
  confirmName,
  headerUsed,
  lookUp,
  openWindow,
  switchLanguage,
  toReview,
} from './support/screens'

/**
 * Messages where the eye is (issue 30): in Settings, what a Test or a Save came to is said beside the button
 * pressed, scrolled into view and given the focus (a screen reader reads it), in words for its cause: a wrong
 * password, an address that is not a reseller service, a head office that cannot be reached (one message, not
 * "could not be reached" beside "answered with an error"). 1024×768, English and Arabic. And each card on its
 * own: what is typed in one kept while another is saved, its "Saved." gone once it changes, the limits known
 * to the Sell and Deposit screens once saved, and why a Save is not pressable (an agreed limit of 0, a token
 * lifetime emptied), said at the field.
 */
let desk: DeskInChromium
let live: Sandbox
/** A port where something listens and drops every connection before it is PostgreSQL's. */
let dropper: Server
let dropperPort: number

beforeAll(async () => {
  desk = await startDeskInChromium('settings-messages')
  live = await startSandbox({ seed: deskSeed() })
  dropper = createServer((socket) => socket.destroy())
  await new Promise<void>((resolve) => dropper.listen(0, '127.0.0.1', resolve))
  dropperPort = (dropper.address() as { port: number }).port
}, 120_000)

afterAll(async () => {
  await new Promise((resolve) => dropper?.close(resolve))
  await desk?.close()
  await live?.close()
})

/** The element with the focus holds `text`, and the whole of it is inside the window. */
async function focusedAndInView(page: Page, text: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''), { message: text })
    .toContain(text)
  const box = await page.evaluate(() => {
    const r = (document.activeElement as HTMLElement).getBoundingClientRect()
    return { top: r.top, bottom: r.bottom, height: window.innerHeight }
  })
  // (Within a pixel: a box of a fractional height, scrolled to the edge.)
  expect(box.top).toBeGreaterThanOrEqual(-1)
  expect(box.bottom).toBeLessThanOrEqual(box.height + 1)
}
describe('Settings’ cards, each saved on its own, and why a live address or a limit is refused', () => {
  let shell: BrowserShell
  let browser: Browser
  beforeAll(() => {
    ;({ shell, browser } = desk)
  })
  const openDesk = () => openWindow(browser, shell)

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
    // (Exactly: Settings, drawn ahead and hidden, has a field whose label holds these words too.)
    await page.getByText('Agreed with the provider', { exact: true }).waitFor()
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

  it('draws Settings ahead, hidden, while the desk is idle: F4 shows it at once, as main holds it then, asking main nothing in its own task; F5 never shows "Loading…" either', async () => {
    const page = await browser.newPage()
    const errors = watchErrors(page)
    // The calls to main (the bridge's fetches) with the key whose own task made them, if any; and what was put
    // on screen while a manager's screen's code was still coming ("Loading…", app/App.tsx).
    await page.addInitScript(() => {
      const calls: { method: string; key: string | null }[] = []
      const loading: string[] = []
      let key: string | null = null
      addEventListener(
        'keydown',
        (event) => {
          key = event.key
          const next = new MessageChannel()
          next.port1.onmessage = () => {
            key = null
            next.port1.close()
          }
          next.port2.postMessage(null)
        },
        true,
      )
      const send = window.fetch.bind(window)
      window.fetch = (input, init) => {
        calls.push({ method: String(input).split('/').pop() ?? '', key })
        return send(input, init)
      }
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of Array.from(record.addedNodes))
            if (node instanceof HTMLElement && node.matches('p.screen')) loading.push(node.textContent ?? '')
      }).observe(document, { childList: true, subtree: true })
      Object.assign(window, { __calls: calls, __loading: loading })
    })
    type Seen = { __calls: { method: string; key: string | null }[]; __loading: string[] }
    const calls = () => page.evaluate(() => (window as unknown as Seen).__calls)
    const loading = () => page.evaluate(() => (window as unknown as Seen).__loading)
    await page.goto(shell.url)
    await page.locator('.denomination').first().waitFor()
    // Laid out at an idle moment, still hidden: none of it drawn, nor read (no heading), nor focused.
    const hiddenSettings = () =>
      page.evaluate(() => {
        const main = document.querySelector<HTMLElement>('main.settings-screen')
        if (!main) return null
        const title = main.querySelector<HTMLElement>('h1')
        title?.focus()
        return {
          hidden: main.getAttribute('aria-hidden'),
          laidOut: main.hasAttribute('data-laid-out'),
          contentVisibility: getComputedStyle(main).contentVisibility,
          partsVisible: Array.from(main.querySelectorAll('*')).filter((part) => part.checkVisibility())
            .length,
          titleFocused: document.activeElement === title,
        }
      })
    const laidOutHidden = {
      hidden: 'true',
      laidOut: true,
      contentVisibility: 'hidden',
      partsVisible: 0,
      titleFocused: false,
    }
    await expect.poll(hiddenSettings, { timeout: 10_000 }).toEqual(laidOutHidden)
    expect(await page.getByRole('heading', { name: 'Settings' }).count()).toBe(0)
    expect(await page.locator('main:visible').count()).toBe(1)
    // Changed in main meanwhile (another window): F4 shows what main holds then, not what it held when drawn.
    await page.evaluate(() =>
      (window as unknown as { api: { updateSettings(patch: object): Promise<unknown> } }).api.updateSettings({
        agreedDailyLimitDirhams: 4_321_000,
      }),
    )
    const loadingBefore = (await loading()).length
    const callsBefore = (await calls()).length
    await page.keyboard.press('F4')
    await page.getByRole('heading', { name: 'Settings' }).waitFor()
    // At once: no "Loading…" between, the title focused, in the page's flow.
    expect((await loading()).slice(loadingBefore)).toEqual([])
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('settings-title')
    expect(
      await page.evaluate(() => {
        const main = document.querySelector<HTMLElement>('main.settings-screen') as HTMLElement
        const style = getComputedStyle(main)
        return [main.getAttribute('aria-hidden'), style.contentVisibility, style.position]
      }),
    ).toEqual([null, 'visible', 'static'])
    const limits = page.getByRole('region', { name: 'Limits' })
    await expect
      .poll(() => limits.getByLabel('Daily limit agreed with the provider (LYD)').inputValue())
      .toBe('4321')
    // F4's own task asked main nothing of what the screen shows (its frame first); its reads came in the tasks
    // after it. (Only the screen's own reads: the desk's polls run on their timer, a task of their own.)
    const reads = [
      'getSettings',
      'getVersionInfo',
      'getUpdateStatus',
      'getCustomerDisplaySetup',
      'getHeadOffice',
    ]
    const made = (await calls()).slice(callsBefore).filter((c) => reads.includes(c.method))
    expect(made.filter((c) => c.key === 'F4')).toEqual([])
    expect([...new Set(made.map((c) => c.method))].sort()).toEqual([...reads].sort())
    // Left, it is hidden again, and the next visit's is laid out hidden in turn.
    await page.keyboard.press('F1')
    await page.getByRole('heading', { name: 'Sell a voucher' }).waitFor()
    await expect.poll(hiddenSettings, { timeout: 10_000 }).toEqual(laidOutHidden)
    expect(await page.locator('main.settings-screen').count()).toBe(1)
    // The Manager's screen is not drawn ahead, but its code is fetched with Settings': once it is in, the first
    // F5 draws the screen at once too, with no "Loading…" frame before it.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            performance.getEntriesByType('resource').filter((e) => /ManagerScreen-[^/]*\.js$/.test(e.name))
              .length,
        ),
      )
      .toBe(1)
    await page.evaluate(() => new Promise((settled) => requestIdleCallback(() => settled(null))))
    const loadingBeforeF5 = (await loading()).length
    await page.keyboard.press('F5')
    await page.getByRole('tab', { name: 'Reports' }).waitFor()
    expect((await loading()).slice(loadingBeforeF5)).toEqual([])
    await page.evaluate(() =>
      (window as unknown as { api: { updateSettings(patch: object): Promise<unknown> } }).api.updateSettings({
        agreedDailyLimitDirhams: null,
      }),
    )
    expect(errors).toEqual([])
    await page.close()
  })

  it('paints Settings’ sections a window’s height below its title a frame after F4, at the height they have shown, on each visit; at once in a window resized since', async () => {
    const page = await browser.newPage()
    const errors = watchErrors(page)
    await page.setViewportSize({ width: 1366, height: 768 })
    await page.goto(shell.url)
    await page.locator('.denomination').first().waitFor()
    const laidOutHidden = () =>
      page.locator('main.settings-screen[aria-hidden="true"][data-laid-out]').waitFor({ state: 'attached' })
    type Section = { name: string; drawn: boolean; top: number; height: number; heightShown: number }
    /** F4, and each section as F4's own frame drew it: read by a frame callback set going at the key. */
    const f4 = async (): Promise<Section[]> => {
      await page.evaluate(() => {
        // Not the last visit's: read again once this key's frame has come.
        Object.assign(window, { __f4Frame: null })
        const read = (): Section[] =>
          Array.from(
            document.querySelectorAll<HTMLElement>('main.settings-screen .settings-grid > *'),
            (part) => {
              const box = part.getBoundingClientRect()
              // Its height with nothing the desk set on it, as it is once shown.
              const style = part.style.cssText
              part.style.cssText = ''
              const heightShown = part.getBoundingClientRect().height
              part.style.cssText = style
              return {
                name: part.querySelector('h2')?.textContent ?? '',
                // Its heading: a section content-visibility hidden has its own box drawn, not its contents.
                drawn: part.querySelector('h2')?.checkVisibility() ?? false,
                top: Math.round(box.top),
                height: Math.round(box.height),
                heightShown: Math.round(heightShown),
              }
            },
          )
        addEventListener(
          'keydown',
          () => requestAnimationFrame(() => Object.assign(window, { __f4Frame: read() })),
          {
            capture: true,
            once: true,
          },
        )
      })
      await page.keyboard.press('F4')
      await page.getByRole('heading', { name: 'Settings' }).waitFor()
      // Its frame may come after the heading is found (the last visit's frame was read here at times, and the first
      // visit's nothing: one run in five of the test alone).
      const read = () => page.evaluate(() => (window as unknown as { __f4Frame: Section[] | null }).__f4Frame)
      await expect.poll(read).not.toBeNull()
      const frame = (await read()) as Section[]
      // The next frame draws them all: every section's heading is seen.
      await expect
        .poll(() =>
          page.evaluate(() =>
            Array.from(document.querySelectorAll('main.settings-screen .settings-grid > * h2')).every((h) =>
              h.checkVisibility(),
            ),
          ),
        )
        .toBe(true)
      return frame
    }
    /** What a slow PC gains: the sections the window shows drawn in F4's frame, the lowest three not. */
    const keptBackBelow = (frame: Section[]) => {
      expect(frame.length).toBeGreaterThan(8)
      expect(frame.filter((section) => section.top < 768).every((section) => section.drawn)).toBe(true)
      const kept = frame.filter((section) => !section.drawn)
      expect(kept.map((section) => section.name)).toEqual(
        expect.arrayContaining(['Head office', 'Customer display', 'Support']),
      )
      // Nothing moves when they are drawn: each kept the height it has shown.
      for (const section of kept) expect(section.height, section.name).toBe(section.heightShown)
    }

    await laidOutHidden()
    keptBackBelow(await f4())
    // Each visit is a new screen, laid out hidden while idle in turn.
    await page.keyboard.press('F1')
    await page.getByRole('heading', { name: 'Sell a voucher' }).waitFor()
    await laidOutHidden()
    keptBackBelow(await f4())
    // A window made taller after that layout: its sections are not kept back (one might be in the window).
    await page.keyboard.press('F1')
    await page.getByRole('heading', { name: 'Sell a voucher' }).waitFor()
    await laidOutHidden()
    await page.setViewportSize({ width: 1366, height: 1000 })
    expect((await f4()).every((section) => section.drawn)).toBe(true)
    expect(errors).toEqual([])
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
  const shots = (name: string) => screenshotsAtBothWidths(page, `settings-messages-${name}`)
  const toArabic = () => switchLanguage(page, 'ar')
  const toEnglish = () => switchLanguage(page, 'en')

  describe('Settings’ preferences', () => {
    it('say why Save is not pressable with the token lifetime empty, and forget “Saved.” once Settings is left', async () => {
      await page.keyboard.press('F4')
      const prefs = page.getByRole('region', { name: 'Working preferences' })
      const lifetime = page.getByLabel('Token lifetime (hours)')
      await lifetime.waitFor()
      const hours = await lifetime.inputValue()
      await lifetime.fill('')
      await prefs.getByText('A whole number of hours from 1 to 672 (28 days).').waitFor()
      expect(await prefs.getByRole('button', { name: 'Save preferences' }).isDisabled()).toBe(true)
      await lifetime.fill(hours)
      expect(await prefs.getByText('A whole number of hours from 1 to 672').count()).toBe(0)
      await prefs.getByRole('button', { name: 'Save preferences' }).click()
      await prefs.getByText('Saved.').waitFor()
      await page.keyboard.press('F1')
      await page.getByRole('heading', { name: 'Sell a voucher' }).waitFor()
      await page.keyboard.press('F4')
      await lifetime.waitFor()
      expect(await prefs.getByText('Saved.').count()).toBe(0)
      expect(errors).toEqual([])
    })
  })

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
})

describe('Settings says what a Test or a Save came to beside its button, with the focus', () => {
  it.each(['en', 'ar'] as const)(
    '%s',
    async (language: Language) => {
      const t = MESSAGES[language]
      const page = await desk.browser.newPage()
      const errors = watchErrors(page)
      await page.setViewportSize({ width: 1024, height: 768 })
      await page.goto(desk.shell.url)
      await page.locator('.denomination').first().waitFor()
      const switchTo = page.getByRole('button', {
        name: language === 'ar' ? 'العربية' : 'English',
        exact: true,
      })
      if ((await switchTo.count()) > 0) await switchTo.click()
      await page.keyboard.press('F4')
      const liveCard = page.locator('section.card', {
        has: page.getByRole('heading', { name: t.settings.liveTitle }),
      })
      const field = (card: Locator, label: string) => card.getByLabel(label, { exact: true })

      // A wrong password: said as such, beside Test, with the focus — not "check them in Settings".
      await field(liveCard, t.settings.baseUrl).fill(live.baseUrl)
      await field(liveCard, t.settings.username).fill('demo')
      await field(liveCard, t.settings.password).fill('not-the-password')
      await liveCard.getByRole('button', { name: t.settings.test }).click()
      await focusedAndInView(page, t.settings.refusals.INVALID_CREDENTIALS)
      expect(await liveCard.textContent()).not.toContain(t.errors.INVALID_CREDENTIALS)
      await screenshotsAtBothWidths(page, `settings-wrong-password-${language}`)

      // An address where no reseller service answers: check the address, not "try again in a moment".
      await field(liveCard, t.settings.baseUrl).fill(
        live.baseUrl.replace(/\/api\/v1\/reseller\/?$/, '/api/v2/x'),
      )
      await field(liveCard, t.settings.password).fill('demo-pass')
      await liveCard.getByRole('button', { name: t.settings.test }).click()
      await focusedAndInView(page, t.settings.refusals.NOT_A_RESELLER_SERVICE)
      expect(await liveCard.textContent()).not.toContain(t.errors.SERVICE_ERROR)

      // Save and switch to live without the password: the field saying so has the focus.
      await field(liveCard, t.settings.baseUrl).fill(live.baseUrl)
      await field(liveCard, t.settings.password).fill('')
      await liveCard.getByRole('button', { name: t.settings.configure }).click()
      await liveCard.getByText(t.settings.passwordRequired).waitFor()
      await expect
        .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type))
        .toBe('password')

      // A saved preference: "Saved." beside its button, with the focus (the next Enter saves nothing again).
      const prefs = page.locator('section.card', {
        has: page.getByRole('heading', { name: t.settings.generalTitle }),
      })
      await field(prefs, t.settings.tokenLifetime).fill('12')
      await prefs.getByRole('button', { name: t.settings.save }).click()
      await focusedAndInView(page, t.settings.saved)

      // The head office with nothing there that answers as one: one message for that cause.
      const h = t.headOffice
      const ho = page.locator('section.card', { has: page.getByRole('heading', { name: h.title }) })
      await field(ho, h.host).fill('127.0.0.1')
      await field(ho, h.port).fill(String(dropperPort))
      await field(ho, h.database).fill('chain')
      await field(ho, h.user).fill('desk_souq')
      await field(ho, h.password).fill('secret')
      await field(ho, h.terminal).fill('Souq')
      await ho.getByRole('button', { name: h.test }).click()
      await focusedAndInView(page, t.errorReasons.HO_NOT_REACHED)
      const said = (await ho.textContent()) ?? ''
      expect(said).toContain(h.testUnreachable)
      for (const other of [t.errorReasons.HO_ERROR, t.errorReasons.HO_NO_ANSWER])
        expect(said).not.toContain(other)
      await screenshotsAtBothWidths(page, `settings-head-office-unreachable-${language}`)
      expect(errors).toEqual([])
      await page.close()
    },
    120_000,
  )
})
