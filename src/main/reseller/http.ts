import type { IncomingHttpHeaders } from 'node:http'
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import { Agent, type Dispatcher, ProxyAgent, request as undiciRequest } from 'undici'
import type { Logger } from '../log'
import type { ProxyCredentials } from './address'
import { normalizeBaseUrl } from './address'
import type { ServiceClock } from './clock'
import { type AnswerHeaders, type ServiceAnswer, transportFailure } from './outcomes'

/**
 * The HTTP edge of the reseller service, the transport alone: it sends each request once (never retries a
 * POST by itself) and hands back the whole answer, or a transport failure as outcomes.ts classifies it. What
 * an answer means is read in outcomes.ts; addresses are checked in address.ts.
 */
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
