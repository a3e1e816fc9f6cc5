/**
 * Test helpers for the sandbox conformance suite: a small seed without a rate limit, and a client that
 * speaks to the sandbox over real HTTP (fetch), never through its handlers.
 */
import {
  type Sandbox,
  type SandboxOptions,
  type SandboxSeedInput,
  startSandbox,
} from '../../src/sandbox/index'

export const DEMO = { username: 'demo', password: 'demo-pass' }
export const ACTIVE_PHONE = '0912345678'
export const ACTIVE_NAME = 'محمد'
export const SECOND_PHONE = '0931234567'
export const INACTIVE_PHONE = '0947654321'

export function testSeed(overrides: Partial<SandboxSeedInput> = {}): SandboxSeedInput {
  return {
    timezone: 'Africa/Tripoli',
    rate_limit_per_minute: 0,
    resellers: [
      { username: 'demo', password: 'demo-pass', daily_max_amount: 5000, allowed_ips: ['127.0.0.1', '::1'] },
      { username: 'other', password: 'other-pass', daily_max_amount: 5000 },
      { username: 'off', password: 'off-pass', daily_max_amount: 5000, disabled: true },
    ],
    denominations: [
      { id: 1, name: '5 LYD', value: 5 },
      { id: 4, name: '30 LYD', value: 30 },
      { id: 6, name: '100 LYD', value: 100 },
    ],
    users: [
      { phone: ACTIVE_PHONE, first_name: ACTIVE_NAME, status: 'active' },
      { phone: SECOND_PHONE, first_name: 'Ahmed', status: 'active' },
      { phone: INACTIVE_PHONE, first_name: 'Khaled', status: 'inactive' },
    ],
    ...overrides,
  }
}

export function startTestSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({ seed: testSeed(), ...options })
}

export interface JsonResponse {
  status: number
  headers: Headers
  /** Parsed JSON; the test fails loudly if the body is not JSON. */
  body: Record<string, unknown> & { data?: unknown; message?: string; errors?: Record<string, string[]> }
}

export async function asJson(response: Response): Promise<JsonResponse> {
  const text = await response.text()
  let body: JsonResponse['body']
  try {
    body = JSON.parse(text)
  } catch {
    throw new Error(`Expected JSON, got ${response.status} ${response.headers.get('content-type')}: ${text}`)
  }
  return { status: response.status, headers: response.headers, body }
}

export function inDays(days: number, from = Date.now()): string {
  return new Date(from + days * 86_400_000).toISOString()
}

/** A client for one base URL, holding a bearer token once `signIn` has run. */
export class ResellerClient {
  token: string | null = null

  constructor(readonly baseUrl: string) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return this.token ? { authorization: `Bearer ${this.token}`, ...extra } : extra
  }

  post(path: string, body: unknown): Promise<JsonResponse> {
    return this.rawPost(path, body).then(asJson)
  }

  /** The fetch itself, for tests that expect the connection to fail. */
  rawPost(path: string, body: unknown): Promise<Response> {
    return fetch(this.baseUrl + path, {
      method: 'POST',
      headers: this.headers({ 'content-type': 'application/json' }),
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
  }

  get(path: string): Promise<JsonResponse> {
    return fetch(this.baseUrl + path, { headers: this.headers() }).then(asJson)
  }

  requestToken(fields: Record<string, unknown> = {}): Promise<JsonResponse> {
    return this.post('/token', { ...DEMO, expires_at: inDays(1), ...fields })
  }

  async signIn(
    credentials: { username: string; password: string } = DEMO,
    expiresAt = inDays(1),
  ): Promise<this> {
    const res = await this.post('/token', { ...credentials, expires_at: expiresAt })
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`)
    this.token = (res.body.data as { token: string }).token
    return this
  }

  deposit(phone: string, amount: unknown, externalId: string): Promise<JsonResponse> {
    return this.post('/deposit', { phone, amount, external_transaction_id: externalId })
  }

  generate(denominationId: unknown): Promise<JsonResponse> {
    return this.post('/vouchers/generate', { denomination_id: denominationId })
  }

  lookup(phone: string): Promise<JsonResponse> {
    return this.get(`/user-lookup?phone=${encodeURIComponent(phone)}`)
  }
}

/** The instant of a wall-clock time in Tripoli (UTC+2 all year). */
export function tripoliInstant(isoLocal: string): number {
  return Date.parse(`${isoLocal}+02:00`)
}
