/** The denominations a voucher is sold from, as the service last listed them. */
import type { Mode } from './types'

export interface Denomination {
  id: number
  name: string
  valueDirhams: number
}

export interface DenominationList {
  items: Denomination[]
  fetchedAt: string | null
  stale: boolean
  /** The mode whose service gave the list. */
  mode: Mode
  /** Names this list (DeskStatus.catalogDigest); null when empty. */
  digest: string | null
}
