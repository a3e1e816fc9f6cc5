import { lazy } from 'react'

/**
 * The manager's screens (Settings and Manager: reports, people, backups, resolutions) are loaded when first
 * opened, not with the clerk's start-up bundle: a clerk never opens them, and the sign-in and the sell screen
 * paint sooner without their code. (zod is in neither: main validates, and the renderer imports no value from
 * a module that builds schemas — npm run deps, renderer-without-zod.)
 */
const loadSettings = () => import('../features/settings/SettingsScreen')
const loadManager = () => import('../features/manager/ManagerScreen')

export const SettingsScreen = lazy(() => loadSettings().then((m) => ({ default: m.SettingsScreen })))
export const ManagerScreen = lazy(() => loadManager().then((m) => ({ default: m.ManagerScreen })))

let preloaded = false

/** For a manager (or a terminal without one), fetch those screens once the first screen is up: F4/F5 stay instant. */
export function preloadManagerScreens(): void {
  if (preloaded) return
  preloaded = true
  void loadSettings().catch(() => {
    preloaded = false
  })
  void loadManager().catch(() => {
    preloaded = false
  })
}
