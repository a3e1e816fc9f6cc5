import { afterNextPaint } from './after-paint'
import { afterFontsWarmedUp, fontsWarmedUp } from './warm-fonts'
import { whenQuiet } from './when-quiet'

/**
 * Idle moments to wait for the screen drawn ahead before giving up (it is drawn at the lowest priority): a second at
 * most each where the page has none (ui/when-quiet.ts).
 */
const TRIES = 20

/**
 * Lays out, while the desk is idle and the clerk's keys have paused, a screen that is drawn ahead and hidden
 * (App's Ahead: React's Activity hides it with display none, so it is never laid out), keeping it hidden: the
 * browser's work for it — its parts' styles, their boxes, its words shaped in its fonts — is then done when its
 * key first shows it. Measured in the page at 4× CPU, the journal with a day's rows shown from display none took
 * 43–68 ms of style and layout; laid out ahead this way, 1–7 ms (in a trace of F3 without rows, its 86 parts
 * styled again: 1–5). A made-up row or two drawn only for this (data-warm-up) is laid out too, and hidden again:
 * the day's first rows then find their fonts and words warm. `find` gives the screen, or null while it is not
 * drawn yet (asked again at the next idle moment); one shown already (the language changed on it) is left. No
 * part of such a screen may be content-visibility auto (Settings' lower sections were): which of those are near
 * the window the page decides in a frame of its own, not in this layout, and that frame — 40–60 ms of style and
 * layout at 4× CPU — then came with whatever key was pressed next. Returns a cancel.
 */
export function warmUpWhenIdle(find: () => HTMLElement | null): () => void {
  let tries = TRIES
  // At an idle moment after a pause in the clerk's keys (ui/when-quiet.ts): laying out a screen is 20–60 ms in
  // one task at 4× CPU, and a key typed then waits for it.
  let stopIdle = whenQuiet(attempt)
  let stopWaiting = () => {}
  function attempt(): void {
    // The fonts first: a clerk's first keys (the sale's steps) need them, the journal only on F3. Asked at the
    // idle moment, not when set going: a language change sets the fonts' lines going again in the same moment.
    if (!fontsWarmedUp()) {
      stopWaiting = afterFontsWarmedUp(() => {
        stopIdle = whenQuiet(attempt)
      })
      return
    }
    const screen = find()
    if (!screen) {
      if (--tries > 0) stopIdle = whenQuiet(attempt)
      return
    }
    // In two idle moments, each after a pause in the keys: its parts' styles, then its boxes. In one, a key that
    // came in it waited for both (the Settings drawn for the next visit, at 8× CPU: 56–84 ms, ~45% of it style).
    // Only the screen styled: one shown meanwhile, or replaced by the next visit's (the journal's is not prepared
    // again after a visit: App's Ahead), is left.
    if (styleHidden(screen)) stopIdle = whenQuiet(() => layOutHidden(screen))
  }
  return () => {
    stopWaiting()
    stopIdle()
  }
}

/**
 * Marks a screen hidden by content-visibility rather than display none (`data-laid-out-hidden`, from its styles on:
 * styleHidden) until showScreenLaidOut puts it back in the page's flow.
 */
const LAID_OUT = 'laidOutHidden'

/**
 * Marks a screen so hidden whose layout is done too (`data-laid-out`: layOutHidden), not only its styles; taken off
 * when it is styled again and when it is shown. Should React hide it again meanwhile (display none: a language
 * change draws it anew), its layout is undone and the mark stays until it is styled again, which that change sets
 * going (App's Ahead).
 */
const LAYOUT_DONE = 'laidOut'

/** What hides it instead of display none (and is taken off when it is shown). */
const LAID_OUT_HIDDEN: Record<string, string> = {
  // Its parts neither drawn, hit nor read, their styles and boxes kept.
  'content-visibility': 'hidden',
  // Out of the page's flow, as wide as it is shown (the window's width: the desk's screens span it, up to their
  // own limit), behind the screen shown.
  position: 'fixed',
  'inset-block-start': '0',
  'inset-inline': '0',
  'z-index': '-1',
  // A box of no height, not even its own spacing (only where its parts stand changes when it is shown).
  'padding-block': '0',
}

/**
 * The screen drawn hidden, styled where it stands and still hidden: React's display none taken off (again after
 * React hid it anew: a new language drawn in it), content-visibility hiding it instead, and hidden from screen
 * readers (aria-hidden: a test's queries by role do not find it either). Not visibility hidden, not inert: both
 * are inherited, and showing it would then style every part of it again. False when there is nothing to prepare:
 * it is shown (the language changed on it), or no longer in the page (drawn anew meanwhile).
 */
function styleHidden(screen: HTMLElement): boolean {
  if (!hiddenInPage(screen)) return false
  screen.style.removeProperty('display')
  if (!(LAID_OUT in screen.dataset)) {
    screen.dataset[LAID_OUT] = ''
    for (const [property, value] of Object.entries(LAID_OUT_HIDDEN)) screen.style.setProperty(property, value)
  }
  if (screen.getAttribute('aria-hidden') !== 'true') screen.setAttribute('aria-hidden', 'true')
  delete screen.dataset[LAYOUT_DONE]
  // Its parts' styles (a style read of one of them asks for the whole screen's, content-visibility or not).
  void getComputedStyle(screen.lastElementChild ?? screen).display
  return true
}

/** Still in the page, and hidden: by React (display none) or laid out hidden (styleHidden), not shown since. */
function hiddenInPage(screen: HTMLElement): boolean {
  return screen.isConnected && (LAID_OUT in screen.dataset || screen.style.display === 'none')
}

/**
 * The screen styled hidden (styleHidden), laid out where it stands and still hidden. Nothing if it was shown
 * meanwhile (its key laid it out) or is no longer in the page.
 */
function layOutHidden(screen: HTMLElement): void {
  if (!styleHidden(screen)) return
  // Laid out whole (a new language, or what it holds changed), then its sections below the window marked again.
  unmarkSections(screen)
  const parts = [...screen.querySelectorAll<HTMLElement>('[data-warm-up]')]
  for (const part of parts) part.hidden = false
  try {
    layOut(screen)
    for (const part of parts) part.getBoundingClientRect()
  } finally {
    for (const part of parts) part.hidden = true
  }
  markSectionsBelow(screen)
  screen.dataset[LAYOUT_DONE] = ''
}

/** A box of one of its parts asks for the whole screen's layout (content-visibility lays out what is asked for). */
function layOut(screen: HTMLElement): void {
  ;(screen.lastElementChild ?? screen).getBoundingClientRect()
}

/** A screen's sections: the children of its part marked data-sections (Settings' cards, of no height of their own). */
const SECTIONS = '[data-sections] > *'

/** Marks a section kept from the frame of the key that shows its screen (markSectionsBelow). */
const BELOW = 'paintedLater'

/** On the screen, the window's size when its sections were marked: shown in another, none is kept. */
const MARKED_FOR = 'sectionsMarkedFor'

function windowSize(): string {
  return `${window.innerWidth}×${window.innerHeight}`
}

/**
 * Of a screen just laid out hidden, the sections that stand a window's height or more below its top (where its
 * title is, which its key focuses: at the window's top at most) are kept from the frame of the key that shows
 * the screen, and painted in the next (showScreenLaidOut). Settings painted all its sections, 3,400 px, in F4's
 * frame: 20–34 ms of the main thread at 4× CPU, when a 768-px window shows four of its ten. Hidden here, while
 * the desk is idle — content-visibility hidden keeps their styles and boxes, their height kept so nothing moves
 * — not when shown: restyling them in F4's own task cost it more than their paint saved. Until that next frame
 * their parts take no focus and are not read (the screen's title has it: its effect runs after theirs). What is
 * above them is as it was laid out, a hidden screen following no store; should it be shorter when shown (main
 * changed it meanwhile) by more than the top bar, a marked section in the window is an empty card for a frame.
 */
function markSectionsBelow(screen: HTMLElement): void {
  const top = screen.getBoundingClientRect().top
  // Every box read before any is changed: one layout, not one per section.
  const below = [...screen.querySelectorAll<HTMLElement>(SECTIONS)]
    .map((section) => ({ section, box: section.getBoundingClientRect() }))
    .filter(({ box }) => box.top - top >= window.innerHeight)
  if (below.length === 0) return
  for (const { section, box } of below) {
    section.dataset[BELOW] = ''
    section.style.setProperty('content-visibility', 'hidden')
    section.style.setProperty('block-size', `${box.height}px`)
  }
  screen.dataset[MARKED_FOR] = windowSize()
  // Laid out so while still idle (their styles changed): the key that shows them has nothing left to do.
  layOut(screen)
}

function unmarkSections(screen: HTMLElement): void {
  delete screen.dataset[MARKED_FOR]
  for (const section of screen.querySelectorAll<HTMLElement>(SECTIONS)) {
    if (!(BELOW in section.dataset)) continue
    delete section.dataset[BELOW]
    section.style.removeProperty('content-visibility')
    section.style.removeProperty('block-size')
  }
}

/**
 * Before a screen laid out hidden is shown — in the commit that shows it, React having taken its display none
 * off, before the screen's own effects (its search takes the focus, its list measures where it stands): back in
 * the page's flow.
 */
export function showScreenLaidOut(screen: HTMLElement | null): void {
  if (!screen || !(LAID_OUT in screen.dataset)) return
  delete screen.dataset[LAID_OUT]
  delete screen.dataset[LAYOUT_DONE]
  screen.removeAttribute('aria-hidden')
  for (const property of Object.keys(LAID_OUT_HIDDEN)) screen.style.removeProperty(property)
  // Its sections below the window once the key's frame is drawn (at once in a window resized since).
  if (screen.dataset[MARKED_FOR] === windowSize()) afterNextPaint(() => unmarkSections(screen))
  else unmarkSections(screen)
}
