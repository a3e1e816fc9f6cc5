import { describe, expect, it } from 'vitest'
import { chooseDisplay, coversDisplay } from '../../../src/main/customer-display/placement'
import {
  customerOutcome,
  customerView,
  FIRST_NAME_MAX_CHARS,
  firstNameForCustomer,
  maskPhoneForCustomer,
  resultScreen,
} from '../../../src/main/customer-display/view'
import { sanitizeCustomerDisplaySettings } from '../../../src/main/settings/customer-display-settings'
import { DEFAULT_SETTINGS } from '../../../src/main/settings/settings'
import { validateDeskInput } from '../../../src/shared/contract'
import { type CustomerScreen, customerYesNonce, type DisplayInfo } from '../../../src/shared/customer-view'

/** The rules of what a screen facing the customer may hold (main/customer-display/view.ts). */
describe('what the customer may read of a phone and a name', () => {
  it('masks every digit of a phone but the last three, grouped as on the receipt', () => {
    expect(maskPhoneForCustomer('0912345678')).toBe('••• ••• •678')
    expect(maskPhoneForCustomer('0931234567')).toBe('••• ••• •567')
    // Whatever it is given: never more than three digits through.
    for (const phone of ['+218 91 234 5678', '218912345678', '12']) {
      expect(maskPhoneForCustomer(phone).replace(/\D/g, '').length).toBeLessThanOrEqual(3)
    }
  })

  it('shows the first name as the service gave it, without characters that could reorder or hide it', () => {
    expect(firstNameForCustomer('محمد')).toBe('محمد')
    expect(firstNameForCustomer('  Ahmed \n')).toBe('Ahmed')
    // A right-to-left override (U+202E) or isolates would make the screen read otherwise than the name.
    expect(firstNameForCustomer('\u202eAhmed\u2066x\u2069\u0000')).toBe('Ahmedx')
    expect([...firstNameForCustomer('ب'.repeat(500))].length).toBe(FIRST_NAME_MAX_CHARS)
  })
})

describe('a finished sale in the customer’s words', () => {
  it('is done, not sent or being checked — never unknown', () => {
    expect(customerOutcome('issued')).toBe('done')
    expect(customerOutcome('confirmed')).toBe('done')
    expect(customerOutcome('failed')).toBe('not-sent')
    expect(customerOutcome('unknown')).toBe('checking')
    expect(customerOutcome('pending')).toBe('checking')
  })

  it('carries the amount and the time in Tripoli, nothing of the entry besides', () => {
    const entry = {
      kind: 'voucher' as const,
      status: 'issued' as const,
      amountDirhams: 30_000,
      updatedAt: '2026-11-20T12:05:09.000Z',
      voucherCode: '001110016812345',
      serialNumber: '98712345678',
      id: 'e1',
    }
    expect(resultScreen(entry)).toEqual({
      state: 'result',
      kind: 'voucher',
      outcome: 'done',
      amountDirhams: 30_000,
      time: '14:05',
    })
  })
})

describe('the view sent to the page', () => {
  const settings = {
    ...DEFAULT_SETTINGS,
    outlet: { name: 'Souq', address: 'Tripoli, Omar Mukhtar St', phone: '0211234567' },
  }

  it('is built field by field: whatever else a screen object holds does not ride along', () => {
    const carrying = {
      state: 'review',
      holder: { firstName: 'Sara', maskedPhone: '••• ••• •567', phone: '0941234567' },
      amountDirhams: 5_000,
      code: '001110016812345',
      externalTransactionId: 'ref',
    } as unknown as CustomerScreen
    const view = customerView(carrying, settings, 'live')
    expect(view).toEqual({
      state: 'review',
      holder: { firstName: 'Sara', maskedPhone: '••• ••• •567' },
      amountDirhams: 5_000,
      language: 'ar',
      training: false,
      outletName: 'Souq',
    })
    // The outlet's address and phone are the receipt's, not the customer screen's.
    expect(JSON.stringify(view)).not.toMatch(/Omar|0211234567|001110016812345|0941234567|ref/)
  })

  it('says TRAINING in training mode', () => {
    expect(customerView({ state: 'wait' }, settings, 'training').training).toBe(true)
  })
})

describe('the page’s one answer, #yes=<nonce>', () => {
  it('is read only as a nonce, from the fragment', () => {
    const nonce = '0190a000-0000-7000-8000-000000000001'
    expect(customerYesNonce(`app://desk/customer.html#yes=${nonce}`)).toBe(nonce)
    expect(customerYesNonce(`app://desk/customer.html?yes=${nonce}`)).toBeNull()
    expect(customerYesNonce('app://desk/customer.html#yes=<script>')).toBeNull()
    expect(customerYesNonce('app://desk/customer.html#no')).toBeNull()
  })
})

describe('the display the window goes on', () => {
  const display = (id: number, label: string, primary = false): DisplayInfo => ({
    id,
    label,
    primary,
    touch: 'unknown',
    bounds: { x: id * 2000, y: 0, width: 1024, height: 768 },
  })
  const clerk = display(1, 'DELL P2419H', true)
  const facing = display(7, 'iiyama T1634MC')

  it('is the chosen one, by its id; none when none is chosen or it is not there', () => {
    expect(chooseDisplay([clerk, facing], { id: 7, label: 'iiyama T1634MC' })).toBe(facing)
    expect(chooseDisplay([clerk, facing], null)).toBeNull()
    expect(chooseDisplay([clerk], { id: 7, label: 'iiyama T1634MC' })).toBeNull()
  })

  it('is found again by its label when the system renumbered it — never the lone display of a PC', () => {
    const renumbered = { ...facing, id: 9 }
    expect(chooseDisplay([clerk, renumbered], { id: 7, label: 'iiyama T1634MC' })).toBe(renumbered)
    expect(
      chooseDisplay([{ ...clerk, label: 'iiyama T1634MC' }], { id: 7, label: 'iiyama T1634MC' }),
    ).toBeNull()
    // Two displays of the same model: which one is not known, so neither.
    expect(
      chooseDisplay([clerk, renumbered, { ...renumbered, id: 10 }], { id: 7, label: 'iiyama T1634MC' }),
    ).toBeNull()
    expect(chooseDisplay([clerk, renumbered], { id: 7, label: '' })).toBeNull()
  })

  it('is the manager’s to choose even when it is the only one (they asked for it)', () => {
    expect(chooseDisplay([clerk], { id: 1, label: 'DELL P2419H' })).toBe(clerk)
  })

  it('says whether a window still covers its display', () => {
    expect(coversDisplay({ x: 7 * 2000, y: 0, width: 1024, height: 768 }, facing)).toBe(true)
    expect(coversDisplay({ x: 0, y: 0, width: 1024, height: 768 }, facing)).toBe(false)
  })
})

describe('the display’s settings from a stored file', () => {
  it('default to no display, Arabic and the clerk alone confirming; keep known values only', () => {
    expect(sanitizeCustomerDisplaySettings(undefined)).toEqual({
      display: null,
      language: 'ar',
      customerConfirms: false,
    })
    expect(
      sanitizeCustomerDisplaySettings({
        display: { id: 3, label: 'x'.repeat(300) },
        language: 'both',
        customerConfirms: true,
      }),
    ).toEqual({ display: { id: 3, label: 'x'.repeat(200) }, language: 'both', customerConfirms: true })
    expect(
      sanitizeCustomerDisplaySettings({ display: { id: '3' }, language: 'fr', customerConfirms: 'yes' }),
    ).toEqual({ display: null, language: 'ar', customerConfirms: false })
  })

  it('keep a display id as Windows gives it: a 64-bit hash, beyond 32 bits (the manager’s choice is not refused)', () => {
    const id = 18_446_744_069_414_584_000
    expect(validateDeskInput('configureCustomerDisplay', { display: { id, label: 'iiyama' } }).ok).toBe(true)
    expect(sanitizeCustomerDisplaySettings({ display: { id, label: 'iiyama' } }).display).toEqual({
      id,
      label: 'iiyama',
    })
    expect(validateDeskInput('configureCustomerDisplay', { display: { id: Number.NaN, label: '' } }).ok).toBe(
      false,
    )
  })
})
