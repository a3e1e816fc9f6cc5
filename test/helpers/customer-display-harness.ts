import type { CustomerView } from '../../src/shared/customer-view'
import type { FakeBrowserWindow, FakeDisplay, FakeElectron } from './fake-electron'

/**
 * The customer display under the fake Electron, as main-harness.ts runs the built main bundle: the window made
 * on the display a manager chooses, what main pushes into its page, what the page may not do, and the window
 * following its display as it goes and comes back. Writes what happened into `report`.
 */

type Call = (method: string, input?: unknown, event?: unknown) => Promise<{ ok: boolean; value?: unknown }>

export const CUSTOMER_DISPLAYS: FakeDisplay[] = [
  { id: 1, label: 'Clerk monitor', bounds: { x: 0, y: 0, width: 1920, height: 1080 } },
  {
    id: 2,
    label: 'Customer monitor',
    bounds: { x: 1920, y: 0, width: 1024, height: 768 },
    touchSupport: 'available',
  },
]

/** The view a script main ran in the page carries (the DOM event's detail, written as JSON). */
export function viewOf(script: string): CustomerView | null {
  const found = /detail: (\{.*\}) \}\)\); undefined$/s.exec(script)
  return found?.[1] ? (JSON.parse(found[1]) as CustomerView) : null
}

async function until<T>(what: string, probe: () => T | undefined | null | false, ms = 20_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = probe()
    if (value !== undefined && value !== null && value !== false) return value
    if (Date.now() > end) throw new Error(`timed out: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

function windowFacts(w: FakeBrowserWindow) {
  return {
    options: w.options,
    bounds: w.getBounds(),
    loads: w.webContents.loads,
    shown: w.shown,
    shownInactive: w.shownInactive,
    fullScreen: w.fullScreen,
    zoomLimits: w.webContents.zoomLimits,
  }
}

export async function customerDisplayScenario(
  electron: FakeElectron,
  main: FakeBrowserWindow,
  call: Call,
  report: Record<string, unknown>,
): Promise<void> {
  const customerWindows = () => electron.windows.filter((w) => w !== main && !w.isDestroyed())
  const views = (w: FakeBrowserWindow) => w.webContents.scripts.map(viewOf)
  const latest = (w: FakeBrowserWindow) => views(w).at(-1) ?? null

  // Two displays, none chosen yet: nothing opens.
  await new Promise((resolve) => setTimeout(resolve, 200))
  report.beforeChoice = { customerWindows: customerWindows().length }
  report.setup = await call('getCustomerDisplaySetup')

  // The manager chooses the second display.
  report.configured = await call('configureCustomerDisplay', {
    display: { id: 2, label: 'anything the page says' },
  })
  const first = await until('the customer window', () => customerWindows()[0])
  await until('its first view', () => latest(first))
  await until('shown', () => first.shown)
  report.opened = windowFacts(first)
  report.firstView = latest(first)

  // The page has no calls: the IPC sender check refuses it, whatever it asks.
  report.fromCustomerPage = await call('getStatus', undefined, {
    sender: first.webContents,
    senderFrame: { url: 'app://desk/customer.html', parent: null },
  })
  report.refusedByThePage = {
    navigateAway: first.webContents.emitPreventable('will-navigate', 'https://evil.example/'),
    navigateToTheDesk: first.webContents.emitPreventable('will-navigate', 'app://desk/index.html'),
    key: first.webContents.emitPreventable('before-input-event', { type: 'keyDown', key: 'a' }),
    windowOpen: first.webContents.windowOpenHandler?.({ url: 'https://evil.example/' }) ?? null,
  }

  // A deposit's lookup, as the clerk's screen says it: main pushes the name and the masked phone.
  await call('lookupCustomer', { phone: '0912345678' })
  await call('showCustomer', { show: 'deposit-name', phone: '0912345678' })
  report.nameView = await until('the name pushed', () => views(first).find((v) => v?.state === 'name'))

  // The customer's "Yes, this is me": only from the page's own top frame, for the question on screen.
  await call('configureCustomerDisplay', { customerConfirms: true })
  await call('showCustomer', { show: 'deposit-name', phone: '0912345678' })
  const asked = await until('the question with its button', () => {
    const view = latest(first)
    return view?.state === 'name' && view.confirm ? view.confirm.nonce : undefined
  })
  first.webContents.emit('did-navigate-in-page', {}, `app://desk/customer.html#yes=${asked}`, false)
  report.answerFromASubframe = await call('getCustomerDisplay')
  first.webContents.emit('did-navigate-in-page', {}, `app://desk/customer.html#yes=${asked}`, true)
  report.answer = await call('getCustomerDisplay')
  report.scriptsOfTheDeposit = first.webContents.scripts.join('\n')

  // The display is unplugged: the window closes; plugged back: a new one on it.
  electron.screen.remove(2)
  report.unplugged = {
    firstDestroyed: first.isDestroyed(),
    customerWindows: customerWindows().length,
    setup: await call('getCustomerDisplaySetup'),
  }
  electron.screen.add(CUSTOMER_DISPLAYS[1] as FakeDisplay)
  const again = await until('the window back', () => customerWindows()[0])
  await until('its view', () => latest(again))
  report.pluggedBack = { ...windowFacts(again), view: latest(again), newWindow: again !== first }

  // The system moves it: it is put back on its display.
  again.setBounds({ x: 0, y: 0 })
  electron.screen.changeMetrics()
  report.movedBack = { bounds: again.getBounds(), sameWindow: customerWindows()[0] === again }

  // One display left: the chosen one gone, nothing shows; the manager chooses the only display: it opens there.
  electron.screen.remove(2)
  report.singleDisplay = { customerWindows: customerWindows().length }
  await call('configureCustomerDisplay', { display: { id: 1, label: 'Clerk monitor' } })
  const onOnly = await until('the window on the only display', () => customerWindows()[0])
  report.managerAsked = windowFacts(onOnly)
  await call('configureCustomerDisplay', { display: null })
  report.turnedOff = { customerWindows: customerWindows().length }
}
