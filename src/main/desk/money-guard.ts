import { DESK_CALLS, DESK_METHODS } from '../../shared/contract'
import type { DeskCore } from './core'
import type { DeskHandlers } from './handlers'
import type { CallContext } from './workspace'

/**
 * The calls the contract marks as money calls (they record money in the journal) are refused with
 * JOURNAL_UNAVAILABLE while the active journal cannot promise to keep what it writes (it failed its check,
 * or cannot sync): once, here, around every handler — the use cases (deposit, sell-voucher, recover…) do not
 * ask again. The journal stays readable.
 */
export function guardMoneyCalls(handlers: DeskHandlers, core: Pick<DeskCore, 'active'>): DeskHandlers {
  const guarded: Record<string, (args: unknown, call: CallContext) => Promise<unknown>> = {}
  for (const method of DESK_METHODS) {
    const handler = handlers[method] as (args: unknown, call: CallContext) => Promise<unknown>
    guarded[method] = DESK_CALLS[method].money
      ? async (args, call) => {
          // A journal still being checked (a start with a large journal) answers first. Should the mode
          // change while it does, the journal now active is asked too: the handler writes to the one active
          // when it starts, right after this, and no use case asks again.
          let journal = core.active().journal
          await journal.assertWritable()
          while (journal !== core.active().journal) {
            journal = core.active().journal
            await journal.assertWritable()
          }
          return handler(args, call)
        }
      : handler
  }
  return guarded as DeskHandlers
}
