import { describe, expect, it, vi } from 'vitest'
import { createUpdatesStore } from '../../../src/renderer/src/features/updates/store'
import type { Settings } from '../../../src/shared/settings'
import type { UpdateStatus } from '../../../src/shared/updates'

const status = (over: Partial<UpdateStatus> = {}): UpdateStatus => ({
  currentVersion: '1.0.0',
  state: 'downloaded',
  feed: null,
  availableVersion: '1.1.0',
  downloadPercent: null,
  lastCheckAt: null,
  error: null,
  hold: null,
  ...over,
})

function world() {
  const api = {
    getUpdateStatus: vi.fn(async () => status()),
    checkForUpdates: vi.fn(async () => status({ state: 'checking' })),
    installUpdate: vi.fn(async (): Promise<UpdateStatus> => {
      throw { code: 'UPDATE_ON_HOLD', message: 'money is moving', details: { hold: 'deposit-resending' } }
    }),
    updateSettings: vi.fn(
      async (patch: { updateFeedUrl?: string | null }) => ({ ...patch }) as unknown as Settings,
    ),
  }
  const onSettings = vi.fn()
  return { api, onSettings, store: createUpdatesStore({ api, onSettings }) }
}

describe('the Updates card store', () => {
  it('shows what main says, and keeps the last state when a poll fails', async () => {
    const w = world()
    await w.store.getState().refresh()
    expect(w.store.getState().status?.state).toBe('downloaded')
    w.api.getUpdateStatus.mockRejectedValueOnce({ code: 'NOT_SIGNED_IN', message: '' })
    await w.store.getState().refresh()
    expect(w.store.getState().status?.availableVersion).toBe('1.1.0')
    expect(w.store.getState().error).toBeNull()
  })

  it("shows main's refusal of install now, in words the screen maps from its code", async () => {
    const w = world()
    await w.store.getState().install()
    expect(w.store.getState().error).toMatchObject({ code: 'UPDATE_ON_HOLD' })
    expect(w.store.getState().busy).toBeNull()
  })

  it('saves a typed address trimmed, and an empty field as none (the installer’s address again)', async () => {
    const w = world()
    await w.store.getState().saveFeed('  https://u.example.ly/d/ ')
    await w.store.getState().saveFeed('   ')
    expect(w.api.updateSettings.mock.calls).toEqual([
      [{ updateFeedUrl: 'https://u.example.ly/d/' }],
      [{ updateFeedUrl: null }],
    ])
    expect(w.onSettings).toHaveBeenCalledTimes(2)
    expect(w.store.getState().done).toBe('feed-saved')
  })
})
