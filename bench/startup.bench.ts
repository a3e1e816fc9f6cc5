/**
 * Start-up with a year's journal: the browser shell started on a data folder whose journal holds 1,000,000
 * entries (the cached journal from generate-journal.ts), with a manager set up, as an outlet's PC starts in
 * the morning. Prints how long the desk's main thread was held up at most while the desk started (opening and
 * checking the journal included) and the time from start to a usable sign-in screen in headless Chromium.
 * Each start runs in a fresh process of its own (startup-desk.ts), watched there: the bench's own process
 * drives Chromium through Playwright, whose work must not count as the desk's.
 * Prints figures; asserts nothing. Run: npm run bench -- startup.
 */
import { type ChildProcess, fork } from 'node:child_process'
import { copyFileSync, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { startBrowserShell } from '../src/shells/browser/server'
import { launchBrowser } from '../test/e2e/support/browser'
import { buildRendererForTest } from '../test/e2e/support/renderer'
import { BENCH_DIR, millionEntryJournal } from './generate-journal'
import type { FromDesk, ToDesk } from './startup-desk'
import { ms, printTable, printTargets, summarize } from './stats'

const RUNS = Number(process.argv[2] ?? 5)
const MANAGER = { name: 'Bench Manager', pin: '2468' }

/** A desk process of its own, forked and waiting (modules loaded) for the word to start. */
async function forkDesk(dataDir: string, rendererDir: string) {
  const child: ChildProcess = fork(
    fileURLToPath(new URL('startup-desk.ts', import.meta.url)),
    [dataDir, rendererDir],
    { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  )
  // Why the process can no longer answer, once it cannot: it exited, or the channel failed.
  let gone: Error | null = null
  const exited = new Promise<string | null>((resolve) =>
    child.once('exit', (code, signal) => {
      gone ??= new Error(`the desk process exited (${signal ?? code})`)
      resolve(code === 0 ? null : String(signal ?? code))
    }),
  )
  child.on('error', (error) => {
    gone ??= error
  })
  const next = <K extends string>(key: K) =>
    new Promise<Extract<FromDesk, Record<K, unknown>>>((resolve, reject) => {
      if (gone) {
        reject(gone)
        return
      }
      const done = () => {
        child.off('message', onMessage)
        child.off('exit', onExit)
      }
      const onExit = () => {
        done()
        reject(gone ?? new Error('the desk process exited'))
      }
      const onMessage = (message: FromDesk) => {
        done()
        if ('error' in message) reject(new Error(message.error))
        else if (key in message) resolve(message as Extract<FromDesk, Record<K, unknown>>)
        else reject(new Error(`the desk process answered ${JSON.stringify(message)}, not ${key}`))
      }
      child.on('message', onMessage)
      child.once('exit', onExit)
    })
  /** Sends a message and waits for the answer that carries `key`. */
  const ask = <K extends string>(message: ToDesk, key: K) => {
    const answer = next(key)
    if (gone || !child.connected) {
      answer.catch(() => {}) // settled by the exit; the error below is the one to report
      throw gone ?? new Error('the desk process is not listening')
    }
    child.send(message)
    return answer
  }
  /** Waits for the process to end by itself (killed after 15 s): null, or how it ended otherwise. */
  const ended = async () => {
    const timer = setTimeout(() => child.kill(), 15_000)
    const failure = await exited
    clearTimeout(timer)
    return failure
  }
  /** Ends the process now and waits for it (its files are free to remove then, on Windows too). */
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill()
    await exited
  }
  // Loading its modules takes a few seconds; one that never says it is ready is stopped.
  const stuck = setTimeout(() => child.kill(), 60_000)
  try {
    await next('ready')
  } finally {
    clearTimeout(stuck)
  }
  return { ask, ended, kill }
}

const dataDir = join(BENCH_DIR, `startup-${process.pid}`)
const rendererDir = await buildRendererForTest()
mkdirSync(dataDir, { recursive: true })
const browser = await launchBrowser()
try {
  copyFileSync(millionEntryJournal(), join(dataDir, 'journal-training.sqlite'))
  // Set up once: a manager, so the first screen is the sign-in.
  const setup = await startBrowserShell({ dataDir, rendererDir })
  await setup.app.desk.handlers.createManager(MANAGER, { clerk: null, sender: 'bench' })
  await setup.close()

  const blocked: number[] = []
  const started: number[] = []
  const signIn: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const page = await browser.newPage()
    const desk = await forkDesk(dataDir, rendererDir)
    try {
      const t0 = performance.now()
      const { url, startedMs } = await desk.ask({ start: true }, 'url')
      started.push(startedMs)
      await page.goto(url)
      // Usable: the people to pick from are listed and the PIN pad is there.
      await page.getByRole('radio', { name: new RegExp(MANAGER.name) }).waitFor()
      await page.getByRole('group', { name: 'PIN pad' }).waitFor()
      signIn.push(performance.now() - t0)
      // Let anything started in the background (the journal's check) finish while the loop is watched.
      await new Promise((resolve) => setTimeout(resolve, 3_000))
      blocked.push((await desk.ask({ stop: true }, 'longestHoldUpMs')).longestHoldUpMs)
      await page.close()
      const failure = await desk.ended()
      if (failure !== null)
        throw new Error(`the desk process ended with ${failure} (closing the shell failed?)`)
    } catch (error) {
      await desk.kill()
      throw error
    }
  }
  const b = summarize(blocked)
  const s = summarize(started)
  const u = summarize(signIn)
  printTable(
    `Start-up of the browser shell with a 1,000,000-entry journal (${RUNS} starts)`,
    ['measure', 'median', 'max'],
    [
      [
        'longest hold-up of the desk’s main thread (start + 3 s after)',
        ms(b.median),
        ms(Math.max(...blocked)),
      ],
      ['start → desk core up, serving', ms(s.median), ms(Math.max(...started))],
      ['start → usable sign-in screen in Chromium', ms(u.median), ms(Math.max(...signIn))],
    ],
  )
  printTargets('Target 1 (start-up)', [
    { name: 'longest main-thread hold-up while the journal opens', value: b.median, goal: 100, format: ms },
    { name: 'start → usable sign-in screen', value: u.median, goal: 1_000, format: ms },
  ])
} finally {
  await browser.close()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(rendererDir, { recursive: true, force: true })
}
