import type { IpcMain, IpcMainInvokeEvent } from 'electron'
import { DESK_METHODS, type Envelope } from '../shared/contract'
import { type DeskEndpoint, dispatch } from './bridge'
import type { CallContext } from './desk/workspace'
import type { Logger } from './log'

/** `desk:<method>`: one channel per contract call; the preload builds the same names from the same list. */
export const DESK_CHANNEL_PREFIX = 'desk:'

/** Where the app's own page is served from: its own scheme, or an unpackaged run's development server. */
export interface AppAddress {
  /** `app://desk/index.html` (electron/app-protocol.ts). */
  appPage?: string
  /** The development server's origin: only an unpackaged run started with ELECTRON_RENDERER_URL has one. */
  devOrigin?: string
}

/** Decoded, so `%20` and a space are one path; undefined for a malformed escape, which matches nothing. */
function decodedPath(url: URL): string | undefined {
  try {
    return decodeURIComponent(url.pathname)
  } catch {
    return undefined
  }
}

/**
 * The same document: scheme, host and path all equal (query and fragment are the page's own state). A
 * `file:` URL's host names another machine (`file://server/share/…`), so it is compared like the rest.
 */
function sameDocument(url: URL, expected: string): boolean {
  let app: URL
  try {
    app = new URL(expected)
  } catch {
    return false
  }
  const path = decodedPath(url)
  return (
    url.protocol === app.protocol &&
    url.username === '' &&
    url.password === '' &&
    url.host === app.host &&
    path !== undefined &&
    path === decodedPath(app)
  )
}

/**
 * Whether an address is the app's own page: `app://desk/index.html`, or an unpackaged run's development
 * server's origin. Anything else (a file, the built page's included; another host; a remote page; an iframe's
 * about:blank) is foreign. Each way the app may be served is one line below.
 */
export function isAppUrl(url: string, app: AppAddress): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (app.appPage !== undefined && sameDocument(parsed, app.appPage)) return true
  if (app.devOrigin !== undefined && parsed.origin !== 'null' && parsed.origin === app.devOrigin) return true
  return false
}

export interface IpcOptions {
  /** Only the app's own window, from its own top frame and origin, may call. */
  isTrustedSender(event: IpcMainInvokeEvent): boolean
  callContext(event: IpcMainInvokeEvent): CallContext
  log: Logger
}

/**
 * Registers every contract call with ipcMain.handle: sender check, then (in dispatch) the role check, input
 * validation and the `{ok, value} | {ok: false, error}` envelope. Returns a function that removes the handlers.
 */
export function registerDeskIpc(
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>,
  desk: DeskEndpoint,
  options: IpcOptions,
): () => void {
  for (const method of DESK_METHODS) {
    ipcMain.handle(
      `${DESK_CHANNEL_PREFIX}${method}`,
      async (event, input: unknown): Promise<Envelope<unknown>> => {
        if (!options.isTrustedSender(event)) {
          options.log.warn('call refused from a foreign sender', {
            method,
            url: event.senderFrame?.url ?? null,
          })
          return { ok: false, error: { code: 'FORBIDDEN', message: 'This page may not use the desk.' } }
        }
        return dispatch(desk, method, input, options.callContext(event), options.log)
      },
    )
  }
  return () => {
    for (const method of DESK_METHODS) ipcMain.removeHandler(`${DESK_CHANNEL_PREFIX}${method}`)
  }
}

/** The sender check for a window: its own webContents, its top frame, the app's address. */
export function trustedSenderCheck(
  window: () => { webContents: unknown } | null,
  app: AppAddress,
): (event: IpcMainInvokeEvent) => boolean {
  return (event) => {
    const win = window()
    const frame = event.senderFrame
    if (!win || event.sender !== win.webContents || !frame) return false
    if (frame.parent !== null) return false
    return isAppUrl(frame.url, app)
  }
}
