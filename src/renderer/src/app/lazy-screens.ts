import { type ComponentType, createElement, type LazyExoticComponent, lazy, useState } from 'react'

/**
 * The manager's screens (Settings and Manager: reports, people, backups, resolutions) are not in the clerk's
 * start-up bundle: a clerk never opens them, and the sign-in and the sell screen paint sooner without their code.
 * For a manager (or a terminal without one) it is fetched once the first screen is up (preloadManagerScreens),
 * and Settings then drawn ahead, hidden (App.tsx); otherwise when first opened. (zod is in neither: main
 * validates, and the renderer imports no value from a module that builds schemas — npm run deps,
 * renderer-without-zod.)
 */
const settings = codeOnFirstUse(() =>
  import('../features/settings/SettingsScreen').then((m) => m.SettingsScreen),
)
const manager = codeOnFirstUse(() => import('../features/manager/ManagerScreen').then((m) => m.ManagerScreen))

export function SettingsScreen() {
  return createElement(OnFirstUse, { code: settings })
}

export function ManagerScreen() {
  return createElement(OnFirstUse, { code: manager })
}

/** For a manager (or a terminal without one), fetch those screens once the first screen is up: F4/F5 stay instant. */
export function preloadManagerScreens(): void {
  void settings.fetch().catch(() => {})
  void manager.fetch().catch(() => {})
}

/**
 * Settles once Settings' code is in (fetching it if need be); refused if it could not be read. Settings is drawn
 * ahead only then: drawn through lazy and refused, it would throw in a hidden screen, with nothing to catch it.
 */
export function settingsCodeIn(): Promise<void> {
  return settings.fetch().then(() => undefined)
}

interface Code {
  /** The screen, once its code is here. */
  loaded: ComponentType | null
  /** The screen through React's lazy: drawn before its code is here, it suspends until it is. */
  lazy: LazyExoticComponent<ComponentType>
  fetch(): Promise<ComponentType>
}

function codeOnFirstUse(load: () => Promise<ComponentType>): Code {
  let loading: Promise<ComponentType> | null = null
  const code: Code = {
    loaded: null,
    lazy: lazy(() => code.fetch().then((screen) => ({ default: screen }))),
    fetch() {
      loading ??= load().then(
        (screen) => {
          code.loaded = screen
          return screen
        },
        (error: unknown) => {
          // Fetched again when asked next (a preload that failed does not stop F4 from trying); a screen
          // already drawn through lazy keeps its failure, as React's lazy does.
          loading = null
          throw error
        },
      )
      return loading
    },
  }
  return code
}

/**
 * The screen drawn at once when its code is here (the preload): React's lazy asks for the code only when first
 * drawn, and so showed "Loading…" for a frame on the first F4 even with the code there since start. Before
 * that, lazy: the Suspense around it says "Loading…" until the code is here. Chosen once for each screen drawn
 * (the other would be a new screen, what was typed in it gone).
 */
function OnFirstUse({ code }: { code: Code }) {
  const [screen] = useState<ComponentType>(() => code.loaded ?? code.lazy)
  return createElement(screen)
}
