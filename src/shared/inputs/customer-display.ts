/** The inputs of the customer display's calls (docs/customer-display.md; declared in contract.ts). */
import { z } from 'zod'
import { CUSTOMER_LANGUAGES } from '../customer-view'
import { MAX_DIRHAMS, MIN_DEPOSIT_DIRHAMS } from '../money'
import { phoneText } from '../schemas'
import { denominationId } from './sale'

/**
 * What the clerk's screen is at, by reference only (a phone looked up, an amount, a value of the list): main
 * decides what the customer sees from its own lookups and list, never from text the page sends.
 */
export const showCustomerInput = z.discriminatedUnion('show', [
  z.strictObject({ show: z.literal('idle') }),
  z.strictObject({ show: z.literal('wait') }),
  z.strictObject({ show: z.literal('deposit-name'), phone: phoneText }),
  z.strictObject({
    show: z.literal('deposit-amount'),
    phone: phoneText,
    amountDirhams: z.union([z.number().int().min(0).max(MAX_DIRHAMS), z.null()]),
  }),
  z.strictObject({
    show: z.literal('deposit-review'),
    phone: phoneText,
    amountDirhams: z.number().int().min(MIN_DEPOSIT_DIRHAMS).max(MAX_DIRHAMS),
  }),
  z.strictObject({
    show: z.literal('voucher'),
    denominationId,
    valueDirhams: z.number().int().positive().max(MAX_DIRHAMS),
  }),
])

export const configureCustomerDisplayInput = z.strictObject({
  /** null: no customer display. */
  display: z
    .union([
      z.strictObject({
        /** Chromium's display id (an int64 on Windows, a hash: JavaScript may hold it inexactly, the same way each time). */
        id: z
          .number()
          .min(-(2 ** 64))
          .max(2 ** 64),
        label: z.string().max(200),
      }),
      z.null(),
    ])
    .optional(),
  language: z.enum(CUSTOMER_LANGUAGES).optional(),
  customerConfirms: z.boolean().optional(),
})
