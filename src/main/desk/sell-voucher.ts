import type { DeskArgs } from '../../shared/contract'
import type { EntryRecord } from '../journal/journal'
import { generateVoucher, type ServiceVoucher } from '../reseller/client'
import { findDenomination } from './catalog'
import { rememberSaleViewer } from './code-shown'
import {
  exclusiveSend,
  newEntryOf,
  type OpContext,
  oncePerRequest,
  requireCredentials,
  stamp,
} from './context'
import { PostTracker, recordFailure, recordSuccess } from './outcome'

/**
 * Sells one voucher. The intent is journaled (`pending`) before anything is sent, so a crash at any point
 * leaves an entry. Voucher generation has no client reference: a retry after a lost answer could buy a
 * second voucher, so an unknown outcome is never retried — it waits for a person who checks with the provider.
 * `fresh`: this call made the sale (not a repeat of its requestId), for desk/code-shown.
 */
export async function sellVoucher(
  ctx: OpContext,
  args: DeskArgs<'generateVoucher'>,
): Promise<{ entry: EntryRecord; fresh: boolean }> {
  const { ws } = ctx
  let fresh = false
  const entry = await oncePerRequest(
    ws,
    args.requestId,
    (earlier) => earlier.kind === 'voucher' && earlier.denominationId === args.denominationId,
    async () => {
      fresh = true
      await ws.journal.assertWritable()
      requireCredentials(ws)
      const denomination = await findDenomination(ctx, args.denominationId)
      const pending = ws.journal.insertEntry({
        ...newEntryOf(ctx),
        kind: 'voucher',
        amountDirhams: denomination.valueDirhams,
        denominationId: denomination.id,
        denominationValueDirhams: denomination.valueDirhams,
        requestId: args.requestId ?? null,
      })

      const sold = await exclusiveSend(ws, pending.id, async () => {
        const { session } = ws
        const tracker = new PostTracker(ctx, pending)
        let voucher: ServiceVoucher
        try {
          voucher = await session.tokens.withToken((token) =>
            tracker.run(() => generateVoucher(session.http, token, denomination.id)),
          )
        } catch (error) {
          return recordFailure(ctx, pending, tracker, error, null)
        }
        const done = stamp(ws)
        return recordSuccess(
          ctx,
          pending,
          {
            status: 'issued',
            // What the service debited is what it says the voucher is worth.
            amountDirhams: voucher.denominationValueDirhams ?? denomination.valueDirhams,
            voucherCode: voucher.code,
            serialNumber: voucher.serialNumber,
            activationDate: voucher.activationDate,
            expiryDate: voucher.expiryDate,
            attempts: tracker.posts,
            firstSentAt: tracker.firstSentAt,
          },
          {
            type: 'answered',
            at: done.at,
            clerk: ctx.clerk,
            httpStatus: voucher.httpStatus,
            detail: { serialNumber: voucher.serialNumber },
          },
        )
      })
      rememberSaleViewer(ctx, sold)
      return sold
    },
  )
  return { entry, fresh }
}
