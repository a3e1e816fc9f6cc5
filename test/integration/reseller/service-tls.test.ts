/**
 * The reseller service's certificate is checked whatever the environment says: `NODE_TLS_REJECT_UNAUTHORIZED=0`
 * (one user variable, no administrator needed) turns off Node's default check for every connection that does
 * not ask for it. Through the desk API, against a server whose certificate nobody trusts, with the variable set:
 * directly, through a proxy, and through a proxy reached over TLS.
 */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer as createHttpsServer, type Server } from 'node:https'
import { type AddressInfo, connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type AuthProxy, startAuthProxy } from '../../helpers/auth-proxy'
import { startTestDesk, type TestDesk } from '../../helpers/desk'
import { makeTlsFiles } from '../../helpers/pg-cluster'

const PASSWORD = 'live-password-7731'
const dir = mkdtempSync(join(tmpdir(), 'service-tls-'))
let tls: { cert: Buffer; key: Buffer }
let t: TestDesk | undefined
const servers: { close(): unknown }[] = []
/** What reached the forged service: requests, each with its body (the password, when it got that far). */
const received: string[] = []

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  )
}

/** A service that answers every request with a token and a success, as a forger in the middle would. */
async function forgedService(): Promise<number> {
  const server = createHttpsServer(tls, (req, res) => {
    let body = ''
    req.on('data', (c) => {
      body += c
    })
    req.on('end', () => {
      received.push(`${req.method} ${req.url} ${body}`)
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"token":"forged-token","expires_in":3600,"items":[]}')
    })
  })
  servers.push(server)
  return listen(server)
}

/** An HTTPS proxy (its own certificate untrusted too) that tunnels anywhere and records what it was told. */
async function tlsProxy(): Promise<number> {
  const server = createHttpsServer(tls, (_req, res) => res.writeHead(405).end())
  server.on('connect', (req, client: Socket) => {
    received.push(`CONNECT ${req.url} ${req.headers['proxy-authorization'] ?? ''}`)
    const [host, port] = (req.url ?? '').split(':')
    const upstream = connect(Number(port), host ?? '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      upstream.pipe(client)
      client.pipe(upstream)
    })
    upstream.on('error', () => client.destroy())
    client.on('error', () => upstream.destroy())
  })
  servers.push(server)
  return listen(server)
}

beforeAll(() => {
  const files = makeTlsFiles(join(dir, 'tls'))
  tls = { cert: readFileSync(files.certFile), key: readFileSync(files.keyFile) }
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0'
})

afterEach(async () => {
  await t?.close()
  t = undefined
  received.length = 0
})

afterAll(() => {
  delete process.env.NODE_TLS_REJECT_UNAUTHORIZED
  for (const s of servers) s.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('with NODE_TLS_REJECT_UNAUTHORIZED=0 in the environment', () => {
  it('a service whose certificate is not trusted gets nothing: no password sent, no forged answer taken', async () => {
    const port = await forgedService()
    t = await startTestDesk()
    const baseUrl = `https://127.0.0.1:${port}/api/v1/reseller`
    const tested = await t.call('testConnection', { baseUrl, username: 'shop', password: PASSWORD })
    expect(tested).toMatchObject({ ok: false, error: { code: 'NOT_SENT' } })
    expect(
      (await t.rejection('configureService', { baseUrl, username: 'shop', password: PASSWORD })).code,
    ).toBe('NOT_SENT')
    expect(received).toEqual([])
    expect(await t.call('getStatus')).toMatchObject({ mode: 'training' })
  })

  it('nor through a proxy: the tunnel opens, the service behind it is still checked', async () => {
    const port = await forgedService()
    const proxy: AuthProxy = await startAuthProxy('relay', 'relay-secret')
    servers.push(proxy)
    t = await startTestDesk()
    const tested = await t.call('testConnection', {
      baseUrl: `https://127.0.0.1:${port}/api/v1/reseller`,
      username: 'shop',
      password: PASSWORD,
      proxyUrl: `http://relay:relay-secret@127.0.0.1:${proxy.port}`,
    })
    expect(proxy.seen.tunnels).toBeGreaterThan(0)
    expect(tested).toMatchObject({ ok: false, error: { code: 'NOT_SENT' } })
    expect(received).toEqual([])
  })

  it('nor to a proxy reached over TLS whose certificate is not trusted: its credentials are not sent', async () => {
    const service = await forgedService()
    const proxy = await tlsProxy()
    t = await startTestDesk()
    const tested = await t.call('testConnection', {
      baseUrl: `https://127.0.0.1:${service}/api/v1/reseller`,
      username: 'shop',
      password: PASSWORD,
      proxyUrl: `https://relay:relay-secret@127.0.0.1:${proxy}`,
    })
    expect(tested).toMatchObject({ ok: false, error: { code: 'NOT_SENT' } })
    expect(received).toEqual([])
  })
})
