import { mkdtempSync, writeFileSync } from 'node:fs'
import { type AddressInfo, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { adminUrlRefusal } from '../../../src/head-office/admin-url'
import {
  clientConfig,
  headOfficeError,
  isLoopbackHost,
  tlsDecision,
} from '../../../src/main/head-office/connection'
import { testHeadOffice } from '../../../src/main/head-office/handshake'
import { sanitizeHeadOfficeSettings } from '../../../src/main/settings/head-office-settings'
import { DESK_CALLS } from '../../../src/shared/contract'

const base = {
  host: 'ho.example.ly',
  port: 5432,
  database: 'chain',
  user: 'desk_souq',
  terminal: 'Souq',
  caFile: null,
}
const timeouts = { connectTimeoutMs: 5000, queryTimeoutMs: 10_000 }

describe('TLS to the head office', () => {
  it('loopback is 127.0.0.0/8, ::1 and localhost; nothing else', () => {
    for (const h of [
      '127.0.0.1',
      '127.1.2.3',
      '::1',
      '[::1]',
      'localhost',
      'LOCALHOST',
      '::ffff:127.0.0.1',
    ]) {
      expect(isLoopbackHost(h), h).toBe(true)
    }
    for (const h of [
      '10.0.0.5',
      '192.168.1.10',
      'ho.example.ly',
      '128.0.0.1',
      '::2',
      'localhost.example',
      '0.0.0.0',
    ]) {
      expect(isLoopbackHost(h), h).toBe(false)
    }
  })

  it('is required for any server not on loopback, verified against the system authorities without a CA file', () => {
    expect(tlsDecision('ho.example.ly', null)).toEqual({
      tls: true,
      ca: 'system',
      servername: 'ho.example.ly',
    })
    expect(tlsDecision('10.1.2.3', null)).toEqual({ tls: true, ca: 'system', servername: undefined })
    expect(tlsDecision('10.1.2.3', '/ca.crt')).toEqual({ tls: true, ca: 'file', servername: undefined })
  })

  it('is optional on loopback, and used when a CA file is given there', () => {
    expect(tlsDecision('127.0.0.1', null)).toEqual({ tls: false })
    expect(tlsDecision('localhost', '/ca.crt')).toEqual({ tls: true, ca: 'file', servername: 'localhost' })
  })

  it('a remote server always gets a verifying TLS configuration', () => {
    const config = clientConfig(base, 'secret-password', timeouts)
    expect(config.ssl).toEqual({ rejectUnauthorized: true, servername: 'ho.example.ly' })
    expect(clientConfig({ ...base, host: '127.0.0.1' }, 'p', timeouts).ssl).toBe(false)
  })

  it('trusts only the CA file when one is set, and refuses a file that is not a certificate', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ho-ca-'))
    const ca = join(dir, 'ca.crt')
    writeFileSync(ca, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n')
    const config = clientConfig({ ...base, caFile: ca }, 'p', timeouts)
    expect(config.ssl).toMatchObject({
      rejectUnauthorized: true,
      ca: expect.stringContaining('BEGIN CERTIFICATE'),
    })
    writeFileSync(join(dir, 'key.pem'), '-----BEGIN PRIVATE KEY-----\n')
    expect(() => clientConfig({ ...base, caFile: join(dir, 'key.pem') }, 'p', timeouts)).toThrow(
      /not a PEM certificate/,
    )
    expect(() => clientConfig({ ...base, caFile: join(dir, 'missing.crt') }, 'p', timeouts)).toThrow(
      /cannot be read/,
    )
  })
})

describe("the administrator's URL (npm run head-office)", () => {
  const url = (host: string, query = '') => `postgres://headoffice_admin:adm1n-pw@${host}:5432/chain${query}`

  it('to a server elsewhere needs sslmode=verify-full, as the desks connect; nothing on loopback or a socket', () => {
    // ho_db: a Windows or Docker name, a server like any other.
    for (const host of ['db.example.ly', '10.0.0.5', '0.0.0.0', 'ho_db']) {
      for (const query of [
        '',
        '?sslmode=disable',
        '?sslmode=prefer',
        '?sslmode=require',
        '?sslmode=verify-ca',
        '?ssl=true',
      ]) {
        const refusal = adminUrlRefusal(url(host, query), host, {})
        expect(refusal, `${host}${query}`).toContain(
          `The head office database at ${host} is not on this machine`,
        )
        expect(refusal).toContain('add sslmode=verify-full to the URL')
        expect(refusal).not.toContain('adm1n-pw')
      }
      expect(adminUrlRefusal(url(host, '?sslmode=verify-full&sslrootcert=/dev/null'), host, {})).toBeNull()
      expect(adminUrlRefusal(url(host, '?sslmode=verify-full'), host, {})).toBeNull()
    }
    expect(adminUrlRefusal(url('db.example.ly'), 'db.example.ly', {})).toContain(
      'the URL has no sslmode, so pg would connect without TLS',
    )
    expect(adminUrlRefusal(url('db.example.ly', '?sslmode=require'), 'db.example.ly', {})).toContain(
      'sslmode=require does not make sure',
    )
    for (const host of ['127.0.0.1', 'localhost', '::1', '/var/run/postgresql']) {
      expect(adminUrlRefusal(url('127.0.0.1'), host, {}), host).toBeNull()
    }
  })

  it('PGSSLMODE counts only when the URL says nothing of TLS, as pg reads it', () => {
    const host = 'db.example.ly'
    expect(adminUrlRefusal(url(host), host, { PGSSLMODE: 'verify-full' })).toBeNull()
    expect(adminUrlRefusal(url(host), host, { PGSSLMODE: 'require' })).toContain('sslmode=require')
    expect(adminUrlRefusal(url(host, '?sslmode=disable'), host, { PGSSLMODE: 'verify-full' })).toContain(
      'sslmode=disable',
    )
  })
})

describe('what a manager is told', () => {
  it('names the problem without the password', () => {
    const cases: [unknown, RegExp, string][] = [
      [
        { code: '28P01', message: 'password authentication failed for user "desk_souq"' },
        /role or password/,
        'HO_LOGIN_REFUSED',
      ],
      [
        { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 10.0.0.5:5432' },
        /cannot be reached/,
        'HO_NOT_REACHED',
      ],
      [new Error('self-signed certificate in certificate chain'), /not trusted/, 'HO_CERTIFICATE'],
      [new Error("Hostname/IP does not match certificate's altnames"), /not trusted/, 'HO_CERTIFICATE'],
      [new Error('Connection terminated due to connection timeout'), /stopped answering/, 'HO_NO_ANSWER'],
      // What the driver says of a connection the server dropped: no answer, not "the head office answered".
      [
        new Error('Client has encountered a connection error and is not queryable'),
        /stopped answering/,
        'HO_NO_ANSWER',
      ],
      // No name server answers (a PC with no network): not "the head office answered with an error".
      [
        { code: 'EAI_AGAIN', message: 'getaddrinfo EAI_AGAIN ho.example.ly' },
        /cannot be reached/,
        'HO_NOT_REACHED',
      ],
      [
        { code: 'ENETUNREACH', message: 'connect ENETUNREACH 10.0.0.5:5432' },
        /cannot be reached/,
        'HO_NOT_REACHED',
      ],
      [{ code: '3D000', message: 'database "x" does not exist' }, /no such database/, 'HO_NO_DATABASE'],
      [new Error('no pg_hba.conf entry for host "10.0.0.9"'), /refused the connection/, 'HO_NOT_ALLOWED'],
    ]
    for (const [error, pattern, reason] of cases) {
      const e = headOfficeError(error)
      expect(e.code).toBe('HEAD_OFFICE_UNAVAILABLE')
      expect(e.message).toMatch(pattern)
      // The screens say why in their own language from the reason (the message is for support).
      expect(e.details?.reason).toBe(reason)
    }
  })
})

describe('the Settings Test of a head office', () => {
  it('says that a server whose connection never came up could not be reached, whatever its socket did', async () => {
    // Something listens there, and drops every connection before it is a PostgreSQL one.
    const server = createServer((socket) => socket.destroy())
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const port = (server.address() as AddressInfo).port
      const result = await testHeadOffice({ ...base, host: '127.0.0.1', port }, 'secret', 2000, null)
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'HEAD_OFFICE_UNAVAILABLE', details: { reason: 'HO_NOT_REACHED' } },
      })
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

describe('head office settings', () => {
  it('a stored file with a missing or malformed part means "not set", never a half setting', () => {
    expect(sanitizeHeadOfficeSettings(null)).toBeNull()
    expect(sanitizeHeadOfficeSettings({ ...base, host: '' })).toBeNull()
    expect(sanitizeHeadOfficeSettings({ ...base, enabled: 'yes', port: 'x' })).toEqual({
      ...base,
      enabled: false,
      port: 5432,
    })
    expect(sanitizeHeadOfficeSettings({ ...base, enabled: true, password: 'never kept' })).toEqual({
      ...base,
      enabled: true,
    })
  })

  it('takes a CA file path copied with its quotes (Windows "Copy as path") as the path', () => {
    const parsed = DESK_CALLS.configureHeadOffice.input.parse({
      ...base,
      enabled: true,
      caFile: ' "C:\\head office\\ca.crt" ',
    })
    expect(parsed.caFile).toBe('C:\\head office\\ca.crt')
    expect(
      DESK_CALLS.configureHeadOffice.input.safeParse({ ...base, enabled: true, caFile: '""' }).success,
    ).toBe(false)
  })

  it('the screen may send only what a connection needs, in shapes that cannot inject anything', () => {
    const ok = DESK_CALLS.configureHeadOffice.input.safeParse({ ...base, enabled: true, password: 'x' })
    expect(ok.success).toBe(true)
    // A Windows or Docker name with _ in it is a server's name too (pg connects to it).
    for (const host of ['ho_db', 'HEAD_OFFICE-PC', 'chain_db_1.docker.internal', '10.0.0.5', '[::1]']) {
      expect(
        DESK_CALLS.configureHeadOffice.input.safeParse({ ...base, host, enabled: true }).success,
        host,
      ).toBe(true)
    }
    for (const bad of [
      { host: 'ho.example.ly; rm -rf /' },
      { host: 'ho_db/chain' },
      { host: 'ho db' },
      { user: 'desk souq' },
      { port: 70000 },
      { terminal: 'a\u0007b' },
      { terminal: '' },
    ]) {
      expect(
        DESK_CALLS.configureHeadOffice.input.safeParse({ ...base, enabled: true, ...bad }).success,
        JSON.stringify(bad),
      ).toBe(false)
    }
  })
})
