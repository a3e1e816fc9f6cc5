import { spawnSync } from 'node:child_process'
import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { SCREENSHOT_DIR, screenshot } from './browser'

/**
 * What a person at a 1024×768 or 1366×768 screen would find wrong with the page as it stands, in words:
 * a control (button, field, link, tab, summary) in the header, the main area, the notices or an open dialog
 * that is outside the window, cut off by a box around it, covered at its centre by something else, or whose
 * own content spills out of it (a row wider than its list); text cut off with an ellipsis outside the header;
 * and a box that scrolls sideways. Each control is
 * first brought into view vertically (scrolling down is fine; scrolling sideways is not), then put back.
 *
 * A string, not a function: evaluated as is, whatever the test runner does to function source.
 */
const CHECK = `(() => {
  const W = document.documentElement.clientWidth
  const H = window.innerHeight
  const problems = []
  const say = (el) => {
    const text =
      el.getAttribute('aria-label') ||
      (el.labels && el.labels[0] ? el.labels[0].textContent : '') ||
      el.textContent ||
      el.getAttribute('placeholder') ||
      ''
    const cls = typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/)[0] : ''
    return el.tagName.toLowerCase() + cls + (text.trim() ? ' "' + text.trim().replace(/\\s+/g, ' ').slice(0, 40) + '"' : '')
  }
  const shown = (el) => {
    if (el.closest('.visually-hidden')) return false
    // Not drawn: under display none, or in a screen laid out hidden (content-visibility: ui/warm-up.ts).
    if (!el.checkVisibility()) return false
    const cs = getComputedStyle(el)
    if (cs.visibility === 'hidden' || cs.display === 'none') return false
    const r = el.getBoundingClientRect()
    return r.width > 0 && r.height > 0
  }
  const dialog = document.querySelector('dialog[open]')
  const roots = dialog ? [dialog] : [...document.querySelectorAll('header, main, .notices, .setup-banner')]
  const CONTROLS = 'button, input:not([type=hidden]), select, textarea, a[href], summary, [role=tab]'
  const controls = roots.flatMap((root) => [...root.querySelectorAll(CONTROLS)]).filter(shown)

  const scrollers = new Map()
  const remember = (a) => { if (!scrollers.has(a)) scrollers.set(a, [a.scrollLeft, a.scrollTop]) }
  const winX = window.scrollX
  const winY = window.scrollY

  if (document.documentElement.scrollWidth > W + 1)
    problems.push('the page scrolls sideways (' + document.documentElement.scrollWidth + ' px wide)')
  for (const root of roots) {
    for (const box of [root, ...root.querySelectorAll('*')]) {
      if (!shown(box) || box.matches('input, textarea, select')) continue
      const cs = getComputedStyle(box)
      if ((cs.overflowX === 'auto' || cs.overflowX === 'scroll') && box.scrollWidth > box.clientWidth + 1)
        problems.push(say(box) + ' scrolls sideways (' + box.scrollWidth + ' px in ' + box.clientWidth + ')')
    }
  }

  // Text the page itself cuts with an ellipsis (a journal row's cells): what is cut is not read. The header's
  // person name is left out: a long one is shortened there on purpose (the menu says it whole).
  for (const root of roots) {
    if (root.matches('header')) continue
    for (const box of root.querySelectorAll('*')) {
      if (!shown(box) || getComputedStyle(box).textOverflow !== 'ellipsis') continue
      if (box.scrollWidth > box.clientWidth + 1)
        problems.push(say(box) + ' has its text cut off (' + box.scrollWidth + ' px in ' + box.clientWidth + ')')
    }
  }

  for (const el of controls) {
    for (let a = el.parentElement; a; a = a.parentElement) remember(a)
    const lefts = []
    for (let a = el.parentElement; a; a = a.parentElement) lefts.push([a, a.scrollLeft])
    el.scrollIntoView({ block: 'center', inline: 'nearest' })
    for (const [a, x] of lefts) a.scrollLeft = x
    window.scrollTo(winX, window.scrollY)
    if (!el.isConnected) continue
    const r = el.getBoundingClientRect()
    if (r.left < -0.5 || r.right > W + 0.5 || r.top < -0.5 || r.bottom > H + 0.5) {
      problems.push(say(el) + ' is outside the window (' + Math.round(r.left) + ', ' + Math.round(r.top) + ', ' + Math.round(r.width) + '×' + Math.round(r.height) + ')')
      continue
    }
    let clip = null
    for (let a = el.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
      const cs = getComputedStyle(a)
      if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue
      const b = a.getBoundingClientRect()
      if (r.left < b.left - 0.5 || r.right > b.right + 0.5 || r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5) {
        clip = a
        break
      }
    }
    if (clip) {
      problems.push(say(el) + ' is cut off by ' + say(clip))
      continue
    }
    if (!el.matches('input, textarea, select') && el.scrollWidth > el.clientWidth + 1)
      problems.push(say(el) + ' has content wider than itself (' + el.scrollWidth + ' px in ' + el.clientWidth + ')')
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2)
    const mine = hit && (el === hit || el.contains(hit) || (el.labels && [...el.labels].some((l) => l.contains(hit))))
    if (!mine) problems.push(say(el) + ' is covered at its centre by ' + (hit ? say(hit) : 'nothing'))
  }

  for (const [a, [x, y]] of scrollers) {
    a.scrollLeft = x
    a.scrollTop = y
  }
  window.scrollTo(winX, winY)
  return problems
})()`

/**
 * How many rows of controls the header takes: its controls grouped by the height of their middles (a row of
 * controls is about 48 px).
 */
const HEADER = `(() => {
  const header = document.querySelector('header')
  if (!header) return null
  const middles = [...header.querySelectorAll('button, summary, a[href], [role=status], .training-badge')]
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0)
    .map((r) => r.top + r.height / 2)
    .sort((a, b) => a - b)
  let rows = 0
  let last = -Infinity
  for (const m of middles) {
    if (m - last > 24) rows++
    last = m
  }
  return { rows, height: Math.round(header.getBoundingClientRect().height) }
})()`

export async function layoutProblems(page: Page): Promise<string[]> {
  return (await page.evaluate(CHECK)) as string[]
}

/**
 * Which of these texts the first element matching `selector` cannot show whole (an ellipsis or a clip): each
 * is put in it in turn and measured, then its own content is put back. For a column whose widest value the
 * test's data may not hold today (the journal's dates: month names differ in width).
 */
export async function textsCutIn(page: Page, selector: string, texts: readonly string[]): Promise<string[]> {
  const probe = `(([selector, texts]) => {
    const el = document.querySelector(selector)
    if (!el) return ['no ' + selector + ' on the page']
    // Its own nodes are put back, not a copy of its text: React keeps them and updates them later.
    const own = [...el.childNodes]
    const cut = []
    for (const text of texts) {
      el.textContent = text
      if (el.scrollWidth > el.clientWidth + 1)
        cut.push(selector + ' cuts "' + text + '" (' + el.scrollWidth + ' px in ' + el.clientWidth + ')')
    }
    el.replaceChildren(...own)
    return cut
  })(${JSON.stringify([selector, texts])})`
  return (await page.evaluate(probe)) as string[]
}

export async function headerRows(page: Page): Promise<{ rows: number; height: number } | null> {
  return (await page.evaluate(HEADER)) as { rows: number; height: number } | null
}

/** Lets the page lay itself out after a resize (two frames). */
export async function settle(page: Page): Promise<void> {
  await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))')
}

/** Screenshots at 1024×768 and 1366×768 (the page as it stands, in its language), then back to its size. */
/** A screenshot for docs/screens: palette-reduced by pngquant when the machine has it (3× smaller), else as is. */
export function documentScreen(file: string, name: string): void {
  const target = join('docs/screens', name)
  const quantized = spawnSync('pngquant', [
    '--quality=70-90',
    '--speed',
    '1',
    '--strip',
    '-f',
    '-o',
    target,
    file,
  ])
  if (quantized.error || quantized.status !== 0) copyFileSync(file, target)
}

/**
 * The page at 1024×768 and 1366×768 (test-output/screenshots). With `documentAs` and UPDATE_SCREENS=1, also
 * docs/screens/<documentAs>-<width>.png (`en-sell-open-voucher`, …), as the README's screen table names them.
 */
export async function screenshotsAtBothWidths(page: Page, name: string, documentAs?: string): Promise<void> {
  const before = page.viewportSize()
  for (const width of [1024, 1366]) {
    await page.setViewportSize({ width, height: 768 })
    await settle(page)
    await screenshot(page, `${name}-${width}`)
    if (documentAs && process.env.UPDATE_SCREENS) {
      documentScreen(join(SCREENSHOT_DIR, `${name}-${width}.png`), `${documentAs}-${width}.png`)
    }
  }
  if (before) await page.setViewportSize(before)
  await settle(page)
}
