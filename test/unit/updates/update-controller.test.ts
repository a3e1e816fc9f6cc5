import { describe, expect, it } from 'vitest'
import { createLogger, MemorySink } from '../../../src/main/log'
import {
  type Feed,
  isNewer,
  type MoneyActivity,
  UpdateController,
  type UpdateControllerOptions,
} from '../../../src/main/updates/update-controller'
import { FakeUpdater, tick } from '../../helpers/fake-updater'

/**
 * The update decisions with a fake electron-updater: a feed that offers a version (or not), a download that
 * takes a few progress steps, and a record of every install the controller starts. The desk's money and its
 * stop are the test's own, so "never while money moves" can be tried in every state.
 */
const IDLE: MoneyActivity = { inFlight: 0, pending: 0, resending: 0 }

function world(
  setup: {
    feed?: Feed | null
    marker?: string | null
    noUpdater?: boolean
    stopLeaves?: MoneyActivity | null
  } = {},
) {
  const order: string[] = []
  const updater = new FakeUpdater(order)
  let money: MoneyActivity = { ...IDLE }
  let marker = setup.marker ?? null
  let clock = Date.parse('2026-11-26T08:00:00Z')
  const timers = new Map<number, { at: number; fn: () => void }>()
  let nextTimer = 1
  const sink = new MemorySink()
  const quits: number[] = []
  const stops: number[] = []
  let feed: Feed | null =
    setup.feed === undefined ? { url: 'https://updates.example.ly/desk/', source: 'build' } : setup.feed
  const options: UpdateControllerOptions = {
    currentVersion: '1.0.0',
    updater: setup.noUpdater ? null : updater,
    // What the installer file says, without waiting on the disk (pe-version.test.ts reads real files).
    installerVersion: async (path) => updater.written.get(path) ?? null,
    feed: () => feed,
    money: () => money,
    stopDesk: async () => {
      order.push('stop-desk')
      stops.push(clock)
      await tick()
      return setup.stopLeaves === undefined ? { ...IDLE } : setup.stopLeaves
    },
    quit: () => quits.push(clock),
    marker: {
      read: () => marker,
      write: (version) => {
        marker = version
      },
    },
    log: createLogger(sink, 'updates'),
    now: () => clock,
    timers: {
      setTimeout: (fn, ms) => {
        const id = nextTimer++
        timers.set(id, { at: clock + ms, fn })
        return id
      },
      clearTimeout: (id) => {
        timers.delete(id as number)
      },
    },
  }
  const controller = new UpdateController(options)
  /** Moves the clock, firing due timers and letting the fake's async steps run. */
  const advance = async (ms: number) => {
    const end = clock + ms
    for (;;) {
      const due = [...timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0]
      if (!due) break
      clock = due[1].at
      timers.delete(due[0])
      due[1].fn()
      for (let i = 0; i < 12; i++) await tick()
    }
    clock = end
    for (let i = 0; i < 12; i++) await tick()
  }
  const settle = async () => {
    for (let i = 0; i < 12; i++) await tick()
  }
  return {
    controller,
    updater,
    order,
    sink,
    quits,
    stops,
    advance,
    settle,
    marker: () => marker,
    setMoney: (m: Partial<MoneyActivity>) => {
      money = { ...IDLE, ...m }
    },
    setFeed: (f: Feed | null) => {
      feed = f
    },
  }
}

async function downloaded(w: ReturnType<typeof world>, version = '1.1.0') {
  w.updater.offer = version
  await w.controller.checkNow()
  await w.settle()
  expect(w.controller.status().state).toBe('downloaded')
}

describe('looking for updates', () => {
  it('is unavailable where the app does not update itself (browser shell, development)', async () => {
    const w = world({ noUpdater: true })
    expect(w.controller.status()).toMatchObject({ state: 'unavailable', currentVersion: '1.0.0' })
    expect((await w.controller.checkNow()).state).toBe('unavailable')
    expect(() => w.controller.installNow()).toThrow(expect.objectContaining({ code: 'NOT_CONFIGURED' }))
  })

  it('says so when no feed address is set, and never checks', async () => {
    const w = world({ feed: null })
    w.controller.start()
    await w.advance(3 * 24 * 3600_000)
    expect(w.updater.checks).toBe(0)
    expect(w.controller.status()).toMatchObject({ state: 'not-configured', feed: null })
  })

  it("uses the feed it is given (a manager's address wins over the build's in index.ts), and a changed one at once", async () => {
    const w = world()
    w.controller.start()
    expect(w.updater.feeds).toEqual(['generic https://updates.example.ly/desk/'])
    w.setFeed({ url: 'https://other.example.ly/desk/', source: 'settings' })
    w.controller.feedChanged()
    await w.settle()
    expect(w.updater.feeds).toEqual([
      'generic https://updates.example.ly/desk/',
      'generic https://other.example.ly/desk/',
    ])
    expect(w.updater.checks).toBe(1)
    expect(w.controller.status().feed).toEqual({ url: 'https://other.example.ly/desk/', source: 'settings' })
  })

  it('checks shortly after start and then daily; a failed check is tried again within the hour', async () => {
    const w = world()
    w.controller.start()
    await w.advance(14_000)
    expect(w.updater.checks).toBe(0)
    await w.advance(1_000)
    expect(w.updater.checks).toBe(1)
    expect(w.controller.status()).toMatchObject({
      state: 'up-to-date',
      lastCheckAt: '2026-11-26T08:00:15.000Z',
    })
    await w.advance(24 * 3600_000)
    expect(w.updater.checks).toBe(2)
    w.updater.failWith = new Error('net::ERR_NAME_NOT_RESOLVED')
    await w.advance(24 * 3600_000)
    expect(w.updater.checks).toBe(3)
    expect(w.controller.status()).toMatchObject({ state: 'error', error: 'net::ERR_NAME_NOT_RESOLVED' })
    w.updater.failWith = null
    await w.advance(3600_000)
    expect(w.updater.checks).toBe(4)
    expect(w.controller.status().state).toBe('up-to-date')
  })

  it('downloads what it finds in the background, showing progress, and remembers it for the next start', async () => {
    const w = world()
    w.updater.offer = '1.1.0'
    const seen: (number | null)[] = []
    w.updater.on('download-progress', () => seen.push(w.controller.status().downloadPercent))
    await w.controller.checkNow()
    expect(w.controller.status()).toMatchObject({ state: 'downloading', availableVersion: '1.1.0' })
    await w.settle()
    expect(seen).toEqual([13, 50, 100])
    expect(w.updater.autoDownload).toBe(true)
    expect(w.updater.autoInstallOnAppQuit).toBe(false)
    expect(w.controller.status()).toMatchObject({
      state: 'downloaded',
      availableVersion: '1.1.0',
      hold: null,
    })
    expect(w.marker()).toBe('1.1.0')
    expect(w.updater.installs).toEqual([])
  })

  it('keeps a downloaded update ready while the daily check runs again', async () => {
    const w = world()
    await downloaded(w)
    w.updater.cached = true
    const states: string[] = []
    w.updater.on('checking-for-update', () => states.push(w.controller.status().state))
    await w.controller.checkNow()
    await w.settle()
    expect(states).toEqual(['downloaded'])
    expect(w.controller.status().state).toBe('downloaded')
  })
})

describe("the downloaded installer's own version", () => {
  it('an old installer relabelled 9.9.9 in the feed is never installed, nor remembered for the next start', async () => {
    const w = world()
    w.updater.offer = '9.9.9'
    w.updater.installerVersion = '0.9.0'
    await w.controller.checkNow()
    await w.settle()
    expect(w.controller.status()).toMatchObject({
      state: 'error',
      availableVersion: '9.9.9',
      error:
        'The downloaded installer is version 0.9.0, not the 9.9.9 the update feed announced: not installed.',
    })
    expect(w.marker()).toBeNull()
    expect(w.controller.installOnQuit({ ...IDLE })).toBe(false)
    expect(() => w.controller.installNow()).toThrow(/No update has been downloaded/)
    expect(w.updater.installs).toEqual([])
  })

  it('one that says the running version, or none, is not installed either', async () => {
    const same = world()
    same.updater.offer = '1.0.0-rc.1'
    same.updater.installerVersion = '1.0.0-rc.1'
    await same.controller.checkNow()
    await same.settle()
    expect(same.controller.status().error).toBe(
      'The downloaded installer is version 1.0.0-rc.1, not newer than this 1.0.0: not installed.',
    )
    const silent = world()
    silent.updater.offer = '1.1.0'
    silent.updater.installerVersion = null
    await silent.controller.checkNow()
    await silent.settle()
    expect(silent.controller.status()).toMatchObject({ state: 'error' })
    expect(silent.controller.installOnQuit({ ...IDLE })).toBe(false)
  })
})

describe('installing on quit', () => {
  it('installs silently once the desk has stopped with nothing moving; the next start is the new version', async () => {
    const w = world()
    await downloaded(w)
    expect(w.controller.installOnQuit({ ...IDLE })).toBe(true)
    expect(w.updater.installs).toEqual([{ silent: true, restart: false }])
    expect(w.controller.status().state).toBe('installing')
  })

  it.each([
    ['a deposit the background is re-sending', { resending: 1 }],
    ['an entry still pending', { pending: 1 }],
    ['a send in flight', { inFlight: 1 }],
  ])('waits for the next start when the desk stopped with %s', async (_label, left) => {
    const w = world()
    await downloaded(w)
    expect(w.controller.installOnQuit({ ...IDLE, ...left })).toBe(false)
    expect(w.updater.installs).toEqual([])
    expect(w.marker()).toBe('1.1.0')
    expect(w.sink.lines.some((l) => l.includes('waits for the next start'))).toBe(true)
  })

  it('does not install when the desk did not stop cleanly, or when nothing was downloaded', async () => {
    const w = world()
    expect(w.controller.installOnQuit({ ...IDLE })).toBe(false)
    await downloaded(w)
    expect(w.controller.installOnQuit(null)).toBe(false)
    expect(w.updater.installs).toEqual([])
  })
})

describe("a manager's install now", () => {
  it.each([
    ['a sale or deposit being sent', { inFlight: 1 }, 'money-in-flight'],
    ['an entry with no recorded answer', { pending: 2 }, 'money-pending'],
    ['an unknown deposit being re-sent', { resending: 1 }, 'deposit-resending'],
  ])('is refused while there is %s, and says why', async (_label, money, hold) => {
    const w = world()
    await downloaded(w)
    w.setMoney(money)
    expect(w.controller.status().hold).toBe(hold)
    expect(() => w.controller.installNow()).toThrow(
      expect.objectContaining({ code: 'UPDATE_ON_HOLD', details: { hold } }),
    )
    await w.settle()
    expect(w.order).toEqual([])
    expect(w.controller.status().state).toBe('downloaded')
  })

  it('stops the desk first, then installs and restarts the app', async () => {
    const w = world()
    await downloaded(w)
    expect(w.controller.installNow().state).toBe('installing')
    await w.settle()
    expect(w.order).toEqual(['stop-desk', 'install'])
    expect(w.updater.installs).toEqual([{ silent: true, restart: true }])
  })

  it('is refused when nothing has been downloaded', async () => {
    const w = world()
    expect(() => w.controller.installNow()).toThrow(expect.objectContaining({ code: 'UPDATE_NOT_READY' }))
    w.updater.offer = '1.1.0'
    await w.controller.checkNow()
    expect(() => w.controller.installNow()).toThrow(expect.objectContaining({ code: 'UPDATE_NOT_READY' }))
  })

  it('quits without installing if money was left open when the desk stopped', async () => {
    const w = world({ stopLeaves: { inFlight: 0, pending: 1, resending: 0 } })
    await downloaded(w)
    w.controller.installNow()
    await w.settle()
    expect(w.updater.installs).toEqual([])
    expect(w.quits).toHaveLength(1)
    expect(w.controller.status()).toMatchObject({
      state: 'downloaded',
      error: expect.stringContaining('next start'),
    })
  })
})

describe('installing at the next start', () => {
  it('finds the update an earlier run downloaded and installs it before the window opens', async () => {
    const w = world({ marker: '1.1.0' })
    w.updater.offer = '1.1.0'
    w.updater.cached = true
    const installing = await w.controller.installAtStart(Promise.resolve(), 20_000)
    expect(installing).toBe(true)
    expect(w.order).toEqual(['stop-desk', 'install'])
    expect(w.updater.installs).toEqual([{ silent: true, restart: true }])
  })

  it('waits for the start-up recovery, and does not install while a deposit is still being re-sent', async () => {
    const w = world({ marker: '1.1.0' })
    w.updater.offer = '1.1.0'
    w.updater.cached = true
    let recovered = () => {}
    const recovery = new Promise<void>((resolve) => {
      recovered = resolve
    })
    const installing = w.controller.installAtStart(recovery, 20_000)
    await w.settle()
    expect(w.order).toEqual([])
    w.setMoney({ resending: 1 })
    recovered()
    expect(await installing).toBe(false)
    expect(w.updater.installs).toEqual([])
    expect(w.controller.status()).toMatchObject({ state: 'downloaded', hold: 'deposit-resending' })
  })

  it('starts as usual when the feed cannot be reached in time', async () => {
    const w = world({ marker: '1.1.0' })
    w.updater.failWith = new Error('ETIMEDOUT')
    expect(await w.controller.installAtStart(Promise.resolve(), 20_000)).toBe(false)
    expect(w.updater.installs).toEqual([])
  })

  it('forgets a marker for a version that is already installed, without looking', async () => {
    const w = world({ marker: '1.0.0' })
    expect(await w.controller.installAtStart(Promise.resolve(), 20_000)).toBe(false)
    expect(w.updater.checks).toBe(0)
    expect(w.marker()).toBeNull()
  })

  it('does nothing at start when no earlier run downloaded anything', async () => {
    const w = world()
    expect(await w.controller.installAtStart(Promise.resolve(), 20_000)).toBe(false)
    expect(w.updater.checks).toBe(0)
  })
})

describe('versions', () => {
  it.each([
    ['1.1.0', '1.0.0', true],
    ['1.0.10', '1.0.9', true],
    ['2.0.0', '10.0.0', false],
    ['1.0.0', '1.0.0', false],
    ['1.0.0', '1.0.0-beta.2', true],
    ['1.0.0-beta.2', '1.0.0', false],
    ['1.0.0-beta.3', '1.0.0-beta.2', true],
  ])('%s is newer than %s: %s', (a, b, newer) => {
    expect(isNewer(a, b)).toBe(newer)
  })
})
