/**
 * TLS to the head office against a real PostgreSQL that refuses anything else: a CA made here with openssl,
 * the server's certificate signed by it, and the desk trusting only the CA file it is given.
 */
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HEAD_OFFICE_SCHEMA_VERSION } from '../../src/headoffice/schema'
import { DEMO, startTestDesk, type TestDesk } from '../helpers/desk'
import { QUICK_SYNC, startHeadOffice, type TestHeadOffice, waitSynced } from '../helpers/head-office'
import { giveToServer, makeTlsFiles } from '../helpers/pg-cluster'

let ho: TestHeadOffice
let desk: TestDesk
let tlsDir: string
let files: ReturnType<typeof makeTlsFiles>
let otherCa: string
let wrongName: ReturnType<typeof makeTlsFiles>

beforeAll(async () => {
  tlsDir = mkdtempSync(join(tmpdir(), 'ho-tls-'))
  files = makeTlsFiles(tlsDir)
  otherCa = makeTlsFiles(tlsDir, { dns: ['localhost'], ip: ['127.0.0.1'] }, 'other').caFile
  wrongName = makeTlsFiles(tlsDir, { dns: ['head-office.example'] }, 'wrong')
  giveToServer(tlsDir, 0o755)
  for (const f of readdirSync(tlsDir))
    giveToServer(join(tlsDir, f), f.endsWith('.pem') || f.endsWith('.key') ? 0o600 : 0o644)
  chmodSync(files.caFile, 0o644)
  ho = await startHeadOffice({ tls: { certFile: files.certFile, keyFile: files.keyFile, requireTls: true } })
  desk = await startTestDesk({ deps: { headOfficeSync: QUICK_SYNC } })
  await desk.call('configureService', { baseUrl: desk.sandbox.baseUrl, ...DEMO })
})

afterAll(async () => {
  await desk?.close()
  await ho?.close()
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
    await desk.call('generateVoucher', { denominationId: 1 })
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
