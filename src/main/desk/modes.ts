import { AppError } from '../../shared/errors'
import type { Mode } from '../../shared/types'
import { createIdGenerator } from '../ids'
import { journalPath } from '../journal/files'
import { Journal } from '../journal/journal'
import type { ServiceSession } from './service-session'
import type { Workspace } from './workspace'

/**
 * The desk's modes and their workspaces: each mode (training, live) has its journal and its service session,
 * opened when first needed and kept until the desk stops; one of them is active. Opening a workspace touches
 * nothing in its journal: the start-up work runs when it becomes active (workspaces.ts, `activate`).
 */
export class ModeRegistry {
  private readonly open = new Map<Mode, Workspace>()
  private current: Mode = 'training'

  constructor(private readonly dataDir: string) {}

  /** The active mode (training until a start says otherwise). */
  get mode(): Mode {
    return this.current
  }

  get(mode: Mode): Workspace | undefined {
    return this.open.get(mode)
  }

  active(): Workspace {
    const ws = this.open.get(this.current)
    if (!ws) throw new AppError('JOURNAL_UNAVAILABLE', 'The desk has not started yet.')
    return ws
  }

  /** The open workspaces (a live view: one opened while it is walked is walked too). */
  values(): IterableIterator<Workspace> {
    return this.open.values()
  }

  /**
   * Refuses a mode's journal file that could not be opened (written by a newer version, not a database),
   * creating nothing: a start checks this before it creates any file.
   */
  check(mode: Mode): void {
    if (!this.open.has(mode)) Journal.check(journalPath(this.dataDir, mode))
  }

  /** Opens a mode's journal and keeps it with the session given: the mode's workspace from now on. */
  add(mode: Mode, session: ServiceSession): Workspace {
    // The integrity check of a large journal runs in a worker: the window is up and the journal readable at
    // once; money calls wait for the verdict (Journal.assertWritable).
    const journal = Journal.open(journalPath(this.dataDir, mode), { check: 'background' })
    const clock = session.clock
    const ws: Workspace = {
      mode,
      journal,
      session,
      newId: createIdGenerator(() => clock.now()),
      lookups: new Map(),
      sending: new Map(),
      requests: new Map(),
      codesShown: new Map(),
      catalog: { stale: false, refreshing: null, digest: null },
    }
    this.open.set(mode, ws)
    return ws
  }

  /** Makes a workspace's mode the active one. */
  use(ws: Workspace): void {
    this.current = ws.mode
  }

  /** Forgets every workspace (the desk closed them). */
  clear(): void {
    this.open.clear()
  }
}
