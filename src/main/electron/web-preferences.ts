import type { WebPreferences } from 'electron'

/** What a window may add to the secure base: never a switch that loosens it. */
type WindowPreferences = Pick<
  WebPreferences,
  'preload' | 'devTools' | 'offscreen' | 'backgroundThrottling' | 'zoomFactor'
>

/**
 * The web preferences of every window of the app (the main window, the hidden receipt and PDF windows): the
 * page is untrusted, so it runs sandboxed and context-isolated with no Node, no webviews, no insecure content,
 * no devtools. A window adds only what it needs (its preload, offscreen rendering, devtools in development).
 */
export function secureWebPreferences(extra: WindowPreferences = {}): WebPreferences {
  return {
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    devTools: false,
    ...extra,
  }
}
