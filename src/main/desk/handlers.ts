import type { DeskArgs, DeskMethod, DeskOutputs } from '../../shared/contract'
import type { CallContext } from './workspace'

/** What main implements for every call of the contract; the bridge validates input before calling. */
export type DeskHandlers = {
  [M in DeskMethod]: (args: DeskArgs<M>, call: CallContext) => Promise<DeskOutputs[M]>
}
