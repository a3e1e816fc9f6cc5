import { describe, expect, it, vi } from 'vitest'
import { createHeadOfficeStore, fromConnectionUrl } from '../../src/renderer/src/features/headoffice/store'
import { ar } from '../../src/renderer/src/i18n/ar'
import { en } from '../../src/renderer/src/i18n/en'
import { errorMessage } from '../../src/renderer/src/i18n/index'
import { HEAD_OFFICE_REASONS } from '../../src/shared/head-office'

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
