/**
 * The app's stores, created once with the real `window.api`. Feature code takes its store from here;
 * tests build the same stores from their factories with a fake api.
 */
import type { StoreApi } from 'zustand/vanilla'
import { businessDay } from '../../../shared/day'
import { depositRulesOf } from '../../../shared/deposit-rules'
import type { Settings } from '../../../shared/settings'
import type { Language } from '../../../shared/types'
import { followCustomerDisplay } from '../features/customer-display/follow'
import { createCustomerDisplayCardStore } from '../features/customer-display/store'
import { createDepositStore } from '../features/deposit/store'
import { createHeadOfficeStore } from '../features/head-office/store'
import { createJournalStore } from '../features/journal/store'
import { createBackupStore } from '../features/manager/backup-store'
import { createPeopleStore } from '../features/manager/people-store'
import { createReportsStore } from '../features/manager/reports-store'
import { createResolveStore } from '../features/manager/resolve-store'
import { createNoticesStore } from '../features/notices/store'
import { watchForAutoPrint } from '../features/printing/auto-print'
import { createPrintingStore } from '../features/printing/store'
import { createSellStore } from '../features/sell/store'
import { createSessionStore } from '../features/session/store'
import { watchSignIn } from '../features/session/watch-api'
import { createAboutStore } from '../features/settings/about-store'
import { createSettingsStore } from '../features/settings/store'
import { createStatusStore } from '../features/status/store'
import { createUpdatesStore } from '../features/updates/store'
import { languageFromLocale } from '../i18n'
import { afterNextPaint } from '../ui/after-paint'
import { createAppStore } from './navigation'
import { newRequestId } from './request-id'

// A call main refuses with NOT_SIGNED_IN (the session ended in main) brings back the sign-in screen.
const api = watchSignIn(window.api, (expired) => sessionStore.getState().lost(expired))
const systemLanguage = (): Language => languageFromLocale(navigator.language)

export const appStore = createAppStore(systemLanguage())
export const statusStore = createStatusStore(api)
// A deposit resolved in the background: the Deposit screen (its result, the open one, its "Last" line) and
// the journal stop showing it as open.
export const noticesStore = createNoticesStore(api, (entry) => {
  depositStore.getState().entryChanged(entry)
  journalStore.setState((s) => ({ entries: s.entries.map((e) => (e.id === entry.id ? entry : e)) }))
  void journalStore.getState().refreshDetail(entry.id)
})
// A sale or deposit changes what moved today: the header's daily limit follows at once, not at the next poll —
// once the result is drawn (asked in the result's own task, the calls cost its frame ~10 ms at 4× CPU).
const refreshStatus = () => afterNextPaint(() => void statusStore.getState().refresh())
export const sellStore = createSellStore({ api, newRequestId, onSent: refreshStatus, later: afterNextPaint })
// The Sell screen offers only the desk's list of the moment: another mode, service or list from the provider
// (the status names it) puts away the list on screen before anything more is offered from it.
statusStore.subscribe((now) => {
  if (now.status) sellStore.getState().catalogIs(now.status.mode, now.status.catalogDigest)
})
export const depositStore = createDepositStore({
  api,
  newRequestId,
  onSent: refreshStatus,
  rules: () => depositRulesOf(settingsStore.getState().settings),
  later: afterNextPaint,
})
// The business day by the service's clock when known: a PC clock a day off must not hide today's sales.
const today = () => businessDay(Date.now() + (statusStore.getState().status?.clockOffsetMs ?? 0))
export const journalStore = createJournalStore({
  api,
  today,
  // A clerk's journal is today's (main refuses other days to a clerk).
  todayOnly: () => sessionStore.getState().session?.person?.role === 'clerk',
})
export const settingsStore = createSettingsStore({
  api,
  onStatus: (status) => statusStore.getState().setStatus(status),
  onSettings: (settings: Settings) => {
    appStore.getState().setLanguage(settings.language ?? systemLanguage())
    sessionStore.getState().applyRules(settings)
    // The agreed daily limit may have changed: the header's estimate follows at once.
    void statusStore.getState().refresh()
  },
})
export const updatesStore = createUpdatesStore({
  api,
  onSettings: (settings) => settingsStore.setState({ settings }),
})

export const aboutStore = createAboutStore(api)

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

export const reportsStore = createReportsStore({ api, today })
export const headOfficeStore = createHeadOfficeStore(api)
export const peopleStore = createPeopleStore(api)
export const backupStore = createBackupStore(api)
export const resolveStore = createResolveStore(api, (entry) => {
  journalStore.setState((s) => ({ entries: s.entries.map((e) => (e.id === entry.id ? entry : e)) }))
  void journalStore.getState().refreshDetail(entry.id)
  void statusStore.getState().refresh()
})

/** What one person was doing is not shown to the next: every work screen starts fresh at a sign-in. */
const WORK_STORES: Pick<StoreApi<unknown>, 'setState' | 'getInitialState'>[] = [
  sellStore,
  depositStore,
  journalStore,
  noticesStore,
  printingStore,
  reportsStore,
  peopleStore,
  backupStore,
  resolveStore,
]

// Leaving a screen puts away what it showed (a finished sale, a deposit not sent, a "Saved." line). Done on the
// screen change itself, not in a React effect's cleanup, which React also runs when nothing was left (the
// development build's second mount): that moved a deposit's unknown outcome, come in while the clerk was
// away, into the Last line instead of showing it on return.
appStore.subscribe((now, before) => {
  if (now.screen === before.screen) return
  if (before.screen === 'sell') sellStore.getState().leave()
  if (before.screen === 'deposit') depositStore.getState().leave()
  if (before.screen === 'settings' || before.screen === 'manager') settingsStore.getState().leave()
  // The journal's rows are asked for afresh on every visit (JournalScreen): the last visit's, kept, were
  // rendered with the screen and thrown away in the same frame — work a slow PC did on each F3. A next page
  // still on its way is dropped too: it would have been added to the next visit's list.
  if (before.screen === 'journal') journalStore.getState().leave()
  // Today's list on the day it is now, in the key's own frame (not a frame of the day before), and no hold left
  // from the last visit's search.
  if (now.screen === 'journal') journalStore.getState().enter()
})

export const sessionStore = createSessionStore({
  api,
  now: Date.now,
  onSignedIn: () => {
    for (const store of WORK_STORES) store.setState(store.getInitialState(), true)
    settingsStore.getState().leave()
    appStore.getState().go('sell')
    void settingsStore.getState().load()
    void statusStore.getState().refresh()
  },
})

export const customerDisplayCardStore = createCustomerDisplayCardStore(api)

// The customer display follows what the clerk's screen is at (main decides what of it the customer sees), and
// the customer's own "Yes, this is me" answers the name question on this screen.
followCustomerDisplay({
  api,
  clerkScreen: () => ({
    session: sessionStore.getState().session,
    screen: appStore.getState().screen,
    sell: sellStore.getState(),
    deposit: depositStore.getState(),
  }),
  stores: [appStore, sellStore, depositStore, sessionStore],
  customerConfirmed: (phone) => depositStore.getState().customerConfirmed(phone),
  schedule: afterNextPaint,
})
// Notices belong to a mode and a person: another mode (its own journal) or another person signed in (or nobody)
// puts away what is shown; main then gives the notices of this mode's journal that are this person's.
const noticesScope = () =>
  `${statusStore.getState().status?.mode ?? ''}|${sessionStore.getState().session?.person?.id ?? ''}`
statusStore.subscribe(() => noticesStore.getState().setScope(noticesScope()))
sessionStore.subscribe(() => noticesStore.getState().setScope(noticesScope()))

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
