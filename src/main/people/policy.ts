import type { DeskArgs } from '../../shared/contract'
import { DESK_METHODS, type DeskMethod } from '../../shared/desk-methods'
import { AppError } from '../../shared/errors'
import type { CallContext } from '../desk/context'
import type { DeskHandlers } from '../desk/handlers'
import type { EntryRecord } from '../journal/journal'
import type { Sessions } from './sessions'

/** Anyone (even signed out), any signed-in person, or a manager. */
export type Level = 'any' | 'clerk' | 'manager'

/** What a clerk-specific limit may look at. */
export interface ClerkScope {
  /** Today's business day by the service's clock. */
  today(): number
  /** Service-corrected now, epoch ms. */
  nowMs(): number
  entry(id: string): EntryRecord | null
  reprintWindowMs(): number
}

export interface Rule<M extends DeskMethod = DeskMethod> {
  /** Who may call. */
  level: Level
  /** Polls that must not count as the person's activity, or the auto-lock would never come. */
  passive?: true
  /** For a clerk only: refuses (FORBIDDEN) or narrows the arguments. A manager is never limited. */
  forClerk?: (args: DeskArgs<M>, scope: ClerkScope) => DeskArgs<M>
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

function isOpen(entry: EntryRecord): boolean {
  return entry.status === 'pending' || entry.status === 'unknown'
}

/**
 * A clerk may open today's entries, and any entry still open: main itself leads the clerk to an earlier
 * unresolved deposit to the same phone, whatever day it was made.
 */
function todaysOrOpenEntry(args: { entryId: string }, scope: ClerkScope): void {
  const entry = scope.entry(args.entryId)
  if (entry && entry.day !== scope.today() && !isOpen(entry)) {
    throw forbidden("A clerk sees today's journal only.", { reason: 'today-only', today: scope.today() })
  }
}

/**
 * A clerk may print, preview or save a receipt within the reprint window after the sale (counted from the
 * sale itself: a later change, such as a manager's note, must not reopen it); later only a manager may. A
 * voucher receipt carries the whole code, so this also keeps old codes out of reach.
 */
function withinReprintWindow(args: { entryId: string }, scope: ClerkScope): void {
  const entry = scope.entry(args.entryId)
  if (!entry) return
  const windowMs = scope.reprintWindowMs()
  if (scope.nowMs() - Date.parse(entry.createdAt) > windowMs) {
    throw forbidden('Only a manager can print this receipt now: the reprint window has passed.', {
      reason: 'reprint-window',
      windowMinutes: Math.round(windowMs / 60_000),
    })
  }
}

/**
 * Who may call what, in one place. Every contract call has a rule (the type requires it, and a test
 * enumerates DESK_METHODS); guardHandlers applies them around the handlers, so no handler checks roles.
 */
export const POLICY: Policy = {
  getStatus: { level: 'any', passive: true },
  configureService: { level: 'manager' },
  useTraining: { level: 'manager' },
  useLive: { level: 'manager' },
  listDenominations: { level: 'clerk' },
  generateVoucher: { level: 'clerk' },
  lookupCustomer: { level: 'clerk' },
  deposit: { level: 'clerk' },
  retryDeposit: { level: 'clerk' },
  recoverNow: { level: 'clerk' },
  listJournal: { level: 'clerk', forClerk: todaysJournal },
  getEntry: {
    level: 'clerk',
    forClerk: (args, scope) => {
      todaysOrOpenEntry(args, scope)
      return args
    },
  },
  getDailyLimit: { level: 'clerk', passive: true },
  listNotices: { level: 'clerk', passive: true },
  dismissNotice: { level: 'clerk' },
  // Nothing secret is in settings (never a password); clerks need the deposit threshold and printer choice.
  getSettings: { level: 'clerk' },
  updateSettings: { level: 'manager' },
  // The language switch works on the sign-in screen too, and answers with the language only.
  setLanguage: { level: 'any' },
  testConnection: { level: 'manager' },
  saveDiagnostics: { level: 'manager' },
  printReceipt: {
    level: 'clerk',
    forClerk: (args, scope) => {
      withinReprintWindow(args, scope)
      return args
    },
  },
  getReceiptPreview: {
    level: 'clerk',
    forClerk: (args, scope) => {
      withinReprintWindow(args, scope)
      return args
    },
  },
  saveReceiptPdf: {
    level: 'clerk',
    forClerk: (args, scope) => {
      withinReprintWindow(args, scope)
      // A receipt holds the whole code: a clerk saves it where the save dialog lets them, never at a named path.
      if (args.path !== undefined) {
        throw forbidden('A clerk saves receipts through the save dialog.', { reason: 'named-path' })
      }
      return args
    },
  },
  listPrinters: { level: 'clerk' },
  printTestReceipt: { level: 'manager' },
  getSession: { level: 'any', passive: true },
  touchSession: { level: 'clerk' },
  createManager: { level: 'any' },
  signIn: { level: 'any' },
  signOut: { level: 'any' },
  listPeople: { level: 'any', passive: true },
  addClerk: { level: 'manager' },
  updateClerk: { level: 'manager' },
  resolveEntry: { level: 'manager' },
  annotateEntry: { level: 'manager' },
  getReport: { level: 'manager' },
  getXReport: { level: 'manager' },
  closeDay: { level: 'manager' },
  listZReports: { level: 'manager' },
  getZReport: { level: 'manager' },
  printReport: { level: 'manager' },
  exportReport: { level: 'manager' },
  getExportProgress: { level: 'manager', passive: true },
  backupNow: { level: 'manager' },
}

export interface Gate {
  /** False until a manager exists: the first start is setup, and every call works as before. */
  setUp(): boolean
  sessions: Sessions
  scope: ClerkScope
}

/** The rule for a call and its (validated) arguments: who may make it, and the arguments to run it with. */
export function admit<M extends DeskMethod>(
  method: M,
  args: DeskArgs<M>,
  call: CallContext,
  gate: Gate,
): { args: DeskArgs<M>; call: CallContext } {
  if (!gate.setUp()) return { args, call }
  const rule = (POLICY as Record<DeskMethod, unknown>)[method] as Rule<M>
  const lookup = gate.sessions.lookup(call.sender)
  const session = lookup.state === 'signed-in' ? lookup.session : null
  const as: CallContext = session
    ? {
        ...call,
        clerk: session.name,
        person: { id: session.personId, name: session.name, role: session.role },
      }
    : { ...call, clerk: null }
  const { level } = rule
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
  const limited =
    session && session.role !== 'manager' && rule.forClerk ? rule.forClerk(args, gate.scope) : args
  if (session && !rule.passive && call.sender !== undefined) gate.sessions.touch(call.sender)
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
