/**
 * TLS to the head office against a real PostgreSQL that refuses anything else: a CA made here with openssl,
 * the server's certificate signed by it, and the desk trusting only the CA file it is given.
 */
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { TLSSocket } from 'node:tls'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HEAD_OFFICE_SCHEMA_VERSION } from '../../../src/head-office/schema'
import { DEMO, startTestDesk, type TestDesk } from '../../helpers/desk'
import {
  QUICK_SYNC,
  startChain,
  startHeadOffice,
  type TestChain,
  type TestHeadOffice,
  waitSynced,
} from '../../helpers/head-office'
import { giveToServer, makeTlsFiles } from '../../helpers/pg-cluster'

let chain: TestChain
let ho: TestHeadOffice
let desk: TestDesk
let tlsDir: string
let files: ReturnType<typeof makeTlsFiles>
let otherCa: string
let other: ReturnType<typeof makeTlsFiles>
let wrongName: ReturnType<typeof makeTlsFiles>

beforeAll(async () => {
  tlsDir = mkdtempSync(join(tmpdir(), 'ho-tls-'))
  files = makeTlsFiles(tlsDir)
  other = makeTlsFiles(tlsDir, { dns: ['localhost'], ip: ['127.0.0.1'] }, 'other')
  otherCa = other.caFile
  wrongName = makeTlsFiles(tlsDir, { dns: ['head-office.example'] }, 'wrong')
  giveToServer(tlsDir, 0o755)
  for (const f of readdirSync(tlsDir))
    giveToServer(join(tlsDir, f), f.endsWith('.pem') || f.endsWith('.key') ? 0o600 : 0o644)
  chmodSync(files.caFile, 0o644)
  chain = await startChain({
    headOffice: { tls: { certFile: files.certFile, keyFile: files.keyFile, requireTls: true } },
  })
  ho = chain.ho
  desk = await startTestDesk({ sandbox: chain.sandbox, deps: { headOfficeSync: QUICK_SYNC } })
  await desk.call('configureService', { baseUrl: desk.sandbox.baseUrl, ...DEMO })
})

afterAll(async () => {
  await desk?.close()
  await chain?.close()
  rmSync(tlsDir, { recursive: true, force: true })
})

describe('TLS to the head office', () => {
  let password = ''
  let role = ''

  beforeAll(async () => {
    const t = await ho.terminal('TLS counter')
    password = t.password
    role = t.role
  })

  const target = (caFile: string | null, host = '127.0.0.1') => ({
    host,
    port: ho.cluster.port,
    database: ho.database,
    user: role,
    terminal: 'TLS counter',
    caFile,
    password,
  })

  it('connects over verified TLS with the head office CA file', async () => {
    const test = await desk.call('testHeadOffice', target(files.caFile))
    expect(test).toMatchObject({
      ok: true,
      tls: true,
      terminal: 'TLS counter',
      schemaVersion: HEAD_OFFICE_SCHEMA_VERSION,
    })
    expect((await desk.call('testHeadOffice', target(files.caFile, 'localhost'))).ok).toBe(true)
  })

  it('a server that requires TLS refuses the plain connection loopback allows, and says so', async () => {
    const test = await desk.call('testHeadOffice', target(null))
    expect(test).toMatchObject({ ok: false, error: { code: 'HEAD_OFFICE_UNAVAILABLE' } })
  })

  it('refuses a server whose certificate another CA signed', async () => {
    const test = await desk.call('testHeadOffice', target(otherCa))
    expect(test.ok).toBe(false)
    if (!test.ok) {
      expect(test.error.code).toBe('HEAD_OFFICE_UNAVAILABLE')
      expect(test.error.details).toMatchObject({ reason: 'HO_CERTIFICATE' })
      expect(test.error.message).not.toContain(password)
    }
  })

  it('refuses a certificate for another name, even from the trusted CA', async () => {
    await ho.cluster.stop()
    const restarted = await startHeadOffice({
      tls: { certFile: wrongName.certFile, keyFile: wrongName.keyFile, requireTls: true },
    })
    try {
      const t = await restarted.terminal('TLS counter')
      const test = await desk.call('testHeadOffice', {
        ...target(wrongName.caFile),
        port: restarted.cluster.port,
        user: t.role,
        password: t.password,
      })
      expect(test).toMatchObject({
        ok: false,
        error: { code: 'HEAD_OFFICE_UNAVAILABLE', details: { reason: 'HO_CERTIFICATE' } },
      })
    } finally {
      await restarted.close()
      await ho.cluster.start()
      await ho.reconnect()
    }
  })

  it('a CA file that is not a certificate is a clear input error', async () => {
    const test = await desk.call('testHeadOffice', target(files.keyFile))
    expect(test).toMatchObject({ ok: false, error: { code: 'BAD_INPUT', details: { field: 'caFile' } } })
  })

  it('the background sync sends over TLS', async () => {
    await desk.call('configureHeadOffice', { ...target(files.caFile), enabled: true })
    await desk.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })
    await waitSynced(desk)
    const rows = await ho.query<{ n: string }>(
      "SELECT count(*) AS n FROM headoffice.entries WHERE terminal = 'TLS counter'",
    )
    expect(rows[0]?.n).toBe('1')
    const ssl = await ho.query<{ ssl: boolean }>(
      `SELECT s.ssl FROM pg_stat_activity a JOIN pg_stat_ssl s ON s.pid = a.pid
       WHERE a.application_name = 'reseller-desk sync'`,
    )
    expect(ssl).toEqual([{ ssl: true }])
  })
})

/**
 * A server on 127.0.0.1 holding a certificate from another CA (someone else's server at the head office's
 * address): it takes TLS, asks for the password in clear (as PostgreSQL's `password` method does) and keeps
 * every password it is sent.
 */
async function passwordCatcher(tls: { certFile: string; keyFile: string }) {
  const received: string[] = []
  const server: Server = createServer((plain) => {
    plain.on('error', () => undefined)
    plain.once('data', () => {
      // The SSLRequest: yes, then TLS with this server's certificate.
      plain.write('S')
      const socket = new TLSSocket(plain, {
        isServer: true,
        cert: readFileSync(tls.certFile),
        key: readFileSync(tls.keyFile),
      })
      socket.on('error', () => undefined)
      let startup = true
      let buffer = Buffer.alloc(0)
      socket.on('data', (chunk: Buffer) => {
        buffer = Buffer.concat([buffer, chunk])
        if (startup) {
          if (buffer.length < 4 || buffer.length < buffer.readInt32BE(0)) return
          buffer = buffer.subarray(buffer.readInt32BE(0))
          startup = false
          // AuthenticationCleartextPassword
          socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]))
        }
        if (buffer.length < 5 || buffer.length < 1 + buffer.readInt32BE(1)) return
        if (buffer[0] === 0x70) received.push(buffer.subarray(5, buffer.indexOf(0, 5)).toString('utf8'))
        socket.destroy()
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  return {
    port: address.port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('the saved head office password goes only with the CA file it was saved with', () => {
  let manager: TestDesk
  let t: { role: string; password: string }

  beforeAll(async () => {
    manager = await startTestDesk({ deps: { headOfficeSync: QUICK_SYNC } })
    await manager.call('configureService', { baseUrl: manager.sandbox.baseUrl, ...DEMO })
    t = await ho.terminal('Saved secret counter')
  })

  afterAll(async () => {
    await manager?.close()
  })

  const saved = (caFile: string | null, port = ho.cluster.port) => ({
    host: '127.0.0.1',
    port,
    database: ho.database,
    user: t.role,
    terminal: 'Saved secret counter',
    caFile,
  })

  it('a test or a save with another CA file, or none, needs the password typed', async () => {
    await manager.call('configureHeadOffice', { ...saved(files.caFile), enabled: true, password: t.password })
    // The same server, role and CA file: the saved password is used (the manager types nothing).
    expect(await manager.call('testHeadOffice', saved(files.caFile))).toMatchObject({
      ok: true,
      tls: true,
      terminal: 'Saved secret counter',
    })
    for (const caFile of [otherCa, null]) {
      expect(await manager.call('testHeadOffice', saved(caFile))).toMatchObject({
        ok: false,
        error: { code: 'NOT_CONFIGURED', details: { reason: 'HO_SECRET_NEEDED' } },
      })
      await expect(
        manager.call('configureHeadOffice', { ...saved(caFile), enabled: true }),
      ).rejects.toMatchObject({ code: 'BAD_INPUT', details: { field: 'password' } })
    }
    // Nothing was changed by the refused saves.
    expect((await manager.call('getHeadOffice')).settings).toMatchObject({ caFile: files.caFile })
    // Typed, another CA file is the manager's choice (here the wrong one: the server's certificate is refused).
    expect(await manager.call('testHeadOffice', { ...saved(otherCa), password: t.password })).toMatchObject({
      ok: false,
      error: { details: { reason: 'HO_CERTIFICATE' } },
    })
  })

  it('a server with a certificate from another CA, at the saved address, never gets the saved password', async () => {
    const catcher = await passwordCatcher(other)
    try {
      await manager.call('configureHeadOffice', {
        ...saved(files.caFile, catcher.port),
        enabled: true,
        password: t.password,
      })
      // The desk's own CA file does not trust that server: neither the sync nor a test sends it anything.
      expect(await manager.call('testHeadOffice', saved(files.caFile, catcher.port))).toMatchObject({
        ok: false,
        error: { details: { reason: 'HO_CERTIFICATE' } },
      })
      // Its CA file named in a test, with no password typed: the saved one is not sent.
      expect(await manager.call('testHeadOffice', saved(otherCa, catcher.port))).toMatchObject({
        ok: false,
        error: { details: { reason: 'HO_SECRET_NEEDED' } },
      })
      await expect(
        manager.call('configureHeadOffice', { ...saved(otherCa, catcher.port), enabled: true }),
      ).rejects.toMatchObject({ code: 'BAD_INPUT', details: { field: 'password' } })
      expect(catcher.received).toEqual([])
      // What the manager types is sent (the catcher is a working server as far as the desk can tell).
      await manager.call('testHeadOffice', { ...saved(otherCa, catcher.port), password: 'typed-here' })
      expect(catcher.received).toEqual(['typed-here'])
    } finally {
      await manager.call('configureHeadOffice', {
        ...saved(files.caFile),
        enabled: false,
        password: t.password,
      })
      await catcher.close()
    }
  })
})
