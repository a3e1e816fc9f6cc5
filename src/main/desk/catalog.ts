import type { Denomination, DenominationList } from '../../shared/contract'
import { AppError } from '../../shared/errors'
import { formatLyd } from '../../shared/money'
import { getDenominations } from '../reseller/client'
import type { OpContext, Workspace } from './context'

/** The list rarely changes (the provider's guide says so): fetched at start-up, then daily or on demand. */
export const CATALOG_MAX_AGE_MS = 24 * 3600_000

/** Fetches the list and keeps it in the journal; single flight. Failure leaves the kept list, marked stale. */
export function refreshCatalog(ws: Workspace): Promise<void> {
  if (!ws.catalog.refreshing) {
    const { session, journal } = ws
    ws.catalog.refreshing = session.tokens
      .withToken((token) => getDenominations(session.http, token))
      .then((items) => {
        const list: Denomination[] = items.map((d) => ({
          id: d.id,
          name: d.name ?? `${formatLyd(d.valueDirhams)} LYD`,
          valueDirhams: d.valueDirhams,
        }))
        journal.saveDenominations(list, new Date(session.clock.now()).toISOString())
        ws.catalog.stale = false
      })
      .catch((error: unknown) => {
        ws.catalog.stale = true
        throw error
      })
      .finally(() => {
        ws.catalog.refreshing = null
      })
  }
  return ws.catalog.refreshing
}

export async function listDenominations(
  ctx: OpContext,
  args: { refresh?: boolean },
): Promise<DenominationList> {
  const { ws } = ctx
  const kept = ws.journal.denominations()
  const age = kept.fetchedAt ? ws.session.clock.now() - Date.parse(kept.fetchedAt) : Number.POSITIVE_INFINITY
  if (args.refresh || kept.items.length === 0 || age > CATALOG_MAX_AGE_MS) {
    try {
      await refreshCatalog(ws)
      const fresh = ws.journal.denominations()
      return { items: fresh.items, fetchedAt: fresh.fetchedAt, stale: false }
    } catch (error) {
      if (kept.items.length === 0) throw error
      ctx.log.warn('denominations could not be refreshed; serving the kept list', { error })
    }
  }
  return { items: kept.items, fetchedAt: kept.fetchedAt, stale: ws.catalog.stale }
}

/**
 * A denomination the clerk picked from the kept list. When no list has been kept yet (a first start, still
 * fetching), it is fetched first; an id that is not in a kept list is refused without calling the service.
 */
export async function findDenomination(ctx: OpContext, id: number): Promise<Denomination> {
  const { ws } = ctx
  if (ws.catalog.refreshing || ws.journal.denominations().items.length === 0) {
    await refreshCatalog(ws).catch(() => {})
  }
  const found = ws.journal.denominations().items.find((d) => d.id === id)
  if (!found) {
    throw new AppError(
      'BAD_INPUT',
      `denominationId: ${id} is not in the list of denominations; refresh the list.`,
    )
  }
  return found
}
