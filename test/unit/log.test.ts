import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createLogger, MemorySink, redact } from '../../src/main/log'
import { RotatingFileSink } from '../../src/main/log-file'

describe('the log', () => {
  it('masks bearer tokens, id|secret tokens and voucher codes wherever they appear', () => {
    expect(redact('Authorization: Bearer 12|abcdefghijklmnop')).toBe('Authorization: Bearer [redacted]')
    expect(redact('token 77|Zx9abcdefghijkl issued')).toBe('token [token] issued')
    expect(redact('code 001110016812345 sold')).toBe('code ***********2345 sold')
    // Serials (11 digits), phones and amounts stay readable.
    expect(redact('serial 98712345678 phone 0912345678 amount 30000')).toBe(
      'serial 98712345678 phone 0912345678 amount 30000',
    )
  })

  it('masks the credentials of any address (a proxy typed as http://user:pass@host)', () => {
    expect(redact('proxy http://relay:s3cret@10.0.0.1:3128/ refused')).toBe(
      'proxy http://[redacted]@10.0.0.1:3128/ refused',
    )
    expect(redact('{"proxyUrl":"https://u%40x:p@ss@relay.example"}')).toBe(
      '{"proxyUrl":"https://[redacted]@relay.example"}',
    )
    expect(redact('see https://relay.example:3128/path?q=a@b')).toBe(
      'see https://relay.example:3128/path?q=a@b',
    )
  })

  it('redacts secret fields by name and keeps error codes', () => {
    const sink = new MemorySink()
    const log = createLogger(sink, 'test', () => 0)
    log.warn('configured', { username: 'demo', password: 'demo-pass', token: '1|abc', code: 'NOT_SENT' })
    expect(sink.lines[0]).toContain('"username":"demo"')
    expect(sink.lines[0]).toContain('"code":"NOT_SENT"')
    expect(sink.lines[0]).not.toContain('demo-pass')
    expect(sink.lines[0]).not.toContain('1|abc')
  })

  it('keeps where an unexpected error happened and what caused it, redacted like the rest of the line', () => {
    const sink = new MemorySink()
    const log = createLogger(sink, 'bridge', () => 0)
    function sellsDeepInside(): never {
      const refused = Object.assign(new Error('connect to http://relay:s3cret@10.0.0.1:3128 refused'), {
        code: 'ECONNREFUSED',
      })
      throw new Error('voucher 001110016812345 not recorded (Bearer 12|abcdefghijklmnop)', {
        cause: new Error('the journal said no', { cause: refused }),
      })
    }
    let caught: unknown
    try {
      sellsDeepInside()
    } catch (error) {
      caught = error
    }
    log.error('generateVoucher failed unexpectedly', { error: caught })
    const line = sink.lines[0] ?? ''
    const { error } = JSON.parse(line.slice(line.indexOf('{')))
    // Where it happened: the stack names the function that threw.
    expect(error.stack).toContain('sellsDeepInside')
    expect(error.cause).toMatchObject({ name: 'Error', message: 'the journal said no' })
    expect(error.cause.stack).toContain('sellsDeepInside')
    expect(error.cause.cause).toMatchObject({
      code: 'ECONNREFUSED',
      message: 'connect to http://[redacted]@10.0.0.1:3128 refused',
    })
    // Never the proxy's password, the token or the whole voucher code, in the message, stack or causes.
    for (const secret of ['s3cret', '001110016812345', 'abcdefghijklmnop']) expect(line).not.toContain(secret)
    expect(line).toContain('***********2345')
  })

  it('rotates the file by size and keeps a bounded number of generations', () => {
    const dir = mkdtempSync(join(tmpdir(), 'log-'))
    try {
      const sink = new RotatingFileSink(join(dir, 'desk.log'), 1000, 2)
      for (let i = 0; i < 100; i++) sink.write(`line ${i} ${'x'.repeat(80)}`)
      expect(readdirSync(dir).sort()).toEqual(['desk.1.log', 'desk.2.log', 'desk.log'])
      expect(readFileSync(join(dir, 'desk.log'), 'utf8')).toContain('line 99')
      expect(sink.tail(1)[0]).toContain('line 99')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
