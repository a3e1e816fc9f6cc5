/** The inputs of the deposit's calls (declared in contract.ts). */
import { z } from 'zod'
import { MAX_DIRHAMS, MIN_DEPOSIT_DIRHAMS } from '../money'
import { phoneText, requestId } from '../schemas'

export const lookupCustomerInput = z.strictObject({ phone: phoneText })

export const depositInput = z.strictObject({
  phone: phoneText,
  amountDirhams: z
    .number()
    .int('Whole dirhams only.')
    .min(MIN_DEPOSIT_DIRHAMS, 'The minimum deposit is 0.010 LYD.')
    .max(MAX_DIRHAMS),
  confirmedFirstName: z.string().trim().min(1).max(200),
  confirmRepeat: z.boolean().optional(),
  requestId: requestId.optional(),
})
