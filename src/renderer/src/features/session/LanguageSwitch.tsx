import { useRef } from 'react'
import { flushSync } from 'react-dom'
import { chooseLanguage } from '../../app/stores'
import { useLanguage } from '../../i18n/use'

/**
 * The switch to the other language, named in that language (in the top bar and before sign-in).
 *
 * Switching mid-flow leaves the flow where it was: the focus goes back to what had it before the button took
 * it (by a click or by Tab), if that is still on screen — the name question, the amount field, the PIN — so
 * the next Enter answers the flow, not the switch again. With nothing to go back to, the button lets go of
 * the focus all the same.
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
      onClick={() => {
        const back = before.current
        // The other language on screen first, so `back` is judged as it now stands.
        flushSync(() => chooseLanguage(other))
        if (back instanceof HTMLElement && back.isConnected && back.getClientRects().length > 0) back.focus()
        if (document.activeElement === self.current) self.current?.blur()
      }}
    >
      {other === 'en' ? 'English' : 'العربية'}
    </button>
  )
}
