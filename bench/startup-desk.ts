/**
 * The desk side of the start-up bench, run in a process of its own (forked by startup.bench.ts), so the main
 * thread it watches is the desk's alone — as in the app, where nothing else runs on the main process's
 * thread. Playwright, which drives Chromium from the bench's process and builds and parses its own scripts
 * there, would otherwise count among the hold-ups (measured: single tasks of 20–30 ms).
 *
 * Messages: the bench sends { start } — this process starts the browser shell on the data folder given as
 * its first argument (the built renderer in the second) and answers { url, startedMs }; the bench then sends
 * { stop } — this process answers { longestHoldUpMs } (the event-loop monitor's longest delay from just
 * before the start until now), closes the shell and exits.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { startBrowserShell } from '../src/shells/browser/server'

export type ToDesk = { start: true } | { stop: true }
export type FromDesk =
  | { ready: true }
  | { url: string; startedMs: number }
  | { longestHoldUpMs: number }
  | { error: string }

const [dataDir, rendererDir] = process.argv.slice(2)
if (!dataDir || !rendererDir || !process.send) {
  console.error('startup-desk.ts is forked by startup.bench.ts with a data folder and a renderer folder.')
  process.exit(2)
}
const send = (message: FromDesk) => process.send?.(message)
const delay = monitorEventLoopDelay({ resolution: 2 })
delay.enable()
let shell: Awaited<ReturnType<typeof startBrowserShell>> | null = null

process.on('message', (message: ToDesk) => {
  void (async () => {
    try {
      if ('start' in message) {
        // The monitor counts a hold-up between two of its ticks: from here on, the start's.
        delay.reset()
        const t0 = performance.now()
        shell = await startBrowserShell({ dataDir, rendererDir })
        send({ url: shell.url, startedMs: performance.now() - t0 })
      } else {
        delay.disable()
        send({ longestHoldUpMs: delay.max / 1e6 })
        // A shell that fails to close ends this process with 1 (caught below): the bench checks the code.
        await shell?.close()
        process.disconnect()
      }
    } catch (error) {
      console.error('startup-desk:', error)
      send({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) })
      process.exitCode = 1
      process.disconnect()
    }
  })()
})
// Modules loaded, monitor ticking: the bench may start the clock.
setTimeout(() => send({ ready: true }), 20)
