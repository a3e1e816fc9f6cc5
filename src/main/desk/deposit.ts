import type { DeskArgs } from '../../shared/contract'
import { AppError } from '../../shared/errors'
import { type Dirhams, formatLyd } from '../../shared/money'
import { formatPhoneForService, type LibyanPhone } from '../../shared/phone'
import type { EntryRecord } from '../journal/journal'
import { deposit as postDeposit, type ServiceDeposit } from '../reseller/client'
import { freshLookup, openDepositsTo, parsePhone, sameName } from './lookup'
import { exclusiveSend, oncePerRequest } from './no-double-send'
import { PostTracker, type ResendBy, recordFailure, recordSuccess } from './outcome'
import {
  isOpenDeposit,
  newEntryOf,
  type OpContext,
  REPEAT_WINDOW_MS,
  requireCredentials,
  stamp,
} from './workspace'

/**
 * Deposits money into a customer's wallet. A deposit is irreversible, so it is refused unless a fresh lookup
 * of that phone matched the confirmed first name and the account is active, and while an earlier deposit to
 * the phone is unresolved. The intent is journaled with a new external_transaction_id before sending; an
 * unknown outcome is re-sent later with that same id, which the service accepts at most once.
 */
export function deposit(ctx: OpContext, args: DeskArgs<'deposit'>): Promise<EntryRecord> {
  const phone = parsePhone(args.phone)
  const { ws } = ctx
  const max = ctx.settings.depositMaxDirhams
  if (args.amountDirhams > max) {
    throw new AppError(
      'ABOVE_DEPOSIT_MAXIMUM',
      `A deposit is at most ${formatLyd(max)} LYD on this PC (a manager's setting).`,
      { maxDirhams: max, amountDirhams: args.amountDirhams },
    )
  }
  return oncePerRequest(
    ws,
    args.requestId,
    (earlier) =>
      earlier.kind === 'deposit' && earlier.phone === phone && earlier.amountDirhams === args.amountDirhams,
    async () => {
      requireCredentials(ws)
      // From here to the insert there is no await: the checks and the intent are one step.
      const lookup = freshLookup(ctx, phone)
      if (!lookup) {
        throw new AppError(
          'LOOKUP_REQUIRED',
          'Look the customer up (within the last 10 minutes) before depositing.',
        )
      }
      if (!sameName(lookup.firstName, args.confirmedFirstName)) {
        throw new AppError(
          'NAME_MISMATCH',
          'The confirmed name is not the account holder’s name from the lookup.',
        )
      }
      if (lookup.status !== 'active') {
        throw new AppError('USER_INACTIVE', 'The customer’s wallet account is not active.', {
          status: lookup.status,
        })
      }
      const { here, elsewhere } = openDepositsTo(ctx, phone)
      if (here) {
        throw new AppError(
          'UNRESOLVED_DEPOSIT',
          'An earlier deposit to this phone has no known outcome yet.',
          {
            entryId: here.id,
          },
        )
      }
      if (elsewhere) {
        throw new AppError(
          'UNRESOLVED_DEPOSIT',
          `An earlier deposit to this phone at ${elsewhere.terminal} has no known outcome yet.`,
          { elsewhere: true, terminal: elsewhere.terminal, remoteEntryId: elsewhere.entryId },
        )
      }
      const t = stamp(ws)
      if (!args.confirmRepeat) {
        const since = new Date(Date.parse(t.at) - REPEAT_WINDOW_MS).toISOString()
        const recent = ws.journal.findRecentDeposit(phone, args.amountDirhams, since)
        if (recent) {
          throw new AppError(
            'REPEAT_NEEDS_CONFIRMATION',
            `The same amount (${formatLyd(args.amountDirhams)} LYD) was deposited to this phone minutes ago.`,
            {
              entryId: recent.id,
              at: recent.createdAt,
              clerk: recent.clerk,
              amountDirhams: recent.amountDirhams,
            },
          )
        }
      }
      // With a token in hand nothing stands between this commit and the POST, so the intent carries the
      // POST's `sent` mark: one commit fewer. Without one, the token is obtained first and the mark is made
      // just before the POST (a token that cannot be had leaves a deposit that was never sent, and says so).
      // The POST then goes with exactly this token (withToken's inHand): no token request can come between
      // the mark and the POST, whatever awaits a later change adds on the way.
      const token = ws.session.tokens.ready()
      const pending = ws.journal.insertEntry(
        {
          ...newEntryOf(ctx, t),
          kind: 'deposit',
          amountDirhams: args.amountDirhams,
          phone,
          firstName: lookup.firstName,
          externalTransactionId: ws.newId(),
          requestId: args.requestId ?? null,
          nameConfirmedBy: ctx.customer?.nameConfirmedBy(ws, phone, lookup) ?? 'clerk',
        },
        'pending',
        token === null ? {} : { sentWithEntry: { at: t.at, clerk: ctx.clerk, detail: { attempt: 1 } } },
      )
      const sent = exclusiveSend(ws, pending.id, () =>
        attemptDeposit(ctx, pending, null, token === null ? null : { token, at: t.at }),
      )
      // Once the send is under way: the customer display never stands between the intent and the POST.
      ctx.customer?.sending(ws, pending)
      return sent
    },
  )
}

/**
 * One attempt to send a deposit with its own external_transaction_id: the first (from deposit) or a re-send
 * (by a person or the background recovery). On 200 the entry is confirmed; everything else is recorded by
 * recordFailure (a 409 confirms by duplicate; a re-send never makes it failed).
 */
async function attemptDeposit(
  ctx: OpContext,
  entry: EntryRecord,
  resend: ResendBy | null,
  sentWithEntry: { token: string; at: string } | null = null,
): Promise<EntryRecord> {
  const { ws } = ctx
  const { session } = ws
  const tracker = new PostTracker(ctx, entry, sentWithEntry?.at ?? null)
  let result: ServiceDeposit
  try {
    result = await session.tokens.withToken(
      (token) =>
        tracker.run(() =>
          postDeposit(session.http, token, {
            phone: formatPhoneForService(entry.phone as LibyanPhone, ctx.settings.phoneFormat),
            amountDirhams: entry.amountDirhams as Dirhams,
            externalTransactionId: entry.externalTransactionId as string,
          }),
        ),
      sentWithEntry?.token,
    )
  } catch (error) {
    const recorded = recordFailure(ctx, entry, tracker, error, resend)
    if (!resend && recorded.status === 'unknown') ctx.kickRecovery()
    return recorded
  }
  const done = stamp(ws)
  // An answer that does not echo what we sent is proof of a deposit, but a person should look at it.
  const echoMismatch =
    (result.externalTransactionId !== null && result.externalTransactionId !== entry.externalTransactionId) ||
    (result.amountDirhams !== null && result.amountDirhams !== entry.amountDirhams)
  return recordSuccess(
    ctx,
    entry,
    {
      status: 'confirmed',
      serviceTransactionId: result.transactionId,
      error: null,
      attempts: entry.attempts + tracker.posts,
      firstSentAt: entry.firstSentAt ?? tracker.firstSentAt,
      needsAttention: echoMismatch,
    },
    {
      type: resend ? 'resolved' : 'answered',
      at: done.at,
      clerk: ctx.clerk,
      httpStatus: result.httpStatus,
      detail: {
        transactionId: result.transactionId,
        ...(resend ? { by: resend } : {}),
        ...(echoMismatch ? { echoMismatch: true } : {}),
      },
    },
  )
}

/**
 * Re-sends an open deposit with its own external_transaction_id. 200 → confirmed; 409 → confirmed by
 * duplicate (an earlier attempt went through), flagged for review. Since an earlier attempt may have reached
 * the service, no other answer makes it `failed`: it stays unknown and needs a person. A deposit sent to
 * another service account is never re-sent here: its reference would be new to this account.
 */
export function resendDeposit(ctx: OpContext, entryId: string, by: ResendBy): Promise<EntryRecord> {
  const { ws } = ctx
  return exclusiveSend(ws, entryId, async () => {
    const current = ws.journal.mustGet(entryId)
    if (!isOpenDeposit(current)) return current
    if (current.serviceAccount !== null && current.serviceAccount !== ctx.account) {
      throw new AppError(
        'NOT_RETRYABLE',
        'This deposit was sent to another service account; only that account can tell whether it arrived.',
        { entryId: current.id, serviceAccount: current.serviceAccount },
      )
    }
    return attemptDeposit(ctx, current, by)
  })
}
