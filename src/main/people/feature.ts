import { join } from 'node:path'
import type { DeskMethod } from '../../shared/contract'
import { businessDay } from '../../shared/day'
import { type BackupSource, fileSource } from '../backup/backup'
import type { DeskCore, FeatureHandlers } from '../desk/core'
import type { DeskHandlers } from '../desk/handlers'
import type { CallContext } from '../desk/workspace'
import { type PeopleMethod, peopleHandlers } from './handlers'
import { admitCaller, type Gate, guardHandlers } from './policy'
import { Sessions } from './sessions'
import { PeopleStore } from './store'

export const PEOPLE_FILE = 'people.sqlite'

export interface PeopleFeature {
  handlers: FeatureHandlers<PeopleMethod>
  /** The role policy around every handler of the desk. */
  guard(handlers: DeskHandlers): DeskHandlers
  /**
   * May this caller make this call at all (signed in, the role it needs): the bridge asks first, before the
   * input is validated, and hands the call it answers to the handler, whose guard takes it as admitted.
   */
  admit(method: DeskMethod, call: CallContext): CallContext
  /** Hosts end a window's session when the window goes away or loads a new page. */
  endSession(sender: string): void
  /** people.sqlite, for backups. */
  backupSource: BackupSource
  /** Refuses a people.sqlite the desk could not open, creating nothing (the desk's start, before anything). */
  check(): void
  /** Opens people.sqlite (the desk's start). */
  open(): void
  close(): void
}

/**
 * The people of this terminal (people.sqlite, shared by both modes), their sessions per window, and the role
 * guard that admits each call.
 */
export function createPeopleFeature(
  core: DeskCore,
  options: { monotonicNow: () => number; wallNow?: () => number },
): PeopleFeature {
  let people: PeopleStore | null = null
  let setUp = false
  const sessions = new Sessions(options.monotonicNow, () => core.settings().autoLockMinutes * 60_000)

  function store(): PeopleStore {
    people ??= PeopleStore.open(join(core.dataDir, PEOPLE_FILE))
    return people
  }

  const gate: Gate = {
    // Once a manager exists one always will (the last one cannot be deactivated): no query per call after.
    setUp: () => {
      setUp ||= store().hasManager()
      return setUp
    },
    sessions,
    scope: {
      today: () => businessDay(core.active().session.clock.now()),
      nowMs: () => core.active().session.clock.now(),
      entry: (id) => core.active().journal.get(id),
      reprintWindowMs: () => core.settings().reprintWindowMinutes * 60_000,
    },
  }

  return {
    handlers: peopleHandlers({
      core,
      people: store,
      sessions,
      monotonicNow: options.monotonicNow,
      ...(options.wallNow ? { wallNow: options.wallNow } : {}),
    }),
    guard: (handlers) => guardHandlers(handlers, gate),
    admit: (method, call) => admitCaller(method, call, gate).call,
    endSession: (sender) => sessions.end(sender),
    // Copied from its file like the journals (in a worker thread); opened first, so a desk that never had
    // anyone signed in still has a people database to copy.
    backupSource: {
      name: PEOPLE_FILE,
      copyTo: (to) => {
        store()
        return fileSource(PEOPLE_FILE, join(core.dataDir, PEOPLE_FILE)).copyTo(to)
      },
    },
    check: () => PeopleStore.check(join(core.dataDir, PEOPLE_FILE)),
    open: () => void store(),
    close() {
      people?.close()
      people = null
      setUp = false
    },
  }
}
