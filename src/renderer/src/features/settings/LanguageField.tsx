import { useStore } from 'zustand'
import type { Language } from '../../../../shared/types'
import { appStore, chooseLanguage, settingsStore } from '../../app/stores'
import { MESSAGES } from '../../i18n'
import { useT } from '../../i18n/use'
import { SelectField } from '../../ui/controls'

/** The language takes effect at once and is remembered in main. */
export function LanguageField() {
  const t = useT()
  const chosen = useStore(settingsStore, (s) => s.settings?.language ?? null)
  const shown = useStore(appStore, (s) => s.language)
  return (
    <SelectField
      label={t.settings.language}
      value={chosen ?? shown}
      onChange={(e) => chooseLanguage(e.target.value as Language)}
    >
      {(['ar', 'en'] as const).map((l) => (
        <option key={l} value={l} lang={l}>
          {MESSAGES[l].languageName}
        </option>
      ))}
    </SelectField>
  )
}
