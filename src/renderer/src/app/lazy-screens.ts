import { type ComponentType, createElement, useEffect, useState } from 'react'
import { useT } from '../i18n/use'

/**
 * The screens after the first one are loaded apart from the start-up bundle, so the sign-in and the Sell
 * screen paint sooner without their code; then fetched while the clerk starts, so each key finds its screen
 * already loaded and shows it in the frame after the key (on a slow PC the Journal's first F3 took about
 * twice its next ones). A key pressed before that shows "Loading…" until the screen's code is there (by a
 * state update, not Suspense: React holds a Suspense boundary's content back on a timer after its fallback).
 * The manager's screens (Settings and Manager: reports, people, backups, resolutions) are fetched only for a
 * manager or a terminal without one: a clerk never opens them. (zod is in none: main validates, and the
 * renderer imports no value from a module that builds schemas — npm run deps, renderer-without-zod.)
 */

interface ScreenModule {
  /** The screen, if its code is already there. */
  loaded(): ComponentType | null
  load(): Promise<ComponentType>
}

/** A screen's module, loaded once (again after a failure). */
function screenModule<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ScreenModule {
  let screen: ComponentType | null = null
  let loading: Promise<ComponentType> | null = null
  return {
    loaded: () => screen,
    load() {
      loading ??= load().then(
        (module) => {
          screen = pick(module)
          return screen
        },
        (error: unknown) => {
          loading = null
          throw error
        },
      )
      return loading
    },
  }
}

const deposit = screenModule(
  () => import('../features/deposit/DepositScreen'),
  (m) => m.DepositScreen,
)
const journal = screenModule(
  () => import('../features/journal/JournalScreen'),
  (m) => m.JournalScreen,
)
const settings = screenModule(
  () => import('../features/settings/SettingsScreen'),
  (m) => m.SettingsScreen,
)
const manager = screenModule(
  () => import('../features/manager/ManagerScreen'),
  (m) => m.ManagerScreen,
)

/** The screen once its code is there; "Loading…" meanwhile. */
function Loaded({ module }: { module: ScreenModule }) {
  const t = useT()
  const [screen, setScreen] = useState(() => module.loaded())
  useEffect(() => {
    if (screen) return
    let shown = true
    module.load().then(
      (loaded) => {
        if (shown) setScreen(() => loaded)
      },
      // Not loaded (a file that could not be read): "Loading…" stays; the next visit tries again.
      () => undefined,
    )
    return () => {
      shown = false
    }
  }, [module, screen])
  return screen ? createElement(screen) : createElement('p', { className: 'screen' }, t.common.loading)
}

export const DepositScreen = () => createElement(Loaded, { module: deposit })
export const JournalScreen = () => createElement(Loaded, { module: journal })
export const SettingsScreen = () => createElement(Loaded, { module: settings })
export const ManagerScreen = () => createElement(Loaded, { module: manager })

const preload = (module: ScreenModule) => void module.load().catch(() => undefined)

/** Every clerk's screens after the first, fetched once the first screen is up. */
export function preloadClerkScreens(): void {
  preload(deposit)
  preload(journal)
}

/** For a manager (or a terminal without one), fetch those screens once the first screen is up: F4/F5 stay instant. */
export function preloadManagerScreens(): void {
  preload(settings)
  preload(manager)
}
