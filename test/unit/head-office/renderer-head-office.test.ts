import { parse as pgParse } from 'pg-connection-string'
import { describe, expect, it, vi } from 'vitest'
import {
  createHeadOfficeStore,
  fromConnectionUrl,
  testHeadline,
} from '../../../src/renderer/src/features/head-office/store'
import { ar } from '../../../src/renderer/src/i18n/ar'
import { en } from '../../../src/renderer/src/i18n/en'
import { errorMessage } from '../../../src/renderer/src/i18n/index'
import type { AppErrorData } from '../../../src/shared/errors'
import { HEAD_OFFICE_REASONS } from '../../../src/shared/head-office'

/** Settings → Head office as a manager fills it in, and what the screens say when the head office refuses. */
type Api = Parameters<typeof createHeadOfficeStore>[0]

const view = (enabled: boolean) => ({
  settings: {
    enabled,
    host: 'db.example.ly',
    port: 5432,
    database: 'chain',
    user: 'desk_souq',
    terminal: 'Souq',
    caFile: null,
  },
  passwordSaved: true,
  status: {
    state: 'off' as const,
    entriesBehind: 0,
    eventsBehind: 0,
    lastReachedAt: null,
    error: null,
    chainFiguresAt: null,
  },
})

describe('the head office settings', () => {
  it('fill the server, port, database and role from a pasted postgres:// address, never the secret', () => {
    expect(
      fromConnectionUrl(' postgres://desk_souq_2:s3cret@db.example.ly:55432/reseller_chain?sslmode=require'),
    ).toEqual({ host: 'db.example.ly', port: '55432', database: 'reseller_chain', user: 'desk_souq_2' })
    expect(fromConnectionUrl('postgresql://[::1]/chain')).toEqual({ host: '[::1]', database: 'chain' })
    expect(fromConnectionUrl('db.example.ly')).toBeNull()
    const store = createHeadOfficeStore({} as Api)
    store.getState().setField('host', 'postgres://desk_souq:x@10.0.0.5:6543/chain')
    expect(store.getState().form).toMatchObject({
      host: '10.0.0.5',
      port: '6543',
      database: 'chain',
      user: 'desk_souq',
      password: '',
    })
  })

  it('never keep a pasted address whose secret has #, /, ? or @ in it: the fields are filled, the secret shown nowhere', () => {
    const secret = 'Zk3#pQ9vL2xT7mN4wR8e'
    const fields = {
      host: 'db.example.ly',
      port: '5432',
      database: 'reseller_chain',
      user: 'desk_souq_1',
    }
    for (const s of [
      secret,
      'Zk3/pQ9vL2',
      'Zk3?pQ9vL2',
      'Zk3 pQ9vL2',
      'Zk3@pQ9vL2',
      '123#45',
      'a:b/c?d#e@f',
    ]) {
      const pasted = `postgres://desk_souq_1:${s}@DB.example.ly:5432/reseller_chain?sslmode=verify-full`
      expect(fromConnectionUrl(pasted), s).toEqual(fields)
      const store = createHeadOfficeStore({} as Api)
      store.getState().setField('host', pasted)
      expect(store.getState().form, s).toMatchObject({ ...fields, password: '' })
      expect(store.getState().unreadablePaste).toBeNull()
    }
    expect(fromConnectionUrl(`postgresql://desk_souq_1:${secret}@[::1]/chain`)).toEqual({
      host: '[::1]',
      database: 'chain',
      user: 'desk_souq_1',
    })
    // Pasted into another text field, it fills the fields all the same.
    const store = createHeadOfficeStore({} as Api)
    store.getState().setField('database', `postgres://desk_souq_1:${secret}@db.example.ly/reseller_chain`)
    expect(store.getState().form).toMatchObject({ host: 'db.example.ly', database: 'reseller_chain' })
    expect(JSON.stringify(store.getState().form)).not.toContain('pQ9vL2')
  })

  it('read a server name with _ in it (a Windows or Docker name) as pg does, never keeping the secret', () => {
    const store = createHeadOfficeStore({} as Api)
    for (const [pasted, fields] of [
      [
        'postgres://desk_souq:Zk3pQ9vL2xT7mN4wR8e@ho_db:5433/reseller_chain?sslmode=verify-full',
        { host: 'ho_db', port: '5433', database: 'reseller_chain', user: 'desk_souq' },
      ],
      [
        'postgresql://desk_souq:Zk3pQ9vL2xT7mN4wR8e@HEAD_OFFICE-PC/chain',
        { host: 'head_office-pc', database: 'chain', user: 'desk_souq' },
      ],
      [
        'postgres://desk_souq:Zk3pQ9vL2xT7mN4wR8e@chain_db_1.docker.internal/chain',
        { host: 'chain_db_1.docker.internal', database: 'chain', user: 'desk_souq' },
      ],
      [
        'postgres://desk_souq:Zk3pQ9vL2xT7mN4wR8e@_pg/chain',
        { host: '_pg', database: 'chain', user: 'desk_souq' },
      ],
    ] as const) {
      expect(fromConnectionUrl(pasted), pasted).toEqual(fields)
      // The server pg itself would connect to.
      expect(pgParse(pasted).host?.toLowerCase(), pasted).toBe(fields.host)
      store.getState().setField('host', pasted)
      expect(store.getState().form, pasted).toMatchObject({ ...fields, password: '' })
      expect(store.getState().unreadablePaste).toBeNull()
      expect(JSON.stringify(store.getState())).not.toContain('pQ9vL2')
    }
  })

  it('leave the field empty and say why, in both languages, when a pasted address cannot be read at all', () => {
    const store = createHeadOfficeStore({} as Api)
    store.getState().setField('user', 'desk_souq')
    for (const pasted of [
      'postgres://desk_souq_1:Zk3#pQ9vL2xT7mN4wR8e',
      'postgresql://desk_souq_1:Zk3pQ9vL2xT7mN4wR8e@',
      'POSTGRES://desk_souq_1:Zk3pQ9vL2xT7mN4wR8e@db.example.ly:99999/chain',
      'postgres://desk_souq_1:Zk3pQ9vL2xT7mN4wR8e@db example.ly/chain',
      ' postgres://',
      // With _ in the server's name too: a port that is not one, an address cut short.
      'postgres://desk_souq_1:Zk3pQ9vL2xT7mN4wR8e@ho_db:99999/chain',
      'postgres://desk_souq_1:Zk3pQ9vL2xT7mN4wR8e@ho_db:54a/chain',
      'postgres://desk_souq_1:Zk3pQ9vL2xT7mN4wR8e@[ho_db/chain',
    ]) {
      expect(fromConnectionUrl(pasted), pasted).toBeNull()
      if (pasted.includes('ho_db')) expect(() => pgParse(pasted), pasted).toThrow('Invalid URL')
      store.getState().setField('host', pasted)
      expect(store.getState().form, pasted).toMatchObject({ host: '', user: 'desk_souq', password: '' })
      expect(store.getState().unreadablePaste, pasted).toBe('host')
      expect(JSON.stringify(store.getState().form)).not.toContain('pQ9vL2')
    }
    expect(en.headOffice.unreadableAddress).toContain('could not be read')
    expect(ar.headOffice.unreadableAddress).toMatch(/[\u0600-\u06FF]/)
    // Typing the server by hand puts it right.
    store.getState().setField('host', 'db.example.ly')
    expect(store.getState()).toMatchObject({ form: { host: 'db.example.ly' }, unreadablePaste: null })
    // A server name that is not an address is kept as typed (main says what is wrong with it).
    store.getState().setField('host', 'db.example.ly:5432')
    expect(store.getState().form.host).toBe('db.example.ly:5432')
  })

  it('are tested as soon as they are saved on, so a wrong secret is said at once', async () => {
    const refused = {
      ok: false as const,
      error: {
        code: 'HEAD_OFFICE_UNAVAILABLE' as const,
        message: 'The head office refused this terminal’s role or password.',
        details: { reason: 'HO_LOGIN_REFUSED' },
      },
    }
    const testHeadOffice = vi.fn(async () => refused)
    const configureHeadOffice = vi.fn(async (args: { enabled: boolean }) => view(args.enabled))
    const store = createHeadOfficeStore({ configureHeadOffice, testHeadOffice } as unknown as Api)
    store.getState().setField('host', 'db.example.ly')
    store.getState().setField('enabled', true)
    await store.getState().save()
    expect(store.getState()).toMatchObject({ saved: true, test: refused })
    // Saved off, nothing is tested.
    store.getState().setField('enabled', false)
    await store.getState().save()
    expect(testHeadOffice).toHaveBeenCalledTimes(1)
  })
})

describe('why the head office refused, in the screen’s language', () => {
  it('has words in both languages for every reason main gives', () => {
    for (const reason of HEAD_OFFICE_REASONS) {
      const error = { code: 'HEAD_OFFICE_UNAVAILABLE', details: { reason } }
      expect(errorMessage(en, error), reason).toBe(en.errorReasons[reason])
      expect(errorMessage(ar, error), reason).toMatch(/[\u0600-\u06FF]/)
    }
    expect(
      errorMessage(ar, { code: 'HEAD_OFFICE_UNAVAILABLE', details: { reason: 'HO_LOGIN_REFUSED' } }),
    ).toContain('رفض المكتب الرئيسي')
  })
})

describe('a test of the head office that did not pass', () => {
  const error = (code: AppErrorData['code'], reason?: string): AppErrorData => ({
    code,
    message: '',
    ...(reason ? { details: { reason } } : {}),
  })

  it('says the head office did not accept the settings when it answered no, whatever Save would meet', () => {
    // What Save would meet (it was "could not be reached: nothing was tested", or "was not tested" for a claim).
    expect(testHeadline(error('HEAD_OFFICE_CONFLICT', 'HO_CLAIMED'))).toBe('testFailed')
    expect(testHeadline(error('HEAD_OFFICE_UNAVAILABLE', 'HO_SCHEMA_OLD'))).toBe('testFailed')
    expect(testHeadline(error('HEAD_OFFICE_UNAVAILABLE', 'HO_WRONG_TERMINAL'))).toBe('testFailed')
    expect(testHeadline(error('HEAD_OFFICE_UNAVAILABLE', 'HO_NOT_PERMITTED'))).toBe('testFailed')
    expect(testHeadline(error('HEAD_OFFICE_UNAVAILABLE', 'HO_LOGIN_REFUSED'))).toBe('testFailed')
  })

  it('says it could not be reached, or that nothing was asked, otherwise', () => {
    expect(testHeadline(error('HEAD_OFFICE_UNAVAILABLE', 'HO_NO_ANSWER'))).toBe('testUnreachable')
    expect(testHeadline(error('HEAD_OFFICE_UNAVAILABLE', 'HO_NOT_REACHED'))).toBe('testUnreachable')
    expect(testHeadline(error('NOT_CONFIGURED', 'HO_SECRET_NEEDED'))).toBe('testNotRun')
    expect(testHeadline(error('BAD_INPUT', 'HO_CA_FILE'))).toBe('testNotRun')
  })
})
