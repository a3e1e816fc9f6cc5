import type { DeskArgs } from '../../shared/contract'
import { AppError } from '../../shared/errors'
import { formatLyd } from '../../shared/money'
import type { EntryRecord } from '../journal/journal'
import { generateVoucher, type ServiceVoucher } from '../reseller/client'
import { findDenomination, refreshCatalogLater } from './catalog'
import { rememberSaleViewer } from './code-shown'
import { exclusiveSend, oncePerRequest } from './no-double-send'
import { PostTracker, recordFailure, recordSuccess } from './outcome'
import { newEntryOf, type OpContext, requireCredentials, stamp } from './workspace'

/**
 * Sells one voucher. The intent is journaled (`pending`) before anything is sent, so a crash at any point
 * leaves an entry. Voucher generation has no client reference: a retry after a lost answer could buy a
 * second voucher, so an unknown outcome is never retried — it waits for a person who checks with the provider.
 *
 * What the clerk confirmed is what is sold: the value confirmed comes with the id and must be the id's value
 * in the desk's freshest list of this service (else nothing is sent, catalog.ts); a voucher of that value whose
 * outcome is still unknown today makes the sale ask first; a voucher the service issues at another value is
 * said and flagged for a manager, never shown as a plain success.
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
    (earlier) =>
      earlier.kind === 'voucher' &&
      earlier.denominationId === args.denominationId &&
      earlier.denominationValueDirhams === args.valueDirhams,
    async () => {
      fresh = true
      requireCredentials(ws)
      const denomination = await findDenomination(ctx, args.denominationId, args.valueDirhams)
      // From here to the insert there is no await: the question and the intent are one step.
      const t = stamp(ws)
      if (!args.confirmOpenVoucher) {
        const open = ws.journal.findOpenVoucher(t.day, denomination.valueDirhams)
        if (open) {
          throw new AppError(
            'OPEN_VOUCHER_NEEDS_CONFIRMATION',
            `A ${formatLyd(open.amountDirhams)} LYD voucher sold today has no known outcome yet: the customer may already have it.`,
            {
              entryId: open.id,
              at: open.createdAt,
              clerk: open.clerk,
              valueDirhams: open.amountDirhams,
            },
          )
        }
      }
      const pending = ws.journal.insertEntry({
        ...newEntryOf(ctx, t),
        kind: 'voucher',
        amountDirhams: denomination.valueDirhams,
        denominationId: denomination.id,
        denominationValueDirhams: denomination.valueDirhams,
        requestId: args.requestId ?? null,
      })
      const sending = exclusiveSend(ws, pending.id, async () => {
        const { session } = ws
        const tracker = new PostTracker(ctx, pending)
        let voucher: ServiceVoucher
        try {
          voucher = await session.tokens.withToken((token) =>
            tracker.run(() => generateVoucher(session.http, token, denomination.id)),
          )
        } catch (error) {
          const failed = recordFailure(ctx, pending, tracker, error, null)
          // The service does not know the id any more: its list changed.
          if (failed.error?.code === 'VALIDATION') refreshCatalogLater(ctx, 'the service refused the id')
          return failed
        }
        const done = stamp(ws)
        // What the service debited is what it says the voucher is worth; when that is not what the clerk
        // confirmed, the customer was quoted another price: said on the result, flagged for a manager.
        const issued = voucher.denominationValueDirhams ?? denomination.valueDirhams
        const otherValue = issued !== denomination.valueDirhams
        if (otherValue) refreshCatalogLater(ctx, 'a voucher was issued at another value')
        return recordSuccess(
          ctx,
          pending,
          {
            status: 'issued',
            amountDirhams: issued,
            voucherCode: voucher.code,
            serialNumber: voucher.serialNumber,
            activationDate: voucher.activationDate,
            expiryDate: voucher.expiryDate,
            attempts: tracker.posts,
            firstSentAt: tracker.firstSentAt,
            ...(otherValue ? { needsAttention: true } : {}),
          },
          {
            type: 'answered',
            at: done.at,
            clerk: ctx.clerk,
            httpStatus: voucher.httpStatus,
            detail: {
              serialNumber: voucher.serialNumber,
              ...(otherValue
                ? { otherValue: { confirmedDirhams: denomination.valueDirhams, issuedDirhams: issued } }
                : {}),
            },
          },
        )
      })
      // Once the send is under way: the customer display never stands between the intent and the POST.
      ctx.customer?.sending(ws, pending)
      const sold = await sending
      rememberSaleViewer(ctx, sold)
      return sold
    },
  )
  return { entry, fresh }
}
