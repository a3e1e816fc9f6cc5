/**
 * The customer display: a second screen facing the customer (docs/customer-display.md). Main decides what it
 * shows (main/customer-display/view.ts) and pushes it to the page; the page only draws it. These are the
 * words both sides speak: what one view holds, the display's settings, and the one thing the page can say
 * back (the customer's "Yes, this is me", as its own address's fragment).
 */

/** The language of the customer's screen: Arabic (the default), English, or both side by side. */
export const CUSTOMER_LANGUAGES = ['ar', 'en', 'both'] as const
export type CustomerLanguage = (typeof CUSTOMER_LANGUAGES)[number]

/** Who confirmed a deposit's account holder: the clerk (always possible), or the customer on their screen. */
export const NAME_CONFIRMED_BY = ['clerk', 'customer'] as const
export type NameConfirmedBy = (typeof NAME_CONFIRMED_BY)[number]

/** What the customer is told of a finished sale: never "unknown", never an HTTP status. */
export type CustomerOutcome = 'done' | 'not-sent' | 'checking'

/** Who receives a deposit, as the customer may see it: the first name as the service gave it, a masked phone. */
export interface CustomerHolder {
  firstName: string
  /** All but the last digits masked: `••• ••• •678`. */
  maskedPhone: string
}

/** One screen of the customer display. Nothing else is ever sent to the page: no whole phone, no code. */
export type CustomerScreen =
  /** The outlet's name and "Welcome". */
  | { state: 'idle' }
  /** "Please wait": the sale is on its way, or the clerk is dealing with something the customer need not read. */
  | { state: 'wait' }
  /**
   * "Is this you?" after a deposit's lookup. `confirm`: the customer may press "Yes, this is me" (a setting),
   * which the page says back with this nonce (a press for an earlier question does nothing).
   */
  | { state: 'name'; holder: CustomerHolder; confirm: { nonce: string } | null }
  /** The amount as the clerk types it (null while the field holds no amount yet). */
  | { state: 'amount'; holder: CustomerHolder; amountDirhams: number | null }
  /** The review: "The clerk will now send this". */
  | { state: 'review'; holder: CustomerHolder; amountDirhams: number }
  /** A voucher of this value is about to be sold: "Your code is on your receipt" — never the code. */
  | { state: 'voucher'; valueDirhams: number }
  /** A finished sale or deposit: the amount and the time (HH:MM in Tripoli) it was answered. */
  | {
      state: 'result'
      kind: 'voucher' | 'deposit'
      outcome: CustomerOutcome
      amountDirhams: number
      time: string
    }

export type CustomerState = CustomerScreen['state']

/** What main pushes to the page: the screen, and what every screen carries. */
export type CustomerView = CustomerScreen & {
  language: CustomerLanguage
  /** Training mode: the display says TRAINING too. */
  training: boolean
  /** The outlet's name from the receipt settings ('' when none is set). */
  outletName: string
}

/** The window event the page listens to: its `detail` is a CustomerView (main/electron, the shell's script). */
export const CUSTOMER_VIEW_EVENT = 'customer-view'
/** The page's one way to speak: `#yes=<nonce>` in its own address (an in-page navigation main reads). */
export const CUSTOMER_YES_FRAGMENT = 'yes='

/** The nonce a `#yes=<nonce>` address carries, or null. */
export function customerYesNonce(url: string): string | null {
  const hash = url.indexOf('#')
  if (hash < 0) return null
  const fragment = url.slice(hash + 1)
  if (!fragment.startsWith(CUSTOMER_YES_FRAGMENT)) return null
  const nonce = fragment.slice(CUSTOMER_YES_FRAGMENT.length)
  return /^[0-9a-f-]{36}$/.test(nonce) ? nonce : null
}

/** A display as the host's screen module reports it, for the manager's choice. */
export interface DisplayInfo {
  id: number
  label: string
  bounds: { x: number; y: number; width: number; height: number }
  primary: boolean
  /** Electron's touchSupport: whether the display is a touch screen (unknown on some systems). */
  touch: 'available' | 'unavailable' | 'unknown'
}

/** The manager's choice, kept in settings. */
export interface CustomerDisplaySettings {
  /**
   * The display the customer faces: its id, and its label to find it again should the system renumber its
   * displays. null: no customer display (the default).
   */
  display: { id: number; label: string } | null
  language: CustomerLanguage
  /** The customer may press "Yes, this is me" (touch screens). Off by default; the clerk's answer rules. */
  customerConfirms: boolean
}

/** What the clerk's screen learns of the display after each step it shows. */
export interface CustomerDisplayState {
  /** Whether a customer display is showing now (Electron: its window is open; browser shell: a page is). */
  open: boolean
  customerConfirms: boolean
  /** The phone whose account holder the customer confirmed on their screen, for the question now shown. */
  confirmedByCustomer: string | null
}

/** Settings, with the displays the host sees, for the manager's card. */
export interface CustomerDisplaySetup {
  settings: CustomerDisplaySettings
  /** Whether this host can place a window on a display (false in the browser shell: the page has an address). */
  placesWindows: boolean
  displays: DisplayInfo[]
  open: boolean
}
