import type { Language } from '../../../shared/types'
import fontsInUse from './fonts-in-use.json'

/**
 * What the desk writes in each language: its letters, the Latin digits it prints money and phones with, and
 * the signs around them. Arabic also writes Latin (codes, LYD): its font comes in parts by script (the style
 * sheet's unicode ranges), each part a font of its own to the browser.
 */
const SAMPLES: Record<Language, string> = {
  en: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz 0123456789 .,:;·-–—()/%#+=×',
  ar: 'ابتثجحخدذرزسشصضطظعغفقكلمنهويىءآأؤإئةﻻ، ؛ ؟ 0123456789 LYD .,:-()/%',
}

/** How long one step goes on laying out lines (a key pressed in it waits for the step: at most a line more). */
const STEP_MS = 8

export interface FontUse {
  family: string
  size: string
  weight: string
}

/**
 * Every font the screens write in (a family at a size and weight, as the page computes them), in the order a
 * clerk's first sale, deposit and journal meet them — those of the first screen last: it has written in them
 * already, and a word new to a font costs far less than the font's first line. Written by the test that checks it
 * (test/e2e/first-screen.test.ts, "the fonts the screens write in": after a style change that adds a font,
 * `npx vitest run test/e2e/first-screen.test.ts -u` writes the list, and a second run, on a renderer built
 * with it, checks the lines); a style sheet cannot say it (a size in em, a weight bolder than the parent's).
 */
const FONTS: readonly FontUse[] = fontsInUse

/**
 * Lines still to lay out (the warm-up under way, for the language shown). From the start, where there is a
 * warm-up to come (the desk's first one is set going with the app, and lays out its lines once the fonts have
 * loaded, after the first screen): what waits for the fonts waits for it too, not only for one already begun.
 */
let linesLeft = typeof requestIdleCallback === 'function' ? FONTS.length : 0

/**
 * What waits for the fonts: called once, when the last line is laid out or the warm-up is cancelled and not
 * set going again at once (a language change: the new language's lines come first).
 */
const waiting = new Set<() => void>()

/** Whether the fonts are warm (or being warmed by nothing): other idle work waits for them (ui/warm-up.ts). */
export function fontsWarmedUp(): boolean {
  return linesLeft === 0
}

/**
 * Runs `work` once the fonts are warm — at once if they are. For idle work that would otherwise come before
 * them (the journal drawn ahead, the manager's screens loaded): a clerk's first sale, seconds after the first
 * screen, needs the fonts; F3 and F4 come later. Returns a cancel.
 */
export function afterFontsWarmedUp(work: () => void): () => void {
  if (fontsWarmedUp()) {
    work()
    return () => undefined
  }
  const once = () => work()
  waiting.add(once)
  return () => {
    waiting.delete(once)
  }
}

function setLinesLeft(lines: number): void {
  linesLeft = lines
  if (lines > 0) return
  const works = [...waiting]
  waiting.clear()
  for (const work of works) work()
}

/**
 * Lays out, while the desk is idle, a line of the language's letters in every font its screens write in, a
 * few at a time: the first time a screen writes in a font (a family at a size and weight) the browser
 * builds that font's metrics and shaping — measured at 4x CPU, 5–14 ms each, and a step of a sale or a deposit
 * shown for the first time wrote in three or four new ones (its layout 20–40 ms against 1–8 the next time).
 * Each line is laid out alone, out of sight, inert and hidden from screen readers, and removed in the same
 * moment; a step ends after STEP_MS (a key pressed in it waits for the step: a line or two at 4x). Begins once
 * the fonts asked for so far have loaded (the Arabic font comes after the first screen): a line laid out
 * before would warm the fallback font. Returns a cancel.
 */
export function warmUpFontsWhenIdle(language: Language): () => void {
  if (typeof requestIdleCallback !== 'function') return () => undefined
  const uses = [...FONTS]
  setLinesLeft(uses.length)
  let handle: number | null = null
  let cancelled = false
  void document.fonts.ready.then(() => {
    if (!cancelled) handle = requestIdleCallback(step)
  })
  function step(deadline: IdleDeadline): void {
    const began = performance.now()
    const box = document.createElement('div')
    box.setAttribute('aria-hidden', 'true')
    box.dataset.warmFonts = ''
    box.inert = true
    box.style.cssText =
      'position: fixed; inset-block-start: 0; inset-inline-start: 0; visibility: hidden; pointer-events: none; contain: strict; white-space: nowrap'
    box.lang = language
    box.dir = language === 'ar' ? 'rtl' : 'ltr'
    document.body.append(box)
    try {
      do {
        const use = uses.shift()
        if (!use) break
        const line = document.createElement('span')
        line.style.fontFamily = use.family
        line.style.fontSize = use.size
        line.style.fontWeight = use.weight
        line.textContent = SAMPLES[language]
        box.replaceChildren(line)
        line.getBoundingClientRect()
      } while (performance.now() - began < STEP_MS && deadline.timeRemaining() > 0)
    } finally {
      box.remove()
    }
    setLinesLeft(uses.length)
    if (uses.length > 0) handle = requestIdleCallback(step)
  }
  return () => {
    cancelled = true
    if (handle !== null) cancelIdleCallback(handle)
    linesLeft = 0
    // A language change cancels and sets going again in the same moment (App's effect; at start too, when the
    // terminal's language is not the one the desk began in): what waits, waits for the new lines.
    queueMicrotask(() => {
      if (linesLeft === 0) setLinesLeft(0)
    })
  }
}
