/**
 * Reconciles the desk's journal with the sandbox's ledger: what a provider's statement and the outlet's
 * journal must agree on after every fault and crash. Findings are lists of ids, so a failing assertion
 * names the entries to look at.
 */

import type { EntryRecord, Journal } from '../../src/main/journal/journal'
import type { Ledger } from '../../src/sandbox/index'
import { lydToDirhams } from '../../src/shared/money'
import type { EntryKind } from '../../src/shared/types'

/** Every entry of a kind, through the journal's own paginated list (newest first). */
export function allEntries(journal: Journal, kind: EntryKind): EntryRecord[] {
  const out: EntryRecord[] = []
  let cursor: string | undefined
  do {
    const page = journal.list({ kind, limit: 500, ...(cursor ? { cursor } : {}) })
    out.push(...page.entries)
    cursor = page.nextCursor
  } while (cursor)
  return out
}

function repeated(values: string[]): string[] {
  const seen = new Set<string>()
  const twice = new Set<string>()
  for (const v of values) (seen.has(v) ? twice : seen).add(v)
  return [...twice]
}

export interface DepositAudit {
  entries: number
  confirmed: number
  confirmedByDuplicate: number
  failed: number
  /** pending or unknown */
  open: number
  credits: number
  /** External ids the service credited more than once (the sandbox should make this impossible). */
  duplicateCredits: string[]
  /** Credits whose external id has no journal entry at all: money moved with no record. */
  creditsWithoutEntry: string[]
  /** Credits whose entry is not `confirmed` (after recovery there must be none). */
  creditsNotConfirmed: string[]
  /** `confirmed` entries the service never credited. */
  confirmedWithoutCredit: string[]
  /** Credits whose amount, phone or transaction id differ from their entry. */
  mismatches: string[]
}

export function auditDeposits(journal: Journal, ledger: Ledger): DepositAudit {
  const entries = allEntries(journal, 'deposit')
  const byExternalId = new Map(entries.map((e) => [e.externalTransactionId as string, e]))
  const credited = new Set(ledger.deposits.map((d) => d.external_transaction_id))
  const audit: DepositAudit = {
    entries: entries.length,
    confirmed: entries.filter((e) => e.status === 'confirmed').length,
    confirmedByDuplicate: entries.filter((e) => e.confirmedByDuplicate).length,
    failed: entries.filter((e) => e.status === 'failed').length,
    open: entries.filter((e) => e.status === 'pending' || e.status === 'unknown').length,
    credits: ledger.deposits.length,
    duplicateCredits: repeated(ledger.deposits.map((d) => d.external_transaction_id)),
    creditsWithoutEntry: [],
    creditsNotConfirmed: [],
    confirmedWithoutCredit: entries
      .filter((e) => e.status === 'confirmed' && !credited.has(e.externalTransactionId as string))
      .map((e) => e.id),
    mismatches: [],
  }
  for (const credit of ledger.deposits) {
    const entry = byExternalId.get(credit.external_transaction_id)
    if (!entry) {
      audit.creditsWithoutEntry.push(credit.external_transaction_id)
      continue
    }
    if (entry.status !== 'confirmed') audit.creditsNotConfirmed.push(entry.id)
    const serviceIdDiffers =
      entry.serviceTransactionId !== null && entry.serviceTransactionId !== String(credit.transaction_id)
    if (
      lydToDirhams(credit.amount) !== entry.amountDirhams ||
      credit.phone !== entry.phone ||
      serviceIdDiffers ||
      (entry.serviceTransactionId === null && entry.status === 'confirmed' && !entry.confirmedByDuplicate)
    ) {
      audit.mismatches.push(entry.id)
    }
  }
  return audit
}

export interface VoucherAudit {
  entries: number
  issued: number
  failed: number
  unknown: number
  pending: number
  /** Unknown vouchers not flagged for a person. */
  unknownNotFlagged: string[]
  /** Vouchers the sandbox holds. */
  created: number
  /** Sandbox vouchers with no issued entry: what unknown entries must account for. */
  createdWithoutIssued: number
  /** Issued entries whose code/serial/value the sandbox does not hold. */
  issuedNotInLedger: string[]
  /** Entries sent more than once (a voucher must never be re-sent). */
  sentMoreThanOnce: string[]
  /** Entries recorded as sent (attempts = 1). */
  sent: number
}

export function auditVouchers(journal: Journal, ledger: Ledger): VoucherAudit {
  const entries = allEntries(journal, 'voucher')
  const bySerial = new Map(ledger.vouchers.map((v) => [v.serial_number, v]))
  const issued = entries.filter((e) => e.status === 'issued')
  const issuedSerials = new Set(issued.map((e) => e.serialNumber))
  const unknown = entries.filter((e) => e.status === 'unknown')
  return {
    entries: entries.length,
    issued: issued.length,
    failed: entries.filter((e) => e.status === 'failed').length,
    unknown: unknown.length,
    pending: entries.filter((e) => e.status === 'pending').length,
    unknownNotFlagged: unknown.filter((e) => !e.needsAttention).map((e) => e.id),
    created: ledger.vouchers.length,
    createdWithoutIssued: ledger.vouchers.filter((v) => !issuedSerials.has(v.serial_number)).length,
    issuedNotInLedger: issued
      .filter((e) => {
        const held = bySerial.get(e.serialNumber as string)
        return (
          !held || held.code !== e.voucherCode || lydToDirhams(held.denomination_value) !== e.amountDirhams
        )
      })
      .map((e) => e.id),
    sentMoreThanOnce: entries.filter((e) => e.attempts > 1).map((e) => e.id),
    sent: entries.filter((e) => e.attempts > 0).length,
  }
}

/**
 * Vouchers posted again after an outcome of an earlier post was recorded: what "re-sent" means where a post
 * may be refused with a 401 and repeated once after a token refresh (the service did nothing with the refused
 * one; both `sent` marks follow each other with no outcome between). `sentMoreThanOnce` counts those too.
 */
export function vouchersResentAfterAnOutcome(journal: Journal): string[] {
  const outcomes = new Set(['answered', 'no-answer', 'not-sent', 'retried', 'recovered', 'resolved'])
  return allEntries(journal, 'voucher')
    .filter((e) => e.attempts > 1)
    .filter((e) => {
      let outcome = false
      for (const event of journal.events(e.id)) {
        if (event.type === 'sent' && outcome) return true
        if (outcomes.has(event.type)) outcome = true
      }
      return false
    })
    .map((e) => e.id)
}
