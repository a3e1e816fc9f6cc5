import type { OutletInfo, ReceiptOptions } from '../../src/main/receipts/model'
import type { JournalEntry } from '../../src/shared/types'

/** Ids are UUIDv7, as src/main/ids.ts makes them. A voucher as the sandbox issues it: 15-digit code, 11-digit serial, leading zeros kept. */
export function issuedVoucher(overrides: Partial<JournalEntry> = {}): JournalEntry {
  return {
    id: '019ac2e1-5b3a-7c4d-8e2f-3a4b5c6d7e8f',
    receiptNo: 'R-1127-0012',
    kind: 'voucher',
    status: 'issued',
    createdAt: '2026-11-26T22:05:00.000Z',
    day: 20261127,
    amountDirhams: 100_000,
    clerk: 'فاطمة الزهراء',
    denominationId: 3,
    voucher: {
      code: '001110016812345',
      serialNumber: '98712345678',
      activationDate: '2026-11-27',
      expiryDate: '2027-11-27',
    },
    needsAttention: false,
    attempts: 1,
    updatedAt: '2026-11-26T22:05:01.000Z',
    mode: 'live',
    ...overrides,
  }
}

export function confirmedDeposit(overrides: Partial<JournalEntry> = {}): JournalEntry {
  return {
    id: '019ac1a0-9f10-7a2b-b3c4-d5e6f7a8b9c0',
    receiptNo: 'R-1126-0173',
    kind: 'deposit',
    status: 'confirmed',
    createdAt: '2026-11-26T09:30:00.000Z',
    day: 20261126,
    amountDirhams: 50_250,
    clerk: 'Ahmed',
    phone: '0912345678',
    firstName: 'محمد',
    externalTransactionId: '019ac1a0-9f0e-7d1c-9a2b-3c4d5e6f7a8b',
    serviceTransactionId: 'TX-20261126-778812',
    needsAttention: false,
    attempts: 1,
    updatedAt: '2026-11-26T09:30:01.000Z',
    mode: 'live',
    ...overrides,
  }
}

export const OUTLET: OutletInfo = {
  name: 'مكتبة النور',
  address: 'شارع عمر المختار، طرابلس',
  phone: '021 444 5566',
}

export function receiptOptions(overrides: Partial<ReceiptOptions> = {}): ReceiptOptions {
  return {
    language: 'ar',
    widthMm: 58,
    training: false,
    copy: null,
    redemptionHint: null,
    ...overrides,
  }
}
