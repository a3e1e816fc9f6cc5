/** The inputs of the voucher sale's calls (declared in contract.ts). */
import { z } from 'zod'
import { MAX_DIRHAMS } from '../money'
import { optionalFields, requestId } from '../schemas'

/** A denomination's id as the service gives it (a 32-bit integer). */
export const denominationId = z.number().int().positive().max(2_147_483_647)

export const listDenominationsInput = optionalFields({ refresh: z.boolean().optional() })

export const generateVoucherInput = z.strictObject({
  denominationId,
  /**
   * The value the clerk confirmed: nothing is sent when the desk's freshest list gives the id another value
   * (DENOMINATION_CHANGED).
   */
  valueDirhams: z.number().int().positive().max(MAX_DIRHAMS),
  /** The clerk was told a voucher of this value sold today has no known outcome, and sells another. */
  confirmOpenVoucher: z.boolean().optional(),
  requestId: requestId.optional(),
})
