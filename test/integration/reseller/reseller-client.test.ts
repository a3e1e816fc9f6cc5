import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import { type AddressInfo, connect, type Socket } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ServiceSession } from '../../../src/main/desk/service-session'
import { createLogger, silentLogger } from '../../../src/main/log'
import { normalizeBaseUrl } from '../../../src/main/reseller/address'
import {
  deposit,
  generateVoucher,
  getDenominations,
  lookupUser,
  requestToken,
} from '../../../src/main/reseller/client'
import { ServiceClock } from '../../../src/main/reseller/clock'
import { ServiceHttp } from '../../../src/main/reseller/http'
import { transportFailure } from '../../../src/main/reseller/outcomes'
import { type Sandbox, startSandbox } from '../../../src/sandbox/index'
import type { Dirhams } from '../../../src/shared/money'
import { DEMO, deskSeed } from '../../helpers/desk'

type Reply = (req: IncomingMessage, res: ServerResponse, body: string) => void

/** A stand-in service answering whatever the test wants: the shapes other deployments might send. */
let reply: Reply = (_req, res) => res.end()
let server: Server
let base: string
const sockets = new Set<Socket>()

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => {
      body += c
    })
    req.on('end', () => reply(req, res, body))
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/reseller`
})

afterAll(async () => {
  for (const s of sockets) s.destroy()
  await new Promise((r) => server.close(r))
})

let http: ServiceHttp
afterEach(async () => {
  await http?.close()
})

function client(url = base, answerTimeoutMs = 300, proxyUrl: string | null = null) {
  http = new ServiceHttp(
    { baseUrl: url, proxyUrl, connectTimeoutMs: 500, answerTimeoutMs },
    new ServiceClock(),
    silentLogger,
  )
  return http
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers })
    res.end(JSON.stringify(body))
  }
}

function html(status: number): Reply {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html' })
    res.end('<html><body>Welcome to the hotel Wi-Fi</body></html>')
  }
}

const depositArgs = { phone: '0912345678', amountDirhams: 5000 as Dirhams, externalTransactionId: 'ref-1' }

describe('reading answers tolerantly', () => {
  it.each([
    [
      'data.token + expires_at',
      { data: { token: '1|abc', expires_at: '2030-01-01T00:00:00Z' } },
      Date.parse('2030-01-01T00:00:00Z'),
    ],
    ['top-level access_token + expires_in', { access_token: '2|def', expires_in: 3600 }, 'in-an-hour'],
    ['data.access_token without expiry', { data: { access_token: '3|ghi' } }, null],
  ])('takes a token from %s', async (_label, body, expiry) => {
    reply = json(200, body)
    const t = await requestToken(client(), DEMO, '2030-01-01T00:00:00Z', () => Date.now())
    expect(t.token).toMatch(/^\d\|\w+$/)
    if (expiry === 'in-an-hour')
      expect(Math.abs((t.expiresAtMs ?? 0) - (Date.now() + 3600_000))).toBeLessThan(5000)
    else expect(t.expiresAtMs).toBe(expiry)
  })

  it('accepts denominations without a name, and skips entries it cannot read', async () => {
    reply = json(200, {
      data: [{ id: 7, value: 30 }, { id: 'x', value: 5 }, { id: 8, name: '50 LYD', value: 50 }, 'junk'],
    })
    expect(await getDenominations(client(), 't')).toEqual([
      { id: 7, name: null, valueDirhams: 30_000 },
      { id: 8, name: '50 LYD', valueDirhams: 50_000 },
    ])
  })

  it.each([200, 201])('accepts a voucher answered %i and keeps leading zeros', async (status) => {
    reply = json(status, {
      data: {
        code: '001110016812345',
        serial_number: '00012345678',
        denomination_value: 100,
        activation_date: '2026-11-26',
        expiry_date: '2027-11-26',
      },
    })
    const v = await generateVoucher(client(), 't', 6)
    expect(v).toMatchObject({
      code: '001110016812345',
      serialNumber: '00012345678',
      denominationValueDirhams: 100_000,
    })
  })
})

/** The service's answers as some relays and gateways pass them on: no content type, compressed. */
describe('answers a relay passed on', () => {
  const voucher = {
    data: { code: '001110016812345', serial_number: '00012345678', denomination_value: 5 },
  }
  const bare =
    (status: number, body: unknown, headers: Record<string, string> = {}): Reply =>
    (_req, res) => {
      res.writeHead(status, headers)
      res.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body))
    }

  it('reads JSON that names no content type: a voucher, a duplicate, a daily-limit refusal', async () => {
    reply = bare(200, voucher)
    expect(await generateVoucher(client(), 't', 1)).toMatchObject({ code: '001110016812345' })
    reply = bare(409, { message: 'Duplicate transaction.', external_transaction_id: 'ref-1' })
    await expect(deposit(client(), 't', depositArgs)).rejects.toMatchObject({
      code: 'DUPLICATE_TRANSACTION',
      outcome: 'rejected',
    })
    reply = bare(422, {
      message: 'Daily limit exceeded.',
      daily_max_amount: 1000,
      used_today: 990,
      remaining: 10,
      requested: 50,
    })
    await expect(deposit(client(), 't', depositArgs)).rejects.toMatchObject({
      code: 'DAILY_LIMIT_EXCEEDED',
      details: { remainingDirhams: 10_000 },
    })
  })

  it('undoes a compression it did not ask for; one it cannot undo reads as no answer', async () => {
    reply = bare(200, gzipSync(JSON.stringify(voucher)), {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
    })
    expect(await generateVoucher(client(), 't', 1)).toMatchObject({ serialNumber: '00012345678' })
    reply = bare(200, 'not really compressed', {
      'content-type': 'application/json',
      'content-encoding': 'compress',
    })
    await expect(generateVoucher(client(), 't', 1)).rejects.toMatchObject({ code: 'OUTCOME_UNKNOWN' })
    // A body that inflates far beyond any answer of the service's (here a voucher padded to 8 MiB) is not read.
    reply = bare(200, gzipSync(`${JSON.stringify(voucher)}${' '.repeat(8 << 20)}`), {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
    })
    await expect(generateVoucher(client(), 't', 1)).rejects.toMatchObject({ code: 'OUTCOME_UNKNOWN' })
  })

  it('names itself and asks for no compression', async () => {
    let seen: IncomingMessage['headers'] = {}
    reply = (req, res) => {
      seen = req.headers
      json(200, voucher)(req, res, '')
    }
    await generateVoucher(client(), 't', 1)
    expect(seen['user-agent']).toBe('ResellerDesk')
    expect(seen['accept-encoding']).toBe('identity')
    http = new ServiceHttp(
      {
        baseUrl: base,
        proxyUrl: null,
        connectTimeoutMs: 500,
        answerTimeoutMs: 300,
        userAgent: 'ResellerDesk/1.2.3',
      },
      new ServiceClock(),
      silentLogger,
    )
    await generateVoucher(http, 't', 1)
    expect(seen['user-agent']).toBe('ResellerDesk/1.2.3')
  })
})

describe('a money call without proof is never a success', () => {
  it.each([
    ['a captive-portal page', html(200)],
    ['an empty 200', (_q: IncomingMessage, res: ServerResponse) => res.end()],
    ['JSON without a code', json(201, { data: { serial_number: '123' } })],
  ])('voucher answered with %s → OUTCOME_UNKNOWN', async (_label, r) => {
    reply = r as Reply
    await expect(generateVoucher(client(), 't', 1)).rejects.toMatchObject({
      code: 'OUTCOME_UNKNOWN',
      outcome: 'unknown',
    })
  })

  it('deposit answered 200 without transaction_id → OUTCOME_UNKNOWN', async () => {
    reply = json(200, { data: { phone: '0912345678', amount: 5 } })
    await expect(deposit(client(), 't', depositArgs)).rejects.toMatchObject({
      code: 'OUTCOME_UNKNOWN',
      httpStatus: 200,
    })
  })

  it.each([500, 502, 503, 302])(
    'deposit answered %i → OUTCOME_UNKNOWN, lookups → SERVICE_ERROR',
    async (status) => {
      reply = (_req, res) => {
        res.writeHead(status, status === 302 ? { location: '/elsewhere' } : { 'content-type': 'text/html' })
        res.end('<html>oops</html>')
      }
      await expect(deposit(client(), 't', depositArgs)).rejects.toMatchObject({
        code: 'OUTCOME_UNKNOWN',
        httpStatus: status,
      })
      await expect(lookupUser(client(), 't', '0912345678')).rejects.toMatchObject({
        code: 'SERVICE_ERROR',
        httpStatus: status,
      })
    },
  )
})

describe('definite rejections', () => {
  it.each([
    [401, { message: 'Invalid credentials.' }, 'INVALID_CREDENTIALS'],
    [403, { message: 'Access denied.' }, 'ACCESS_DENIED'],
    [403, { message: 'Reseller account is disabled.' }, 'ACCOUNT_DISABLED'],
    [404, { message: 'User not found.' }, 'USER_NOT_FOUND'],
    [409, { message: 'Duplicate transaction.', external_transaction_id: 'ref-1' }, 'DUPLICATE_TRANSACTION'],
    [422, { message: 'User account is inactive.' }, 'USER_INACTIVE'],
    [422, { message: 'Validation failed.', errors: { amount: ['too small'] } }, 'VALIDATION'],
  ])('HTTP %i %j → %s, outcome rejected', async (status, body, code) => {
    reply = json(status, body)
    const error = await deposit(client(), 't', depositArgs).catch((e: unknown) => e)
    expect(error).toMatchObject({ code, outcome: 'rejected', httpStatus: status })
  })

  it.each([
    [403, ''],
    [409, '<html>portal</html>'],
    [400, '<html>bad</html>'],
    [408, { message: 'Request Timeout' }],
  ])(
    'on a money call, HTTP %i %j is not the service refusing: the outcome is unknown',
    async (status, body) => {
      reply =
        typeof body === 'string'
          ? (_q, res) => res.writeHead(status, { 'content-type': 'text/html' }).end(body)
          : json(status, body)
      const error = await deposit(client(), 't', depositArgs).catch((e: unknown) => e)
      expect(error).toMatchObject({ code: 'OUTCOME_UNKNOWN', outcome: 'unknown', httpStatus: status })
      const lookup = await lookupUser(client(), 't', '0912345678').catch((e: unknown) => e)
      expect(lookup).toMatchObject({ outcome: 'rejected', httpStatus: status })
    },
  )

  it('reads the four limit figures into dirhams', async () => {
    reply = json(422, {
      message: 'Daily limit exceeded.',
      daily_max_amount: 5000,
      used_today: 4990.5,
      remaining: 9.5,
      requested: 10,
    })
    const error = await deposit(client(), 't', depositArgs).catch((e: unknown) => e)
    expect(error).toMatchObject({
      code: 'DAILY_LIMIT_EXCEEDED',
      details: {
        dailyMaxDirhams: 5_000_000,
        usedTodayDirhams: 4_990_500,
        remainingDirhams: 9500,
        requestedDirhams: 10_000,
      },
    })
  })

  it('carries the wait of a 429', async () => {
    reply = json(429, { message: 'Too many requests.' }, { 'retry-after': '17' })
    await expect(lookupUser(client(), 't', '0912345678')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      details: { retryAfterSeconds: 17 },
    })
  })
})

describe('transport failures', () => {
  it('a refused connection was not sent', async () => {
    const closed = createServer()
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r))
    const port = (closed.address() as AddressInfo).port
    await new Promise((r) => closed.close(r))
    await expect(deposit(client(`http://127.0.0.1:${port}/api`), 't', depositArgs)).rejects.toMatchObject({
      code: 'NOT_SENT',
      outcome: 'not-sent',
    })
  })

  it('a request the HTTP client refuses to write (a token with a line break) was not sent', async () => {
    let received = 0
    reply = (_req, res) => {
      received++
      res.end()
    }
    const reachable: boolean[] = []
    http = new ServiceHttp(
      { baseUrl: base, proxyUrl: null, connectTimeoutMs: 500, answerTimeoutMs: 300 },
      new ServiceClock(),
      silentLogger,
      (r) => reachable.push(r),
    )
    await expect(deposit(http, 'broken\r\ntoken', depositArgs)).rejects.toMatchObject({
      code: 'NOT_SENT',
      outcome: 'not-sent',
      details: { reason: 'REQUEST_NOT_MADE' },
    })
    expect(received).toBe(0)
    // It says nothing of whether the service can be reached: the desk does not go offline for it.
    expect(reachable).toEqual([])
  })

  it('a connect timeout was not sent', () => {
    const error = new TypeError('fetch failed', {
      cause: Object.assign(new Error('Connect Timeout Error'), { code: 'UND_ERR_CONNECT_TIMEOUT' }),
    })
    expect(transportFailure(error, true)).toMatchObject({ code: 'NOT_SENT', outcome: 'not-sent' })
  })

  it('a reset after sending, or no answer within the answer timeout, is an unknown outcome', async () => {
    reply = (req) => req.socket.destroy()
    await expect(deposit(client(), 't', depositArgs)).rejects.toMatchObject({
      code: 'OUTCOME_UNKNOWN',
      outcome: 'unknown',
    })
    reply = () => {}
    await expect(deposit(client(base, 200), 't', depositArgs)).rejects.toMatchObject({
      code: 'OUTCOME_UNKNOWN',
      outcome: 'unknown',
    })
  })
})

describe('each request leaves once: the client never sends one again', () => {
  /** Every request that reached the stand-in service, by method and path. */
  let received: string[] = []
  function counting(then: Reply): Reply {
    return (req, res, body) => {
      received.push(`${req.method} ${req.url?.replace(/\?.*$/, '')}`)
      then(req, res, body)
    }
  }
  const failures: [string, Reply][] = [
    ['a reset after sending', (req) => req.socket.destroy()],
    ['no answer within the answer timeout', () => {}],
    ...[500, 502, 503, 504].map((status): [string, Reply] => [`HTTP ${status}`, html(status)]),
    // Statuses an HTTP client may take for "try again" (ofetch's own list holds them).
    ['HTTP 408', json(408, { message: 'Request Timeout' })],
    ['HTTP 429', json(429, { message: 'Too many requests.' }, { 'retry-after': '0' })],
  ]

  it.each(failures)('a deposit POST met with %s is sent once', async (_label, r) => {
    received = []
    reply = counting(r)
    await expect(deposit(client(base, 200), 't', depositArgs)).rejects.toThrow()
    expect(received).toEqual(['POST /api/v1/reseller/deposit'])
  })

  it.each(failures)('a voucher POST met with %s is sent once', async (_label, r) => {
    received = []
    reply = counting(r)
    await expect(generateVoucher(client(base, 200), 't', 1)).rejects.toThrow()
    expect(received).toEqual(['POST /api/v1/reseller/vouchers/generate'])
  })

  it.each(failures)('a lookup GET met with %s is sent once too', async (_label, r) => {
    received = []
    reply = counting(r)
    await expect(lookupUser(client(base, 200), 't', '0912345678')).rejects.toThrow()
    expect(received).toEqual(['GET /api/v1/reseller/user-lookup'])
  })
})

describe('the service address', () => {
  it('requires https except on this machine', () => {
    expect(normalizeBaseUrl('https://api.example.ly/api/v1/reseller/')).toBe(
      'https://api.example.ly/api/v1/reseller',
    )
    expect(normalizeBaseUrl('http://127.0.0.1:8787/api/v1/reseller')).toBe(
      'http://127.0.0.1:8787/api/v1/reseller',
    )
    expect(normalizeBaseUrl('http://[::1]:8787/x')).toBe('http://[::1]:8787/x')
    expect(() => normalizeBaseUrl('http://api.example.ly/api')).toThrow(/https/)
    expect(() => normalizeBaseUrl('ftp://x')).toThrow()
    expect(() => normalizeBaseUrl('not a url')).toThrow()
  })
})

describe('through a proxy', () => {
  let sandbox: Sandbox
  let proxy: Server
  let proxied: string[]
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: deskSeed() })
    proxied = []
    // A relay like the outlets use: CONNECT tunnels (what undici sends), and plain absolute-URI requests.
    proxy = createServer((req, res) => {
      proxied.push(`${req.method} ${req.url}`)
      const target = new URL(req.url ?? '')
      const upstream = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          method: req.method,
          headers: req.headers,
        },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers)
          up.pipe(res)
        },
      )
      req.pipe(upstream)
    })
    proxy.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
      proxied.push(`CONNECT ${req.url}`)
      const [host, port] = (req.url ?? '').split(':')
      const upstream = connect(Number(port), host, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
        upstream.write(head)
        upstream.pipe(client)
        client.pipe(upstream)
      })
      upstream.on('error', () => client.destroy())
      client.on('error', () => upstream.destroy())
    })
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r))
  })
  afterAll(async () => {
    await sandbox.close()
    proxy.closeAllConnections()
    await new Promise((r) => proxy.close(r))
  })

  it('sends all service traffic through the configured proxy', async () => {
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
    const c = client(sandbox.baseUrl, 2000, proxyUrl)
    const t = await requestToken(c, DEMO, new Date(Date.now() + 3600_000).toISOString(), () => Date.now())
    expect((await getDenominations(c, t.token)).length).toBe(3)
    const sandboxHost = new URL(sandbox.baseUrl).host
    expect(proxied.length).toBeGreaterThan(0)
    expect(proxied.every((p) => p === `CONNECT ${sandboxHost}`)).toBe(true)
  })

  it('reports a proxy that is not there as not sent', async () => {
    const c = client(sandbox.baseUrl, 2000, 'http://127.0.0.1:1')
    await expect(deposit(c, 't', depositArgs)).rejects.toMatchObject({
      code: 'NOT_SENT',
      outcome: 'not-sent',
    })
  })
})

/** A service session against this file's server, whose HTTP edge the file's afterEach closes. */
function statusSession(answerTimeoutMs = 300) {
  const s = new ServiceSession(
    { baseUrl: base, proxyUrl: null, connectTimeoutMs: 500, answerTimeoutMs },
    () => ({ username: 'u', password: 'p' }),
    () => 3600_000,
    new ServiceClock(),
    silentLogger,
  )
  http = s.http
  return s
}

describe('asking whether the service is back (the status of a desk marked offline)', () => {
  const session = statusSession

  it('offline, asks without a token and nothing but the denominations, at most every 15 s; online and answered lately, asks nothing', async () => {
    const asked: { method?: string; url?: string; authorization?: string }[] = []
    reply = (req, res) => {
      asked.push({ method: req.method, url: req.url, authorization: req.headers.authorization })
      res.statusCode = 401
      res.end('{"error":{"code":"UNAUTHORIZED","message":"no token"}}')
    }
    const s = session()
    s.probeIfDue()
    s.online = true
    s.probeIfDue()
    expect(asked).toEqual([])

    s.online = false
    s.probeIfDue()
    // Any answer, its 401 too, says the service is reached.
    await expect.poll(() => s.online).toBe(true)
    expect(asked).toEqual([
      { method: 'GET', url: '/api/v1/reseller/denominations', authorization: undefined },
    ])
    s.online = false
    s.probeIfDue()
    expect(asked).toHaveLength(1)
  })

  it('its failure says nothing: a clerk’s request that got through meanwhile is not undone', async () => {
    reply = (req) => req.socket.destroy()
    const reachable: boolean[] = []
    http = new ServiceHttp(
      { baseUrl: base, proxyUrl: null, connectTimeoutMs: 500, answerTimeoutMs: 300 },
      new ServiceClock(),
      silentLogger,
      (r) => reachable.push(r),
    )
    await expect(
      http.send({ method: 'GET', path: '/denominations', money: false, quiet: true }),
    ).rejects.toThrow()
    expect(reachable).toEqual([])
    await expect(http.send({ method: 'GET', path: '/denominations', money: false })).rejects.toThrow()
    expect(reachable).toEqual([false])
  })

  it('is not waited for when the desk closes', async () => {
    let held = false
    reply = () => {
      held = true // never answered
    }
    const s = session(120_000)
    s.online = false
    s.probeIfDue()
    await expect.poll(() => held).toBe(true)
    // An answer timeout of two minutes, and the test's own 30 s: close does not wait for the question.
    await s.close()
    expect(s.online).toBe(false)
  })
})

describe('checking at once after a call goes unanswered (before the status says offline)', () => {
  /** The session's log lines, debug ones too (a failed question of its own is logged at debug). */
  let lines: string[] = []
  function session() {
    lines = []
    const s = new ServiceSession(
      { baseUrl: base, proxyUrl: null, connectTimeoutMs: 500, answerTimeoutMs: 300 },
      () => ({ username: 'u', password: 'p' }),
      () => 3600_000,
      new ServiceClock(),
      createLogger({ write: (line) => lines.push(line) }),
    )
    http = s.http
    return s
  }
  /** Every value the status takes, as it changes. */
  function watch(s: ServiceSession): (boolean | null)[] {
    const seen: (boolean | null)[] = []
    let value = s.online
    Object.defineProperty(s, 'online', {
      get: () => value,
      set: (next: boolean | null) => {
        value = next
        seen.push(next)
      },
    })
    return seen
  }

  it('one reset connection: the service is asked the harmless question at once, and it stays online', async () => {
    const asked: { method?: string; url?: string; authorization?: string }[] = []
    let resets = 1
    reply = (req, res) => {
      asked.push({ method: req.method, url: req.url, authorization: req.headers.authorization })
      if (resets-- > 0) return req.socket.destroy()
      res.statusCode = 401
      res.end('{"message":"Unauthenticated."}')
    }
    const s = session()
    s.online = true
    const seen = watch(s)
    await expect(
      s.http.send({ method: 'GET', path: '/user-lookup', token: 't', money: false }),
    ).rejects.toThrow()
    await expect.poll(() => s.online).toBe(true)
    // Checking, then online: never offline.
    expect(seen).toEqual([null, true])
    expect(asked).toEqual([
      { method: 'GET', url: '/api/v1/reseller/user-lookup', authorization: 'Bearer t' },
      { method: 'GET', url: '/api/v1/reseller/denominations', authorization: undefined },
    ])
  })

  it('says offline when the question is unanswered too (here past the answer timeout)', async () => {
    reply = () => {} // never answered
    const s = session()
    s.online = true
    const seen = watch(s)
    await expect(s.http.send({ method: 'GET', path: '/user-lookup', money: false })).rejects.toThrow()
    await expect.poll(() => s.online).toBe(false)
    expect(seen).toEqual([null, false])
  })

  it('a call that gets through while the question is out is not undone by the question failing later', async () => {
    let release: () => void = () => {}
    reply = (req, res) => {
      if (req.url?.endsWith('/user-lookup')) return req.socket.destroy()
      if (req.url?.endsWith('/denominations')) {
        // Held, then reset: the check fails after the clerk's next call was answered.
        release = () => req.socket.destroy()
        return
      }
      res.statusCode = 200
      res.end('{"ok":true}')
    }
    const s = session()
    s.online = true
    await expect(s.http.send({ method: 'GET', path: '/user-lookup', money: false })).rejects.toThrow()
    expect(s.online).toBe(null)
    await s.http.send({ method: 'GET', path: '/vouchers', money: false })
    expect(s.online).toBe(true)
    release()
    await expect.poll(() => lines.some((l) => l.includes('GET /denominations failed'))).toBe(true)
    expect(s.online).toBe(true)
  })
})

describe('an online desk nobody calls from (the top bar, the service gone quiet)', () => {
  // Only performance.now() is faked: 30 s without an answer pass at once, the HTTP edge's timers stay real.
  afterEach(() => {
    vi.useRealTimers()
  })
  function quietSession(answerTimeoutMs?: number) {
    vi.useFakeTimers({ toFake: ['performance'] })
    const s = statusSession(answerTimeoutMs)
    s.online = true
    const seen: (boolean | null)[] = []
    let value: boolean | null = s.online
    Object.defineProperty(s, 'online', {
      get: () => value,
      set: (next: boolean | null) => {
        value = next
        seen.push(next)
      },
    })
    return { s, seen }
  }

  it('the service gone: after 30 s without an answer it says Checking, then Offline, with nobody calling', async () => {
    const asked: string[] = []
    reply = (req) => {
      asked.push(`${req.method} ${req.url}`)
      req.socket.destroy()
    }
    const { s, seen } = quietSession()
    s.probeIfDue()
    vi.advanceTimersByTime(29_000)
    s.probeIfDue()
    expect(asked).toEqual([])
    vi.advanceTimersByTime(2_000)
    s.probeIfDue()
    await expect.poll(() => s.online).toBe(false)
    expect(seen).toEqual([null, false])
    // The harmless question only, twice: the quiet one, then the check after it went unanswered.
    expect(asked).toEqual(['GET /api/v1/reseller/denominations', 'GET /api/v1/reseller/denominations'])
  })

  it('one dropped connection on that question: Checking, then Online, never Offline', async () => {
    let resets = 1
    reply = (req, res) => {
      if (resets-- > 0) return req.socket.destroy()
      res.statusCode = 401
      res.end('{"message":"Unauthenticated."}')
    }
    const { s, seen } = quietSession()
    vi.advanceTimersByTime(31_000)
    s.probeIfDue()
    await expect.poll(() => seen.at(-1)).toBe(true)
    expect(seen).toEqual([null, true])
  })

  it('the service there: asked once, stays Online, and not asked again for 30 s', async () => {
    const asked: string[] = []
    reply = (req, res) => {
      asked.push(`${req.method} ${req.url}`)
      res.statusCode = 401
      res.end('{"message":"Unauthenticated."}')
    }
    const { s, seen } = quietSession()
    vi.advanceTimersByTime(31_000)
    s.probeIfDue()
    await expect.poll(() => asked.length).toBe(1)
    await expect.poll(() => seen).toEqual([true])
    vi.advanceTimersByTime(20_000)
    s.probeIfDue()
    expect(asked).toHaveLength(1)
  })
})

describe('a call unanswered while a question is already out', () => {
  const session = statusSession

  it('during a check: answered, then unanswered again, and the check unanswered too, says offline', async () => {
    let releaseCheck: () => void = () => {}
    let vouchersAnswered = 0
    reply = (req, res) => {
      if (req.url?.endsWith('/user-lookup')) return req.socket.destroy()
      if (req.url?.endsWith('/denominations')) {
        releaseCheck = () => req.socket.destroy()
        return
      }
      if (vouchersAnswered++ > 0) return req.socket.destroy()
      res.statusCode = 200
      res.end('{"ok":true}')
    }
    const s = session(10_000)
    s.online = true
    await expect(s.http.send({ method: 'GET', path: '/user-lookup', money: false })).rejects.toThrow()
    expect(s.online).toBe(null)
    await s.http.send({ method: 'GET', path: '/vouchers', money: false })
    expect(s.online).toBe(true)
    // The last call goes unanswered while the check is still out: not "online" any more.
    await expect(s.http.send({ method: 'GET', path: '/vouchers', money: false })).rejects.toThrow()
    expect(s.online).toBe(null)
    releaseCheck()
    await expect.poll(() => s.online).toBe(false)
  })

  it('during the offline desk’s unbounded probe: the probe is replaced by a bounded check, which says offline', async () => {
    let lookups = 0
    const denominations: string[] = []
    reply = (req, res) => {
      if (req.url?.endsWith('/denominations')) {
        denominations.push(req.url)
        return // never answered: the probe waits for its answer timeout, the check for CHECK_WAIT_MS at most
      }
      if (lookups++ > 0) return req.socket.destroy()
      res.statusCode = 200
      res.end('{"ok":true}')
    }
    // An answer timeout far past the test's: only the check's own bound can end it in time.
    const s = session(120_000)
    s.online = false
    s.probeIfDue()
    await expect.poll(() => denominations.length).toBe(1)
    await s.http.send({ method: 'GET', path: '/user-lookup', money: false })
    expect(s.online).toBe(true)
    await expect(s.http.send({ method: 'GET', path: '/user-lookup', money: false })).rejects.toThrow()
    expect(s.online).toBe(null)
    await expect.poll(() => denominations.length).toBe(2)
    await expect.poll(() => s.online, { timeout: 8000 }).toBe(false)
    await s.close()
  })
})
