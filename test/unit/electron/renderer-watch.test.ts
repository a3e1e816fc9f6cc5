import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { watchRenderer } from '../../../src/main/electron/renderer-watch'
import { createLogger, MemorySink } from '../../../src/main/log'

/** A page as Chromium reports it: crashes, hangs, comes back. Timers and the clock are the test's own. */
function world() {
  const contents = new EventEmitter() as EventEmitter & {
    forcefullyCrashRenderer(): void
    isDestroyed(): boolean
    killed: number
  }
  contents.killed = 0
  contents.forcefullyCrashRenderer = () => {
    contents.killed++
    contents.emit('render-process-gone', {}, { reason: 'killed', exitCode: 1 })
  }
  contents.isDestroyed = () => false
  let clock = 0
  const pending = new Map<number, { at: number; fn: () => void }>()
  let nextId = 1
  const timers = {
    setTimeout: (fn: () => void, ms: number) => {
      const id = nextId++
      pending.set(id, { at: clock + ms, fn })
      return id
    },
    clearTimeout: (id: unknown) => {
      pending.delete(id as number)
    },
  }
  const advance = (ms: number) => {
    clock += ms
    for (const [id, t] of [...pending]) {
      if (t.at <= clock) {
        pending.delete(id)
        t.fn()
      }
    }
  }
  const sink = new MemorySink()
  const reloads: number[] = []
  const notices: string[] = []
  watchRenderer(contents, {
    reload: () => reloads.push(clock),
    notify: (trouble) => notices.push(trouble),
    log: createLogger(sink, 'window'),
    hangGraceMs: 10_000,
    maxReloads: 3,
    reloadWindowMs: 300_000,
    now: () => clock,
    timers,
  })
  const crash = (reason = 'crashed') => contents.emit('render-process-gone', {}, { reason, exitCode: 139 })
  return { contents, advance, reloads, notices, sink, crash }
}

describe('a renderer that crashes or hangs', () => {
  it('is reloaded after a crash, with a notice and a log line saying why', () => {
    const w = world()
    w.crash('oom')
    expect(w.reloads).toEqual([0])
    expect(w.notices).toEqual(['crashed'])
    const line = w.sink.lines.find((l) => l.includes('the screen stopped; reloading it'))
    expect(line).toMatch(/ERROR \[window\]/)
    expect(line).toContain('"reason":"oom"')
    expect(line).toContain('"exitCode":139')
  })

  it('is left alone when it exits cleanly (the window is closing)', () => {
    const w = world()
    w.crash('clean-exit')
    expect(w.reloads).toEqual([])
    expect(w.notices).toEqual([])
  })

  it('that hangs and comes back within the grace time is not restarted', () => {
    const w = world()
    w.contents.emit('unresponsive')
    w.advance(9_000)
    w.contents.emit('responsive')
    w.advance(60_000)
    expect(w.contents.killed).toBe(0)
    expect(w.reloads).toEqual([])
    expect(w.sink.lines.some((l) => l.includes('the screen is not responding'))).toBe(true)
    expect(w.sink.lines.some((l) => l.includes('the screen is responding again'))).toBe(true)
  })

  it('that stays hung is restarted once and reloaded, with the notice for a hang', () => {
    const w = world()
    w.contents.emit('unresponsive')
    w.contents.emit('unresponsive')
    w.advance(10_000)
    expect(w.contents.killed).toBe(1)
    expect(w.reloads).toEqual([10_000])
    expect(w.notices).toEqual(['hung'])
    expect(w.sink.lines.some((l) => l.includes('did not come back'))).toBe(true)
  })

  it('is not reloaded in a loop: the fourth failure in five minutes says restart the app', () => {
    const w = world()
    for (let i = 0; i < 4; i++) {
      w.crash()
      w.advance(30_000)
    }
    expect(w.reloads).toHaveLength(3)
    expect(w.notices).toEqual(['crashed', 'crashed', 'crashed', 'keeps-failing'])
    expect(w.sink.lines.some((l) => l.includes('keeps failing'))).toBe(true)
    // Quiet for a while: a later crash is reloaded again.
    w.advance(300_000)
    w.crash()
    expect(w.reloads).toHaveLength(4)
  })
})
