import type { IpcMain, IpcMainInvokeEvent } from 'electron'
import { DESK_METHODS, type Envelope } from '../shared/contract'
import { dispatch } from './bridge'
import type { CallContext } from './desk/context'
import type { DeskHandlers } from './desk/handlers'
import type { Logger } from './log'

/** `desk:<method>`: one channel per contract call; the preload builds the same names from the same list. */
export const DESK_CHANNEL_PREFIX = 'desk:'

/**
 * Whether an address is the app's own page: the built renderer's file, or the development server's origin.
 * Anything else (another file, a remote page, an iframe's about:blank) is foreign.
 */
export function isAppUrl(url: string, app: { rendererFile?: string; devOrigin?: string }): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (app.devOrigin && parsed.origin === app.devOrigin) return true
  if (app.rendererFile && parsed.protocol === 'file:') {
    return decodeURIComponent(parsed.pathname) === decodeURIComponent(new URL(app.rendererFile).pathname)
  }
  return false
}

export interface IpcOptions {
  /** Only the app's own window, from its own top frame and origin, may call. */
  isTrustedSender(event: IpcMainInvokeEvent): boolean
  callContext(event: IpcMainInvokeEvent): CallContext
  log: Logger
}

/**
 * Registers every contract call with ipcMain.handle: sender check, input validation (in dispatch), and the
 * `{ok, value} | {ok: false, error}` envelope. Returns a function that removes the handlers.
 */
export function registerDeskIpc(
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>,
  handlers: DeskHandlers,
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
        return dispatch(handlers, method, input, options.callContext(event), options.log)
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
  app: { rendererFile?: string; devOrigin?: string },
): (event: IpcMainInvokeEvent) => boolean {
  return (event) => {
    const win = window()
    const frame = event.senderFrame
    if (!win || event.sender !== win.webContents || !frame) return false
    if (frame.parent !== null) return false
    return isAppUrl(frame.url, app)
  }
}
