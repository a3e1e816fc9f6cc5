import { createHash } from 'node:crypto'
import { AppError } from '../../shared/errors'
import { formatLyd } from '../../shared/money'
import type { Denomination, DenominationList } from '../../shared/sale'
import type { KeptDenominations } from '../journal/denominations-and-notices'
import { getDenominations } from '../reseller/client'
import type { OpContext, Workspace } from './workspace'

/** The list rarely changes (the provider's guide says so): fetched at start-up, then daily or on demand. */
export const CATALOG_MAX_AGE_MS = 24 * 3600_000

/**
 * Older than this, the list is fetched again in the background when the Sell screen asks for it (it is answered
 * at once from what is kept): a list the provider changed reaches the counter within minutes, not a day. A
 * sale never waits for it; the value the service issues is compared with the one confirmed (sell-voucher.ts).
 */
export const CATALOG_FRESH_MS = 5 * 60_000

/**
 * A short name for one list as one service account gave it: the Sell screen compares it with the status's to
 * know its list is no longer the desk's (another mode, another service, a list the provider changed).
 */
export function catalogDigest(kept: Pick<KeptDenominations, 'items' | 'account'>): string | null {
  if (kept.items.length === 0 || kept.account === null) return null
  const text = JSON.stringify([kept.account, kept.items.map((d) => [d.id, d.valueDirhams, d.name])])
  return createHash('sha256').update(text).digest('hex').slice(0, 16)
}

/** The kept list when it is this account's; a list kept for another service (or unsaid) is no list at all. */
function keptFor(ws: Workspace, account: string): KeptDenominations {
  const kept = ws.journal.denominations()
  return kept.account === account ? kept : { items: [], fetchedAt: null, account }
}

/**
 * Fetches the list and keeps it in the journal with the account it came from; single flight. Failure leaves
 * the kept list, marked stale.
 */
export function refreshCatalog(ws: Workspace, account: string): Promise<void> {
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
        journal.saveDenominations(list, new Date(session.clock.now()).toISOString(), account)
        ws.catalog.stale = false
        ws.catalog.digest = { account, value: catalogDigest({ items: list, account }) }
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

/** Fetches the list again without waiting for it; a failure is logged and leaves the list kept. */
export function refreshCatalogLater(ctx: OpContext, why: string): void {
  void refreshCatalog(ctx.ws, ctx.account).catch((error: unknown) =>
    ctx.log.warn('denominations could not be refreshed', { why, error }),
  )
}

function listOf(ws: Workspace, kept: KeptDenominations, stale: boolean): DenominationList {
  return {
    items: kept.items,
    fetchedAt: kept.fetchedAt,
    stale,
    mode: ws.mode,
    digest: catalogDigest(kept),
  }
}

export async function listDenominations(
  ctx: OpContext,
  args: { refresh?: boolean },
): Promise<DenominationList> {
  const { ws } = ctx
  const kept = keptFor(ws, ctx.account)
  const age = kept.fetchedAt ? ws.session.clock.now() - Date.parse(kept.fetchedAt) : Number.POSITIVE_INFINITY
  if (args.refresh || kept.items.length === 0 || age > CATALOG_MAX_AGE_MS) {
    try {
      await refreshCatalog(ws, ctx.account)
      return listOf(ws, keptFor(ws, ctx.account), false)
    } catch (error) {
      if (kept.items.length === 0) throw error
      ctx.log.warn('denominations could not be refreshed; serving the kept list', { error })
    }
  } else if (age > CATALOG_FRESH_MS) {
    refreshCatalogLater(ctx, 'older than a few minutes')
  }
  return listOf(ws, kept, ws.catalog.stale)
}

/** The digest of the list a Sell screen should show now (DeskStatus.catalogDigest). */
export function currentCatalogDigest(ws: Workspace, account: string): string | null {
  if (ws.catalog.digest?.account !== account) {
    ws.catalog.digest = { account, value: catalogDigest(keptFor(ws, account)) }
  }
  return ws.catalog.digest.value
}

/**
 * The denomination the clerk confirmed, as the desk's freshest list of this service has it. When no list of
 * this service is kept yet (a first start, another service since), it is fetched first. An id that is not in
 * the list, or whose value is not the one the clerk confirmed (a list of another mode or service, or changed
 * by the provider since the screen showed it), is refused without calling the service: the clerk chooses
 * again from the list as it is now.
 */
export async function findDenomination(
  ctx: OpContext,
  id: number,
  confirmedDirhams: number,
): Promise<Denomination> {
  const { ws } = ctx
  if (ws.catalog.refreshing || keptFor(ws, ctx.account).items.length === 0) {
    await refreshCatalog(ws, ctx.account).catch(() => {})
  }
  const list = keptFor(ws, ctx.account)
  const found = list.items.find((d) => d.id === id)
  if (!found || found.valueDirhams !== confirmedDirhams) {
    throw new AppError(
      'DENOMINATION_CHANGED',
      found
        ? `The value of this voucher is now ${formatLyd(found.valueDirhams)} LYD, not ${formatLyd(confirmedDirhams)} LYD: choose again from the list.`
        : 'This voucher is not in the list of values any more: choose again from the list.',
      {
        denominationId: id,
        confirmedDirhams,
        ...(found ? { currentDirhams: found.valueDirhams } : {}),
        digest: catalogDigest(list),
      },
    )
  }
  return found
}

/** The value of an id in the desk's kept list of this service, or null when the id is not in it (no fetch). */
export function listedValue(ws: Workspace, account: string, id: number): number | null {
  return keptFor(ws, account).items.find((d) => d.id === id)?.valueDirhams ?? null
}
