import type { NameConfirmedBy } from '../../shared/customer-view'
import { businessDay } from '../../shared/day'
import { AppError } from '../../shared/errors'
import type { ChainUse, OtherOpenDeposit } from '../../shared/head-office'
import type { Role } from '../../shared/people'
import { isTerminalReceiptCode } from '../../shared/receipt-number'
import type { Mode } from '../../shared/types'
import { isOpenStatus } from '../../shared/types'
import { readFeedMark } from '../journal/head-office-feed'
import type { EntryRecord, Journal } from '../journal/journal'
import type { Logger } from '../log'
import type { Credentials } from '../reseller/token-manager'
import type { StoredSettings } from '../settings/settings'
import type { ServiceSession } from './service-session'

/*
 * What a desk operation works on and with: a mode's workspace (its journal, its service session, its lookups
 * and sends in flight), who calls (CallContext) and the operation's context (OpContext); the seams the desk
 * defines for other parts (the training service, the chain's figures, the customer display); what every new
 * entry records of its making. The workspaces by mode are kept in modes.ts; the desk core (workspaces.ts) puts
 * them together with their service sessions (session-factory.ts) and the training sandbox.
 */

/** How long a lookup proves who the customer is, and how long a same-amount repeat counts as a slip. */
export const LOOKUP_TTL_MS = 10 * 60_000
export const REPEAT_WINDOW_MS = 10 * 60_000
/** After this long since its first attempt, an open deposit is re-sent only by a person: the clerk may have
 * handed the cash back by then. */
export const BACKGROUND_WINDOW_MS = 15 * 60_000

/** A deposit whose outcome is not known yet (pending, or unknown): the ones re-sent with their reference. */
export function isOpenDeposit(entry: Pick<EntryRecord, 'kind' | 'status'>): boolean {
  return entry.kind === 'deposit' && isOpenStatus(entry.status)
}

export interface CachedLookup {
  firstName: string
  status: string
  /** Monotonic time of the lookup: immune to clock corrections. */
  atMonotonic: number
}

/** Everything that belongs to one mode: its journal, its service, its lookups, its sends in flight. */
export interface Workspace {
  readonly mode: Mode
  readonly journal: Journal
  session: ServiceSession
  readonly newId: () => string
  readonly lookups: Map<string, CachedLookup>
  /** One send at a time per entry, whoever asks (the clerk, the background retry, start-up recovery). */
  readonly sending: Map<string, Promise<EntryRecord>>
  /** Money calls by requestId while they run: a double click waits for the first instead of sending twice. */
  readonly requests: Map<string, Promise<EntryRecord>>
  /** Who saw each recent sale's whole code at the sale, and when (monotonic): see desk/code-shown. */
  readonly codesShown: Map<string, { holder: string | null; atMonotonic: number }>
  catalog: {
    stale: boolean
    refreshing: Promise<void> | null
    /** The kept list's digest for the account it was computed for (catalog.ts). */
    digest: { account: string; value: string | null } | null
  }
}

/** Who is calling, as the host and then the role guard (people/policy) tell it. */
export interface CallContext {
  /** The name entries and events record; null for the system or before anyone was set up. */
  clerk: string | null
  /**
   * Which window called, as the host identifies it (an Electron webContents, a browser-shell page): the key
   * of its session in main. Never a credential the page holds.
   */
  sender?: string
  /** The signed-in person, filled in by the role guard. */
  person?: { id: string; name: string; role: Role }
  /** The sign-in this call is made under, filled in by the role guard (a new one at every sign-in). */
  signIn?: string
}

/** The training service (training.ts starts it): the sandbox on this machine, with its demo reseller. */
export interface TrainingService {
  baseUrl: string
  credentials: Credentials
  close(): Promise<void>
}

/**
 * What the counter asks of the chain: other terminals' use today of the live journal's service account (the
 * head office knows which: the same account its refusals are read for), and an unresolved deposit to a phone
 * at another terminal. Both answer from the last figures the head office gave (in memory, at once), or null
 * when it has not been reached recently: the seam the daily-limit estimate and the open-deposit warning build
 * on (the head office implements it: head-office/feature.ts).
 */
export interface ChainFigures {
  otherTerminalsUse(day: number): ChainUse | null
  otherOpenDepositTo(phone: string): OtherOpenDeposit | null
}

/**
 * What the money calls tell the customer display and ask of it (customer-display/ implements it; the
 * composition root hands it in, as it does the chain's figures): when the clerk's sale or deposit leaves, what
 * became of it, and who confirmed a deposit's account holder. None of it may ever stop or change a sale.
 */
export interface CustomerFacing {
  /** The clerk's sale or deposit is journaled and about to be sent: the display says "Please wait". */
  sending(ws: Workspace, entry: EntryRecord): void
  /** What became of it (or of a re-send of it): shown for a few seconds when it is the sale on the display. */
  finished(ws: Workspace, entry: EntryRecord): void
  /** The call that sent it failed before an outcome was recorded: the display lets it go. */
  interrupted(ws: Workspace): void
  /**
   * Who confirmed the account holder of this lookup: the customer, when they pressed "Yes, this is me" on their
   * display for this very lookup, else the clerk.
   */
  nameConfirmedBy(ws: Workspace, phone: string, lookup: CachedLookup): NameConfirmedBy
}

export interface OpContext {
  ws: Workspace
  settings: StoredSettings
  clerk: string | null
  clerkId: string | null
  /** The signed-in person's role; absent before anyone is set up, and for the desk's own work. */
  role?: Role
  /** Who is shown what this call returns (see desk/code-shown); null for the desk's own work. */
  viewer: string | null
  /** The service account (address and username) this workspace sends to; entries record it. */
  account: string
  log: Logger
  monotonicNow: () => number
  /** Asks the background recovery to look at open deposits soon. */
  kickRecovery: () => void
  /** Figures from the other terminals of the chain (head office), when there is one. */
  chain?: ChainFigures
  /** The customer display, when the desk has one. */
  customer?: CustomerFacing
}

export interface Stamp {
  /** Corrected (service) time. */
  at: string
  /** The PC's own time, kept beside it. */
  pcAt: string
  day: number
}

export function stamp(ws: Workspace): Stamp {
  const now = ws.session.clock.now()
  return {
    at: new Date(now).toISOString(),
    pcAt: new Date(ws.session.clock.pc()).toISOString(),
    day: businessDay(now),
  }
}

/**
 * Who numbers a new entry's receipt when it is not the journal's own (R, or T in training): the terminal's
 * code at the head office, for a live entry while the desk sends there and the head office has told it its
 * code (kept with the sync's mark at every connection). Two counters of a chain then never print the same
 * number; until the first connection after the code is given, the desk's numbers start with R.
 */
function receiptPrefixOf(ctx: OpContext): string | undefined {
  const ho = ctx.settings.headOffice
  if (ctx.ws.mode !== 'live' || !ho?.enabled) return undefined
  const mark = readFeedMark(ctx.ws.journal)
  const code = mark?.terminal === ho.terminal ? mark.receiptCode : null
  return code && isTerminalReceiptCode(code) ? code : undefined
}

/**
 * What every new entry records of its making: its id, the mode, when (service and PC time, business day),
 * who, the service account it is sent to, and who numbers its receipt.
 */
export function newEntryOf(ctx: OpContext, t: Stamp = stamp(ctx.ws)) {
  const { ws } = ctx
  const receiptPrefix = receiptPrefixOf(ctx)
  return {
    ...(receiptPrefix ? { receiptPrefix } : {}),
    id: ws.newId(),
    mode: ws.mode,
    createdAt: t.at,
    createdPcAt: t.pcAt,
    day: t.day,
    clerk: ctx.clerk,
    clerkId: ctx.clerkId,
    serviceAccount: ctx.account,
  }
}

/** Refuses a call to the service when there is no account to sign in with. */
export function requireCredentials(ws: Workspace): void {
  if (!ws.session.hasCredentials()) {
    throw new AppError(
      'NOT_CONFIGURED',
      ws.mode === 'live'
        ? 'The live service is not configured on this PC.'
        : 'The training service is not running.',
    )
  }
}
