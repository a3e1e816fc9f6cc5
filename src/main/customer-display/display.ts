import { randomUUID } from 'node:crypto'
import type { DeskArgs } from '../../shared/contract'
import type {
  CustomerDisplayState,
  CustomerHolder,
  CustomerScreen,
  CustomerView,
  NameConfirmedBy,
} from '../../shared/customer-view'
import { type LibyanPhone, normalizeLibyanPhone } from '../../shared/phone'
import type { Mode } from '../../shared/types'
import type { CachedLookup, CustomerFacing, Workspace } from '../desk/workspace'
import type { EntryRecord } from '../journal/journal'
import type { Logger } from '../log'
import type { StoredSettings } from '../settings/settings'
import { customerView, holderFor, resultScreen } from './view'

/** How long a finished sale stays on the customer's screen before it goes back to Welcome. */
export const RESULT_SHOWN_MS = 8_000

/**
 * What the display asks of the desk (the composition root answers from the desk's own records): the lookup
 * that proves who a phone's account holder is, and the value of an id in the desk's list.
 */
export interface SaleFacts {
  /** A fresh lookup of this phone in this workspace (the one a deposit would accept), or null. */
  lookedUp(ws: Workspace, phone: LibyanPhone): CachedLookup | null
  /** The value of this id in the desk's list of this workspace's service, or null when it is not listed. */
  listedValue(ws: Workspace, denominationId: number): number | null
}

export interface CustomerDisplayDeps {
  active(): Workspace
  settings(): StoredSettings
  facts: SaleFacts
  log: Logger
  /** Whether the host shows the display now (Electron: its window is open; browser shell: a page is). */
  isOpen(): boolean
  resultMs?: number
  newNonce?: () => string
}

interface Question {
  nonce: string
  mode: Mode
  phone: LibyanPhone
  lookupAt: number
}

/**
 * The customer display's state in main: what it shows, pushed to whoever listens (the Electron window, the
 * browser shell's page). The clerk's screen says where it is (showCustomer, by reference); the money calls say
 * when a sale leaves and what became of it; a sign-out, a lock or a page gone makes it idle at once, and a
 * result goes after a few seconds. The customer's one possible act, "Yes, this is me", counts only for the
 * question on screen (its nonce) and for that very lookup.
 */
export class CustomerDisplay implements CustomerFacing {
  private screen: CustomerScreen = { state: 'idle' }
  /** The entry whose waiting or outcome is on screen. */
  private sale: string | null = null
  private question: Question | null = null
  /** The customer's "Yes, this is me" for a lookup (its phone and monotonic time). */
  private confirmed: Omit<Question, 'nonce'> | null = null
  private timer: ReturnType<typeof setTimeout> | null = null
  private readonly listeners = new Set<(view: CustomerView) => void>()
  private lastSent = ''

  constructor(private readonly deps: CustomerDisplayDeps) {}

  /** What the page shows now. */
  view(): CustomerView {
    return customerView(this.screen, this.deps.settings(), this.mode())
  }

  /** Calls `listener` with the view now and at every change; returns the way to stop. */
  subscribe(listener: (view: CustomerView) => void): () => void {
    this.listeners.add(listener)
    this.tell(listener, this.view())
    return () => void this.listeners.delete(listener)
  }

  state(): CustomerDisplayState {
    const settings = this.deps.settings().customerDisplay
    const confirmed = this.confirmed && this.confirmed.mode === this.mode() ? this.confirmed.phone : null
    return {
      open: this.deps.isOpen(),
      customerConfirms: settings.customerConfirms,
      confirmedByCustomer: confirmed,
    }
  }

  /** The clerk's screen is at this step: what the customer may see of it, from the desk's own records. */
  show(args: DeskArgs<'showCustomer'>): CustomerDisplayState {
    const ws = this.deps.active()
    switch (args.show) {
      case 'idle':
        this.idle()
        break
      case 'wait':
        this.set({ state: 'wait' })
        break
      case 'voucher': {
        const listed = this.deps.facts.listedValue(ws, args.denominationId)
        // Only a value of the desk's list, as the clerk confirms it: anything else is not the customer's to read.
        this.set(
          listed === args.valueDirhams ? { state: 'voucher', valueDirhams: listed } : { state: 'wait' },
        )
        break
      }
      default: {
        const phone = normalizeLibyanPhone(args.phone)
        const lookup = phone ? this.deps.facts.lookedUp(ws, phone) : null
        if (!phone || !lookup || lookup.status !== 'active') {
          this.set({ state: 'wait' })
          break
        }
        const holder = holderFor(phone, lookup.firstName)
        if (args.show === 'deposit-name') this.ask(ws, phone, lookup, holder)
        else if (args.show === 'deposit-amount')
          this.set({ state: 'amount', holder, amountDirhams: args.amountDirhams })
        else this.set({ state: 'review', holder, amountDirhams: args.amountDirhams })
      }
    }
    return this.state()
  }

  /** The page said `#yes=<nonce>`: the customer pressed "Yes, this is me". False when it counts for nothing. */
  customerSaysYes(nonce: string): boolean {
    const question = this.question
    if (!question || question.nonce !== nonce || this.screen.state !== 'name') return false
    if (!this.deps.settings().customerDisplay.customerConfirms || question.mode !== this.mode()) return false
    const { holder } = this.screen
    this.confirmed = { mode: question.mode, phone: question.phone, lookupAt: question.lookupAt }
    this.deps.log.info('the customer confirmed the account holder on the customer display')
    this.set({ state: 'amount', holder, amountDirhams: null })
    return true
  }

  /** Back to Welcome at once: nothing of a sale stays. */
  idle(): void {
    this.confirmed = null
    this.set({ state: 'idle' })
  }

  /** Settings or the mode changed: the page follows (language, outlet name, TRAINING). */
  refresh(): void {
    this.emit()
  }

  stop(): void {
    this.clearTimer()
    this.listeners.clear()
  }

  // The money calls (CustomerFacing) ---------------------------------------------------------------------

  sending(ws: Workspace, entry: EntryRecord): void {
    this.safely(() => {
      if (ws !== this.deps.active()) return
      this.set({ state: 'wait' })
      this.sale = entry.id
    })
  }

  finished(ws: Workspace, entry: EntryRecord): void {
    this.safely(() => {
      if (ws !== this.deps.active() || this.sale !== entry.id) return
      this.set(resultScreen(entry))
      this.sale = entry.id
      const shown = this.screen
      this.timer = setTimeout(() => {
        if (this.screen === shown) this.idle()
      }, this.deps.resultMs ?? RESULT_SHOWN_MS)
      this.timer.unref?.()
    })
  }

  interrupted(ws: Workspace): void {
    this.safely(() => {
      if (ws === this.deps.active() && this.sale !== null && this.screen.state === 'wait') this.idle()
    })
  }

  nameConfirmedBy(ws: Workspace, phone: string, lookup: CachedLookup): NameConfirmedBy {
    const c = this.confirmed
    return c && c.mode === ws.mode && c.phone === phone && c.lookupAt === lookup.atMonotonic
      ? 'customer'
      : 'clerk'
  }

  // ------------------------------------------------------------------------------------------------------

  /** The name question, asked again: an answer to an earlier one no longer counts. */
  private ask(ws: Workspace, phone: LibyanPhone, lookup: CachedLookup, holder: CustomerHolder): void {
    this.confirmed = null
    const asks = this.deps.settings().customerDisplay.customerConfirms
    const nonce = asks ? (this.deps.newNonce ?? randomUUID)() : null
    this.set({ state: 'name', holder, confirm: nonce ? { nonce } : null })
    this.question = nonce ? { nonce, mode: ws.mode, phone, lookupAt: lookup.atMonotonic } : null
  }

  private set(screen: CustomerScreen): void {
    this.clearTimer()
    this.screen = screen
    this.sale = null
    this.question = null
    this.emit()
  }

  private emit(): void {
    const view = this.view()
    const text = JSON.stringify(view)
    if (text === this.lastSent) return
    this.lastSent = text
    for (const listener of this.listeners) this.tell(listener, view)
  }

  private tell(listener: (view: CustomerView) => void, view: CustomerView): void {
    try {
      listener(view)
    } catch (error) {
      this.deps.log.warn('the customer display could not be updated', { error })
    }
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }

  private mode(): Mode {
    try {
      return this.deps.active().mode
    } catch {
      return 'training'
    }
  }

  /** The display never stops a sale: whatever goes wrong here is logged and left. */
  private safely(work: () => void): void {
    try {
      work()
    } catch (error) {
      this.deps.log.warn('the customer display could not follow a sale', { error })
    }
  }
}
