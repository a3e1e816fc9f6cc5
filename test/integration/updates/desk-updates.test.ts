import { afterEach, describe, expect, it } from 'vitest'
import type { UpdatesHost } from '../../../src/main/updates/handlers'
import type { UpdateStatus } from '../../../src/shared/updates'
import { startTestDesk, type TestDesk } from '../../helpers/desk'
import { CLERK, MANAGER, windowOf } from '../../helpers/manager'

/**
 * The update calls through the desk as windows make them: the state from the host's updater (or
 * 'unavailable' where there is none), look and install for managers only, and the manager's feed address
 * checked in main and handed to the updater.
 */
let t: TestDesk | null = null
afterEach(async () => {
  await t?.close()
  t = null
})

function fakeHost() {
  const calls: string[] = []
  let status: UpdateStatus = {
    currentVersion: '1.0.0',
    state: 'downloaded',
    feed: { url: 'https://updates.example.ly/desk/', source: 'build' },
    availableVersion: '1.1.0',
    downloadPercent: null,
    lastCheckAt: '2026-11-26T08:00:00.000Z',
    error: null,
    hold: null,
  }
  const host: UpdatesHost = {
    status: () => status,
    checkNow: async () => {
      calls.push('check')
      return status
    },
    installNow: () => {
      calls.push('install')
      status = { ...status, state: 'installing' }
      return status
    },
    feedChanged: () => calls.push('feed'),
  }
  return { host, calls }
}

describe('updates through the desk', () => {
  it("are 'unavailable' where the host does not update itself", async () => {
    t = await startTestDesk()
    expect(await t.call('getUpdateStatus')).toMatchObject({ state: 'unavailable', feed: null, hold: null })
    expect(await t.call('installUpdate')).toMatchObject({ state: 'unavailable' })
  })

  it("show the updater's state and pass look and install on to it", async () => {
    const { host, calls } = fakeHost()
    t = await startTestDesk({ deps: { updates: () => host } })
    expect(await t.call('getUpdateStatus')).toMatchObject({ state: 'downloaded', availableVersion: '1.1.0' })
    await t.call('checkForUpdates')
    expect(await t.call('installUpdate')).toMatchObject({ state: 'installing' })
    expect(calls).toEqual(['check', 'install'])
  })

  it('let anyone signed in see the state, and only a manager look or install', async () => {
    const { host, calls } = fakeHost()
    t = await startTestDesk({ deps: { updates: () => host } })
    const manager = windowOf(t, 'window-manager')
    const clerk = windowOf(t, 'window-clerk')
    await manager.call('createManager', MANAGER)
    const { id } = await manager.call('addClerk', CLERK)
    await clerk.call('signIn', { personId: id, pin: CLERK.pin })
    expect(await clerk.call('getUpdateStatus')).toMatchObject({ state: 'downloaded' })
    expect((await clerk.rejection('installUpdate')).code).toBe('FORBIDDEN')
    expect((await clerk.rejection('checkForUpdates')).code).toBe('FORBIDDEN')
    expect(calls).toEqual([])
    expect(await manager.call('installUpdate')).toMatchObject({ state: 'installing' })
  })

  it("keep a manager's https feed address, normalised, and tell the updater once it changes", async () => {
    const { host, calls } = fakeHost()
    t = await startTestDesk({ deps: { updates: () => host } })
    expect((await t.rejection('updateSettings', { updateFeedUrl: 'http://updates.example.ly/' })).code).toBe(
      'BAD_INPUT',
    )
    expect(
      (await t.rejection('updateSettings', { updateFeedUrl: 'https://u:p@updates.example.ly/' })).code,
    ).toBe('BAD_INPUT')
    expect(calls).toEqual([])
    const saved = await t.call('updateSettings', { updateFeedUrl: ' https://updates.example.ly/desk ' })
    expect(saved.updateFeedUrl).toBe('https://updates.example.ly/desk/')
    expect((await t.call('getSettings')).updateFeedUrl).toBe('https://updates.example.ly/desk/')
    await t.call('updateSettings', { updateFeedUrl: 'https://updates.example.ly/desk/' })
    expect(calls).toEqual(['feed'])
    expect((await t.call('updateSettings', { updateFeedUrl: null })).updateFeedUrl).toBeNull()
    expect(calls).toEqual(['feed', 'feed'])
    await t.restart()
    expect((await t.call('getSettings')).updateFeedUrl).toBeNull()
  })
})
