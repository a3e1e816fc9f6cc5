import { afterFontsWarmedUp, fontsWarmedUp } from './warm-fonts'

/** Idle moments to wait for the screen drawn ahead before giving up (it is drawn at the lowest priority). */
const TRIES = 20

/**
 * Lays out once, while the desk is idle, a copy of a screen that is drawn ahead and hidden (App's
 * Ahead: display none, so never laid out), then removes it in the same moment: the browser's caches for the
 * screen's styles and its words (the rules matched, the text shaped in its fonts) are warm when its key first
 * shows it. On a slow PC the journal's first F3 took ~25 ms more than later ones for want of them.
 * The copy is never drawn (removed in the same moment, before any frame; opacity 0 besides), hidden from
 * screen readers (aria-hidden), without ids (the screen's own stay unique). It inherits nothing the screen does
 * not (no visibility, pointer-events or inert of its own): the browser can then reuse the styles computed for its
 * parts when the screen is first shown — the first F3's style took ~12 ms at 4× CPU with a hidden, inert copy,
 * ~2–6 with this one (until the browser's collector drops them; the fonts' and words' caches stay).
 * `find` gives the screen, or null while it is not drawn yet (asked again at the next idle moment); it may be the
 * shown one (the language switched on it: its copy, rows and all, then warms nothing new and harms nothing).
 * Returns a cancel.
 */
export function warmUpWhenIdle(find: () => HTMLElement | null): () => void {
  // Chromium (and so Electron) has idle callbacks; elsewhere (a test's DOM) a quiet moment soon after.
  const whenIdle = globalThis.requestIdleCallback ?? ((work: () => void) => setTimeout(work, 50))
  const cancelIdle = globalThis.cancelIdleCallback ?? clearTimeout
  let tries = TRIES
  let handle = whenIdle(attempt)
  let stopWaiting = () => {}
  function attempt(): void {
    // The fonts first: a clerk's first keys (the sale's steps) need them, the journal only on F3. Asked at the
    // idle moment, not when set going: a language change sets the fonts' lines going again in the same moment.
    if (!fontsWarmedUp()) {
      stopWaiting = afterFontsWarmedUp(() => {
        handle = whenIdle(attempt)
      })
      return
    }
    const screen = find()
    if (screen) layOutCopy(screen)
    else if (--tries > 0) handle = whenIdle(attempt)
  }
  return () => {
    stopWaiting()
    cancelIdle(handle as number)
  }
}

function layOutCopy(screen: HTMLElement): void {
  const copy = screen.cloneNode(true) as HTMLElement
  copy.removeAttribute('id')
  for (const withId of copy.querySelectorAll('[id]')) withId.removeAttribute('id')
  // What the screen draws only for this (hidden there): made-up rows, say, to warm what its first rows need.
  for (const part of copy.querySelectorAll<HTMLElement>('[data-warm-up]')) part.hidden = false
  copy.setAttribute('aria-hidden', 'true')
  // Not inert, not visibility hidden: both are inherited, and its parts would differ in style from the screen's.
  // Its own box the size of the window (as the screen would be), apart from the page's layout.
  copy.style.cssText = 'position: fixed; inset: 0; opacity: 0; contain: strict'
  screen.after(copy)
  try {
    copy.getBoundingClientRect()
  } finally {
    copy.remove()
  }
}
