/**
 * The head office (PostgreSQL) part of the desk API: the connection a manager sets, the sync's state as the
 * screen shows it, and the chain-wide figures used at the counter. contract.ts spreads these schemas and
 * outputs into the desk contract.
 */
import { z } from 'zod'
import type { AppErrorData } from './errors'
import type { RefusalFigures } from './limit-refusal'
import { password } from './schemas'

/** Where this terminal sends its journal. The password is in the secret store, never here. */
export interface HeadOfficeSettings {
  /** Sync on (off by default: one PC is the embedded default). */
  enabled: boolean
  host: string
  port: number
  database: string
  /** This terminal's login role (made by `npm run head-office -- create-terminal`). */
  user: string
  /** The terminal's name as registered at the head office. */
  terminal: string
  /** The head office's CA certificate (PEM); TLS is required except on loopback. */
  caFile: string | null
}

export type HeadOfficeState =
  /** Not set up, or switched off. */
  | 'off'
  /** Sending, or catching up. */
  | 'syncing'
  /** Everything journaled has reached the head office. */
  | 'up-to-date'
  /**
   * The last attempt did not reach the head office, or it stopped answering (error says which): the desk sells
   * on and tries again every few seconds, and sends what waits the moment it answers.
   */
  | 'reconnecting'
  /**
   * The head office (or this PC) refused this PC's settings: the role or its secret, the database, the
   * server's certificate, the CA file. The desk sells on and tries again, but a person must fix the settings.
   */
  | 'refused'
  /** The head office refuses this desk's records for a reason a person must fix (see error). */
  | 'stopped'

export interface HeadOfficeStatus {
  state: HeadOfficeState
  /** Entries with something the head office does not have yet. */
  entriesBehind: number
  eventsBehind: number
  /** When the head office last committed or answered; null: never. */
  lastReachedAt: string | null
  error: AppErrorData | null
  /** When the chain-wide figures were last read (null: never, or too long ago to use). */
  chainFiguresAt: string | null
}

export interface HeadOfficeView {
  settings: HeadOfficeSettings | null
  passwordSaved: boolean
  status: HeadOfficeStatus
}

export type HeadOfficeTest =
  | { ok: true; terminal: string; tls: boolean; schemaVersion: number; serverVersion: string }
  | { ok: false; error: AppErrorData }

/**
 * How far two desks' clocks (each the service's, as read from its answers) may disagree: other terminals' use
 * is counted from this long before a daily-limit report, erring towards a lower estimate.
 */
export const CHAIN_CLOCK_MARGIN_MS = 5000

/**
 * The service's daily-limit refusal at another terminal of the same service account (head office schema 3):
 * its four figures, as the service answered that terminal, and when.
 */
export interface SharedLimitReport extends RefusalFigures {
  terminal: string
  /** When that terminal had the service's answer. */
  at: string
  /** When the refused entry was journaled there, before its request left: use is counted from then. */
  countedFrom: string
}

/** Another terminal's use of the same service account today: what the daily-limit estimate adds. */
export interface ChainUse {
  /** Money that moved at other terminals today (issued vouchers, confirmed deposits). */
  otherUsedDirhams: number
  /** Still open at other terminals (may have moved money). */
  otherOpenDirhams: number
  /** Of otherUsedDirhams, what moved after the service's last daily-limit report here (all of it if none). */
  otherUsedSinceReportDirhams: number
  reportSince: string | null
  /** The day's latest daily-limit refusal at another terminal of this account, if one reached the head office. */
  report: SharedLimitReport | null
  terminals: {
    terminal: string
    usedDirhams: number
    openDirhams: number
    /** When that terminal last said it was there (null: not known, or a head office before schema 2). */
    heardAt: string | null
  }[]
  /**
   * Terminals counted here that have not been heard from for minutes (neither their word nor a record;
   * heardAt: when they last said they were there): what they sold since cannot have arrived, so the estimate
   * may be too high. A terminal that never said it was there (an older desk) is not named; none is when the
   * head office cannot tell (schema before 2).
   */
  silent: { terminal: string; heardAt: string }[]
  /** When the head office answered these figures. */
  asOf: string
}

/** An unresolved deposit to a phone at another terminal. */
export interface OtherOpenDeposit {
  terminal: string
  entryId: string
  amountDirhams: number
  createdAt: string
  /** When the head office answered. */
  asOf: string
}

/* The reasons a head office call failed: in their own module, without zod, for the renderer's start-up bundle. */
export {
  HEAD_OFFICE_REASONS,
  type HeadOfficeReason,
  REFUSED_REASONS,
  STOP_REASONS,
} from './head-office-reasons'

const name = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .refine((s) => !/\p{Cc}/u.test(s), 'No control characters.')

export const headOfficeSettingsInput = z.strictObject({
  enabled: z.boolean(),
  host: z
    .string()
    .trim()
    .min(1)
    .max(255)
    // A name may have _ in it (Windows and Docker names have; pg connects to them).
    .regex(/^[A-Za-z0-9._:\-[\]]+$/, 'A host name or IP address.'),
  port: z.number().int().min(1).max(65535),
  database: z.string().trim().min(1).max(63),
  user: z
    .string()
    .trim()
    .min(1)
    .max(63)
    .regex(/^[A-Za-z0-9_.-]+$/, 'Latin letters, digits, _ . - only.'),
  terminal: name,
  // A path copied with Windows' "Copy as path" comes in quotes.
  caFile: z.union([
    z
      .string()
      .trim()
      .transform((p) => p.replace(/^"(.*)"$/s, '$1').trim())
      .pipe(z.string().min(1).max(4000)),
    z.null(),
  ]),
})

export const configureHeadOfficeInput = headOfficeSettingsInput.extend({
  /** Omitted: keep the stored secret (only for the same server, database and role). */
  password: password.optional(),
})

export const testHeadOfficeInput = headOfficeSettingsInput
  .omit({ enabled: true })
  .extend({ password: password.optional() })
