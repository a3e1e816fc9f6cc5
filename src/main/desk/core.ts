import type { DeskMethod } from '../../shared/contract'
import type { Logger } from '../log'
import type { StoredSettings } from '../settings/settings'
import type { CallContext, OpContext, Workspace } from './context'
import type { DeskHandlers } from './handlers'

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

/** The contract calls a feature module implements. */
export type FeatureHandlers<M extends DeskMethod> = Pick<DeskHandlers, M>
