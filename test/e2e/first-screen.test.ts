import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserShell } from '../../src/shells/browser/server'
import { type Browser, ready, watchErrors } from './support/browser'
import { type DeskInChromium, startDeskInChromium } from './support/desk'
import { confirmName, switchLanguage } from './support/screens'

/**
 * What the first screen waits for, and what it does not: the fonts (the Arabic font is 160 KB) and the
 * manager's screens arrive after it. Asserted on what the page fetched and showed, never on timings.
 */
let shell: BrowserShell
let browser: Browser
let desk: DeskInChromium

beforeAll(async () => {
  desk = await startDeskInChromium('first-screen')
  ;({ shell, browser } = desk)
}, 120_000)

afterAll(async () => {
  await desk?.close()
})

/** Records, in the page, which files it had fetched when its first heading appeared. */
const RECORD_FIRST_SCREEN = `(() => {
  new MutationObserver((_, observer) => {
    if (!document.querySelector('h1')) return
    observer.disconnect()
    window.__firstScreen = performance.getEntriesByType('resource').map((r) => r.name)
  }).observe(document, { childList: true, subtree: true })
})()`

/** The manager's screens' code (Settings and Manager), loaded after the first screen. */
const LAZY_SCREEN = /\/assets\/(SettingsScreen|ManagerScreen)-[^/]+\.js$/
const isLazyScreen = (url: string) => LAZY_SCREEN.test(url)
/** Every file the page has fetched so far. */
const fetchedFiles = (page: Page) =>
  page.evaluate("performance.getEntriesByType('resource').map((r) => r.name)") as Promise<string[]>
const arabicFontReady = (page: Page) =>
  page.evaluate(`document.fonts.check('16px "Noto Sans Arabic Variable"', 'ب')`) as Promise<boolean>

describe('the renderer the tests drive', () => {
  it('is the build that ships: React’s production build, not its development one', async () => {
    const page = await browser.newPage()
    await page.goto(shell.url)
    await page.locator('.denomination').first().waitFor()
    const scripts = await page.evaluate(() =>
      Array.from(document.querySelectorAll('script[src]'), (s) => (s as HTMLScriptElement).src),
    )
    const code = (await Promise.all(scripts.map(async (src) => (await fetch(src)).text()))).join('\n')
    // The development build names the frame React's stacks end at, and checks hooks by name; the
    // production build has neither.
    expect(code).toContain('createRoot')
    expect(code).not.toContain('react_stack_bottom_frame')
    expect(code).not.toContain('Invalid hook call')
    await page.close()
  })
})

describe('the first screen', () => {
  it('paints without waiting for the fonts, and without the manager screens’ code', async () => {
    const page = await browser.newPage()
    const errors = watchErrors(page)
    await page.addInitScript(RECORD_FIRST_SCREEN)
    // Hold every font back until the first screen is up.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const fonts: string[] = []
    await page.route(/\.woff2$/, async (route) => {
      fonts.push(route.request().url())
      await held
      await route.continue()
    })
    await page.goto(shell.url)
    await page.getByRole('heading', { name: 'Sell a voucher' }).waitFor()
    // The language switch names Arabic in Arabic: the Arabic font was asked for, and is still on its way.
    expect(fonts.some((url) => url.includes('arabic-wght'))).toBe(true)
    expect(await arabicFontReady(page)).toBe(false)
    const firstScreen = (await page.evaluate('window.__firstScreen')) as string[]
    expect(firstScreen.some((url) => url.endsWith('.js'))).toBe(true)
    expect(firstScreen.filter(isLazyScreen)).toEqual([])

    release()
    // Polled through evaluate: waitForFunction compiles a string predicate with eval, which the CSP refuses.
    await expect.poll(() => arabicFontReady(page)).toBe(true)
    // A terminal without a manager may open every screen: F4 and F5 have their code (fetched once the first
    // screen is up, or on the key if it comes first).
    await page.keyboard.press('F4')
    await page.getByRole('heading', { name: 'Settings' }).waitFor()
    await page.keyboard.press('F5')
    await page.getByRole('heading', { name: 'Manager', exact: true }).waitFor()
    expect((await fetchedFiles(page)).filter(isLazyScreen)).toHaveLength(2)
    await page.keyboard.press('F1')
    await page.getByRole('heading', { name: 'Sell a voucher' }).waitFor()
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)
})

/**
 * Records, in the page, every line the desk lays out to prepare its fonts (ui/warm-fonts.ts): the font asked
 * for, the box around it as it was when the moment ended (still in the page or not, inert, hidden), and whether
 * the manager's screens' code had come by then; and how many lines there were when the journal was drawn ahead
 * (App's Ahead, hidden) and when it was first prepared, still hidden (ui/warm-up.ts: marked aria-hidden as its
 * styles are worked out, before its layout).
 */
const RECORD_FONT_LINES = `(() => {
  const lines = []
  window.__fontLines = lines
  window.__linesBeforeLaidOut = null
  window.__linesBeforeJournal = null
  const managerCode = () => performance.getEntriesByType('resource').some((r) => ${LAZY_SCREEN}.test(r.name))
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') {
        if (record.target.matches('main.journal-screen[aria-hidden]') && window.__linesBeforeLaidOut === null)
          window.__linesBeforeLaidOut = lines.length
        continue
      }
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLElement)) continue
        const journal = 'main.journal-screen:not([aria-hidden])'
        if ((node.matches(journal) || node.querySelector(journal)) && window.__linesBeforeJournal === null)
          window.__linesBeforeJournal = lines.length
      }
      const box = record.target
      if (!(box instanceof HTMLElement) || !box.hasAttribute('data-warm-fonts')) continue
      for (const line of record.addedNodes) {
        if (!(line instanceof HTMLElement)) continue
        lines.push({
          family: line.style.fontFamily, size: line.style.fontSize, weight: line.style.fontWeight, lang: box.lang,
          text: line.textContent, kept: box.isConnected, inert: box.inert,
          hidden: box.getAttribute('aria-hidden'), visibility: box.style.visibility, managerCode: managerCode(),
        })
      }
    }
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-hidden'] })
})()`

/**
 * The fonts' loading said done a second after the page asks, as on a slow PC (the lines wait for it): what may
 * only come after the lines has had time to come before them. Then the browser's own answer (the fonts asked
 * for by then loaded).
 */
const fontsReadyLate = (ms: number) => `(() => {
  const ready = Object.getOwnPropertyDescriptor(FontFaceSet.prototype, 'ready').get
  Object.defineProperty(document.fonts, 'ready', {
    get: () => new Promise((resolve) => setTimeout(resolve, ${ms})).then(() => ready.call(document.fonts)),
  })
})()`
const FONTS_READY_LATE = fontsReadyLate(1_000)

const FONTS_FILE = fileURLToPath(new URL('../../src/renderer/src/ui/fonts-in-use.json', import.meta.url))

interface FontLine {
  family: string
  size: string
  weight: string
  lang: string
  text: string
  kept: boolean
  inert: boolean
  hidden: string | null
  visibility: string
  managerCode: boolean
}

/** Each font the shown screen writes in (family, size, weight), as the page computes them, in the page's order. */
const fontsShown = (page: Page) =>
  page.evaluate(() => {
    const fonts: { family: string; size: string; weight: string }[] = []
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const writes =
        (el instanceof HTMLInputElement && !['checkbox', 'radio', 'hidden'].includes(el.type)) ||
        Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim())
      // Not the warm-up's own lines nor the journal laid out hidden (the key hints, aria-hidden, are drawn: they count).
      if (!writes || el.getClientRects().length === 0 || el.closest('[data-warm-fonts], main[aria-hidden]'))
        continue
      const style = getComputedStyle(el)
      fonts.push({ family: style.fontFamily, size: style.fontSize, weight: style.fontWeight })
    }
    return fonts
  })

const fontKey = ({ family, size, weight }: { family: string; size: string; weight: string }) =>
  `${family} | ${size} | ${weight}`

/** The fonts the lines were laid out in, as the page computes them. */
const fontsOfLines = (page: Page, lines: FontLine[]) =>
  page
    .evaluate((asked) => {
      return asked.map(({ family, size, weight }) => {
        const probe = document.createElement('span')
        Object.assign(probe.style, { fontFamily: family, fontSize: size, fontWeight: weight })
        document.body.append(probe)
        const style = getComputedStyle(probe)
        const font = { family: style.fontFamily, size: style.fontSize, weight: style.fontWeight }
        probe.remove()
        return font
      })
    }, lines)
    .then((fonts) => fonts.map(fontKey))

/**
 * The desk started on a fresh page (its fonts said ready a second late), and every line it laid out for its fonts
 * once there are as many as the list the renderer under test was built with (a run with -u rewrites the file
 * after this).
 */
async function fontLinesOnStart(page: Page): Promise<FontLine[]> {
  await page.addInitScript(RECORD_FONT_LINES)
  await page.addInitScript(FONTS_READY_LATE)
  await page.goto(shell.url)
  await page.locator('.denomination').first().waitFor()
  const lines = () => page.evaluate('window.__fontLines') as Promise<FontLine[]>
  const listed = (JSON.parse(readFileSync(FONTS_FILE, 'utf8')) as unknown[]).length
  await expect.poll(async () => (await lines()).length, { timeout: 20_000 }).toBe(listed)
  return lines()
}

describe('the fonts the screens write in, prepared while the desk is idle', () => {
  it('lays out a line in each font of the sale’s, the deposit’s and the journal’s screens, out of sight, removed at once, before the journal and the manager’s screens are prepared', async () => {
    const page = await browser.newPage()
    const errors = watchErrors(page)
    try {
      const laidOut = await fontLinesOnStart(page)
      const warmed = new Set(await fontsOfLines(page, laidOut))

      // The fonts of each step as the clerk meets it, the first time, in that order.
      const used = new Map<string, { family: string; size: string; weight: string }>()
      const note = async () => {
        for (const font of await fontsShown(page)) if (!used.has(fontKey(font))) used.set(fontKey(font), font)
      }
      await note()
      // The first screen writes in its fonts already: theirs come last (a word new to them costs far less).
      const firstScreen = new Set(used.keys())
      await page.keyboard.press('1')
      await ready(page.getByRole('button', { name: 'Confirm sale' }))
      await note()
      // The service takes a moment: the sale's waiting step, which a sale and a deposit show while their money
      // is on its way (its words are in a font of their own: not noted, the first sale's Enter laid out its
      // first line, 18 ms at 4× CPU).
      shell.sandbox.controls.setFaults([
        { method: 'POST', path: '/vouchers/generate', action: 'delay', delay_ms: 1500, times: 1 },
      ])
      await page.keyboard.press('Enter')
      await page.locator('.waiting').waitFor()
      await note()
      await page.getByRole('heading', { name: 'Voucher issued' }).waitFor()
      await note()
      await page.keyboard.press('Escape')
      await page.keyboard.press('F2')
      await page.getByLabel('Customer phone number').fill('0912345678')
      await page.keyboard.press('Enter')
      await page.getByText('Is the account holder named').waitFor()
      await note()
      await confirmName(page)
      await page.getByLabel('Amount (LYD)').fill('25')
      await note()
      await page.keyboard.press('Enter')
      await ready(page.getByRole('button', { name: 'Confirm deposit' }))
      await note()
      await page.keyboard.press('Enter')
      await page.getByRole('heading', { name: 'Deposit confirmed' }).waitFor()
      await note()
      await page.keyboard.press('Escape')
      await page.keyboard.press('F3')
      await page.locator('.journal-row').first().waitFor()
      await note()
      // An entry opened from the list: its history.
      await page.locator('.journal-row').first().focus()
      await page.keyboard.press('Enter')
      await page
        .getByRole('complementary', { name: 'Entry' })
        .getByRole('heading', { name: 'History' })
        .waitFor()
      await note()

      // The list the desk warms is these fonts (ui/fonts-in-use.json): after a style change that adds one, a
      // run with -u writes it, and a second run checks the lines of a renderer built with it.
      const inOrder = [
        ...[...used].filter(([key]) => !firstScreen.has(key)),
        ...[...used].filter(([key]) => firstScreen.has(key)),
      ].map(([, font]) => font)
      await expect(`${JSON.stringify(inOrder, null, 2)}\n`).toMatchFileSnapshot(FONTS_FILE)
      expect([...used.keys()].filter((font) => !warmed.has(font))).toEqual([])
      // Never seen: each line's box hidden, inert, out of the page before the moment ended.
      expect(
        laidOut.filter((l) => l.kept || !l.inert || l.hidden !== 'true' || l.visibility !== 'hidden'),
      ).toEqual([])
      expect(new Set(laidOut.map((l) => l.lang))).toEqual(new Set(['en']))
      // The fonts a clerk's first keys need come before what only F3, F4 and F5 need: the journal drawn ahead
      // and laid out (hidden), the manager's screens' code.
      expect(await page.evaluate('window.__linesBeforeJournal')).toBe(laidOut.length)
      expect(await page.evaluate('window.__linesBeforeLaidOut')).toBe(laidOut.length)
      expect(laidOut.filter((l) => l.managerCode)).toEqual([])
      expect((await fetchedFiles(page)).filter(isLazyScreen)).toHaveLength(2)
      expect(laidOut.every((l) => /[a-z]/.test(l.text) && /\d/.test(l.text))).toBe(true)
      expect(errors).toEqual([])
    } finally {
      shell.sandbox.controls.clearFaults()
      await page.close()
    }
  }, 90_000)

  it('keeps the journal, hidden, when a clerk leaves it before the fonts are ready (shown on F3, not torn down on F1)', async () => {
    const page = await browser.newPage()
    const errors = watchErrors(page)
    await page.addInitScript(RECORD_FONT_LINES)
    await page.addInitScript(fontsReadyLate(60_000))
    try {
      await page.goto(shell.url)
      await page.locator('.denomination').first().waitFor()
      await page.keyboard.press('F3')
      await page.locator('.field-search input:focus').waitFor()
      await page.keyboard.press('F1')
      await page.getByRole('heading', { name: 'Sell a voucher' }).waitFor()
      // No font line yet: the journal is kept because it was shown, not because the fonts are warm.
      expect(await page.evaluate('window.__fontLines.length')).toBe(0)
      await expect
        .poll(() =>
          page.evaluate(() =>
            Array.from(document.querySelectorAll<HTMLElement>('main.journal-screen'), (m) => m.style.display),
          ),
        )
        .toEqual(['none'])
      expect(errors).toEqual([])
    } finally {
      await page.close()
    }
  }, 60_000)

  it('on a terminal in Arabic, lays out the Arabic lines before the journal and the manager’s screens are prepared', async () => {
    // The terminal's language is main's: the desk starts in the system's (English here) and takes it with the
    // session — a change of language as the lines are about to begin.
    const choose = await browser.newPage()
    await choose.goto(shell.url)
    await switchLanguage(choose, 'ar')
    await choose.getByRole('heading', { name: 'بيع قسيمة' }).waitFor()
    await choose.close()
    const page = await browser.newPage()
    const errors = watchErrors(page)
    try {
      const laidOut = await fontLinesOnStart(page)
      expect(new Set(laidOut.map((l) => l.lang))).toEqual(new Set(['ar']))
      expect(await page.evaluate('window.__linesBeforeJournal')).toBe(laidOut.length)
      expect(laidOut.filter((l) => l.managerCode)).toEqual([])
      await expect.poll(async () => (await fetchedFiles(page)).filter(isLazyScreen)).toHaveLength(2)
      expect(errors).toEqual([])
    } finally {
      await switchLanguage(page, 'en')
      await page.getByRole('heading', { name: 'Sell a voucher' }).waitFor()
      await page.close()
    }
  }, 90_000)
})
