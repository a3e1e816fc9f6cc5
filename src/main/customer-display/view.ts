import type {
  CustomerHolder,
  CustomerOutcome,
  CustomerScreen,
  CustomerView,
} from '../../shared/customer-view'
import { formatPhoneForDisplay } from '../../shared/phone'
import type { EntryStatus, Mode } from '../../shared/types'
import { formatTripoliDateTime } from '../receipts/format'
import type { StoredSettings } from '../settings/settings'

/**
 * What a screen facing the customer may show, decided here in main and nowhere else: the page draws what it is
 * given. It is made from what the customer's receipt is made from, with the receipt's own formatting (the
 * phone's grouping, the time in Tripoli, Latin digits), and withholds more, since the next person in the queue
 * can read it: the account holder's first name as the service gave it (no other name the desk knows), the
 * phone with all but its last digits masked, an amount, a value, an outcome in words, a time — never a voucher
 * code, a serial, a reference, an error or an HTTP status, never the whole phone. A CustomerView has no field
 * that could hold them.
 */

/** How many of a phone's last digits the customer sees: enough to recognise their number, not to call it. */
export const PHONE_DIGITS_SHOWN = 3
/** The longest first name shown (a service answer is not trusted to be short). */
export const FIRST_NAME_MAX_CHARS = 40
const MASK = '•'

/**
 * `0912345678` → `••• ••• •678`: the phone as the receipt groups it (formatPhoneForDisplay), every digit but the
 * last ones masked.
 */
export function maskPhoneForCustomer(phone: string): string {
  const chars = [...formatPhoneForDisplay(phone)]
  let kept = 0
  for (let i = chars.length - 1; i >= 0; i--) {
    if (!/\d/.test(chars[i] ?? '')) continue
    if (kept < PHONE_DIGITS_SHOWN) kept++
    else chars[i] = MASK
  }
  return chars.join('')
}

/**
 * The first name as the service gave it, for a screen: its spacing tidied, control and direction characters
 * taken out (they could reorder what the customer reads), cut to a length a screen holds.
 */
export function firstNameForCustomer(name: string): string {
  const clean = name
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
  return [...clean].slice(0, FIRST_NAME_MAX_CHARS).join('')
}

export function holderFor(phone: string, firstName: string): CustomerHolder {
  return { firstName: firstNameForCustomer(firstName), maskedPhone: maskPhoneForCustomer(phone) }
}

/** An entry's outcome in the customer's terms: done, not sent, or being checked — never "unknown". */
export function customerOutcome(status: EntryStatus): CustomerOutcome {
  if (status === 'issued' || status === 'confirmed') return 'done'
  if (status === 'failed') return 'not-sent'
  return 'checking'
}

/** "14:05" in Tripoli, Latin digits: the time of the receipt's date and time. */
export function tripoliTime(iso: string): string {
  const at = formatTripoliDateTime(iso)
  return /\d{2}:\d{2}$/.test(at) ? at.slice(-5) : ''
}

/** A finished sale or deposit as the customer sees it: its amount (the value issued), the outcome, the time. */
export function resultScreen(entry: {
  kind: 'voucher' | 'deposit'
  status: EntryStatus
  amountDirhams: number
  updatedAt: string
}): CustomerScreen {
  return {
    state: 'result',
    kind: entry.kind,
    outcome: customerOutcome(entry.status),
    amountDirhams: entry.amountDirhams,
    time: tripoliTime(entry.updatedAt),
  }
}

/**
 * The whole view: the screen, with the language the manager chose, the outlet's name and TRAINING in training
 * mode. Built field by field, so nothing else a caller holds can ride along to the page.
 */
export function customerView(
  screen: CustomerScreen,
  settings: Pick<StoredSettings, 'customerDisplay' | 'outlet'>,
  mode: Mode,
): CustomerView {
  const common = {
    language: settings.customerDisplay.language,
    training: mode === 'training',
    outletName: settings.outlet.name,
  }
  switch (screen.state) {
    case 'idle':
    case 'wait':
      return { state: screen.state, ...common }
    case 'name':
      return {
        state: 'name',
        holder: copyHolder(screen.holder),
        confirm: screen.confirm ? { nonce: screen.confirm.nonce } : null,
        ...common,
      }
    case 'amount':
      return {
        state: 'amount',
        holder: copyHolder(screen.holder),
        amountDirhams: screen.amountDirhams,
        ...common,
      }
    case 'review':
      return {
        state: 'review',
        holder: copyHolder(screen.holder),
        amountDirhams: screen.amountDirhams,
        ...common,
      }
    case 'voucher':
      return { state: 'voucher', valueDirhams: screen.valueDirhams, ...common }
    case 'result':
      return {
        state: 'result',
        kind: screen.kind,
        outcome: screen.outcome,
        amountDirhams: screen.amountDirhams,
        time: screen.time,
        ...common,
      }
  }
}

function copyHolder(holder: CustomerHolder): CustomerHolder {
  return { firstName: holder.firstName, maskedPhone: holder.maskedPhone }
}
