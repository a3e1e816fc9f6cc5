/**
 * The clerk's screens on a shop's old PC: the built renderer through the browser shell in headless Chromium
 * with its CPU slowed four times (CDP Emulation.setCPUThrottlingRate, Chrome DevTools' "low-end" setting),
 * driven by the keyboard through a clerk's session — a sale, a deposit with its lookup and name question,
 * F1–F5, the journal opened and searched, the manager's reports. What a clerk feels is read from the page's
 * own Event Timing entries (PerformanceObserver type `event`, durationThreshold 16, grouped by
 * interactionId: Interaction to Next Paint, from the key to the frame that shows its effect), and the first
 * usable screen from navigation to the Sell list painted.
 * Headless Chromium paints in software and the machine is shared: the load average is printed with the
 * figures. The throttle itself takes a core: Chromium slows the page's main thread by spinning it in a signal
 * handler (rate − 1) times as long as it ran, three at 4×, idle or not (thread_cpu_throttler.cc) — the
 * throttled page's renderer took 8 s of CPU in 10 s of an idle Sell screen here, none unthrottled. On a 2-core
 * machine the raster, compositing, the browser and this bench's own node share what is left; a slow PC's idle
 * page does not spin.
 * The slowest keys are printed with the longest frame of 50 ms and more (Long Animation Frames) they met on the
 * main thread, and its longest script: one that met none lost its time after the main thread, or in shorter
 * tasks. Prints figures; asserts nothing. Run: npm run bench -- shop-pc.
 * SHOP_PC_RATE (4), SHOP_PC_LOADS (5) and SHOP_PC_ROUNDS (2) change the throttle, the loads of the first
 * screen and the rounds of the session; SHOP_PC_PROFILE=<file> writes a CPU profile of the session,
 * SHOP_PC_TRACE=<file> a Chromium trace of it (open either in Chrome DevTools' Performance panel; with
 * SHOP_PC_SAMPLES=1 it holds the JavaScript's samples too, as the panel's own recordings do; SHOP_PC_CATS=<a,b>
 * adds trace categories — invalidationTracking's slow the page: for why, not for figures), and
 * SHOP_PC_RENDERER=<dir> drives a renderer built elsewhere (unminified, say, for readable names), and
 * SHOP_PC_KEYS=<file> writes the session's keys in order, each with its figures (as beside a trace).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CDPSession, Page } from 'playwright-core'
import { startBrowserShell } from '../src/shells/browser/server'
import { launchBrowser, ready } from '../test/e2e/support/browser'
import { buildRendererForTest } from '../test/e2e/support/renderer'
import { ms, percentile, printTable, printTargets, summarize } from './stats'
import { fillTodaysJournal } from './today-journal'

const RATE = Number(process.env.SHOP_PC_RATE ?? 4)
const LOADS = Number(process.env.SHOP_PC_LOADS ?? 5)
const ROUNDS = Number(process.env.SHOP_PC_ROUNDS ?? 2)
/** A busy outlet's day (the year's journal of generate-journal.ts averages ~2,700 a day). */
const TODAY_ENTRIES = 3_000
/** Between keys typed in a field: a quick clerk. */
const TYPE_DELAY_MS = 120
/** A clerk's glance at a new screen before the next key. */
const GLANCE_MS = 150
/** The deposits' customers (sandbox seed), one per round: a second deposit to the same phone asks again. */
const CUSTOMERS = ['0912345678', '0921234567', '0931234567', '0941234567', '0951234567', '0961234567']

/**
 * Put in the page before its own scripts: every key with the screen and field it was pressed on, the
 * Event Timing entries of interactions, and the moment the Sell list was first painted. A string, not a
 * function: evaluated as written in the page.
 */
const RECORDER = `(() => {
  const bench = { keys: [], events: [], firstUsable: null }
  window.__bench = bench
  addEventListener('keydown', (e) => {
    // The shown screen's: others are there ahead, hidden (React's Activity: display none on them; or laid out
    // hidden, aria-hidden: ui/warm-up.ts).
    const main = [...document.querySelectorAll('main[aria-labelledby]')].find(
      (m) => m.style.display !== 'none' && !m.hasAttribute('aria-hidden'),
    )
    const t = e.target
    const typing = t instanceof HTMLInputElement && (e.key.length === 1 || e.key === 'Backspace')
    const label = typing ? t.closest('.field')?.querySelector('label')?.textContent ?? t.name : null
    bench.keys.push({ at: e.timeStamp, key: e.key, screen: main ? main.getAttribute('aria-labelledby') : null, field: label })
  }, true)
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!e.interactionId) continue
      bench.events.push({
        id: e.interactionId, name: e.name, at: e.startTime, duration: e.duration,
        processingStart: e.processingStart, processingEnd: e.processingEnd,
      })
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true })
  // The main thread's frames of 50 ms and more (Long Animation Frames), each with its longest script: what a
  // slow key met there. A slow key that met none spent its time after the main thread (raster, compositing) or
  // in shorter tasks.
  bench.frames = []
  new PerformanceObserver((list) => {
    for (const f of list.getEntries()) {
      const top = f.scripts.reduce((a, b) => (b.duration > a.duration ? b : a), { duration: 0, invoker: '' })
      bench.frames.push({ at: f.startTime, duration: f.duration, script: top.invoker, scriptDuration: top.duration })
    }
  }).observe({ type: 'long-animation-frame', buffered: true })
  new MutationObserver((_, observer) => {
    if (!document.querySelector('.denomination')) return
    observer.disconnect()
    requestAnimationFrame(() => setTimeout(() => { bench.firstUsable = performance.now() }, 0))
  }).observe(document, { childList: true, subtree: true })
})()`

interface KeyRecord {
  at: number
  key: string
  screen: string | null
  field: string | null
}
interface EventRecord {
  id: number
  name: string
  at: number
  duration: number
  processingStart: number
  processingEnd: number
}
interface FrameRecord {
  at: number
  duration: number
  /** The frame's longest script: what called it (an event listener, a timer, a promise's callback). */
  script: string
  scriptDuration: number
}
interface Recorded {
  keys: KeyRecord[]
  events: EventRecord[]
  frames: FrameRecord[]
  firstUsable: number | null
}

/** One key press as the clerk felt it: its interaction's longest entry, or under 16 ms when none was kept. */
interface Interaction {
  key: string
  screen: string
  field: string | null
  /** F1–F5: the screen it opened. */
  opens: string | null
  duration: number
  inputDelay: number
  processing: number
  presentation: number
  /** The longest frame of 50 ms and more on the page's main thread while the key waited for its paint. */
  longFrame: FrameRecord | null
}

const SCREEN_NAMES: Record<string, string> = {
  'sell-title': 'Sell',
  'deposit-title': 'Deposit',
  'journal-title': 'Journal',
  'settings-title': 'Settings',
  'manager-title': 'Manager (reports)',
}
const F_KEYS: Record<string, string> = {
  F1: 'Sell',
  F2: 'Deposit',
  F3: 'Journal',
  F4: 'Settings',
  F5: 'Manager (reports)',
}

function interactions(recorded: Recorded): Interaction[] {
  const byId = new Map<number, EventRecord[]>()
  for (const e of recorded.events) byId.set(e.id, [...(byId.get(e.id) ?? []), e])
  const groups = [...byId.values()]
  return recorded.keys.map((k) => {
    // An interaction's keydown entry starts at the key's own timestamp.
    const group = groups.find((g) => g.some((e) => e.name === 'keydown' && Math.abs(e.at - k.at) < 1))
    const worst = group?.reduce((a, b) => (b.duration > a.duration ? b : a))
    // Until the key's paint: its interaction's longest entry ends there.
    const end = worst ? worst.at + worst.duration : k.at
    const met = recorded.frames.filter((f) => f.at < end && f.at + f.duration > k.at)
    return {
      key: k.key,
      screen: (k.screen && SCREEN_NAMES[k.screen]) ?? k.screen ?? '(none)',
      field: k.field,
      opens: F_KEYS[k.key] ?? null,
      duration: worst?.duration ?? 0,
      inputDelay: worst ? worst.processingStart - worst.at : 0,
      processing: worst ? worst.processingEnd - worst.processingStart : 0,
      presentation: worst ? worst.at + worst.duration - worst.processingEnd : 0,
      longFrame: met.reduce<FrameRecord | null>((a, b) => (a && a.duration >= b.duration ? a : b), null),
    }
  })
}

/** Event Timing keeps entries of 16 ms and more (rounded to 8 ms): below that, it says "< 16 ms". */
const inp = (value: number) => (value < 16 ? '< 16 ms' : ms(value))
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')

async function throttled(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE })
  return cdp
}

/** The categories Chrome DevTools' Performance panel records: scripts, style, layout, paint, input. */
async function startTrace(cdp: CDPSession): Promise<void> {
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-devtools.timeline.frame',
        'v8.execute',
        'blink.user_timing',
        'latencyInfo',
        'loading',
        ...(process.env.SHOP_PC_SAMPLES === '1' ? ['disabled-by-default-v8.cpu_profiler'] : []),
        ...(process.env.SHOP_PC_CATS ?? '')
          .split(',')
          .map((category) => category.trim())
          .filter(Boolean),
      ],
    },
  })
}

/** The trace as Chrome's JSON. */
async function stopTrace(cdp: CDPSession): Promise<string> {
  const complete = new Promise<string>((resolve) =>
    cdp.once('Tracing.tracingComplete', (event) => resolve(event.stream ?? '')),
  )
  await cdp.send('Tracing.end')
  const stream = await complete
  let text = ''
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle: stream })
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data
    if (chunk.eof) break
  }
  await cdp.send('IO.close', { handle: stream })
  return text
}

/** Resolves once the page has drawn its next frame (evaluated as written: the page's CSP refuses eval). */
const AFTER_NEXT_FRAME = 'new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))'

/** A clerk's round at the counter, by the keyboard only. */
async function clerkRound(page: Page, customer: string): Promise<void> {
  // Each key, then the frame that shows it, before the bench looks at the page: Playwright's checks run in
  // the page's own thread (a role query, a button's stability over two frames) and, started at once, they
  // were measured as the key's own work — a slow PC does not run them.
  const k = {
    press: async (key: string) => {
      await page.keyboard.press(key)
      await page.evaluate(AFTER_NEXT_FRAME)
    },
    type: async (text: string, options: { delay: number }) => {
      await page.keyboard.type(text, options)
      await page.evaluate(AFTER_NEXT_FRAME)
    },
  }
  const glance = () => page.waitForTimeout(GLANCE_MS)
  const heading = (name: string) => page.getByRole('heading', { name, exact: true }).waitFor()
  // Locators, not waitForFunction: that compiles its predicate with eval, which the page's CSP refuses.
  const focusedIs = (field: string) => page.locator(`.${field} input:focus`).waitFor()

  // A sale: 1 picks the first value, Enter sells it once the button takes a press, Esc offers a new sale.
  await page.locator('.denomination').first().waitFor()
  await glance()
  await k.press('1')
  await ready(page.getByRole('button', { name: 'Confirm sale' }))
  await k.press('Enter')
  await heading('Voucher issued')
  await glance()
  await k.press('Escape')
  await page.locator('.denomination').first().waitFor()
  await glance()

  // A deposit: the phone typed, Enter looks it up, the name asked and answered, the amount, the review.
  await k.press('F2')
  await focusedIs('field-phone')
  await k.type(customer, { delay: TYPE_DELAY_MS })
  await k.press('Enter')
  await page.locator('.holder-name').waitFor()
  await ready(page.getByRole('button', { name: 'Yes', exact: true }))
  await k.press('Enter')
  await focusedIs('field-amount')
  await k.type('25', { delay: TYPE_DELAY_MS })
  await k.press('Enter')
  await heading('Check with the customer')
  await ready(page.getByRole('button', { name: 'Confirm deposit' }))
  await k.press('Enter')
  await heading('Deposit confirmed')
  await glance()
  await k.press('Escape')
  await focusedIs('field-phone')
  await glance()

  // The screens, as a clerk goes round them.
  await k.press('F1')
  await page.locator('.denomination').first().waitFor()
  await glance()
  await k.press('F2')
  await focusedIs('field-phone')
  await glance()

  // The journal: the search typed at once (the list still filling), the first result opened and put away.
  await k.press('F3')
  await focusedIs('field-search')
  // The last round's search is still there: selected, and typed over.
  await k.press('Control+A')
  await k.type(customer, { delay: TYPE_DELAY_MS })
  // The typed search's own answer on screen (the last round's, also one entry, may still be).
  await page.locator('.journal-row', { hasText: customer.slice(-4) }).waitFor()
  await page.locator('.journal-foot', { hasText: /^1 entry$/ }).waitFor()
  await glance()
  await k.press('ArrowDown')
  await page.locator('.journal-row:focus').waitFor()
  await glance()
  await k.press('Enter')
  await page.getByRole('complementary', { name: 'Entry' }).getByRole('heading', { name: 'History' }).waitFor()
  await glance()
  await k.press('Escape')
  await page.getByRole('complementary', { name: 'Entry' }).waitFor({ state: 'detached' })
  await glance()

  // The manager's screens: Settings, then the reports (its tabs by the arrows) and today's report shown.
  await k.press('F4')
  await heading('Settings')
  await glance()
  await k.press('F5')
  await page.getByRole('tab', { name: 'Reports' }).waitFor()
  await glance()
  await k.press('ArrowRight')
  await page.getByRole('tab', { name: 'People', selected: true }).waitFor()
  await glance()
  await k.press('ArrowLeft')
  await page.getByRole('tab', { name: 'Reports', selected: true }).waitFor()
  await glance()
  await page.getByRole('button', { name: 'Show report' }).focus()
  await k.press('Enter')
  await page.locator('.report-view').waitFor()
  await glance()
  await k.press('F1')
  await page.locator('.denomination').first().waitFor()
  await glance()
}

/** When the Sell list was first painted (polled: waitForFunction's eval is refused by the page's CSP). */
async function firstUsableAt(page: Page): Promise<number> {
  for (;;) {
    const at = (await page.evaluate('window.__bench.firstUsable')) as number | null
    if (at !== null) return at
    await page.waitForTimeout(50)
  }
}

function row(name: string, list: readonly Interaction[]): string[] {
  const durations = list.map((i) => i.duration)
  const worst = list.reduce<Interaction | null>((a, b) => (a && a.duration >= b.duration ? a : b), null)
  return [
    name,
    String(list.length),
    String(durations.filter((d) => d >= 16).length),
    inp(percentile(durations, 98)),
    inp(worst?.duration ?? 0),
    worst ? `${worst.key}${worst.field ? ` in ${worst.field}` : ''} on ${worst.screen}` : '',
  ]
}

async function main(): Promise<void> {
  console.log(`Reseller Desk shop-PC bench — CPU slowed ${RATE}×; load average ${load()} (1 / 5 / 15 min)`)
  const rendererDir = process.env.SHOP_PC_RENDERER ?? (await buildRendererForTest())
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-pc-bench-'))
  fillTodaysJournal(dataDir, TODAY_ENTRIES)
  const shell = await startBrowserShell({ dataDir, rendererDir })
  const browser = await launchBrowser()
  try {
    // The first usable screen: from navigation to the Sell list painted, a fresh page each time.
    const firstUsable: number[] = []
    for (let i = 0; i < LOADS; i++) {
      const page = await browser.newPage()
      await throttled(page)
      await page.addInitScript(RECORDER)
      await page.goto(shell.url)
      firstUsable.push(await firstUsableAt(page))
      await page.close()
    }

    // The clerk's session on one page, from its start.
    const page = await browser.newPage()
    const cdp = await throttled(page)
    await page.addInitScript(RECORDER)
    const profile = process.env.SHOP_PC_PROFILE
    if (profile) {
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
      await cdp.send('Profiler.start')
    }
    const trace = process.env.SHOP_PC_TRACE
    if (trace) await startTrace(cdp)
    await page.goto(shell.url)
    try {
      for (let round = 0; round < ROUNDS; round++) {
        await clerkRound(page, CUSTOMERS[round % CUSTOMERS.length] as string)
      }
    } catch (error) {
      // Where the session stopped, to see why.
      await page.screenshot({ path: 'test-output/shop-pc-stopped.png' }).catch(() => undefined)
      throw error
    }
    // The last entries are delivered with the next frame.
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100)))')
    if (trace) {
      writeFileSync(trace, await stopTrace(cdp))
      console.log(`Chromium trace of the session: ${trace}`)
    }
    if (profile) {
      const { profile: cpu } = await cdp.send('Profiler.stop')
      writeFileSync(profile, JSON.stringify(cpu))
      console.log(`CPU profile of the session: ${profile}`)
    }
    const recorded = (await page.evaluate('window.__bench')) as Recorded
    const all = interactions(recorded)
    // Beside the trace, the session's keys in order, each with its figures, to find them in it; or on their own,
    // to compare renderers key by key over several runs.
    const keys = process.env.SHOP_PC_KEYS ?? (trace ? `${trace}.keys.json` : undefined)
    if (keys) writeFileSync(keys, JSON.stringify(all, null, 1))
    await page.close()

    const first = summarize(firstUsable)
    printTable(
      `First usable screen at ${RATE}× CPU (${LOADS} loads, a fresh page each)`,
      ['measure', 'first load', 'median', 'worst'],
      [
        [
          'navigation → the Sell list painted',
          ms(firstUsable[0] ?? Number.NaN),
          ms(first.median),
          ms(Math.max(...firstUsable)),
        ],
      ],
    )

    const header = ['interactions', 'keys', '≥ 16 ms', 'p98', 'worst', 'worst was']
    const screens = [...new Set(all.map((i) => i.screen))]
    printTable(
      `Interaction to next paint at ${RATE}× CPU, ${ROUNDS} round(s) of a clerk's session — the key's screen`,
      header,
      [
        ...screens.map((s) =>
          row(
            s,
            all.filter((i) => i.screen === s),
          ),
        ),
        row('the whole session', all),
      ],
    )
    const typing = all.filter((i) => i.field !== null)
    const fields = [...new Set(typing.map((i) => i.field as string))]
    printTable('Typing in a field (each character)', header, [
      ...fields.map((f) =>
        row(
          f,
          typing.filter((i) => i.field === f),
        ),
      ),
      row('every field', typing),
    ])
    const switches = all.filter((i) => i.opens !== null)
    printTable(
      'Screen switches (F1–F5), each press',
      ['key', 'from', 'durations', 'worst'],
      Object.keys(F_KEYS).map((key) => {
        const presses = switches.filter((i) => i.key === key)
        return [
          `${key} → ${F_KEYS[key]}`,
          [...new Set(presses.map((p) => p.screen))].join(', '),
          presses.map((p) => inp(p.duration)).join(', '),
          inp(Math.max(0, ...presses.map((p) => p.duration))),
        ]
      }),
    )
    printTable(
      'The slowest interactions: input delay (waiting for the page) + processing (handlers) + presentation (to the frame)',
      [
        'key',
        'screen',
        'duration',
        'input delay',
        'processing',
        'presentation',
        'long frame met (its longest script)',
      ],
      [...all]
        .sort((a, b) => b.duration - a.duration)
        .slice(0, 8)
        .map((i) => [
          `${i.key}${i.field ? ` in ${i.field}` : ''}`,
          i.screen,
          inp(i.duration),
          ms(i.inputDelay),
          ms(i.processing),
          ms(i.presentation),
          i.longFrame
            ? `${ms(i.longFrame.duration)} (${i.longFrame.script || 'no script'}${i.longFrame.script ? ` ${ms(i.longFrame.scriptDuration)}` : ''})`
            : 'none',
        ]),
    )

    const durations = (list: Interaction[]) => list.map((i) => i.duration)
    printTargets(`Target (issue 32: the shop's PC, ${RATE}× CPU; load average ${load()})`, [
      {
        name: 'every interaction of the session (p98)',
        value: percentile(durations(all), 98),
        goal: 100,
        format: ms,
      },
      { name: 'typing in a field (p98)', value: percentile(durations(typing), 98), goal: 50, format: ms },
      {
        name: 'each F-key screen switch (worst)',
        value: Math.max(0, ...durations(switches)),
        goal: 100,
        format: ms,
      },
      { name: 'first usable screen (median)', value: first.median, goal: 1500, format: ms },
    ])
  } finally {
    await browser.close()
    await shell.close()
    rmSync(dataDir, { recursive: true, force: true })
    if (!process.env.SHOP_PC_RENDERER) rmSync(rendererDir, { recursive: true, force: true })
  }
}

await main()
