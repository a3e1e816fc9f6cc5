/** The inputs of the journal's calls: its list, a manager's resolution or note, the notices (contract.ts). */
import { z } from 'zod'
import { day, digits, id, note, optionalFields, plainDate, serviceTransactionId } from '../schemas'
import { ENTRY_KINDS, ENTRY_STATUSES } from '../types'
import { VOUCHER_CODE_DIGITS, VOUCHER_SERIAL_DIGITS } from '../voucher-code'

export const listJournalInput = optionalFields({
  day: day.optional(),
  from: day.optional(),
  to: day.optional(),
  kind: z.enum(ENTRY_KINDS).optional(),
  status: z.enum(ENTRY_STATUSES).optional(),
  needsAttention: z.boolean().optional(),
  search: z.string().max(100).optional(),
  limit: z.number().int().min(1).max(500).optional(),
  cursor: z.string().min(1).max(200).optional(),
})

/** One entry, by its id (getEntry, retryDeposit). */
export const entryInput = z.strictObject({ entryId: id })

export const listNoticesInput = optionalFields({ afterId: z.number().int().min(0).optional() })
export const dismissNoticeInput = z.strictObject({ id: z.number().int().min(1) })

export const resolveEntryInput = z.discriminatedUnion('outcome', [
  z.strictObject({
    entryId: id,
    outcome: z.literal('issued'),
    code: digits(VOUCHER_CODE_DIGITS, VOUCHER_CODE_DIGITS),
    serialNumber: digits(VOUCHER_SERIAL_DIGITS, VOUCHER_SERIAL_DIGITS),
    activationDate: plainDate.optional(),
    expiryDate: plainDate.optional(),
    note,
  }),
  z.strictObject({ entryId: id, outcome: z.literal('not-issued'), note }),
  z.strictObject({ entryId: id, outcome: z.literal('confirmed'), serviceTransactionId, note }),
  z.strictObject({ entryId: id, outcome: z.literal('not-made'), note }),
])

export const annotateEntryInput = z.strictObject({
  entryId: id,
  serviceTransactionId: serviceTransactionId.optional(),
  note,
})
