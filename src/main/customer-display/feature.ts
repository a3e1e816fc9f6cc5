import type { CustomerDisplaySetup, DisplayInfo } from '../../shared/customer-view'
import type { DeskCore, FeatureHandlers } from '../desk/core'
import type { SettingsStore } from '../settings/settings'
import { CustomerDisplay, type SaleFacts } from './display'

/**
 * What a host does with the display: Electron places a frameless window on the display the manager chose
 * (main/electron/customer-window.ts); the browser shell serves the page at its own address.
 */
export interface CustomerDisplayHost {
  /** True where the host places a window on a display; false where the page has an address instead. */
  readonly placesWindows: boolean
  /** The displays the host sees now. */
  displays(): DisplayInfo[]
  /** Whether the display shows now. */
  open(): boolean
  /** The manager changed the choice: the host places, moves or closes its window. */
  settingsChanged(): void
}

export type CustomerDisplayMethod =
  | 'showCustomer'
  | 'getCustomerDisplay'
  | 'getCustomerDisplaySetup'
  | 'configureCustomerDisplay'

export interface CustomerDisplayFeature {
  display: CustomerDisplay
  handlers: FeatureHandlers<CustomerDisplayMethod>
  stop(): void
}

/**
 * The customer display (docs/customer-display.md): its state in main, the clerk's screen's one call that says
 * where it is, and the manager's settings card. The host is read when needed (Electron makes its window host
 * after the desk).
 */
export function createCustomerDisplayFeature(
  core: Pick<DeskCore, 'active' | 'settings' | 'log'>,
  deps: {
    store: SettingsStore
    facts: SaleFacts
    host: () => CustomerDisplayHost | null
    resultMs?: number
  },
): CustomerDisplayFeature {
  const log = core.log.child('customer-display')
  const display = new CustomerDisplay({
    active: () => core.active(),
    settings: () => core.settings(),
    facts: deps.facts,
    log,
    isOpen: () => deps.host()?.open() ?? false,
    ...(deps.resultMs !== undefined ? { resultMs: deps.resultMs } : {}),
  })

  function setup(): CustomerDisplaySetup {
    const host = deps.host()
    return {
      settings: core.settings().customerDisplay,
      placesWindows: host?.placesWindows ?? false,
      displays: host?.displays() ?? [],
      open: host?.open() ?? false,
    }
  }

  return {
    display,
    stop: () => display.stop(),
    handlers: {
      showCustomer: async (args) => display.show(args),
      getCustomerDisplay: async () => display.state(),
      getCustomerDisplaySetup: async () => setup(),
      configureCustomerDisplay: async (args) => {
        const current = core.settings().customerDisplay
        const host = deps.host()
        // The label the host gives the display, not the page's: it is what finds the display again.
        const chosen =
          args.display === undefined || args.display === null
            ? args.display
            : {
                id: args.display.id,
                label: host?.displays().find((d) => d.id === args.display?.id)?.label ?? args.display.label,
              }
        deps.store.update({
          customerDisplay: {
            ...current,
            ...(chosen !== undefined ? { display: chosen } : {}),
            ...(args.language !== undefined ? { language: args.language } : {}),
            ...(args.customerConfirms !== undefined ? { customerConfirms: args.customerConfirms } : {}),
          },
        })
        // "Yes, this is me" switched off: a question on screen loses its button.
        if (args.customerConfirms === false) display.idle()
        display.refresh()
        host?.settingsChanged()
        return setup()
      },
    },
  }
}
