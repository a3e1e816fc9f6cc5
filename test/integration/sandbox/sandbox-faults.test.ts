import { connect } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../../src/sandbox/index'
import { ACTIVE_PHONE, asJson, ResellerClient, startTestSandbox } from '../../helpers/sandbox'

let sandbox: Sandbox
let client: ResellerClient

beforeAll(async () => {
  sandbox = await startTestSandbox({ control: true })
  client = await new ResellerClient(sandbox.baseUrl).signIn()
})
afterAll(() => sandbox.close())
beforeEach(() => sandbox.controls.clearFaults())

const depositsWith = (id: string) =>
  sandbox.controls.ledger().deposits.filter((d) => d.external_transaction_id === id).length

/** The request's outcome as the client sees it: a status, or the connection failing without an answer. */
async function outcome(request: Promise<Response>): Promise<number | 'no answer'> {
  try {
    const res = await request
    await res.arrayBuffer()
    return res.status
  } catch {
    return 'no answer'
  }
}

/** Sends one raw HTTP request and collects every byte the server sends before the connection ends. */
function rawExchange(url: string, path: string, body: unknown, token: string): Promise<string> {
  const { hostname, port } = new URL(url)
  const payload = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname)
    let received = ''
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1')
    })
    socket.on('close', () => resolve(received))
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? resolve(received) : reject(error),
    )
    socket.write(
      `POST ${new URL(url).pathname}${path} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${token}\r\n` +
        `Connection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`,
    )
  })
}

describe('sandbox: fault rules', () => {
  it('drop-after-commit and drop-before-commit send not a single byte of response', async () => {
    sandbox.controls.setFaults([{ method: 'POST', path: '/deposit', action: 'drop-after-commit', times: 1 }])
    const body = { phone: ACTIVE_PHONE, amount: 1, external_transaction_id: 'raw-after' }
    expect(await rawExchange(sandbox.baseUrl, '/deposit', body, client.token as string)).toBe('')
    expect(depositsWith('raw-after')).toBe(1)

    sandbox.controls.setFaults([{ method: 'POST', path: '/deposit', action: 'drop-before-commit', times: 1 }])
    const before = { ...body, external_transaction_id: 'raw-before' }
    expect(await rawExchange(sandbox.baseUrl, '/deposit', before, client.token as string)).toBe('')
    expect(depositsWith('raw-before')).toBe(0)
    // Without a rule the same exchange gets an HTTP answer, so the helper does see bytes when there are some.
    expect(await rawExchange(sandbox.baseUrl, '/deposit', before, client.token as string)).toMatch(
      /^HTTP\/1\.1 200/,
    )
  })

  it('drop-after-commit credits the deposit, then cuts the connection without answering', async () => {
    sandbox.controls.setFaults([{ method: 'POST', path: '/deposit', action: 'drop-after-commit', times: 1 }])
    expect(
      await outcome(
        client.rawPost('/deposit', { phone: ACTIVE_PHONE, amount: 7, external_transaction_id: 'dac' }),
      ),
    ).toBe('no answer')
    expect(depositsWith('dac')).toBe(1)
    // The client's retry with the same id learns it went through.
    const retry = await client.deposit(ACTIVE_PHONE, 7, 'dac')
    expect(retry.status).toBe(409)
    expect(depositsWith('dac')).toBe(1)
  })

  it('drop-after-commit on voucher generation issues a voucher the client never sees', async () => {
    const before = sandbox.controls.ledger().vouchers.length
    sandbox.controls.setFaults([
      { method: 'POST', path: '/vouchers/generate', action: 'drop-after-commit', times: 1 },
    ])
    expect(await outcome(client.rawPost('/vouchers/generate', { denomination_id: 1 }))).toBe('no answer')
    expect(sandbox.controls.ledger().vouchers.length).toBe(before + 1)
  })

  it('drop-before-commit cuts the connection and changes nothing', async () => {
    sandbox.controls.setFaults([{ method: 'POST', path: '/deposit', action: 'drop-before-commit', times: 1 }])
    expect(
      await outcome(
        client.rawPost('/deposit', { phone: ACTIVE_PHONE, amount: 7, external_transaction_id: 'dbc' }),
      ),
    ).toBe('no answer')
    expect(depositsWith('dbc')).toBe(0)
    // times: 1 is used up, and the id was not consumed.
    expect((await client.deposit(ACTIVE_PHONE, 7, 'dbc')).status).toBe(200)
  })

  it('respond answers the given status and body without doing anything', async () => {
    sandbox.controls.setFaults([
      { method: 'POST', path: '/deposit', action: 'respond', status: 503, body: { message: 'Maintenance' } },
    ])
    const res = await client.deposit(ACTIVE_PHONE, 7, 'resp')
    expect(res.status).toBe(503)
    expect(res.body).toEqual({ message: 'Maintenance' })
    expect(depositsWith('resp')).toBe(0)
    // Without times, the rule keeps firing.
    expect((await client.deposit(ACTIVE_PHONE, 7, 'resp')).status).toBe(503)
  })

  it('respond can send an HTML page, as a misbehaving proxy would', async () => {
    sandbox.controls.setFaults([
      {
        method: 'GET',
        path: '/denominations',
        action: 'respond',
        status: 502,
        body: '<html><body>Bad Gateway</body></html>',
        content_type: 'text/html',
      },
    ])
    const res = await fetch(`${sandbox.baseUrl}/denominations`, {
      headers: { authorization: `Bearer ${client.token}` },
    })
    expect(res.status).toBe(502)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await res.text()).toContain('Bad Gateway')
  })

  it('delay waits delay_ms, then does the request normally', async () => {
    sandbox.controls.setFaults([
      { method: 'POST', path: '/deposit', action: 'delay', delay_ms: 300, times: 1 },
    ])
    const slow = client.deposit(ACTIVE_PHONE, 7, 'slow')
    // The delayed request has not been processed yet while another request completes.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(depositsWith('slow')).toBe(0)
    const res = await slow
    expect(res.status).toBe(200)
    expect(depositsWith('slow')).toBe(1)
  })

  it('delay lets a client time out while the deposit still goes through', async () => {
    sandbox.controls.setFaults([
      { method: 'POST', path: '/deposit', action: 'delay', delay_ms: 400, times: 1 },
    ])
    const timedOut = await outcome(
      fetch(`${sandbox.baseUrl}/deposit`, {
        method: 'POST',
        headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ phone: ACTIVE_PHONE, amount: 7, external_transaction_id: 'late' }),
        signal: AbortSignal.timeout(100),
      }),
    )
    expect(timedOut).toBe('no answer')
    await expect.poll(() => depositsWith('late'), { timeout: 3000 }).toBe(1)
  })

  it('times bounds how often a rule fires', async () => {
    sandbox.controls.setFaults([
      { method: 'GET', path: '/denominations', action: 'respond', status: 500, times: 2 },
    ])
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await client.get('/denominations')).status)
    expect(statuses).toEqual([500, 500, 200, 200])
  })

  it('probability 0 never fires', async () => {
    sandbox.controls.setFaults([
      { method: 'GET', path: '/denominations', action: 'respond', status: 500, probability: 0 },
    ])
    for (let i = 0; i < 10; i++) expect((await client.get('/denominations')).status).toBe(200)
  })

  it('matches method and path relative to the reseller base, ignoring the query string', async () => {
    sandbox.controls.setFaults([
      { method: 'POST', path: '/user-lookup', action: 'respond', status: 500 },
      { method: 'get', path: '/user-lookup', action: 'respond', status: 418, body: { message: 'teapot' } },
    ])
    const res = await client.lookup(ACTIVE_PHONE)
    expect(res.status).toBe(418)
    expect((await client.get('/denominations')).status).toBe(200)
  })

  it('applies to POST /token too, which still counts as a token request', async () => {
    const before = sandbox.controls.ledger().token_requests
    sandbox.controls.setFaults([{ method: 'POST', path: '/token', action: 'respond', status: 500, times: 1 }])
    expect((await client.requestToken()).status).toBe(500)
    expect((await client.requestToken()).status).toBe(200)
    expect(sandbox.controls.ledger().token_requests).toBe(before + 2)
  })

  it('is set, listed and cleared over HTTP with --control; a new POST replaces the rules', async () => {
    const control = `${sandbox.origin}/__control/faults`
    const set = (rules: unknown[]) =>
      fetch(control, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ rules }),
      })

    expect(
      (await set([{ method: 'GET', path: '/denominations', action: 'respond', status: 500 }])).status,
    ).toBe(200)
    expect((await client.get('/denominations')).status).toBe(500)
    await set([{ method: 'GET', path: '/user-lookup', action: 'respond', status: 500 }])
    expect((await client.get('/denominations')).status).toBe(200)
    const listed = await fetch(control).then(asJson)
    expect(listed.body.rules).toHaveLength(1)

    await set([{ method: 'POST', path: '/deposit', action: 'drop-after-commit', times: 1 }])
    expect(
      await outcome(
        client.rawPost('/deposit', { phone: ACTIVE_PHONE, amount: 1, external_transaction_id: 'http' }),
      ),
    ).toBe('no answer')
    expect(depositsWith('http')).toBe(1)

    await set([{ method: 'GET', path: '/denominations', action: 'respond', status: 500 }])
    expect((await fetch(control, { method: 'DELETE' })).status).toBe(200)
    expect((await client.get('/denominations')).status).toBe(200)

    const bad = await set([{ method: 'GET', path: '/denominations', action: 'explode' }]).then(asJson)
    expect(bad.status).toBe(422)
    expect(bad.body.message).toContain('action')
  })
})

describe('sandbox: closing', () => {
  it('closes with a request held in a long delay, whose client gets no answer', async () => {
    const own = await startTestSandbox()
    const owner = await new ResellerClient(own.baseUrl).signIn()
    own.controls.setFaults([
      { method: 'POST', path: '/deposit', action: 'delay', delay_ms: 120_000, times: 1 },
    ])
    const pending = outcome(
      owner.rawPost('/deposit', { phone: ACTIVE_PHONE, amount: 1, external_transaction_id: 'held' }),
    )
    // The rule has fired: the request is inside its delay.
    await expect.poll(() => own.controls.faults()[0]?.times).toBe(0)
    await own.close()
    expect(await pending).toBe('no answer')
  })
})
