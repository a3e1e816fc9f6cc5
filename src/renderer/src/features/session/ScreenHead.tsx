import { useT } from '../../i18n/use'
import { LanguageSwitch } from './LanguageSwitch'

/** The title line of the screens shown before the desk (sign-in, setup), with the language switch. */
export function ScreenHead() {
  const t = useT()
  return (
    <div className="signin-head">
      <span className="app-title">{t.appTitle}</span>
      <span className="spacer" />
      <LanguageSwitch />
    </div>
  )
}
