import { AppError } from '../../shared/errors'
import type { LibyanPhone } from '../../shared/phone'
import type { EntryRecord } from '../journal/journal'
import { listDenominations } from './catalog'
import type { FeatureHandlers } from './core'
import { deposit, resendDeposit } from './deposit'
import { lookupCustomer, openDepositsTo } from './lookup'
import { present } from './present'
import { markInterrupted, recoverDeposits } from './recover'
import { sellVoucher } from './sell-voucher'
import { type OpContext, requireCredentials } from './workspace'
import type { Workspaces } from './workspaces'

/**
 * A money call whose outcome the customer display follows: the use case says when the sale leaves (sending),
 * this says what became of it, or that the call ended without an outcome (a question, a refusal).
 */
async function customerSees(ctx: OpContext, run: () => Promise<EntryRecord>): Promise<EntryRecord> {
  let entry: EntryRecord
  try {
    entry = await run()
  } catch (error) {
    ctx.customer?.interrupted(ctx.ws)
    throw error
  }
  ctx.customer?.finished(ctx.ws, entry)
  return entry
}

/** Selling: the denominations, a voucher, a customer's lookup, a deposit and its safe re-sends. */
export function salesHandlers(
  workspaces: Workspaces,
): FeatureHandlers<
  'listDenominations' | 'generateVoucher' | 'lookupCustomer' | 'deposit' | 'retryDeposit' | 'recoverNow'
> {
  const context = (call: Parameters<Workspaces['opContext']>[1]) =>
    workspaces.opContext(workspaces.active(), call)

  return {
    listDenominations: async (args, call) => listDenominations(context(call), args),

    generateVoucher: async (args, call) => {
      const ctx = context(call)
      let fresh = false
      const entry = await customerSees(ctx, async () => {
        const sale = await sellVoucher(ctx, args)
        fresh = sale.fresh
        return sale.entry
      })
      return present(workspaces, ctx.ws, entry, { ctx, fresh })
    },

    lookupCustomer: async (args, call) => {
      const ctx = context(call)
      const found = await lookupCustomer(ctx, args)
      const open = openDepositsTo(ctx, found.phone as LibyanPhone)
      return {
        ...found,
        ...(open.here ? { openDeposit: present(workspaces, ctx.ws, open.here) } : {}),
        ...(open.elsewhere ? { openDepositElsewhere: open.elsewhere } : {}),
      }
    },

    deposit: async (args, call) => {
      const ctx = context(call)
      return present(workspaces, ctx.ws, await customerSees(ctx, () => deposit(ctx, args)))
    },

    retryDeposit: async (args, call) => {
      const ctx = context(call)
      const { ws } = ctx
      const entry = ws.journal.get(args.entryId)
      if (!entry) throw new AppError('NOT_FOUND', 'There is no such journal entry.')
      if (entry.kind !== 'deposit') {
        throw new AppError(
          'NOT_RETRYABLE',
          'A voucher is never sent again: check with the provider whether it was created.',
        )
      }
      if (entry.status !== 'pending' && entry.status !== 'unknown') return present(workspaces, ws, entry)
      requireCredentials(ws)
      const after = await resendDeposit(ctx, entry.id, 'person')
      ctx.customer?.finished(ws, after)
      return present(workspaces, ws, after)
    },

    recoverNow: async (_args, call) => {
      const ctx = context(call)
      markInterrupted(ctx)
      return recoverDeposits(ctx)
    },
  }
}
