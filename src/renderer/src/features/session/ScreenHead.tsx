import { chooseLanguage } from '../../app/stores'
import { useLanguage, useT } from '../../i18n/use'

/** The title line of the screens shown before the desk (sign-in, setup), with the language switch. */
export function ScreenHead() {
  const t = useT()
  const language = useLanguage()
  return (
    <div className="signin-head">
      <span className="app-title">{t.appTitle}</span>
      <span className="spacer" />
      <button
        type="button"
        className="language-switch"
        lang={language === 'ar' ? 'en' : 'ar'}
        onClick={() => chooseLanguage(language === 'ar' ? 'en' : 'ar')}
      >
        {language === 'ar' ? 'English' : 'العربية'}
      </button>
    </div>
  )
}
