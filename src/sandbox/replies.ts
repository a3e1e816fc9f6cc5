import type { FastifyReply } from 'fastify'

export type FieldErrors = Record<string, string[]>

export const MESSAGES = {
  invalidCredentials: 'Invalid credentials.',
  accessDenied: 'Access denied.',
  disabled: 'Reseller account is disabled.',
  validation: 'Validation failed.',
  userNotFound: 'User not found.',
  userInactive: 'User account is inactive.',
  duplicate: 'Duplicate transaction.',
  dailyLimit: 'Daily limit exceeded.',
  tooManyRequests: 'Too many requests.',
  notFound: 'Not found.',
  serverError: 'Server Error',
} as const

export function sendError(
  reply: FastifyReply,
  status: number,
  message: string,
  extra: object = {},
): FastifyReply {
  return reply.code(status).send({ message, ...extra })
}

export function sendValidation(
  reply: FastifyReply,
  errors: FieldErrors,
  message: string = MESSAGES.validation,
) {
  return sendError(reply, 422, message, { errors })
}

/** A JSON body as a record; anything else (absent, array, scalar) reads as no fields at all. */
export function bodyFields(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {}
}
