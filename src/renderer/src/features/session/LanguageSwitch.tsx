import { chooseLanguage } from '../../app/stores'
import { useLanguage } from '../../i18n/use'

/** The switch to the other language, named in that language (in the top bar and before sign-in). */
export function LanguageSwitch() {
  const language = useLanguage()
  const other = language === 'ar' ? 'en' : 'ar'
  return (
    <button type="button" className="language-switch" lang={other} onClick={() => chooseLanguage(other)}>
      {other === 'en' ? 'English' : 'العربية'}
    </button>
  )
}
