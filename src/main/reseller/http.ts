import type { IncomingHttpHeaders } from 'node:http'
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import { Agent, type Dispatcher, ProxyAgent, request as undiciRequest } from 'undici'
import { AppError, type ErrorCode } from '../../shared/errors'
import { lydToDirhams } from '../../shared/money'
import type { Logger } from '../log'
import type { ServiceClock } from './clock'

/**
 * The HTTP edge of the reseller service. It sends each request once (never retries a POST by itself) and
 * turns every failure into a ServiceError with one of three outcomes the money code depends on:
 * - not-sent: the request never left (refused, DNS, connect timeout, TLS or proxy tunnel failure, or a request
 *   the HTTP client refused to write);
 * - rejected: a definite answer that moved nothing (401, 403, 404, 409, 422, 429, other 4xx);
 * - unknown: it may have been acted on (reset or timeout after sending, 5xx or 3xx on a money call,
 *   a 2xx without what proves the operation).
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

export interface ConnectionSettings {
  baseUrl: string
  /** The proxy's address, never with credentials in it. */
  proxyUrl: string | null
  /** Sent to the proxy only (Proxy-Authorization), kept in the secret store. */
  proxyCredentials?: ProxyCredentials | null
  connectTimeoutMs: number
  answerTimeoutMs: number
  /** Sent as User-Agent: the app and its version (USER_AGENT when not given). */
  userAgent?: string
}

export interface ProxyCredentials {
  username: string
  password: string
}

/** A proxy as typed (`http://user:pass@host:port`): its address without credentials, and the credentials. */
export interface ProxyAddress {
  url: string
  credentials: ProxyCredentials | null
}

export interface ServiceRequest {
  method: 'GET' | 'POST'
  path: string
  query?: Record<string, string>
  body?: Record<string, unknown>
  token?: string
  /** A call that moves money: answered 5xx/3xx or cut off after sending means the outcome is unknown. */
  money: boolean
  /**
   * A money call that may go over a kept connection: one whose unknown outcome is resolved by sending it
   * again with the same reference (a deposit), so a connection the server had just closed costs a re-send,
   * not a person's time. Without it a money call opens a fresh connection (a voucher).
   */
  resendable?: boolean
  /**
   * A question of the desk's own (is the service back?): its answer says the service is reached; its failure
   * says nothing (it may end long after a clerk's request succeeded) and is no warning in the log.
   */
  quiet?: boolean
  /** Ends the request (the desk is closing: a question of its own is not waited for). */
  signal?: AbortSignal
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

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
}

/** The service address: https, or http only on this machine (the training sandbox). No trailing slash. */
export function normalizeBaseUrl(text: string): string {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    throw new AppError('BAD_INPUT', 'baseUrl: not a web address (https://host/api/v1/reseller).', {
      field: 'baseUrl',
      reason: 'ADDRESS_NOT_VALID',
    })
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw new AppError('BAD_INPUT', 'baseUrl: the service must be reached over https.', {
      field: 'baseUrl',
      reason: 'ADDRESS_NOT_HTTPS',
    })
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new AppError('BAD_INPUT', 'baseUrl: no credentials, query or fragment in the address.', {
      field: 'baseUrl',
      reason: 'ADDRESS_EXTRAS',
    })
  }
  return url.toString().replace(/\/+$/, '')
}

/** A proxy address as typed, split into the address (what settings keep) and its credentials (secrets). */
export function parseProxyUrl(text: string | null | undefined): ProxyAddress | null {
  if (text === null || text === undefined || text.trim() === '') return null
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    throw new AppError('BAD_INPUT', 'proxyUrl: not a proxy address (http://host:port).', {
      field: 'proxyUrl',
      reason: 'PROXY_NOT_VALID',
    })
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AppError('BAD_INPUT', 'proxyUrl: the proxy must be an http:// or https:// address.', {
      field: 'proxyUrl',
      reason: 'PROXY_NOT_VALID',
    })
  }
  if (url.search || url.hash) {
    throw new AppError('BAD_INPUT', 'proxyUrl: no query or fragment in the proxy address.', {
      field: 'proxyUrl',
      reason: 'PROXY_NOT_VALID',
    })
  }
  let credentials: ProxyCredentials | null = null
  if (url.username || url.password) {
    try {
      credentials = {
        username: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
      }
    } catch {
      throw new AppError('BAD_INPUT', 'proxyUrl: the username or password is not properly escaped.')
    }
    url.username = ''
    url.password = ''
  }
  return { url: url.toString().replace(/\/+$/, ''), credentials }
}

/** An address with any `user:pass@` removed, for anything shown or written (settings, diagnostics). */
export function withoutCredentials(address: string): string {
  return address.replace(/^([A-Za-z][\w+.-]*:\/\/)[^/?#]*@/, '$1')
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

function causeChain(error: unknown): { codes: string[]; messages: string[] } {
  const codes: string[] = []
  const messages: string[] = []
  let e: unknown = error
  for (let depth = 0; e && depth < 6; depth++) {
    if (typeof e === 'object') {
      const o = e as { code?: unknown; message?: unknown; cause?: unknown }
      if (typeof o.code === 'string') codes.push(o.code)
      if (typeof o.message === 'string') messages.push(o.message)
      e = o.cause
    } else break
  }
  return { codes, messages }
}

/** A transport failure (no HTTP answer) as a ServiceError with its outcome. */
export function transportFailure(error: unknown, money: boolean): ServiceError {
  const { codes, messages } = causeChain(error)
  if (codes.some((c) => REFUSED_HERE_CODES.has(c))) {
    return new ServiceError(
      'NOT_SENT',
      'The request could not be made on this PC (a value it would carry is not valid); nothing was sent.',
      'not-sent',
      undefined,
      { reason: 'REQUEST_NOT_MADE' },
    )
  }
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
  const reason = codes.find((c) => c.startsWith('UND_ERR') || c.startsWith('E')) ?? 'NO_ANSWER'
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

/** The four figures of a 422 limit answer, in dirhams, or null when they are not all there. */
export function limitFigures(body: unknown): Record<string, number> | null {
  if (!body || typeof body !== 'object') return null
  const b = body as Record<string, unknown>
  const figures = {
    dailyMaxDirhams: lydToDirhams(b.daily_max_amount),
    usedTodayDirhams: lydToDirhams(b.used_today),
    remainingDirhams: lydToDirhams(b.remaining),
    requestedDirhams: lydToDirhams(b.requested),
  }
  return Object.values(figures).every((v) => v !== null) ? (figures as Record<string, number>) : null
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
      const figures = limitFigures(body)
      if (figures || /daily limit/i.test(serviceSays)) {
        return new ServiceError('DAILY_LIMIT_EXCEEDED', serviceSays, 'rejected', status, figures ?? {})
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

const JSON_TYPE = /^application\/(?:[\w!#$%&*.^`~-]*\+)?json\s*(?:;|$)/i

/** Who is calling, for the service's logs and firewalls (some refuse a request that names no client). */
export const USER_AGENT = 'ResellerDesk'

const MAX_DECODED_BYTES = 1 << 20

/**
 * The body as sent, its content-encoding undone (we ask for none, but a relay may compress anyway). An
 * encoding this does not know, or a body that does not decode, is left as it came: it reads as no answer.
 */
function decoded(raw: Buffer, encoding: string | string[] | undefined): Buffer {
  const codings = (Array.isArray(encoding) ? encoding.join(',') : (encoding ?? ''))
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity')
  // An answer is a few hundred bytes: one that would inflate past this is not the service's.
  const limit = { maxOutputLength: MAX_DECODED_BYTES }
  let body = raw
  try {
    for (const coding of codings.reverse()) {
      if (coding === 'gzip' || coding === 'x-gzip') body = gunzipSync(body, limit)
      else if (coding === 'deflate') body = inflateSync(body, limit)
      else if (coding === 'br') body = brotliDecompressSync(body, limit)
      else return raw
    }
  } catch {
    return raw
  }
  return body
}

/** Node's header object (lower-case names) read like fetch's Headers: repeated values joined with ", ". */
function answerHeaders(raw: IncomingHttpHeaders): AnswerHeaders {
  return {
    get: (name) => {
      const value = raw[name.toLowerCase()]
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
    },
  }
}

/**
 * One request over undici's dispatcher API: no redirect is followed, the whole answer is read, and its body
 * is JSON when it says so (or says nothing of its type) and parses, else its text (an HTML page, an empty
 * body) for the caller to judge.
 */
async function exchange(
  url: string,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  body: Record<string, unknown> | undefined,
  dispatcher: Dispatcher,
  signal?: AbortSignal,
): Promise<ServiceAnswer> {
  const answer = await undiciRequest(url, {
    method,
    dispatcher,
    ...(signal ? { signal } : {}),
    headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  const raw = Buffer.from(await answer.body.arrayBuffer())
  const text = new TextDecoder().decode(decoded(raw, answer.headers['content-encoding']))
  const type = answer.headers['content-type']
  let parsed: unknown = text === '' ? null : text
  if (text !== '' && (type === undefined || (typeof type === 'string' && JSON_TYPE.test(type)))) {
    try {
      parsed = JSON.parse(text)
    } catch {
      // Said JSON, is not: kept as text, which no caller reads as the service's message.
    }
  }
  return { status: answer.statusCode, body: parsed, headers: answerHeaders(answer.headers) }
}

export class ServiceHttp {
  readonly settings: ConnectionSettings
  private readonly clock: ServiceClock
  private readonly log: Logger
  private readonly pooled: Dispatcher
  /** Money calls that cannot be re-sent use a fresh connection each: a reused connection the server has just
   * closed would make a request look sent when it never arrived, and an unknown voucher costs a manager's
   * time. A deposit goes over the kept connection (no new TCP and TLS handshake before the clerk's answer):
   * if that ever makes it unknown, the background re-sends it with its reference within seconds. */
  private readonly fresh: Dispatcher

  constructor(
    settings: ConnectionSettings,
    clock: ServiceClock,
    log: Logger,
    private readonly onReachable: (reachable: boolean) => void = () => {},
  ) {
    this.settings = { ...settings, baseUrl: normalizeBaseUrl(settings.baseUrl) }
    this.clock = clock
    this.log = log
    this.pooled = this.dispatcher(1)
    this.fresh = this.dispatcher(0)
  }

  private dispatcher(pipelining: number): Dispatcher {
    const { proxyUrl, proxyCredentials, connectTimeoutMs, answerTimeoutMs } = this.settings
    const common = {
      headersTimeout: answerTimeoutMs,
      bodyTimeout: answerTimeoutMs,
      pipelining,
      keepAliveTimeout: 4000,
    }
    if (proxyUrl) {
      return new ProxyAgent({
        uri: proxyUrl,
        ...(proxyCredentials
          ? {
              token: `Basic ${Buffer.from(`${proxyCredentials.username}:${proxyCredentials.password}`).toString('base64')}`,
            }
          : {}),
        ...common,
        // Said, not left to Node's default: NODE_TLS_REJECT_UNAUTHORIZED=0 (a user variable) turns that off.
        proxyTls: { timeout: connectTimeoutMs, rejectUnauthorized: true },
        requestTls: { timeout: connectTimeoutMs, rejectUnauthorized: true },
      })
    }
    return new Agent({ ...common, connect: { timeout: connectTimeoutMs, rejectUnauthorized: true } })
  }

  async send(request: ServiceRequest): Promise<ServiceAnswer> {
    const url = `${this.settings.baseUrl}${request.path}`
    const headers: Record<string, string> = {
      accept: 'application/json',
      'accept-encoding': 'identity',
      'user-agent': this.settings.userAgent ?? USER_AGENT,
    }
    if (request.token) headers.authorization = `Bearer ${request.token}`
    const sentPc = this.clock.pc()
    let response: ServiceAnswer
    try {
      response = await exchange(
        request.query ? `${url}?${new URLSearchParams(request.query)}` : url,
        request.method,
        headers,
        request.body,
        request.money && !request.resendable ? this.fresh : this.pooled,
        request.signal,
      )
    } catch (error) {
      const failure = transportFailure(error, request.money)
      // A request refused on this PC says nothing of whether the service can be reached.
      if (!request.quiet && failure.details?.reason !== 'REQUEST_NOT_MADE') this.onReachable(false)
      this.log[request.quiet ? 'debug' : 'warn'](`${request.method} ${request.path} failed`, {
        outcome: failure.outcome,
        reason: failure.details?.reason,
      })
      throw failure
    }
    this.clock.observe(response.headers.get('date'), sentPc, this.clock.pc())
    this.onReachable(true)
    this.log.debug(`${request.method} ${request.path} → ${response.status}`)
    return response
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.pooled.close(), this.fresh.close()])
  }
}
