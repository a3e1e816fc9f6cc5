import { useRef } from 'react'
import { flushSync } from 'react-dom'
import { chooseLanguage } from '../../app/stores'
import { useLanguage } from '../../i18n/use'

/**
 * The switch to the other language, named in that language (in the top bar and before sign-in).
 *
 * Switching mid-flow leaves the flow where it was: after a click the focus goes back to what had it before,
 * if that is still on screen — the name question, the amount field, the PIN — so the next Enter answers the
 * flow, not the switch again (with nothing to go back to, the button lets go of the focus all the same).
 * Pressed from the keyboard it gives the focus back to a field only, never to a button a bounced Enter
 * would press.
 */
export function LanguageSwitch() {
  const language = useLanguage()
  const other = language === 'ar' ? 'en' : 'ar'
  const self = useRef<HTMLButtonElement>(null)
  /** What had the focus just before this button; null when nothing had. */
  const before = useRef<Element | null>(null)
  return (
    <button
      ref={self}
      type="button"
      className="language-switch"
      lang={other}
      onFocus={(e) => {
        before.current = e.relatedTarget instanceof Element ? e.relatedTarget : null
      }}
      onClick={(e) => {
        const back = before.current
        // A click (detail > 0) gives the focus back to whatever had it. Enter or Space on the switch gives it
        // back only to a field: a bounced Enter would otherwise land on the button that had it — Confirm
        // deposit, say — while the first press only switched the language.
        const byPointer = e.detail > 0
        // The other language on screen first, so `back` is judged as it now stands.
        flushSync(() => chooseLanguage(other))
        const field =
          back instanceof HTMLInputElement ||
          back instanceof HTMLTextAreaElement ||
          back instanceof HTMLSelectElement
        if (
          (byPointer || field) &&
          back instanceof HTMLElement &&
          back.isConnected &&
          back.getClientRects().length > 0
        )
          back.focus()
        if (byPointer && document.activeElement === self.current) self.current?.blur()
      }}
    >
      {other === 'en' ? 'English' : 'العربية'}
    </button>
  )
}
