/** The inputs of the report, export and backup calls (declared in contract.ts). */
import { z } from 'zod'
import { EXPORT_FORMATS, REPORT_SCOPES } from '../reports'
import { day, dayRange, id, language, optionalFields, path } from '../schemas'

/** scope chain: every terminal's figures from the head office. */
export const getReportInput = dayRange({ scope: z.enum(REPORT_SCOPES).optional() })
export const closeDayInput = optionalFields({ day: day.optional() })
export const listZReportsInput = optionalFields({ limit: z.number().int().min(1).max(500).optional() })
export const zReportInput = z.strictObject({ number: z.number().int().min(1) })

export const printReportInput = z.discriminatedUnion('report', [
  z.strictObject({ report: z.literal('x'), language: language.optional() }),
  z.strictObject({
    report: z.literal('z'),
    number: z.number().int().min(1),
    language: language.optional(),
  }),
])

export const exportReportInput = dayRange({
  format: z.enum(EXPORT_FORMATS),
  language: language.optional(),
  /** Omitted: main asks where to save (the host's save dialog). */
  path: path.optional(),
  /** chain: every terminal's figures from the head office (summary only). */
  scope: z.enum(REPORT_SCOPES).optional(),
})
export const exportProgressInput = z.strictObject({ jobId: id })

/** A folder on the data folder's disk is refused unless `sameDisk` says the manager knows. */
export const backupNowInput = optionalFields({
  folder: path.optional(),
  sameDisk: z.literal(true).optional(),
})
export const backupPassphraseInput = z.strictObject({ passphrase: z.string().min(1).max(500) })
