/**
 * The desk's state as every screen reads it (mode, the service reached, the journal's health, the list of
 * denominations in use), a connection test's answer and what this copy of the app runs on.
 */
import type { AppErrorData } from './errors'
import type { Mode } from './types'

export interface DeskStatus {
  mode: Mode
  serviceUrl: string
  /**
   * Whether the service is reached. null until the first call tells, and while a call that went unanswered
   * is being checked (false only once that check went unanswered too).
   */
  online: boolean | null
  tokenExpiresAt: string | null
  /** Service clock minus PC clock, from the HTTP Date header; null until known. */
  clockOffsetMs: number | null
  needsAttention: number
  /** Whether live credentials are stored, so the switch to live can be offered. */
  liveConfigured: boolean
  /** When the journal cannot take money records (integrity, durability), why; money calls are refused. */
  journalProblem: string | null
  /**
   * Names the list of denominations the desk now sells from (this mode's service, as last fetched); null when
   * it has none yet. A Sell screen whose list has another digest shows a list that is no longer the desk's.
   */
  catalogDigest: string | null
}

/** What this copy of the app is and runs on (Settings, support calls). */
export interface VersionInfo {
  app: string
  /** Electron's and Chromium's versions; null outside Electron (the browser shell). */
  electron: string | null
  chrome: string | null
  node: string
  /** Platform and architecture, e.g. `win32 x64`. */
  os: string
  mode: Mode
}

export type ConnectionTest =
  | { ok: true; tokenExpiresAt: string; clockOffsetMs: number | null }
  | { ok: false; error: AppErrorData }
