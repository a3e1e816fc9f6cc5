import { AppError, type ErrorCode } from '../../shared/errors'
import { REFUSAL_FIGURES, type RefusalFigures, refusalFiguresOf } from '../../shared/limit-refusal'
import { lydToDirhams } from '../../shared/money'

/**
 * What a call to the reseller service came to, in one place. Every failure becomes a ServiceError with one
 * of three outcomes the money code depends on:
 * - not-sent: the request never left (refused, DNS, connect timeout, TLS or proxy tunnel failure, or a request
 *   the HTTP client refused to write);
 * - rejected: a definite answer that moved nothing (401, 403, 404, 409, 422, 429, other 4xx);
 * - unknown: it may have been acted on (reset or timeout after sending, 5xx or 3xx on a money call,
 *   a 2xx without what proves the operation).
 * The readers at the end (requestFate, mayHaveActed, unanswered, refusalFigures) are how the money rules
 * (desk/outcome.ts) and the token manager ask a failure what it means, rather than each reading its fields.
 */
export type CallOutcome = 'not-sent' | 'rejected' | 'unknown'

export class ServiceError extends AppError {
  readonly outcome: CallOutcome
  readonly httpStatus: number | undefined

  constructor(
    code: ErrorCode,
    message: string,
    outcome: CallOutcome,
    httpStatus?: number,
    details?: Record<string, unknown>,
  ) {
    super(code, message, { ...details, outcome, ...(httpStatus === undefined ? {} : { httpStatus }) })
    this.name = 'ServiceError'
    this.outcome = outcome
    this.httpStatus = httpStatus
  }
}

/** The headers of an answer, read by name (case-insensitive). */
export interface AnswerHeaders {
  get(name: string): string | null
}

export interface ServiceAnswer {
  status: number
  body: unknown
  headers: AnswerHeaders
}

const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'ERR_INVALID_URL',
])

/** undici refuses a malformed request (a header value with a line break, say) before it writes a byte. */
const REFUSED_HERE_CODES = new Set(['UND_ERR_INVALID_ARG'])

function causeChain(error: unknown): { codes: string[]; messages: string[]; names: string[] } {
  const codes: string[] = []
  const messages: string[] = []
  const names: string[] = []
  let e: unknown = error
  for (let depth = 0; e && depth < 6; depth++) {
    if (typeof e === 'object') {
      const o = e as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown }
      if (typeof o.code === 'string') codes.push(o.code)
      if (typeof o.message === 'string') messages.push(o.message)
      if (typeof o.name === 'string') names.push(o.name)
      e = o.cause
    } else break
  }
  return { codes, messages, names }
}

/** A request this PC could not make (a header value with a line break, say): nothing was sent. */
export function requestNotMade(): ServiceError {
  return new ServiceError(
    'NOT_SENT',
    'The request could not be made on this PC (a value it would carry is not valid); nothing was sent.',
    'not-sent',
    undefined,
    { reason: 'REQUEST_NOT_MADE' },
  )
}

/**
 * A body that came whole but does not decode (a relay's compression gone wrong: zlib's Z_* codes, brotli's
 * ERR__ERROR_*): it reads as no answer, unlike a body cut off on its way (a transport failure).
 */
export function undecodableBody(error: unknown): boolean {
  return causeChain(error).codes.some((c) => /^(Z_|ERR__ERROR_|ERR_ZLIB_|ERR_BROTLI_)/.test(c))
}

/** A transport failure (no HTTP answer) as a ServiceError with its outcome. */
export function transportFailure(error: unknown, money: boolean): ServiceError {
  const { codes, messages, names } = causeChain(error)
  if (codes.some((c) => REFUSED_HERE_CODES.has(c))) return requestNotMade()
  const tunnelRefused = messages.some((m) => /Proxy response \(\d+\) !== 200/.test(m))
  if (tunnelRefused || codes.some((c) => NOT_SENT_CODES.has(c))) {
    const reason = codes.find((c) => NOT_SENT_CODES.has(c)) ?? 'PROXY_REFUSED'
    return new ServiceError(
      'NOT_SENT',
      'The service could not be reached; nothing was sent.',
      'not-sent',
      undefined,
      {
        reason,
      },
    )
  }
  // Ended by the desk (its signal: closing, a check's bound): said so, not taken for the service's silence.
  const reason =
    codes.find((c) => c.startsWith('UND_ERR') || c.startsWith('E')) ??
    (names.includes('AbortError') ? 'ABORTED' : 'NO_ANSWER')
  if (!money) {
    return new ServiceError('SERVICE_ERROR', 'The service did not answer.', 'unknown', undefined, { reason })
  }
  return new ServiceError(
    'OUTCOME_UNKNOWN',
    'The request was sent but no answer came back; it may have been carried out.',
    'unknown',
    undefined,
    { reason },
  )
}

function message(body: unknown): string | null {
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
    return (body as { message: string }).message
  }
  return null
}

function fieldErrors(body: unknown): Record<string, string[]> | undefined {
  const errors = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined
  if (!errors || typeof errors !== 'object') return undefined
  const out: Record<string, string[]> = {}
  for (const [k, v] of Object.entries(errors)) {
    out[k] = Array.isArray(v) ? v.map(String) : [String(v)]
  }
  return out
}

/** The service's names of a refusal's four figures (in LYD), as its 422 daily-limit answer gives them. */
const REFUSAL_FIELDS: Record<keyof RefusalFigures, string> = {
  dailyMaxDirhams: 'daily_max_amount',
  usedTodayDirhams: 'used_today',
  remainingDirhams: 'remaining',
  requestedDirhams: 'requested',
}

/** The four figures of a 422 limit answer, in dirhams, or null when they are not all there. */
function refusalFiguresFromAnswer(body: unknown): RefusalFigures | null {
  if (!body || typeof body !== 'object') return null
  const b = body as Record<string, unknown>
  const figures: Partial<RefusalFigures> = {}
  for (const key of REFUSAL_FIGURES) {
    const dirhams = lydToDirhams(b[REFUSAL_FIELDS[key]])
    if (dirhams === null) return null
    figures[key] = dirhams
  }
  return figures as RefusalFigures
}

function retryAfterSeconds(headers: AnswerHeaders): number {
  const h = headers.get('retry-after')
  if (h === null) return 60
  const seconds = Number(h)
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds)
  const date = Date.parse(h)
  return Number.isFinite(date) ? Math.max(0, Math.ceil((date - Date.now()) / 1000)) : 60
}

/** The refusals the service documents for its money calls (with a JSON message): nothing was done. */
const DEFINITE_ON_MONEY_CALLS = new Set([401, 403, 404, 409, 422, 429])

/**
 * A non-2xx answer as a ServiceError. `notFound` tells what a 404 means on this endpoint: a user that does
 * not exist, or a wrong service address.
 */
export function rejection(answer: ServiceAnswer, money: boolean, notFound: 'user' | 'service'): ServiceError {
  const { status, body, headers } = answer
  const text = message(body)
  const serviceSays = text ?? `The service answered HTTP ${status}.`
  if (status >= 500 || (status >= 300 && status < 400)) {
    return money
      ? new ServiceError(
          'OUTCOME_UNKNOWN',
          `The service answered HTTP ${status}; the operation may or may not have been carried out.`,
          'unknown',
          status,
        )
      : new ServiceError('SERVICE_ERROR', `The service answered HTTP ${status}.`, 'rejected', status)
  }
  // On a money call only the service's own refusals are definite: the statuses it documents, with its JSON
  // message. Anything else — an HTML page, an empty body, a relay's 400 or 408 — may have come after the
  // request was acted on, so the outcome is unknown (a deposit is re-sent with its reference; a voucher waits
  // for a person).
  if (money && (text === null || !DEFINITE_ON_MONEY_CALLS.has(status))) {
    return new ServiceError(
      'OUTCOME_UNKNOWN',
      `The service answered HTTP ${status}${text === null ? ' without a message' : ''}; the operation may or may not have been carried out.`,
      'unknown',
      status,
    )
  }
  if (text === null) {
    // An HTML page or an empty body: not the service speaking (a proxy, a portal, a wrong address).
    return new ServiceError(
      'SERVICE_ERROR',
      `The service answered HTTP ${status} without a message.`,
      'rejected',
      status,
    )
  }
  switch (status) {
    case 401:
      return new ServiceError('INVALID_CREDENTIALS', serviceSays, 'rejected', status)
    case 403:
      return /disabled/i.test(serviceSays)
        ? new ServiceError('ACCOUNT_DISABLED', serviceSays, 'rejected', status)
        : new ServiceError('ACCESS_DENIED', serviceSays, 'rejected', status)
    case 404:
      return notFound === 'user' && /user/i.test(serviceSays)
        ? new ServiceError('USER_NOT_FOUND', serviceSays, 'rejected', status)
        : new ServiceError('SERVICE_ERROR', serviceSays, 'rejected', status)
    case 409: {
      const echoed = (body as { external_transaction_id?: unknown }).external_transaction_id
      return new ServiceError('DUPLICATE_TRANSACTION', serviceSays, 'rejected', status, {
        ...(typeof echoed === 'string' ? { externalTransactionId: echoed } : {}),
      })
    }
    case 422: {
      const figures = refusalFiguresFromAnswer(body)
      if (figures || /daily limit/i.test(serviceSays)) {
        return new ServiceError('DAILY_LIMIT_EXCEEDED', serviceSays, 'rejected', status, { ...figures })
      }
      if (/inactive/i.test(serviceSays))
        return new ServiceError('USER_INACTIVE', serviceSays, 'rejected', status)
      const fields = fieldErrors(body)
      return new ServiceError('VALIDATION', serviceSays, 'rejected', status, fields ? { fields } : {})
    }
    case 429:
      return new ServiceError('RATE_LIMITED', serviceSays, 'rejected', status, {
        retryAfterSeconds: retryAfterSeconds(headers),
      })
    default:
      return new ServiceError('SERVICE_ERROR', serviceSays, 'rejected', status)
  }
}

/** A non-money answer without what the call asked for: the service did nothing for it. */
export function unexpected(status: number, what: string): ServiceError {
  return new ServiceError(
    'SERVICE_ERROR',
    `The service's answer (HTTP ${status}) did not contain ${what}.`,
    'rejected',
    status,
  )
}

/** A money call's 2xx without what proves the operation: it may have been carried out. */
export function noProof(status: number, what: string): ServiceError {
  return new ServiceError(
    'OUTCOME_UNKNOWN',
    `The service answered HTTP ${status} without ${what}; the operation may or may not have been carried out.`,
    'unknown',
    status,
  )
}

/** What became of a request, as its failure tells: answered (with the status), never sent, or unanswered. */
export type RequestFate =
  | { fate: 'answered'; httpStatus: number }
  | { fate: 'not-sent' }
  | { fate: 'no-answer' }

/**
 * Any failure of a call, read once. One that is not the client's own (a fault of the desk's while the call was
 * made) tells nothing of the request: it is no answer.
 */
export function requestFate(error: unknown): RequestFate {
  if (!(error instanceof ServiceError)) return { fate: 'no-answer' }
  if (error.httpStatus !== undefined) return { fate: 'answered', httpStatus: error.httpStatus }
  return error.outcome === 'not-sent' ? { fate: 'not-sent' } : { fate: 'no-answer' }
}

/**
 * Whether the service may have carried the request out: its outcome is unknown — or the failure is not the
 * client's, so nothing proves the request did not arrive.
 */
export function mayHaveActed(error: unknown): boolean {
  return !(error instanceof ServiceError) || error.outcome === 'unknown'
}

/** A request the service did not answer at all (no HTTP status: cut off, timed out) after it may have left. */
export function unanswered(error: unknown): error is ServiceError {
  return error instanceof ServiceError && error.httpStatus === undefined && error.outcome === 'unknown'
}

/** The four figures of a daily-limit refusal, when the answer carried them (shared/limit-refusal.ts). */
export function refusalFigures(error: unknown): RefusalFigures | null {
  return error instanceof ServiceError ? refusalFiguresOf(error) : null
}
