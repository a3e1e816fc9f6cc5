import type { OutletInfo, ReceiptOptions } from '../../src/main/receipts/model'
import type { JournalEntry } from '../../src/shared/contract'

/** A voucher as the sandbox issues it: 15-digit code, 11-digit serial, leading zeros kept. */
export function issuedVoucher(overrides: Partial<JournalEntry> = {}): JournalEntry {
  return {
    id: '01JD7Z9K4M2N3P5Q6R7S8T9V0W',
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
    id: '01JD7ZB3XQ5R8T2V4W6Y8Z0A1C',
    kind: 'deposit',
    status: 'confirmed',
    createdAt: '2026-11-26T09:30:00.000Z',
    day: 20261126,
    amountDirhams: 50_250,
    clerk: 'Ahmed',
    phone: '0912345678',
    firstName: 'محمد',
    externalTransactionId: '0192f6a4-7c1e-7b2a-9d3e-5f6a7b8c9d0e',
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
