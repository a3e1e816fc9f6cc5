import { useStore } from 'zustand'
import { appStore } from '../app/stores'
import { MESSAGES, type Messages } from '.'

export function useLanguage() {
  return useStore(appStore, (s) => s.language)
}

/** The texts of the current language; components re-render when it changes. */
export function useT(): Messages {
  return MESSAGES[useLanguage()]
}
