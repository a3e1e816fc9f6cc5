import type { JournalEntry, Language } from '../../shared/types'
import type { PaperWidthMm } from '../printing/paper'

/** From settings: printed at the top of every receipt. */
export interface OutletInfo {
  name: string
  address: string
  phone: string
}

export interface ReceiptOptions {
  language: Language
  widthMm: PaperWidthMm
  /** Training receipts carry "TRAINING — NOT VALID"; an entry made in training mode always does. */
  training: boolean
  /** A reprint: "COPY" and when it was reprinted. */
  copy: { reprintedAt: string } | null
  /** Falls back to the clerk recorded on the entry. */
  clerkName?: string | null
  /** How the customer redeems a voucher (configurable text, e.g. "Dial *123*code#"). */
  redemptionHint?: string | null
  /** A data:image/… URL; anything else is ignored. */
  logoDataUrl?: string | null
}

export interface ReceiptInput {
  entry: JournalEntry
  outlet: OutletInfo
  options: ReceiptOptions
}

/**
 * Why an entry cannot have a receipt, or null when it can. Only finished sales have receipts: a receipt
 * for a failed or unknown entry would look like proof of something that did not happen.
 */
export function receiptProblem(entry: JournalEntry): string | null {
  if (entry.kind === 'voucher') {
    if (entry.status !== 'issued')
      return `A voucher receipt needs an issued voucher (this one is ${entry.status}).`
    if (!entry.voucher) return 'The voucher has no code recorded.'
    return null
  }
  if (entry.status !== 'confirmed')
    return `A deposit receipt needs a confirmed deposit (this one is ${entry.status}).`
  if (!entry.phone) return 'The deposit has no phone recorded.'
  return null
}
