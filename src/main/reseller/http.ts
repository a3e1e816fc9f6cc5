import { type $Fetch, ofetch } from 'ofetch'
import { Agent, type Dispatcher, ProxyAgent, Headers as UndiciHeaders, fetch as undiciFetch } from 'undici'
import type { Logger } from '../log'
import { normalizeBaseUrl, type ProxyCredentials } from './address'
import type { ServiceClock } from './clock'
import {
  requestNotMade,
  type ServiceAnswer,
  type ServiceError,
  transportFailure,
  undecodableBody,
} from './outcomes'

/**
 * The HTTP edge of the reseller service, the transport alone, on ofetch: the one way the desk talks HTTP to
 * the service. It sends each request once — never a retry, of a POST above all — and hands back the whole
 * answer (status, headers, body) or a transport failure as outcomes.ts classifies it. What an answer means
 * is read in outcomes.ts; addresses are checked in address.ts.
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

/** An answer is a few hundred bytes: one that decodes past this is not the service's. */
const MAX_BODY_BYTES = 1 << 20

/**
 * The body as it came, its content-encoding undone by fetch (we ask for none, but a relay may compress
 * anyway; an encoding fetch does not know is left as it came). Null when it is not an answer of the
 * service's: past MAX_BODY_BYTES, or a body that does not decode. A body cut off on its way is a transport
 * failure: thrown.
 */
async function readBody(stream: ReadableStream<Uint8Array> | null | undefined): Promise<Buffer | null> {
  if (!stream) return Buffer.alloc(0)
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return Buffer.concat(chunks)
      size += value.byteLength
      if (size > MAX_BODY_BYTES) {
        await reader.cancel().catch(() => undefined)
        return null
      }
      chunks.push(value)
    }
  } catch (error) {
    if (undecodableBody(error)) return null
    throw error
  }
}

/** The body is JSON when it says so (or says nothing of its type) and parses, else its text for the caller to judge. */
function parsed(raw: Buffer | null, type: string | null): unknown {
  const text = raw === null ? '' : new TextDecoder().decode(raw)
  if (text === '') return null
  if (type === null || JSON_TYPE.test(type)) {
    try {
      return JSON.parse(text)
    } catch {
      // Said JSON, is not: kept as text, which no caller reads as the service's message.
    }
  }
  return text
}

/**
 * The ofetch client over one dispatcher. undici's own fetch drives it, so the dispatcher and the fetch come
 * from the one pinned undici (the host's global fetch is another undici, of Electron's choosing).
 */
function serviceFetch(baseURL: string, dispatcher: Dispatcher): $Fetch {
  return ofetch.create(
    {
      baseURL,
      dispatcher,
      // A redirect is an answer to judge (on a money call: an unknown outcome), never followed.
      redirect: 'manual',
      // Every status is an answer outcomes.ts classifies; none is thrown as ofetch's error.
      ignoreResponseError: true,
      // The body is read here: capped, and parsed by the rule above rather than guessed.
      responseType: 'stream',
    },
    {
      fetch: undiciFetch as unknown as typeof globalThis.fetch,
      Headers: UndiciHeaders as unknown as typeof globalThis.Headers,
    },
  )
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
  private readonly overPooled: $Fetch
  private readonly overFresh: $Fetch

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
    this.overPooled = serviceFetch(this.settings.baseUrl, this.pooled)
    this.overFresh = serviceFetch(this.settings.baseUrl, this.fresh)
  }

  /**
   * The connections, and the answer timeout: undici's headers and body timeouts count from the moment the
   * request is written, so a slow connect stays a connect timeout (nothing sent) and only a request that left
   * can time out into an unknown outcome. (ofetch's own `timeout` counts from before the connection: it would
   * make a slow connect look sent.)
   */
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
    let headers: UndiciHeaders
    try {
      headers = new UndiciHeaders({
        accept: 'application/json',
        'accept-encoding': 'identity',
        'user-agent': this.settings.userAgent ?? USER_AGENT,
        ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
      })
    } catch {
      // A value no request may carry (a line break in a token): refused here, before anything is sent.
      throw this.failed(request, requestNotMade())
    }
    const client = request.money && !request.resendable ? this.overFresh : this.overPooled
    const sentPc = this.clock.pc()
    let response: ServiceAnswer
    try {
      const raw = await client.raw(request.path, {
        method: request.method,
        headers: headers as unknown as Headers,
        ...(request.query ? { query: request.query } : {}),
        ...(request.body ? { body: request.body } : {}),
        ...(request.signal ? { signal: request.signal } : {}),
        // Never sent again by the client, on any call: a POST repeated after a reset, a timeout or a 5xx may
        // move money twice. (ofetch's default retries a GET once.) What is re-sent, the desk decides: a
        // deposit, with its own reference (desk/recover.ts).
        retry: 0,
      })
      const body = await readBody(raw._data as ReadableStream<Uint8Array> | undefined)
      response = {
        status: raw.status,
        body: parsed(body, raw.headers.get('content-type')),
        headers: raw.headers,
      }
    } catch (error) {
      throw this.failed(request, transportFailure(error, request.money))
    }
    this.clock.observe(response.headers.get('date'), sentPc, this.clock.pc())
    this.onReachable(true)
    this.log.debug(`${request.method} ${request.path} → ${response.status}`)
    return response
  }

  /** A request that got no answer: said in the log, and to the status unless it says nothing of the service. */
  private failed(request: ServiceRequest, failure: ServiceError): ServiceError {
    // A request refused on this PC says nothing of whether the service can be reached.
    if (!request.quiet && failure.details?.reason !== 'REQUEST_NOT_MADE') this.onReachable(false)
    this.log[request.quiet ? 'debug' : 'warn'](`${request.method} ${request.path} failed`, {
      outcome: failure.outcome,
      reason: failure.details?.reason,
    })
    return failure
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.pooled.close(), this.fresh.close()])
  }
}
