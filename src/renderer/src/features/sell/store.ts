import { createStore, type StoreApi } from 'zustand/vanilla'
import type { DeskApi } from '../../../../shared/contract'
import type { DailyLimit } from '../../../../shared/daily-limit'
import { type AppErrorData, toAppErrorData } from '../../../../shared/errors'
import type { Denomination, DenominationList } from '../../../../shared/sale'
import type { JournalEntry, Mode } from '../../../../shared/types'
import { isLimitRefusal, type LastOperation, lastOperationOf } from '../../ui/entry'

export type SellStep = 'choose' | 'confirm' | 'sending' | 'result'

/** A voucher of the value being sold whose outcome is still unknown today, as main named it. */
export interface OpenVoucher {
  entryId: string
  at: string
  clerk: string | null
  valueDirhams: number
}

export interface SellState {
  denominations: DenominationList | null
  loadingDenominations: boolean
  denominationsError: AppErrorData | null
  /**
   * The list on screen was replaced by another (the provider changed it, the mode or the service changed)
   * since the clerk last chose from it: said on the choose step until the next choice.
   */
  listChanged: boolean
  step: SellStep
  selected: Denomination | null
  /** What the daily limit probably still allows, asked when a value is chosen (null: not known). */
  limit: DailyLimit | null
  /**
   * One id per confirmed sale, kept until main answers with an entry: if the answer is lost and the clerk
   * confirms again, main returns the same entry instead of generating a second voucher.
   */
  requestId: string | null
  /** Main asked first: a voucher of this value sold today has no known outcome yet. */
  openVoucher: OpenVoucher | null
  /** When the sale was sent (epoch ms), while it waits for the service's answer. */
  sentAt: number | null
  result: JournalEntry | null
  /** A refusal before anything was journaled (nothing was sent). */
  error: AppErrorData | null
  /** The last sale once the screen has moved on: its time and value, never its code. */
  last: LastOperation | null
  loadDenominations(refresh?: boolean): Promise<void>
  /**
   * The desk now sells from this mode's list with this digest (the status says so): a list on screen that is
   * another is put away before anything more is offered from it, and the desk's is fetched.
   */
  catalogIs(mode: Mode, digest: string | null): void
  choose(denomination: Denomination): void
  cancel(): void
  /** `confirmOpen`: the clerk answered main's question about an open voucher of this value: sell another. */
  confirm(confirmOpen?: boolean): Promise<void>
  newSale(): void
  /** The clerk left the screen: a sale not yet confirmed is dropped, a finished one is put away. */
  leave(): void
}

export type SellStore = StoreApi<SellState>

export interface SellDeps {
  api: Pick<DeskApi, 'listDenominations' | 'generateVoucher' | 'getDailyLimit'>
  newRequestId(): string
  /** A sale was answered: what moved today changed (the header's daily limit). */
  onSent?(entry: JournalEntry): void
  now?(): number
  /**
   * Runs what a choice or a new sale only sets going (calls to main) once it is on screen: the desk
   * passes ui/after-paint.ts's afterNextPaint, so the key's frame is not held up by them. At once when not given.
   */
  later?(work: () => void): void
}

/** Whether two lists offer the same values under the same ids, in the same places (the number keys). */
function sameOffer(a: DenominationList, b: DenominationList): boolean {
  return (
    a.mode === b.mode &&
    a.items.length === b.items.length &&
    a.items.every((d, i) => d.id === b.items[i]?.id && d.valueDirhams === b.items[i]?.valueDirhams)
  )
}

function openVoucherOf(error: AppErrorData): OpenVoucher | null {
  if (error.code !== 'OPEN_VOUCHER_NEEDS_CONFIRMATION') return null
  const d = error.details ?? {}
  if (typeof d.entryId !== 'string' || typeof d.at !== 'string' || typeof d.valueDirhams !== 'number')
    return null
  return {
    entryId: d.entryId,
    at: d.at,
    clerk: typeof d.clerk === 'string' ? d.clerk : null,
    valueDirhams: d.valueDirhams,
  }
}

export function createSellStore({
  api,
  newRequestId,
  onSent,
  now = Date.now,
  later = (work) => work(),
}: SellDeps): SellStore {
  return createStore<SellState>((set, get) => {
    /** A new sale's first step; `also` joins it in the same change (the store is never seen without it). */
    function fresh(also: Partial<SellState> = {}): void {
      const { result, last } = get()
      set({
        ...also,
        step: 'choose',
        selected: null,
        requestId: null,
        openVoucher: null,
        sentAt: null,
        result: null,
        error: null,
        limit: null,
        last: result ? lastOperationOf(result) : last,
      })
    }

    /** What the clerk was about to confirm came from a list that is not the desk's now: choose again. */
    function dropSelection(): void {
      if (get().step === 'confirm') {
        set({ step: 'choose', selected: null, requestId: null, openVoucher: null, error: null, limit: null })
      }
    }

    /** Only the latest request's answer is shown: a slow answer for the list before never replaces it. */
    let asked = 0
    /** The digest last asked for by catalogIs: a status that keeps saying it does not ask again. */
    let following: string | null = null

    return {
      denominations: null,
      loadingDenominations: false,
      denominationsError: null,
      listChanged: false,
      step: 'choose',
      selected: null,
      limit: null,
      requestId: null,
      openVoucher: null,
      sentAt: null,
      result: null,
      error: null,
      last: null,

      async loadDenominations(refresh = false) {
        const mine = ++asked
        set({ loadingDenominations: true })
        try {
          const list = await api.listDenominations(refresh ? { refresh: true } : {})
          if (mine !== asked) return
          const before = get().denominations
          const changed = before !== null && !sameOffer(before, list)
          if (changed) dropSelection()
          set({
            denominations: list,
            denominationsError: null,
            ...(changed ? { listChanged: true } : {}),
          })
        } catch (e) {
          if (mine === asked) set({ denominationsError: toAppErrorData(e) })
        } finally {
          if (mine === asked) set({ loadingDenominations: false })
        }
      },

      catalogIs(mode, digest) {
        const list = get().denominations
        if (list === null || (list.mode === mode && list.digest === digest)) return
        const key = `${mode}|${digest}`
        if (following === key) return
        following = key
        // Nothing more is offered from the old list: the choice made from it is dropped and said.
        const offered = get().step === 'choose' || get().step === 'confirm'
        dropSelection()
        set({ denominations: null, ...(offered ? { listChanged: true } : {}) })
        void get().loadDenominations()
      },

      choose(denomination) {
        if (get().step !== 'choose') return
        set({
          step: 'confirm',
          selected: denomination,
          requestId: newRequestId(),
          openVoucher: null,
          error: null,
          limit: null,
          listChanged: false,
        })
        later(() => {
          void api.getDailyLimit().then(
            (limit) => {
              if (get().selected === denomination) set({ limit })
            },
            // The estimate is a courtesy; the sale works without it.
            () => undefined,
          )
          // Asking for the list lets main fetch it again when it is some minutes old; a change reaches the screen
          // through the status (catalogIs), and a sale confirmed meanwhile waits for it in main.
          void api.listDenominations({}).then(
            (list) => {
              const shown = get().denominations
              if (shown && !sameOffer(shown, list)) get().catalogIs(list.mode, list.digest)
            },
            () => undefined,
          )
        })
      },

      cancel() {
        if (get().step !== 'confirm') return
        set({ step: 'choose', selected: null, requestId: null, openVoucher: null, error: null, limit: null })
      },

      async confirm(confirmOpen = false) {
        const { step, selected, requestId, openVoucher } = get()
        // Only a sale waiting for confirmation can be sent: a second click or a held Enter finds 'sending'.
        if (step !== 'confirm' || !selected || !requestId) return
        // With main's question on screen, only its own answer sells.
        if (openVoucher !== null && !confirmOpen) return
        set({ step: 'sending', error: null, sentAt: now() })
        try {
          const entry = await api.generateVoucher({
            denominationId: selected.id,
            valueDirhams: selected.valueDirhams,
            requestId,
            ...(confirmOpen ? { confirmOpenVoucher: true } : {}),
          })
          // A refusal for the daily limit is shown with the figures of the moment, as the header has them.
          const limit = isLimitRefusal(entry) ? await api.getDailyLimit().catch(() => null) : null
          set({ step: 'result', result: entry, sentAt: null, limit })
          onSent?.(entry)
        } catch (e) {
          const error = toAppErrorData(e)
          if (error.code === 'DENOMINATION_CHANGED') {
            // Nothing was sold: the list as it is now, and a fresh choice.
            set({ step: 'choose', selected: null, requestId: null, sentAt: null, listChanged: true })
            void get().loadDenominations()
            return
          }
          set({ step: 'confirm', error, sentAt: null, openVoucher: openVoucherOf(error) })
        }
      },

      newSale() {
        if (get().step !== 'result') return
        // The list on screen is asked for again (a value may have changed since), once the new sale is drawn:
        // the call cost the clerk's key its frame (~10 ms at 4× CPU). Said as loading from the key on, as before.
        fresh({ loadingDenominations: true })
        later(() => void get().loadDenominations())
      },

      leave() {
        // A sale still on its way is shown when the clerk comes back: its code was never seen.
        if (get().step !== 'sending') fresh()
      },
    }
  })
}

/** How a finished sale is presented: a voucher to hand over, a definite failure, or an unknown outcome. */
export function saleOutcome(entry: JournalEntry): 'issued' | 'failed' | 'unknown' {
  if (entry.status === 'issued' && entry.voucher) return 'issued'
  if (entry.status === 'failed') return 'failed'
  return 'unknown'
}
