import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { DIRHAMS_PER_LYD, MAX_AMOUNT_DIRHAMS, MIN_DEPOSIT_DIRHAMS, readLydAmount } from './money'
import { normalizeServicePhone } from './phone'
import { bodyFields, type FieldErrors, MESSAGES, sendError, sendValidation } from './replies'
import { RESELLER_BASE, type SandboxState } from './state'
import type { Reseller } from './store'
import { checkTokenExpiry } from './token-expiry'

const MAX_EXTERNAL_ID_LENGTH = 255

/**
 * The reseller endpoints. Each route runs a gate first, in this order: the caller's identity (the
 * username in the body for POST /token, the bearer token elsewhere), then that reseller's allowed_ips
 * (403), its rate limit (429) and, with a token, its disabled flag (403). Faults and the address check
 * that needs no identity run earlier, in the server's onRequest hook.
 */
export function registerResellerRoutes(app: FastifyInstance, state: SandboxState): void {
  const callers = new WeakMap<FastifyRequest, Reseller>()

  function caller(request: FastifyRequest): Reseller {
    const reseller = callers.get(request)
    if (!reseller) throw new Error('Route ran without its gate')
    return reseller
  }

  function admit(request: FastifyRequest, reply: FastifyReply, reseller: Reseller): FastifyReply | null {
    if (!reseller.matcher.allows(request.socket.remoteAddress))
      return sendError(reply, 403, MESSAGES.accessDenied)
    const rate = state.rateLimiter.take(reseller.username, state.clock.now())
    if (!rate.ok) {
      reply.header('retry-after', String(rate.retryAfterSeconds))
      return sendError(reply, 429, MESSAGES.tooManyRequests)
    }
    callers.set(request, reseller)
    return null
  }

  /** POST /token: an unknown username passes the gate and is refused by the handler with 401. */
  async function tokenGate(request: FastifyRequest, reply: FastifyReply) {
    const { username } = bodyFields(request.body)
    const reseller = typeof username === 'string' ? state.store.findReseller(username) : null
    if (reseller) return admit(request, reply, reseller) ?? undefined
  }

  async function bearerGate(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers.authorization ?? ''
    const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1]
    const owner = token ? state.store.tokenOwner(token, state.clock.now()) : null
    const reseller = owner === null ? null : state.store.findReseller(owner)
    if (!reseller) return sendError(reply, 401, MESSAGES.invalidCredentials)
    const refused = admit(request, reply, reseller)
    if (refused) return refused
    if (reseller.disabled) return sendError(reply, 403, MESSAGES.disabled)
  }

  app.post(`${RESELLER_BASE}/token`, { preHandler: tokenGate }, async (request, reply) => {
    const body = bodyFields(request.body)
    const now = state.clock.now()
    const errors: FieldErrors = {}
    if (typeof body.username !== 'string' || body.username === '')
      errors.username = ['The username field is required.']
    if (typeof body.password !== 'string' || body.password === '')
      errors.password = ['The password field is required.']
    const expiry = checkTokenExpiry(body.expires_at, now)
    if (!expiry.ok) errors.expires_at = [expiry.message]
    const first = Object.values(errors)[0]?.[0]
    // Like production, the message is the first problem ("Token expiry cannot exceed 1 month.").
    if (first !== undefined || !expiry.ok) return sendValidation(reply, errors, first)

    const username = body.username as string
    if (!state.store.checkPassword(username, body.password as string))
      return sendError(reply, 401, MESSAGES.invalidCredentials)
    if (caller(request).disabled) return sendError(reply, 403, MESSAGES.disabled)
    const token = state.store.issueToken(username, expiry.expiresAtMs, now)
    return reply.code(200).send({ data: { token, expires_at: new Date(expiry.expiresAtMs).toISOString() } })
  })

  app.get(`${RESELLER_BASE}/denominations`, { preHandler: bearerGate }, async (_request, reply) => {
    return reply.code(200).send({ data: state.store.denominations() })
  })

  app.post(`${RESELLER_BASE}/vouchers/generate`, { preHandler: bearerGate }, async (request, reply) => {
    const { denomination_id: raw } = bodyFields(request.body)
    // Like a Laravel "integer" rule: a JSON integer or a string of digits.
    const id = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : raw
    if (raw === undefined || raw === null || raw === '')
      return sendValidation(reply, { denomination_id: ['The denomination_id field is required.'] })
    if (typeof id !== 'number' || !Number.isSafeInteger(id))
      return sendValidation(reply, { denomination_id: ['The denomination_id field must be an integer.'] })

    const outcome = state.store.generateVoucher(caller(request), id, state.clock.now())
    switch (outcome.kind) {
      case 'unknown-denomination':
        return sendValidation(reply, { denomination_id: ['The selected denomination_id is invalid.'] })
      case 'limit':
        return sendError(reply, 422, MESSAGES.dailyLimit, outcome.limit)
      case 'issued':
        return reply.code(201).send({ data: outcome.voucher })
    }
  })

  app.get(`${RESELLER_BASE}/user-lookup`, { preHandler: bearerGate }, async (request, reply) => {
    const { phone } = bodyFields(request.query)
    const problem = phoneProblem(phone)
    if (problem) return sendValidation(reply, { phone: [problem] })
    const user = state.store.findUser(normalizeServicePhone(phone as string) as string)
    if (!user) return sendError(reply, 404, MESSAGES.userNotFound)
    return reply.code(200).send({ data: { first_name: user.first_name, status: user.status } })
  })

  app.post(`${RESELLER_BASE}/deposit`, { preHandler: bearerGate }, async (request, reply) => {
    const body = bodyFields(request.body)
    const errors: FieldErrors = {}
    const phoneError = phoneProblem(body.phone)
    if (phoneError) errors.phone = [phoneError]
    const amountError = amountProblem(body.amount)
    if (amountError) errors.amount = [amountError]
    const externalId = body.external_transaction_id
    if (externalId === undefined || externalId === null || externalId === '')
      errors.external_transaction_id = ['The external_transaction_id field is required.']
    else if (typeof externalId !== 'string')
      errors.external_transaction_id = ['The external_transaction_id field must be a string.']
    else if (externalId.length > MAX_EXTERNAL_ID_LENGTH)
      errors.external_transaction_id = [
        `The external_transaction_id field must not be greater than ${MAX_EXTERNAL_ID_LENGTH} characters.`,
      ]
    if (Object.keys(errors).length > 0) return sendValidation(reply, errors)

    const amount = readLydAmount(body.amount)
    if (!amount.ok) throw new Error('amount passed validation but cannot be read')
    const outcome = state.store.deposit(
      caller(request),
      {
        phone: normalizeServicePhone(body.phone as string) as string,
        amountDirhams: amount.dirhams,
        externalId: externalId as string,
      },
      state.clock.now(),
    )
    switch (outcome.kind) {
      case 'duplicate':
        return sendError(reply, 409, MESSAGES.duplicate, { external_transaction_id: externalId })
      case 'user-not-found':
        return sendError(reply, 404, MESSAGES.userNotFound)
      case 'user-inactive':
        return sendError(reply, 422, MESSAGES.userInactive)
      case 'limit':
        return sendError(reply, 422, MESSAGES.dailyLimit, outcome.limit)
      case 'credited':
        return reply.code(200).send({ data: outcome.deposit })
    }
  })
}

function phoneProblem(phone: unknown): string | null {
  if (phone === undefined || phone === null || phone === '') return 'The phone field is required.'
  if (typeof phone !== 'string' || normalizeServicePhone(phone) === null)
    return 'The phone field must be a Libyan mobile number: 09XXXXXXXX, +2189XXXXXXXX or 2189XXXXXXXX.'
  return null
}

function amountProblem(amount: unknown): string | null {
  if (amount === undefined || amount === null) return 'The amount field is required.'
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return 'The amount field must be a number.'
  if (amount < MIN_DEPOSIT_DIRHAMS / DIRHAMS_PER_LYD) return 'The amount field must be at least 0.01.'
  if (amount > MAX_AMOUNT_DIRHAMS / DIRHAMS_PER_LYD)
    return `The amount field must not be greater than ${MAX_AMOUNT_DIRHAMS / DIRHAMS_PER_LYD}.`
  return readLydAmount(amount).ok ? null : 'The amount field must have at most 3 decimal places.'
}
