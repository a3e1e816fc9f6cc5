/**
 * Start-up with a year's journal: the browser shell started on a data folder whose journal holds 1,000,000
 * entries (the cached journal from generate-journal.ts), with a manager set up, as an outlet's PC starts in
 * the morning. Prints how long the main thread was held up at most while the desk started (opening and
 * checking the journal included) and the time from start to a usable sign-in screen in headless Chromium.
 * Prints figures; asserts nothing. Run: npm run bench -- startup.
 */
import { copyFileSync, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { startBrowserShell } from '../src/shells/browser/server'
import { launchBrowser } from '../test/e2e/support/browser'
import { buildRendererForTest } from '../test/e2e/support/renderer'
import { BENCH_DIR, millionEntryJournal } from './generate-journal'
import { ms, printTable, printTargets, summarize } from './stats'

const RUNS = Number(process.argv[2] ?? 3)
const MANAGER = { name: 'Bench Manager', pin: '2468' }

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
    const delay = monitorEventLoopDelay({ resolution: 2 })
    delay.enable()
    // The monitor counts a hold-up between two of its ticks: let it tick once before the start.
    await new Promise((resolve) => setTimeout(resolve, 20))
    const t0 = performance.now()
    const shell = await startBrowserShell({ dataDir, rendererDir })
    started.push(performance.now() - t0)
    await page.goto(shell.url)
    // Usable: the people to pick from are listed and the PIN pad is there.
    await page.getByRole('radio', { name: new RegExp(MANAGER.name) }).waitFor()
    await page.getByRole('group', { name: 'PIN pad' }).waitFor()
    signIn.push(performance.now() - t0)
    // Let anything started in the background (the journal's check) finish while the loop is watched.
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    delay.disable()
    blocked.push(delay.max / 1e6)
    await page.close()
    await shell.close()
  }
  const b = summarize(blocked)
  const s = summarize(started)
  const u = summarize(signIn)
  printTable(
    `Start-up of the browser shell with a 1,000,000-entry journal (${RUNS} starts)`,
    ['measure', 'median', 'max'],
    [
      ['longest hold-up of the main thread (start + 3 s after)', ms(b.median), ms(Math.max(...blocked))],
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
