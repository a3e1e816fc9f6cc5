/*
 * Why a head office call failed, as stable reasons. Apart from shared/head-office.ts (which re-exports them)
 * because that module builds zod schemas when it loads: the renderer needs only these sets, and its start-up
 * bundle paints the first screen sooner without zod (about a fifth of the bundle).
 */

/**
 * Why a head office call failed, as a stable reason the screens put in words (their `errorReasons`, both
 * languages); the message keeps the technical detail for support. REFUSED_REASONS are answers about this
 * PC's settings or the server's set-up: retrying the same settings will not help, a person must act.
 */
export const HEAD_OFFICE_REASONS = [
  'HO_LOGIN_REFUSED',
  'HO_NOT_ALLOWED',
  'HO_NO_DATABASE',
  'HO_NOT_PERMITTED',
  'HO_CERTIFICATE',
  'HO_CA_FILE',
  'HO_BUSY',
  'HO_RESTARTING',
  'HO_NOT_REACHED',
  'HO_NO_ANSWER',
  'HO_ERROR',
  // Nothing asked: the test needs the terminal's secret (feature.ts).
  'HO_SECRET_NEEDED',
  // Stops (the sync waits for a person at the head office; sync.ts).
  'HO_SCHEMA_OLD',
  'HO_NOT_A_TERMINAL',
  'HO_WRONG_TERMINAL',
  'HO_CLAIMED',
  'HO_AHEAD',
  'HO_DIFFERENT',
] as const
export type HeadOfficeReason = (typeof HEAD_OFFICE_REASONS)[number]
export const REFUSED_REASONS: ReadonlySet<string> = new Set<HeadOfficeReason>([
  'HO_LOGIN_REFUSED',
  'HO_NOT_ALLOWED',
  'HO_NO_DATABASE',
  'HO_NOT_PERMITTED',
  'HO_CERTIFICATE',
  'HO_CA_FILE',
])

/**
 * Answers about this terminal's records or the head office's set-up that stop the sync until someone at the
 * head office acts (sync: "stopped"; the Test: "did not accept these settings").
 */
export const STOP_REASONS: ReadonlySet<string> = new Set<HeadOfficeReason>([
  'HO_SCHEMA_OLD',
  'HO_NOT_A_TERMINAL',
  'HO_WRONG_TERMINAL',
  'HO_CLAIMED',
  'HO_AHEAD',
  'HO_DIFFERENT',
])
