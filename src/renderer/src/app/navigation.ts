/** Navigation: the screens, who may open which, the keys that open them, and the screen open now. */
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Role } from '../../../shared/people'
import type { Language } from '../../../shared/types'

export const SCREENS = ['sell', 'deposit', 'journal', 'settings', 'manager'] as const
export type Screen = (typeof SCREENS)[number]

/** The screens a clerk works on; main refuses a clerk everything the others would offer anyway. */
const CLERK_SCREENS: readonly Screen[] = ['sell', 'deposit', 'journal']

/** The screens a person may open: a manager (or a terminal still without one, role null) all of them. */
export function screensFor(role: Role | null): readonly Screen[] {
  return role === 'clerk' ? CLERK_SCREENS : SCREENS
}

export interface AppState {
  screen: Screen
  language: Language
  go(screen: Screen): void
  setLanguage(language: Language): void
}

export type AppStore = StoreApi<AppState>

export function createAppStore(language: Language): AppStore {
  return createStore<AppState>((set) => ({
    screen: 'sell',
    language,
    go: (screen) => set({ screen }),
    setLanguage: (language) => set({ language }),
  }))
}

/** F1–F5 and Alt+1–5 open the screens, in the order of SCREENS. */
export function screenForKey(event: {
  key: string
  altKey: boolean
  ctrlKey: boolean
  metaKey: boolean
}): Screen | null {
  if (event.ctrlKey || event.metaKey) return null
  const f = /^F([1-5])$/.exec(event.key)
  const digit = event.altKey ? /^([1-5])$/.exec(event.key) : null
  const n = Number((f ?? digit)?.[1] ?? 0)
  return n ? (SCREENS[n - 1] ?? null) : null
}

export const SCREEN_SHORTCUTS: Record<Screen, { label: string; aria: string }> = {
  sell: { label: 'F1', aria: 'F1 Alt+1' },
  deposit: { label: 'F2', aria: 'F2 Alt+2' },
  journal: { label: 'F3', aria: 'F3 Alt+3' },
  settings: { label: 'F4', aria: 'F4 Alt+4' },
  manager: { label: 'F5', aria: 'F5 Alt+5' },
}
