import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { POLICY } from '../../../src/main/people/policy'
import {
  CALL_ROLES,
  DESK_CALLS,
  DESK_METHODS,
  isDeskMethod,
  validateDeskInput,
} from '../../../src/shared/contract'
import { bridgeScript } from '../../../src/shells/browser/bridge-script'
import { ensureRendererBuilt } from '../../helpers/renderer-build'

/** Calls that record money in the journal: a sale, a deposit, a re-send, a resolution, a Z. */
const MONEY_CALLS = [
  'generateVoucher',
  'deposit',
  'retryDeposit',
  'recoverNow',
  'resolveEntry',
  'annotateEntry',
  'closeDay',
]

describe('the contract table', () => {
  it('declares every call whole: an input schema, an output, a role and whether it records money', () => {
    expect(DESK_METHODS.length).toBeGreaterThan(40)
    for (const method of DESK_METHODS) {
      const call = DESK_CALLS[method] as Record<string, unknown>
      expect(Object.keys(call).sort(), method).toEqual(
        ['input', 'money', 'output', 'role', ...('passive' in call ? ['passive'] : [])].sort(),
      )
      expect(typeof (call.input as { safeParse?: unknown }).safeParse, `${method}.input`).toBe('function')
      expect(call.output, `${method}.output`).toEqual({ returns: true })
      expect(CALL_ROLES, `${method}.role`).toContain(call.role)
      expect(typeof call.money, `${method}.money`).toBe('boolean')
      if ('passive' in call) expect(call.passive, `${method}.passive`).toBe(true)
    }
  })

  it('marks as money calls exactly the ones that record money', () => {
    expect(DESK_METHODS.filter((m) => DESK_CALLS[m].money)).toEqual(MONEY_CALLS)
  })

  it('gives the role policy exactly the declared roles', () => {
    expect(Object.keys(POLICY)).toEqual([...DESK_METHODS])
    for (const method of DESK_METHODS) {
      const call = DESK_CALLS[method] as { role: string; passive?: true }
      expect(POLICY[method].level, method).toBe(call.role)
      expect(POLICY[method].passive, method).toBe(call.passive)
    }
  })

  it('validates every call by its own schema and knows no other call', () => {
    expect(isDeskMethod('getStatus')).toBe(true)
    for (const name of ['toString', 'constructor', '__proto__', 'dropTables', 42]) {
      expect(isDeskMethod(name), String(name)).toBe(false)
    }
    expect(validateDeskInput('getEntry', { entryId: 'e1' })).toEqual({ ok: true, args: { entryId: 'e1' } })
    const bad = validateDeskInput('getEntry', { entryId: '' })
    expect(bad.ok).toBe(false)
    expect(!bad.ok && bad.error.code).toBe('BAD_INPUT')
  })

  it('gives both hosts every call: the built preload and the browser shell’s bridge', () => {
    ensureRendererBuilt()
    const preload = readFileSync('out/preload/index.cjs', 'utf8')
    const script = bridgeScript()
    for (const method of DESK_METHODS) {
      expect(preload, method).toContain(`"${method}"`)
      expect(script, method).toContain(`"${method}"`)
    }
    // The preload stays small: the names only, not the schemas or the validation library.
    expect(preload).not.toMatch(/zod|safeParse/i)
    expect(preload.length).toBeLessThan(8_000)
  })
})
