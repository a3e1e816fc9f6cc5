/** The inputs of the receipt and printer calls (declared in contract.ts). */
import { z } from 'zod'
import { id, language, optionalFields, path, printerSettings } from '../schemas'

export const saveReceiptPdfInput = z.strictObject({
  entryId: id,
  language: language.optional(),
  /** Omitted: main asks where to save. */
  path: path.optional(),
})

export const printTestReceiptInput = optionalFields({
  printer: printerSettings.optional(),
  language: language.optional(),
})
