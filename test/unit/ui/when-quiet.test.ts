import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/** The page: its keys (a window to press them on) and its idle moments, given by hand. */
async function page() {
  const window = new EventTarget()
  vi.stubGlobal('window', window)
  // Asked for and not yet run, by id (ids never reused, as the browser's).
  const idle = new Map<number, () => void>()
  // A callback asked for with a timeout runs then if no idle moment came first, as the browser's does.
  const late = new Map<number, ReturnType<typeof setTimeout>>()
  let lastId = 0
  vi.stubGlobal('requestIdleCallback', (then: () => void, options?: { timeout?: number }) => {
    const id = ++lastId
    idle.set(id, then)
    if (options?.timeout !== undefined)
      late.set(
        id,
        setTimeout(() => {
          if (idle.delete(id)) then()
        }, options.timeout),
      )
    return id
  })
  vi.stubGlobal('cancelIdleCallback', (id: number) => {
    idle.delete(id)
    clearTimeout(late.get(id))
  })
  // Its own module: what it heard of the keys belongs to one page.
  vi.resetModules()
  const { whenQuiet, QUIET_MS, IDLE_WITHIN_MS, everyBetweenKeys, KEYS_PAUSE_MS } = await import(
    '../../../src/renderer/src/ui/when-quiet'
  )
  return {
    whenQuiet,
    QUIET_MS,
    IDLE_WITHIN_MS,
    everyBetweenKeys,
    KEYS_PAUSE_MS,
    press: (type = 'keydown') => window.dispatchEvent(new Event(type)),
    /** The browser's idle moment: what asked for it runs. */
    idleMoment() {
      const now = [...idle.values()]
      idle.clear()
      for (const then of now) then()
    },
  }
}

describe('idle work waits for a pause in the clerk’s keys', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }))
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('runs at the first idle moment when no key has been pressed', async () => {
    const desk = await page()
    const done: string[] = []
    desk.whenQuiet(() => done.push('work'))
    expect(done).toEqual([])
    desk.idleMoment()
    expect(done).toEqual(['work'])
  })

  it('lets an idle moment between typed keys pass, and runs at the first one after the keys have paused', async () => {
    const desk = await page()
    const done: string[] = []
    desk.whenQuiet(() => done.push('work'))
    // A phone number typed, a key every 120 ms, the browser idle between each.
    for (let key = 0; key < 10; key++) {
      desk.press()
      vi.advanceTimersByTime(60)
      desk.idleMoment()
      vi.advanceTimersByTime(60)
    }
    expect(done).toEqual([])
    // The hands rest: not before the pause is long enough, and then at the next idle moment.
    vi.advanceTimersByTime(desk.QUIET_MS - 121)
    desk.idleMoment()
    expect(done).toEqual([])
    vi.advanceTimersByTime(1)
    expect(done).toEqual([])
    desk.idleMoment()
    expect(done).toEqual(['work'])
    // Once only.
    vi.advanceTimersByTime(desk.QUIET_MS * 4)
    desk.idleMoment()
    expect(done).toEqual(['work'])
  })

  it('waits again when a key or a click comes during the pause it waited for', async () => {
    const desk = await page()
    const done: string[] = []
    desk.press()
    desk.whenQuiet(() => done.push('work'))
    desk.idleMoment()
    vi.advanceTimersByTime(desk.QUIET_MS - 10)
    // A click counts as a key does.
    desk.press('pointerdown')
    vi.advanceTimersByTime(10)
    desk.idleMoment()
    expect(done).toEqual([])
    vi.advanceTimersByTime(desk.QUIET_MS)
    desk.idleMoment()
    expect(done).toEqual(['work'])
  })

  it('runs in a page that never has an idle moment (one drawn on every beat), a moment after it was asked for', async () => {
    const desk = await page()
    const done: string[] = []
    desk.press()
    desk.whenQuiet(() => done.push('work'))
    // No idle moment ever comes: run when the browser gives up waiting for one, the keys having paused by then.
    vi.advanceTimersByTime(desk.IDLE_WITHIN_MS - 1)
    expect(done).toEqual([])
    vi.advanceTimersByTime(1)
    expect(done).toEqual(['work'])
    vi.advanceTimersByTime(desk.IDLE_WITHIN_MS * 4)
    expect(done).toEqual(['work'])
  })

  it('in a page that never has an idle moment, still lets typed keys pass, and runs once they have paused', async () => {
    const desk = await page()
    const done: string[] = []
    desk.whenQuiet(() => done.push('work'))
    // A key every 120 ms for 3 s, no idle moment ever: the browser's give-ups at 1 s and 2 s find keys too recent.
    for (let key = 0; key < 25; key++) {
      desk.press()
      vi.advanceTimersByTime(120)
    }
    expect(done).toEqual([])
    // The last key at 2.88 s: not before the keys have rested QUIET_MS, and within IDLE_WITHIN_MS after that.
    vi.advanceTimersByTime(desk.QUIET_MS - 121)
    expect(done).toEqual([])
    vi.advanceTimersByTime(desk.IDLE_WITHIN_MS + 1)
    expect(done).toEqual(['work'])
  })

  it('runs nothing once cancelled, whether waiting for the idle moment or for the pause', async () => {
    const desk = await page()
    const done: string[] = []
    desk.whenQuiet(() => done.push('idle'))()
    desk.press()
    const pausing = desk.whenQuiet(() => done.push('pause'))
    desk.idleMoment()
    pausing()
    vi.advanceTimersByTime(desk.QUIET_MS * 2)
    desk.idleMoment()
    expect(done).toEqual([])
  })
})

describe('a poll waits for a pause in the clerk’s keys', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }))
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  /** When each poll ran, in ms from the start. */
  async function polling(everyMs: number) {
    const desk = await page()
    const start = performance.now()
    const ran: number[] = []
    const stop = desk.everyBetweenKeys(() => ran.push(performance.now() - start), everyMs)
    return { desk, ran, stop }
  }

  it('polls on its beat while no key is pressed', async () => {
    const { ran } = await polling(4000)
    vi.advanceTimersByTime(12_000)
    expect(ran).toEqual([4000, 8000, 12_000])
  })

  it('lets the keys of a phone number typed across its turn pass, and polls once they pause', async () => {
    const { desk, ran } = await polling(4000)
    // A phone number typed from 3.5 s, a key every 120 ms: the last at 4.58 s.
    vi.advanceTimersByTime(3500)
    for (let key = 0; key < 10; key++) {
      desk.press()
      vi.advanceTimersByTime(120)
    }
    // The turn at 4 s waited: not before the keys have rested for the pause, then at once.
    expect(ran).toEqual([])
    vi.advanceTimersByTime(desk.KEYS_PAUSE_MS - 121)
    expect(ran).toEqual([])
    vi.advanceTimersByTime(1)
    expect(ran).toEqual([3500 + 9 * 120 + desk.KEYS_PAUSE_MS])
    // The next a beat after it.
    vi.advanceTimersByTime(4000)
    expect(ran).toEqual([3500 + 9 * 120 + desk.KEYS_PAUSE_MS, 3500 + 9 * 120 + desk.KEYS_PAUSE_MS + 4000])
  })

  it('polls on time when the keys paused long enough before its turn, and goes on after a poll that throws', async () => {
    const desk = await page()
    const start = performance.now()
    const ran: number[] = []
    desk.everyBetweenKeys(() => {
      ran.push(performance.now() - start)
      throw new Error('main did not answer')
    }, 4000)
    vi.advanceTimersByTime(4000 - desk.KEYS_PAUSE_MS)
    desk.press()
    // The poll's own error is the page's (as from a timer), not the beat's end.
    expect(() => vi.advanceTimersByTime(desk.KEYS_PAUSE_MS)).toThrow('main did not answer')
    expect(() => vi.advanceTimersByTime(4000)).toThrow('main did not answer')
    expect(ran).toEqual([4000, 8000])
  })

  it('polls a beat late at most when the keys never pause', async () => {
    const { desk, ran } = await polling(2000)
    for (let key = 0; key < 100; key++) {
      desk.press('pointerdown')
      vi.advanceTimersByTime(100)
    }
    // Due at 2 s, held to 4 s; due again at 6 s, held to 8 s.
    expect(ran).toEqual([4000, 8000])
  })

  it('polls no more once stopped, whether on its beat or waiting for the pause', async () => {
    const { desk, ran, stop } = await polling(2000)
    vi.advanceTimersByTime(1990)
    desk.press()
    vi.advanceTimersByTime(20)
    stop()
    vi.advanceTimersByTime(10_000)
    expect(ran).toEqual([])
    const other = await polling(2000)
    other.stop()
    vi.advanceTimersByTime(10_000)
    expect(other.ran).toEqual([])
  })
})
