/**
 * Updates of the installed app, as the Settings screen shows them. The installed app looks for a new version
 * at start and daily on an HTTPS feed (a folder with `latest.yml` and the installer: electron-builder's
 * "generic" provider), downloads it in the background and installs it only when the app quits, at the next
 * start before the window opens, or when a manager says "install now" — never while money is moving.
 */
import { AppError } from './errors'

export const UPDATE_STATES = [
  /** This host does not update itself (the browser shell, a developer's unpackaged run). */
  'unavailable',
  /** No feed address: neither built in nor set by a manager. */
  'not-configured',
  'idle',
  'checking',
  'up-to-date',
  'downloading',
  /** Downloaded and verified; waits for the quit, the next start or a manager. */
  'downloaded',
  'installing',
  'error',
] as const
export type UpdateState = (typeof UPDATE_STATES)[number]

/** Why a downloaded update is not installed right now. */
export type UpdateHold = 'money-in-flight' | 'money-pending' | 'deposit-resending'

export interface UpdateStatus {
  currentVersion: string
  state: UpdateState
  /** Where updates come from: a manager's address, or the one the installer was built with. */
  feed: { url: string; source: 'settings' | 'build' } | null
  /** The version the feed offers, once known. */
  availableVersion: string | null
  /** 0–100 while downloading. */
  downloadPercent: number | null
  lastCheckAt: string | null
  /** What went wrong with the last check or download (a message for the manager, never a secret). */
  error: string | null
  /** Why "install now" would wait, or null. */
  hold: UpdateHold | null
}

/** A feed address a manager typed: https only, no user or password in it, a folder (ends with `/`). */
export function normalizeUpdateFeedUrl(text: string): string {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    throw new AppError('BAD_INPUT', 'The update address is not a valid address.', {
      field: 'updateFeedUrl',
      reason: 'ADDRESS_NOT_VALID',
    })
  }
  if (url.protocol !== 'https:') {
    throw new AppError('BAD_INPUT', 'The update address must start with https://.', {
      field: 'updateFeedUrl',
      reason: 'ADDRESS_NOT_HTTPS',
    })
  }
  if (url.username !== '' || url.password !== '') {
    throw new AppError('BAD_INPUT', 'The update address must not hold a user name or password.', {
      field: 'updateFeedUrl',
      reason: 'ADDRESS_EXTRAS',
    })
  }
  if (url.search !== '' || url.hash !== '') {
    throw new AppError('BAD_INPUT', 'The update address must be a plain folder address, without ? or #.', {
      field: 'updateFeedUrl',
      reason: 'ADDRESS_EXTRAS',
    })
  }
  if (!url.pathname.endsWith('/')) url.pathname += '/'
  return url.toString()
}
