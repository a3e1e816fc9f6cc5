import type { DeskApi } from '../../shared/contract'

declare global {
  interface Window {
    /** The desk API, exposed by the preload (Electron) or the browser shell's bridge. */
    api: DeskApi
  }
}
