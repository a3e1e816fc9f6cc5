declare const __RESELLER_DESK_TEST_BUILD__: boolean | undefined

/**
 * A test build (RESELLER_DESK_TEST_BUILD=1 when `electron-vite build` ran; a constant in the bundle, not
 * something a shortcut or a variable can change): the Windows workflow's build, named apart, never published.
 * It admits `--remote-debugging-pipe` so the workflow can drive it, and installs unsigned updates.
 */
export const TEST_BUILD: boolean =
  typeof __RESELLER_DESK_TEST_BUILD__ !== 'undefined' && __RESELLER_DESK_TEST_BUILD__ === true
