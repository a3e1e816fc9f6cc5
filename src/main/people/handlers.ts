import { AppError } from '../../shared/errors'
import type { Session } from '../../shared/people'
import type { DeskCore, FeatureHandlers } from '../desk/core'
import type { CallContext } from '../desk/workspace'
import { signInWaitMs } from './backoff'
import { hashPin, verifyPin } from './pin'
import type { Sessions } from './sessions'
import { type PeopleStore, type PersonRecord, toPerson } from './store'

export type PeopleMethod =
  | 'getSession'
  | 'touchSession'
  | 'createManager'
  | 'signIn'
  | 'signOut'
  | 'listPeople'
  | 'addClerk'
  | 'updateClerk'

export interface PeopleDeps {
  core: DeskCore
  people(): PeopleStore
  sessions: Sessions
  /** The running wrong-PIN wait: monotonic, so moving the PC clock neither shortens nor lengthens it. */
  monotonicNow: () => number
  /** The PC clock, for the times people's events record when the service's is not known. */
  wallNow?: () => number
}

/** The manager, when the guard has put one on the call; setup or a clerk cannot manage people. */
function requireManager(call: CallContext): { id: string; name: string } {
  if (!call.person) throw new AppError('NOT_SIGNED_IN', 'A manager must sign in first.')
  if (call.person.role !== 'manager') throw new AppError('FORBIDDEN', 'Only a manager can do this.')
  return call.person
}

/**
 * Setup, sign-in and sign-out, and the manager's list of people. Wrong PINs are counted per person in the
 * people database and each one past the free ones makes the next try wait longer; attempts for one person
 * run one at a time, so parallel guesses cannot slip past the count.
 *
 * The wait runs on the monotonic clock, which the PC clock cannot move. Monotonic time does not survive a
 * restart, so a count kept from before this start waits its whole wait again, counted from the start: a
 * restart never shortens a wait (it can only lengthen the one that was running), and a person who comes
 * back long after the app started is not kept waiting for guesses made before it.
 */
export function peopleHandlers(deps: PeopleDeps): FeatureHandlers<PeopleMethod> {
  const { core, sessions, monotonicNow } = deps
  const wallNow = deps.wallNow ?? Date.now
  const attempts = new Map<string, Promise<unknown>>()
  const startedAt = monotonicNow()
  /** Waits started in this run: until when (monotonic ms), for which count. */
  const waits = new Map<string, { failures: number; untilMs: number }>()

  /** When a person may try again, in monotonic ms. */
  function waitEnds(person: PersonRecord): number {
    const running = waits.get(person.id)
    if (running && running.failures === person.failedAttempts) return running.untilMs
    // A count from before this start (or reset by a manager since): its whole wait, from the start.
    return startedAt + signInWaitMs(person.failedAttempts)
  }

  function nowIso(): string {
    try {
      return new Date(core.active().session.clock.now()).toISOString()
    } catch {
      return new Date(wallNow()).toISOString()
    }
  }

  function sessionOf(call: CallContext): Session {
    const s = core.settings()
    const lookup = sessions.lookup(call.sender)
    const person = lookup.state === 'signed-in' ? lookup.session : null
    return {
      setupNeeded: !deps.people().hasManager(),
      person: person ? { id: person.personId, name: person.name, role: person.role } : null,
      autoLockMinutes: s.autoLockMinutes,
      reprintWindowMinutes: s.reprintWindowMinutes,
      language: s.language,
      ...(lookup.state === 'expired' ? { expired: true as const } : {}),
    }
  }

  function oneAtATime<T>(personId: string, attempt: () => Promise<T>): Promise<T> {
    const before = attempts.get(personId) ?? Promise.resolve()
    const result = before.then(attempt, attempt)
    const settled = result.catch(() => undefined)
    attempts.set(personId, settled)
    void settled.then(() => {
      if (attempts.get(personId) === settled) attempts.delete(personId)
    })
    return result
  }

  return {
    getSession: async (_args, call) => sessionOf(call),

    touchSession: async (_args, call) => sessionOf(call),

    createManager: async (args, call) => {
      const people = deps.people()
      if (people.hasManager()) throw new AppError('FORBIDDEN', 'This terminal already has a manager.')
      const pinHash = await hashPin(args.pin)
      // Checked again after the slow hash, with nothing in between: two first starts cannot both win.
      if (people.hasManager()) throw new AppError('FORBIDDEN', 'This terminal already has a manager.')
      const manager = people.create({ name: args.name, role: 'manager', pinHash, at: nowIso(), byId: null })
      core.log.info('manager created; sign-in is required from now on', { personId: manager.id })
      if (call.sender !== undefined) sessions.start(call.sender, manager)
      return sessionOf(call)
    },

    signIn: async (args, call) =>
      oneAtATime(args.personId, async () => {
        const people = deps.people()
        const person = people.get(args.personId)
        if (!person?.active) throw new AppError('NOT_FOUND', 'There is no such person.')
        const ends = waitEnds(person)
        if (ends > monotonicNow()) {
          throw new AppError('TOO_MANY_ATTEMPTS', 'Too many wrong PINs: wait before trying again.', {
            retryAfterMs: Math.ceil(ends - monotonicNow()),
          })
        }
        if (!(await verifyPin(args.pin, person.pinHash))) {
          const failures = person.failedAttempts + 1
          const waitMs = signInWaitMs(failures)
          people.recordWrongPin(person.id, failures, nowIso())
          waits.set(person.id, { failures, untilMs: monotonicNow() + waitMs })
          core.log.warn('wrong PIN', { personId: person.id, failures })
          throw new AppError('WRONG_PIN', 'Wrong PIN.', { retryAfterMs: waitMs, failures })
        }
        people.recordSignIn(person.id, nowIso())
        waits.delete(person.id)
        if (call.sender !== undefined) sessions.start(call.sender, person)
        return sessionOf(call)
      }),

    signOut: async (_args, call) => {
      if (call.sender !== undefined) {
        if (call.person) deps.people().log(call.person.id, 'signed-out', nowIso(), call.person.id, null)
        sessions.end(call.sender)
      }
      return sessionOf(call)
    },

    listPeople: async (_args, call) => {
      const all = deps.people().list()
      const visible = call.person?.role === 'manager' ? all : all.filter((p) => p.active)
      return { people: visible.map(toPerson) }
    },

    addClerk: async (args, call) => {
      const manager = requireManager(call)
      const pinHash = await hashPin(args.pin)
      const person = deps.people().create({
        name: args.name,
        role: args.role ?? 'clerk',
        pinHash,
        at: nowIso(),
        byId: manager.id,
      })
      return toPerson(person)
    },

    updateClerk: async (args, call) => {
      const manager = requireManager(call)
      const pinHash = args.pin === undefined ? undefined : await hashPin(args.pin)
      const person = deps.people().update(
        args.personId,
        {
          ...(args.name !== undefined ? { name: args.name } : {}),
          ...(args.role !== undefined ? { role: args.role } : {}),
          ...(pinHash !== undefined ? { pinHash } : {}),
          ...(args.active !== undefined ? { active: args.active } : {}),
        },
        nowIso(),
        manager.id,
      )
      const self = person.id === manager.id
      // Whoever lost access, changed role or got a new PIN signs in again; the manager's own window stays.
      if (!person.active || args.role !== undefined || (pinHash !== undefined && !self)) {
        sessions.endPerson(person.id)
        if (self && person.active && call.sender !== undefined) sessions.start(call.sender, person)
      }
      if (args.name !== undefined) sessions.rename(person.id, person.name)
      return toPerson(person)
    },
  }
}
