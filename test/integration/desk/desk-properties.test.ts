import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { dispatch } from '../../../src/main/bridge'
import { silentLogger } from '../../../src/main/log'
import { ServiceHttp } from '../../../src/main/reseller/http'
import { DESK_METHODS, type DeskMethod } from '../../../src/shared/contract'
import { ERROR_CODES } from '../../../src/shared/errors'
import { MOHAMED, startTestDesk, type TestDesk } from '../../helpers/desk'

/** Refusals decided in main: none of them may reach the service. */
const LOCAL = new Set([
  'BAD_INPUT',
  'LOOKUP_REQUIRED',
  'NAME_MISMATCH',
  'NOT_FOUND',
  'NOT_RETRYABLE',
  'NOT_CONFIGURED',
])

let t: TestDesk
const sends = vi.spyOn(ServiceHttp.prototype, 'send')

beforeAll(async () => {
  t = await startTestDesk({
    deps: {
      diagnostics: { chooseSavePath: async () => null, logLines: () => [], versions: () => ({}) },
    },
  })
  await t.call('listDenominations', {})
  await t.desk.recovery.idle()
})
afterAll(async () => {
  await t?.close()
  sends.mockRestore()
})

const text = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '0912345678',
    '+218 91 234 5678',
    '٠٩١٢٣٤٥٦٧٨',
    '',
    ' ',
    'https://x',
    '../../etc',
    '0'.repeat(200),
  ),
)
const number = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 10, 30_000, 2 ** 53, Number.NaN))
const scalar = fc.oneof(text, number, fc.boolean(), fc.constant(null), fc.constant(undefined))

/** Near-valid inputs reach deeper than random ones: right keys, wrong or borderline values. */
const nearValid: Partial<Record<DeskMethod, fc.Arbitrary<unknown>>> = {
  generateVoucher: fc.record(
    { denominationId: number, valueDirhams: number, confirmOpenVoucher: scalar, requestId: scalar },
    { requiredKeys: [] },
  ),
  lookupCustomer: fc.record({ phone: scalar }, { requiredKeys: [] }),
  deposit: fc.record(
    { phone: text, amountDirhams: number, confirmedFirstName: text, confirmRepeat: scalar, requestId: text },
    { requiredKeys: ['phone', 'amountDirhams', 'confirmedFirstName'] },
  ),
  retryDeposit: fc.record({ entryId: scalar }),
  getEntry: fc.record({ entryId: scalar }),
  listJournal: fc.record(
    {
      day: number,
      from: number,
      to: number,
      kind: text,
      status: text,
      needsAttention: scalar,
      search: text,
      limit: number,
      cursor: text,
    },
    { requiredKeys: [] },
  ),
  listNotices: fc.record({ afterId: number }, { requiredKeys: [] }),
  updateSettings: fc.record(
    { tokenLifetimeHours: number, phoneFormat: text, language: scalar },
    { requiredKeys: [] },
  ),
  configureService: fc.record({ baseUrl: fc.string(), username: text, password: text, proxyUrl: scalar }),
  testConnection: fc.record({ baseUrl: fc.string(), username: text, password: scalar }),
}

describe('every handler, fed anything', () => {
  it.each(DESK_METHODS.map((m) => [m]))(
    '%s answers with a value or a typed error, and refusals never reach the service',
    async (method) => {
      const arb = fc.oneof(fc.anything({ maxDepth: 2 }), nearValid[method] ?? fc.anything({ maxDepth: 1 }))
      await fc.assert(
        fc.asyncProperty(arb, async (input) => {
          sends.mockClear()
          const envelope = await dispatch(t.desk, method, input, { clerk: 'P' }, silentLogger)
          if (envelope.ok) return
          expect(ERROR_CODES).toContain(envelope.error.code)
          expect(envelope.error.code).not.toBe('INTERNAL')
          expect(typeof envelope.error.message).toBe('string')
          if (LOCAL.has(envelope.error.code)) expect(sends).not.toHaveBeenCalled()
        }),
        { numRuns: 1000 },
      )
    },
  )

  it('leaves the journal and the service consistent afterwards', async () => {
    await t.call('lookupCustomer', { phone: MOHAMED.phone })
    const entry = await t.call('deposit', {
      phone: MOHAMED.phone,
      amountDirhams: 1000,
      confirmedFirstName: MOHAMED.name,
      confirmRepeat: true,
    })
    expect(entry.status).toBe('confirmed')
  })
})
