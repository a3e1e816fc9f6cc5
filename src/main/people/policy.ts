import {
  type CallRole,
  DESK_CALLS,
  DESK_METHODS,
  type DeskArgs,
  type DeskMethod,
} from '../../shared/contract'
import { AppError } from '../../shared/errors'
import { isOpenStatus } from '../../shared/types'
import { maySeeCodeAgain } from '../desk/code-shown'
import type { DeskHandlers } from '../desk/handlers'
import type { CallContext } from '../desk/workspace'
import type { EntryRecord } from '../journal/journal'
import type { Sessions, SignedIn } from './sessions'

/** Anyone (even signed out), any signed-in person, or a manager: each call's `role` in the contract. */
export type Level = CallRole

/** What a clerk-specific limit may look at. */
export interface ClerkScope {
  /** Today's business day by the service's clock. */
  today(): number
  /** Service-corrected now, epoch ms. */
  nowMs(): number
  entry(id: string): EntryRecord | null
  reprintWindowMs(): number
}

/** For a clerk only: refuses (FORBIDDEN) or narrows the arguments. A manager is never limited. */
type ClerkLimit<M extends DeskMethod> = (args: DeskArgs<M>, scope: ClerkScope) => DeskArgs<M>

export interface Rule<M extends DeskMethod = DeskMethod> {
  /** Who may call. */
  level: Level
  /** Polls that must not count as the person's activity, or the auto-lock would never come. */
  passive?: true
  forClerk?: ClerkLimit<M>
}

type Policy = { [M in DeskMethod]: Rule<M> }

function forbidden(message: string, details: Record<string, unknown>): AppError {
  return new AppError('FORBIDDEN', message, details)
}

/** A clerk's journal is today's: any day asked for must be today, and no day asked means today. */
function todaysJournal(args: DeskArgs<'listJournal'>, scope: ClerkScope): DeskArgs<'listJournal'> {
  const today = scope.today()
  for (const day of [args.day, args.from, args.to]) {
    if (day !== undefined && day !== today) {
      throw forbidden("A clerk sees today's journal only.", { reason: 'today-only', today })
    }
  }
  return { ...args, from: today, to: today }
}

/**
 * A clerk may open today's entries, and any entry still open: main itself leads the clerk to an earlier
 * unresolved deposit to the same phone, whatever day it was made.
 */
function todaysOrOpenEntry(args: { entryId: string }, scope: ClerkScope): void {
  const entry = scope.entry(args.entryId)
  if (entry && entry.day !== scope.today() && !isOpenStatus(entry.status)) {
    throw forbidden("A clerk sees today's journal only.", { reason: 'today-only', today: scope.today() })
  }
}

/** For a clerk: receipts within the reprint window only. A voucher receipt carries the whole code. */
function withinReprintWindow(args: { entryId: string }, scope: ClerkScope): void {
  const entry = scope.entry(args.entryId)
  if (!entry) return
  const windowMs = scope.reprintWindowMs()
  if (!maySeeCodeAgain(entry, { role: 'clerk' }, scope)) {
    throw forbidden('Only a manager can print this receipt now: the reprint window has passed.', {
      reason: 'reprint-window',
      windowMinutes: Math.round(windowMs / 60_000),
    })
  }
}

/** A clerk's limits on some calls beyond their role: today's journal, the reprint window, the save dialog. */
const CLERK_LIMITS: { [M in DeskMethod]?: ClerkLimit<M> } = {
  listJournal: todaysJournal,
  getEntry: (args, scope) => {
    todaysOrOpenEntry(args, scope)
    return args
  },
  printReceipt: (args, scope) => {
    withinReprintWindow(args, scope)
    return args
  },
  getReceiptPreview: (args, scope) => {
    withinReprintWindow(args, scope)
    return args
  },
  saveReceiptPdf: (args, scope) => {
    withinReprintWindow(args, scope)
    // A receipt holds the whole code: a clerk saves it where the save dialog lets them, never at a named path.
    if (args.path !== undefined) {
      throw forbidden('A clerk saves receipts through the save dialog.', { reason: 'named-path' })
    }
    return args
  },
}

/**
 * Who may call what: each call's role and passivity as the contract declares them, with the clerk limits
 * above. guardHandlers applies it around the handlers, so no handler checks roles.
 */
export const POLICY: Policy = Object.fromEntries(
  DESK_METHODS.map((method) => {
    const { role, ...call } = DESK_CALLS[method] as { role: CallRole; passive?: true }
    const forClerk = CLERK_LIMITS[method]
    return [
      method,
      { level: role, ...(call.passive ? { passive: true } : {}), ...(forClerk ? { forClerk } : {}) },
    ]
  }),
) as Policy

export interface Gate {
  /** False until a manager exists: the first start is setup, and every call works as before. */
  setUp(): boolean
  sessions: Sessions
  scope: ClerkScope
}

/**
 * Admissions made by the bridge, passed on to the handler's guard with the call they made: each call is
 * admitted once. Keyed by the admitted call itself (a new object per admission) and used up by the guard.
 */
const admissions = new WeakMap<CallContext, { method: DeskMethod; session: SignedIn | null }>()

/**
 * Whether this caller may make this call at all, from the method alone: signed in, with the role it needs.
 * The bridge asks it before the input is even validated, so a call someone may not make is refused as such
 * (never answered with the schema's field details); its answer — the call as the signed-in person makes it —
 * is what the bridge hands the handler, whose guard (guardHandlers) takes it as it is instead of asking again.
 */
export function admitCaller(method: DeskMethod, call: CallContext, gate: Gate): Admitted {
  const admitted = whoCalls(method, call, gate)
  admissions.set(admitted.call, { method, session: admitted.session })
  return admitted
}

function whoCalls(method: DeskMethod, call: CallContext, gate: Gate): Admitted {
  if (!gate.setUp()) return { call: { ...call }, session: null }
  const { level } = POLICY[method] as Rule
  const lookup = gate.sessions.lookup(call.sender)
  const session = lookup.state === 'signed-in' ? lookup.session : null
  const as: CallContext = session
    ? {
        ...call,
        clerk: session.name,
        person: { id: session.personId, name: session.name, role: session.role },
        signIn: session.id,
      }
    : { ...call, clerk: null }
  if (level !== 'any') {
    if (!session) {
      throw new AppError('NOT_SIGNED_IN', 'Sign in first.', {
        ...(lookup.state === 'expired' ? { expired: true } : {}),
      })
    }
    if (level === 'manager' && session.role !== 'manager') {
      throw forbidden('Only a manager can do this.', { reason: 'manager-only', method })
    }
  }
  return { call: as, session }
}

interface Admitted {
  call: CallContext
  session: SignedIn | null
}

/**
 * The rule for a call and its (validated) arguments: who may make it — the bridge's admission of this very
 * call when it made one, else admitted here (a call made without the bridge) — and the arguments to run it
 * with (a clerk's limits), counting as the person's activity unless the call is a poll.
 */
export function admit<M extends DeskMethod>(
  method: M,
  args: DeskArgs<M>,
  call: CallContext,
  gate: Gate,
): { args: DeskArgs<M>; call: CallContext } {
  const passed = admissions.get(call)
  admissions.delete(call)
  const { call: as, session } =
    passed?.method === method ? { call, session: passed.session } : whoCalls(method, call, gate)
  if (!session) return { args, call: as }
  const rule = (POLICY as Record<DeskMethod, unknown>)[method] as Rule<M>
  const limited = session.role !== 'manager' && rule.forClerk ? rule.forClerk(args, gate.scope) : args
  if (!rule.passive && call.sender !== undefined) gate.sessions.touch(call.sender)
  return { args: limited, call: as }
}

/** The handlers with the policy applied once around each of them. */
export function guardHandlers(handlers: DeskHandlers, gate: Gate): DeskHandlers {
  const guarded: Record<string, (args: unknown, call: CallContext) => Promise<unknown>> = {}
  for (const method of DESK_METHODS) {
    const handler = handlers[method] as (args: unknown, call: CallContext) => Promise<unknown>
    guarded[method] = async (args, call) => {
      // One method at a time: the arguments were validated against this method's schema by the bridge.
      const admitted = admit<DeskMethod>(method, args as never, call, gate)
      return handler(admitted.args, admitted.call)
    }
  }
  return guarded as DeskHandlers
}
