import { contextBridge, ipcRenderer } from 'electron'
import type { DeskApi, DeskMethod, Envelope } from '../shared/contract'

/**
 * The contract's calls by name, put here at build time from the contract's table (electron.vite.config.ts):
 * the sandboxed preload stays one small file, without the validation library the table is written with.
 */
declare const __DESK_METHODS__: readonly DeskMethod[]

/**
 * `window.api`, built from the contract's list of calls. The renderer gets functions only — no ipcRenderer,
 * no Electron object, no token. A result arrives as an envelope and becomes a resolved value or a rejection
 * with a plain `{code, message, details?}` object (an Error would lose its fields crossing the bridge).
 */
function call(method: string, input: unknown): Promise<unknown> {
  return (ipcRenderer.invoke(`desk:${method}`, input) as Promise<Envelope<unknown>>).then((envelope) => {
    if (envelope.ok) return envelope.value
    throw envelope.error
  })
}

const api = Object.fromEntries(
  __DESK_METHODS__.map((method) => [method, (input?: unknown) => call(method, input)]),
) as unknown as DeskApi

contextBridge.exposeInMainWorld('api', api)
