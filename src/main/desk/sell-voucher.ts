import type { DeskArgs } from '../../shared/contract'
import type { EntryRecord } from '../journal/journal'
import { generateVoucher } from '../reseller/client'
import { findDenomination } from './catalog'
import { exclusiveSend, type OpContext, oncePerRequest, requireCredentials, stamp } from './context'
import { attemptEvent, entryError, PostTracker, reportedLimit } from './outcome'

/**
 * Sells one voucher. The intent is journaled (`pending`) before anything is sent, so a crash at any point
 * leaves an entry. Voucher generation has no client reference: a retry after a lost answer could buy a
 * second voucher, so an unknown outcome is never retried — it waits for a person who checks with the provider.
 */
export function sellVoucher(
  ctx: OpContext,
  args: DeskArgs<'generateVoucher'>,
  hasCredentials: boolean,
): Promise<EntryRecord> {
  const { ws } = ctx
  return oncePerRequest(
    ws,
    args.requestId,
    (earlier) => earlier.kind === 'voucher' && earlier.denominationId === args.denominationId,
    async () => {
      ws.journal.assertWritable()
      requireCredentials(ws, hasCredentials)
      const denomination = await findDenomination(ctx, args.denominationId)
      const t = stamp(ws)
      const pending = ws.journal.insertEntry({
        id: ws.newId(),
        kind: 'voucher',
        mode: ws.mode,
        createdAt: t.at,
        createdPcAt: t.pcAt,
        day: t.day,
        clerk: ctx.clerk,
        clerkId: ctx.clerkId,
        amountDirhams: denomination.valueDirhams,
        denominationId: denomination.id,
        denominationValueDirhams: denomination.valueDirhams,
        requestId: args.requestId ?? null,
      })

      return exclusiveSend(ws, pending.id, async () => {
        const { session } = ws
        const tracker = new PostTracker()
        try {
          const voucher = await session.tokens.withToken((token) =>
            tracker.run(() => generateVoucher(session.http, token, denomination.id)),
          )
          const done = stamp(ws)
          // What the service debited is what it says the voucher is worth.
          const value = voucher.denominationValueDirhams ?? denomination.valueDirhams
          return ws.journal.updateEntry(
            pending.id,
            {
              status: 'issued',
              amountDirhams: value,
              voucherCode: voucher.code,
              serialNumber: voucher.serialNumber,
              activationDate: voucher.activationDate,
              expiryDate: voucher.expiryDate,
              attempts: tracker.posts,
              firstSentAt: t.at,
            },
            done.at,
            {
              type: 'answered',
              at: done.at,
              clerk: ctx.clerk,
              httpStatus: voucher.httpStatus,
              detail: { serialNumber: voucher.serialNumber },
            },
          )
        } catch (error) {
          const done = stamp(ws)
          const status = tracker.status(error)
          const limit = reportedLimit(error)
          if (limit) ws.journal.addLimitReport({ ...limit, at: done.at, day: done.day, entryId: pending.id })
          if (status === 'unknown')
            ctx.log.warn('voucher outcome unknown; flagged for a manager', { entryId: pending.id })
          return ws.journal.updateEntry(
            pending.id,
            {
              status,
              error: entryError(error),
              attempts: tracker.posts,
              firstSentAt: tracker.sent ? t.at : null,
              needsAttention: status === 'unknown',
            },
            done.at,
            attemptEvent(error, done.at, ctx.clerk),
          )
        }
      })
    },
  )
}
