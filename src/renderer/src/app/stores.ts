/**
 * The app's stores, created once with the real `window.api`. Feature code takes its store from here;
 * tests build the same stores from their factories with a fake api.
 */
import type { Language, Settings } from '../../../shared/contract'
import { businessDay } from '../../../shared/day'
import { createDepositStore } from '../features/deposit/store'
import { createJournalStore } from '../features/journal/store'
import { createNoticesStore } from '../features/notices/store'
import { watchForAutoPrint } from '../features/printing/auto-print'
import { createPrintingStore } from '../features/printing/store'
import { createSellStore } from '../features/sell/store'
import { createSettingsStore } from '../features/settings/store'
import { createStatusStore } from '../features/status/store'
import { languageFromLocale } from '../i18n'
import { newRequestId } from './request-id'
import { createAppStore } from './store'

const api = window.api
const systemLanguage = (): Language => languageFromLocale(navigator.language)

export const appStore = createAppStore(systemLanguage())
export const statusStore = createStatusStore(api)
export const noticesStore = createNoticesStore(api)
export const sellStore = createSellStore({ api, newRequestId })
export const depositStore = createDepositStore({ api, newRequestId })
export const journalStore = createJournalStore({
  api,
  // The business day by the service's clock when known: a PC clock a day off must not hide today's sales.
  today: () => businessDay(Date.now() + (statusStore.getState().status?.clockOffsetMs ?? 0)),
})
export const settingsStore = createSettingsStore({
  api,
  onStatus: (status) => statusStore.getState().setStatus(status),
  onSettings: (settings: Settings) => {
    depositStore.getState().setDoubleEntryThreshold(settings.doubleEntryAboveDirhams)
    appStore.getState().setLanguage(settings.language ?? systemLanguage())
  },
})

export const printingStore = createPrintingStore({
  api,
  language: () => appStore.getState().language,
  // A print or a look at a receipt is an event in the entry's history: an open journal entry shows it.
  onEntryChanged: (entryId) => void journalStore.getState().refreshDetail(entryId),
})

watchForAutoPrint({
  results: [sellStore, depositStore],
  settings: () => settingsStore.getState().settings,
  print: (entryId) => void printingStore.getState().print(entryId, { automatic: true }),
})

/** Switches the language at once and remembers the choice in main. */
export function chooseLanguage(language: Language): void {
  appStore.getState().setLanguage(language)
  void settingsStore.getState().rememberLanguage(language)
}

/** Opens the journal on what needs a person (the top bar's attention count, the unknown-sale panel). */
export function openAttentionList(): void {
  appStore.getState().go('journal')
  void journalStore.getState().showNeedsAttention()
}

/** Opens one entry in the journal (an unresolved deposit named by main, a notice). */
export function openEntry(entryId: string): void {
  appStore.getState().go('journal')
  void journalStore.getState().open(entryId)
}
