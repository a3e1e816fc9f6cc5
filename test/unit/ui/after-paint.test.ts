import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { afterNextPaint, afterThisTask, nowAndEvery } from '../../../src/renderer/src/ui/after-paint'

/** The page's frames, drawn by hand: the callbacks asked for before a frame run as it is drawn. */
function frames() {
  let callbacks: FrameRequestCallback[] = []
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => callbacks.push(callback))
  // Ids count from 1 within the frame being gathered (what this test's cancels need).
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    if (callbacks[id - 1]) callbacks[id - 1] = () => undefined
  })
  return {
    draw() {
      const now = callbacks
      callbacks = []
      for (const callback of now) callback(performance.now())
    },
  }
}

describe('work put off until the page has drawn its next frame', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('runs after the next frame is drawn, not before and not inside it', () => {
    const page = frames()
    const done: string[] = []
    afterNextPaint(() => done.push('work'))
    vi.advanceTimersByTime(10)
    expect(done).toEqual([])
    page.draw()
    // The frame's own callbacks are over before the work starts.
    expect(done).toEqual([])
    vi.advanceTimersByTime(0)
    expect(done).toEqual(['work'])
    // Once only.
    page.draw()
    vi.advanceTimersByTime(500)
    expect(done).toEqual(['work'])
  })

  it('runs all the same when the page draws no frame (a minimized window), a moment later', () => {
    frames()
    const done: string[] = []
    afterNextPaint(() => done.push('work'))
    vi.advanceTimersByTime(99)
    expect(done).toEqual([])
    vi.advanceTimersByTime(1)
    expect(done).toEqual(['work'])
  })

  it('runs nothing once cancelled, before the frame or between the frame and the work', () => {
    const page = frames()
    const done: string[] = []
    afterNextPaint(() => done.push('first'))()
    const second = afterNextPaint(() => done.push('second'))
    page.draw()
    second()
    vi.advanceTimersByTime(500)
    expect(done).toEqual([])
  })
})

describe('work put off to the task after the current one', () => {
  it('runs after the current task, not inside it, once', async () => {
    const done: string[] = []
    afterThisTask(() => done.push('work'))
    await Promise.resolve()
    // Not even after the task's microtasks: a task of its own.
    expect(done).toEqual([])
    // A message posted after it comes after it (a timer's order against a message is not promised).
    await nextMessage()
    expect(done).toEqual(['work'])
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(done).toEqual(['work'])
  })

  it('is not held by timers that do not run (a test clock paused, a page that draws no frame)', async () => {
    vi.useFakeTimers()
    try {
      const done: string[] = []
      afterThisTask(() => done.push('work'))
      // Timers are held; a message still comes.
      await nextMessage()
      expect(done).toEqual(['work'])
    } finally {
      vi.useRealTimers()
    }
  })

  it('does nothing once cancelled', async () => {
    const done: string[] = []
    const cancel = afterThisTask(() => done.push('work'))
    cancel()
    await nextMessage()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(done).toEqual([])
  })
})

describe('a figure read after the current task, then on a timer', () => {
  afterEach(() => vi.useRealTimers())

  it('reads once in the task after this one, then every period, and never again once stopped', async () => {
    vi.useFakeTimers()
    const reads: number[] = []
    const stop = nowAndEvery(() => reads.push(Date.now()), 4_000)
    expect(reads).toHaveLength(0)
    await nextMessage()
    expect(reads).toHaveLength(1)
    vi.advanceTimersByTime(8_000)
    expect(reads).toHaveLength(3)
    stop()
    vi.advanceTimersByTime(8_000)
    expect(reads).toHaveLength(3)
  })

  it('reads nothing when stopped in the same task (a screen left at once)', async () => {
    vi.useFakeTimers()
    const reads: string[] = []
    nowAndEvery(() => reads.push('read'), 4_000)()
    await nextMessage()
    vi.advanceTimersByTime(8_000)
    expect(reads).toEqual([])
  })
})

/** Resolves on a message posted now: after any message posted before it. */
function nextMessage(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}
