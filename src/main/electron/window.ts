import type { BrowserWindowConstructorOptions, Session, WebContents } from 'electron'
import { secureWebPreferences } from './web-preferences'

/** The renderer's page background (src/renderer/src/styles/app.css, --bg). */
export const PAGE_BACKGROUND = '#f4f5f7'

/**
 * The main window's options: the renderer is untrusted, so it runs sandboxed and context-isolated with no
 * Node, reaching main only through the preload's `window.api`. Devtools only in development.
 */
export function mainWindowOptions(
  preloadPath: string,
  development: boolean,
): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 960,
    minHeight: 640,
    // Shown on ready-to-show (index.ts), on the page's own background (app.css --bg): no white flash first.
    show: false,
    backgroundColor: PAGE_BACKGROUND,
    autoHideMenuBar: !development,
    title: 'Reseller Desk',
    webPreferences: secureWebPreferences({ preload: preloadPath, devTools: development }),
  }
}

/** The Content-Security-Policy of every page we serve (also in index.html for file:// loads). */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

type GuardedContents = Pick<WebContents, 'setWindowOpenHandler' | 'on'>
type GuardedSession = Pick<
  Session,
  'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'webRequest'
>

/**
 * Guards on every webContents: no new windows, no navigation away from the app, no webviews, no permission
 * (camera, notifications, …) ever granted, and the CSP header on every response.
 */
export function applySecurityGuards(
  contents: GuardedContents,
  session: GuardedSession,
  isAppUrl: (url: string) => boolean,
): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }))
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault()
  })
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    })
  })
}
