import type { DeskMethod } from '../../shared/contract'
import type { Logger } from '../log'
import type { StoredSettings } from '../settings/settings'
import type { DeskHandlers } from './handlers'
import type { CallContext, OpContext, Workspace } from './workspace'

/**
 * What a feature's handlers (the desk's own, receipts, people, the manager tools) get from the desk: the
 * active mode's workspace, an operation context for a call, settings and the log. Features take this and
 * return their handlers; the composition root (app-desk.ts) puts them together, so no feature imports
 * another or the desk.
 */
export interface DeskCore {
  active(): Workspace
  opContext(ws: Workspace, call: CallContext): OpContext
  settings(): StoredSettings
  log: Logger
  dataDir: string
}

/** What the desk is doing with money: updates install only when all three are 0. */
export interface MoneyActivity {
  /** Sales, deposits and re-sends running now. */
  inFlight: number
  /** Journal entries whose request may be on its way or whose answer is not recorded yet. */
  pending: number
  /** Unknown deposits the background will re-send (inside their 15-minute window). */
  resending: number
}

/** The contract calls a feature module implements. */
export type FeatureHandlers<M extends DeskMethod> = Pick<DeskHandlers, M>
