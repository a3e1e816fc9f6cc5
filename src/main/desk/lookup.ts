import type { DeskArgs } from '../../shared/contract'
import type { CustomerLookup } from '../../shared/deposit'
import { AppError } from '../../shared/errors'
import type { OtherOpenDeposit } from '../../shared/head-office'
import { formatPhoneForService, type LibyanPhone, normalizeLibyanPhone } from '../../shared/phone'
import type { EntryRecord } from '../journal/journal'
import { lookupUser } from '../reseller/client'
import { type CachedLookup, LOOKUP_TTL_MS, type OpContext, requireCredentials } from './workspace'

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

/** Earlier deposits to one phone whose outcome is open: here, and at another counter. */
export interface OpenDeposits {
  /** This journal's. */
  here: EntryRecord | null
  /** Another counter's of the same chain, as the head office last told (live only: training has no chain). */
  elsewhere: OtherOpenDeposit | null
}

/**
 * The earlier deposits to this phone whose outcome is open: either blocks a new deposit to the phone, and the
 * clerk hears of both right after the lookup. The one place that answers the question — the lookup's answer
 * and the deposit's refusal both ask it here.
 */
export function openDepositsTo(ctx: OpContext, phone: LibyanPhone): OpenDeposits {
  return {
    here: ctx.ws.journal.findOpenDepositTo(phone),
    elsewhere: ctx.ws.mode === 'live' ? (ctx.chain?.otherOpenDepositTo(phone) ?? null) : null,
  }
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
