import type { CustomerLookup, DeskArgs } from '../../shared/contract'
import { AppError } from '../../shared/errors'
import { formatPhoneForService, type LibyanPhone, normalizeLibyanPhone } from '../../shared/phone'
import type { EntryRecord } from '../journal/journal'
import { lookupUser } from '../reseller/client'
import { type CachedLookup, LOOKUP_TTL_MS, type OpContext, requireCredentials } from './context'

export function parsePhone(text: string): LibyanPhone {
  const phone = normalizeLibyanPhone(text)
  if (!phone) {
    throw new AppError('BAD_INPUT', 'phone: not a Libyan mobile number (09X XXXXXXX or +218 9X XXXXXXX).', {
      fields: [{ path: 'phone', message: 'Not a Libyan mobile number.' }],
    })
  }
  return phone
}

/** Looks the customer up and keeps the answer in main for 10 minutes: the proof a deposit needs. */
export async function lookupCustomer(
  ctx: OpContext,
  args: DeskArgs<'lookupCustomer'>,
): Promise<CustomerLookup> {
  const phone = parsePhone(args.phone)
  const { ws } = ctx
  requireCredentials(ws)
  const { session } = ws
  const user = await session.tokens.withToken((token) =>
    lookupUser(session.http, token, formatPhoneForService(phone, ctx.settings.phoneFormat)),
  )
  ws.lookups.set(phone, { firstName: user.firstName, status: user.status, atMonotonic: ctx.monotonicNow() })
  return { phone, firstName: user.firstName, status: user.status }
}

/**
 * The earlier deposit to this phone whose outcome is open, if any: it blocks new deposits to the phone, and
 * the clerk hears of it right after the lookup. The one place that answers the question (deposit asks it
 * too), so a wider view (the chain's head office) can extend it.
 */
export function openDepositTo(ctx: OpContext, phone: LibyanPhone): EntryRecord | null {
  return ctx.ws.journal.findOpenDepositTo(phone)
}

/** The lookup that still proves who the customer is, or null when there is none or it is too old. */
export function freshLookup(ctx: OpContext, phone: LibyanPhone): CachedLookup | null {
  const cached = ctx.ws.lookups.get(phone)
  if (!cached || ctx.monotonicNow() - cached.atMonotonic > LOOKUP_TTL_MS) return null
  return cached
}

/** Names compared as a person would read them: case, spacing, Unicode forms and Arabic tatweel ignored. */
export function sameName(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .normalize('NFKC')
      .replace(/\u0640/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .toLocaleLowerCase()
  return norm(a) === norm(b)
}
