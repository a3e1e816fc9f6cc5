/**
 * People and their sessions at this desk (a manager and clerks, signed in with a PIN); the settings a manager
 * keeps for them are in settings.ts. The calls are declared in contract.ts with every other call.
 */
import type { Language } from './types'

/** How long a PIN is: main's schemas and the renderer's forms share it (no validation library here). */
export const PIN_MIN_DIGITS = 4
export const PIN_MAX_DIGITS = 12

export type Role = 'manager' | 'clerk'
export const ROLES = ['manager', 'clerk'] as const satisfies readonly Role[]

export interface Person {
  id: string
  name: string
  role: Role
  active: boolean
  createdAt: string
}

export interface Session {
  /** No manager yet: the first start is setup, and every call works as it did before people existed. */
  setupNeeded: boolean
  person: { id: string; name: string; role: Role } | null
  /** The window locks itself after this long without the person doing anything; main ends the session too. */
  autoLockMinutes: number
  /** A clerk may print or reprint a receipt this long after the sale; a manager at any time. */
  reprintWindowMinutes: number
  /** The terminal's language, for the sign-in screen (full settings are for signed-in people). */
  language: Language | null
  /** Main ended this window's session because it sat idle past the auto-lock time. */
  expired?: true
}
