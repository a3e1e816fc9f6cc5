import { beforeEach, describe, expect, it, vi } from 'vitest'
import { DESK_METHODS } from '../../../src/shared/contract'

const exposed = new Map<string, unknown>()
const invoke = vi.fn()
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (name: string, value: unknown) => exposed.set(name, value) },
  ipcRenderer: { invoke: (...args: unknown[]) => invoke(...args) },
}))

beforeEach(async () => {
  // The build puts the contract's names in (electron.vite.config.ts); so does this test.
  vi.stubGlobal('__DESK_METHODS__', DESK_METHODS)
  exposed.clear()
  vi.resetModules()
  await import('../../../src/preload/index')
})

describe('the preload', () => {
  it('exposes window.api with exactly the contract calls, functions only', () => {
    expect([...exposed.keys()]).toEqual(['api'])
    const api = exposed.get('api') as Record<string, unknown>
    expect(Object.keys(api)).toEqual([...DESK_METHODS])
    expect(Object.values(api).every((v) => typeof v === 'function')).toBe(true)
  })

  it('unwraps the envelope into a value or a plain-object rejection', async () => {
    const api = exposed.get('api') as Record<string, (input?: unknown) => Promise<unknown>>
    invoke.mockResolvedValueOnce({ ok: true, value: { mode: 'training' } })
    await expect(api.getStatus?.()).resolves.toEqual({ mode: 'training' })
    expect(invoke).toHaveBeenLastCalledWith('desk:getStatus', undefined)
    invoke.mockResolvedValueOnce({ ok: false, error: { code: 'USER_NOT_FOUND', message: 'User not found.' } })
    await expect(api.lookupCustomer?.({ phone: '0912345678' })).rejects.toEqual({
      code: 'USER_NOT_FOUND',
      message: 'User not found.',
    })
    expect(invoke).toHaveBeenLastCalledWith('desk:lookupCustomer', { phone: '0912345678' })
  })
})
