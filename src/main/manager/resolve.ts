import type { DeskArgs } from '../../shared/contract'
import { AppError } from '../../shared/errors'
import type { EntryResolution } from '../../shared/types'
import type { DeskCore, FeatureHandlers } from '../desk/core'
import type { CallContext, Workspace } from '../desk/workspace'
import { BACKGROUND_WINDOW_MS, stamp } from '../desk/workspace'
import { type EntryRecord, toJournalEntry } from '../journal/journal'

function mustGet(ws: Workspace, entryId: string): EntryRecord {
  const entry = ws.journal.get(entryId)
  if (!entry) throw new AppError('NOT_FOUND', 'There is no such journal entry.')
  return entry
}

function notResolvable(entry: EntryRecord, why: string): AppError {
  return new AppError('NOT_RESOLVABLE', why, { entryId: entry.id, kind: entry.kind, status: entry.status })
}

/**
 * Serial and code are unique in the provider's system: the same one twice here is a typing mistake. The
 * refusal names the field (the serial when both are taken) and the reason, for the screen to say at it.
 */
function assertNotRecordedElsewhere(ws: Workspace, entryId: string, code: string, serial: string): void {
  const other = ws.journal.findVoucherElsewhere(code, serial, entryId)
  if (other !== null) {
    throw new AppError(
      'BAD_INPUT',
      `This ${other.sameSerial ? 'serial' : 'code'} is already recorded on another entry.`,
      { field: other.sameSerial ? 'serialNumber' : 'code', reason: 'RECORDED_ELSEWHERE', entryId: other.id },
    )
  }
}

/**
 * Entries that need a person, settled by a manager who has checked with the provider — always with a note,
 * logged in the entry's events:
 * - an unknown voucher: "issued" with the code and serial the provider reports, or "not issued" (failed);
 * - an open deposit past the background window: "confirmed" with the provider's transaction id, or
 *   "not made" (failed). Inside the window the background retry still owns it and re-sends it safely with
 *   its own reference; settling it by hand then could race a send that lands.
 * - annotateEntry: a final entry flagged for review (a deposit confirmed by duplicate, an echo that did not
 *   match) gets a note, and a duplicate-confirmed deposit the provider's transaction id, once.
 */
export function resolutionHandlers(core: DeskCore): FeatureHandlers<'resolveEntry' | 'annotateEntry'> {
  function resolution(
    outcome: EntryResolution['outcome'],
    at: string,
    call: CallContext,
    note: string,
  ): Record<string, unknown> {
    const kept: EntryResolution & { byId: string | null } = {
      outcome,
      by: call.clerk,
      byId: call.person?.id ?? null,
      at,
      note,
    }
    return { ...kept }
  }

  return {
    resolveEntry: async (args: DeskArgs<'resolveEntry'>, call) => {
      const ws = core.active()
      const entry = mustGet(ws, args.entryId)
      if (entry.status !== 'pending' && entry.status !== 'unknown') {
        throw notResolvable(entry, 'Only an entry whose outcome is unknown can be resolved.')
      }
      if (ws.sending.has(entry.id)) {
        throw new AppError('IN_PROGRESS', 'This entry is being sent right now; wait for its answer.', {
          entryId: entry.id,
        })
      }
      const t = stamp(ws)
      const event = (detail: Record<string, unknown>) => ({
        type: 'resolved' as const,
        at: t.at,
        clerk: call.clerk,
        detail: { outcome: args.outcome, note: args.note, ...detail },
      })
      const settled = resolution(args.outcome, t.at, call, args.note)

      if (args.outcome === 'issued' || args.outcome === 'not-issued') {
        if (entry.kind !== 'voucher') throw notResolvable(entry, 'This is a deposit, not a voucher.')
        if (args.outcome === 'not-issued') {
          const updated = ws.journal.updateEntry(
            entry.id,
            { status: 'failed', needsAttention: false, resolution: settled },
            t.at,
            event({}),
          )
          return toJournalEntry(updated)
        }
        assertNotRecordedElsewhere(ws, entry.id, args.code, args.serialNumber)
        const updated = ws.journal.updateEntry(
          entry.id,
          {
            status: 'issued',
            voucherCode: args.code,
            serialNumber: args.serialNumber,
            activationDate: args.activationDate ?? null,
            expiryDate: args.expiryDate ?? null,
            error: null,
            needsAttention: false,
            resolution: settled,
          },
          t.at,
          // Never the whole code in the event log: the serial and the last 4 digits identify it.
          event({ serialNumber: args.serialNumber, codeLast4: args.code.slice(-4) }),
        )
        return toJournalEntry(updated)
      }

      if (entry.kind !== 'deposit') throw notResolvable(entry, 'This is a voucher, not a deposit.')
      const sinceFirst = ws.session.clock.now() - Date.parse(entry.firstSentAt ?? entry.createdAt)
      if (sinceFirst <= BACKGROUND_WINDOW_MS) {
        throw new AppError(
          'IN_PROGRESS',
          'The desk is still re-sending this deposit with its own reference; resolve it after that.',
          { entryId: entry.id, retryAfterMs: BACKGROUND_WINDOW_MS - sinceFirst },
        )
      }
      const updated =
        args.outcome === 'confirmed'
          ? ws.journal.updateEntry(
              entry.id,
              {
                status: 'confirmed',
                serviceTransactionId: args.serviceTransactionId,
                error: null,
                needsAttention: false,
                resolution: settled,
              },
              t.at,
              event({ transactionId: args.serviceTransactionId }),
            )
          : ws.journal.updateEntry(
              entry.id,
              { status: 'failed', needsAttention: false, resolution: settled },
              t.at,
              event({}),
            )
      return toJournalEntry(updated)
    },

    annotateEntry: async (args, call) => {
      const ws = core.active()
      const entry = mustGet(ws, args.entryId)
      if (entry.status !== 'issued' && entry.status !== 'confirmed') {
        throw notResolvable(entry, 'Only a final entry takes a note; resolve an unknown one instead.')
      }
      if (!entry.needsAttention) throw notResolvable(entry, 'This entry does not need attention.')
      const missingId = entry.kind === 'deposit' && entry.confirmedByDuplicate && !entry.serviceTransactionId
      if (missingId && args.serviceTransactionId === undefined) {
        throw new AppError('BAD_INPUT', "serviceTransactionId: the provider's transaction id is needed.", {
          field: 'serviceTransactionId',
        })
      }
      if (!missingId && args.serviceTransactionId !== undefined) {
        throw notResolvable(entry, 'This entry already has its transaction id, or takes none.')
      }
      const t = stamp(ws)
      const updated = ws.journal.updateEntry(
        entry.id,
        {
          ...(args.serviceTransactionId !== undefined
            ? { serviceTransactionId: args.serviceTransactionId }
            : {}),
          needsAttention: false,
          resolution: resolution('annotated', t.at, call, args.note),
        },
        t.at,
        {
          type: 'annotated',
          at: t.at,
          clerk: call.clerk,
          detail: {
            note: args.note,
            ...(args.serviceTransactionId !== undefined ? { transactionId: args.serviceTransactionId } : {}),
          },
        },
      )
      return toJournalEntry(updated)
    },
  }
}
