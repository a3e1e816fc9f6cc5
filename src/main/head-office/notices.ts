/**
 * Push, not poll: the head office tells the desks at once when a terminal's rows land (schema 4, a trigger
 * with NOTIFY; migrations/0004_notices.sql), on a channel per service account and one for deposits. A desk
 * listens on its sync's connection and reads the chain's figures again within moments of a notice; the
 * notice says only that something changed (the figures are read through the chain-wide views, as always).
 * A head office before schema 4 sends none: the figures are then read every 15 s, as before.
 */
import { createHash } from 'node:crypto'
import type pg from 'pg'

/** Told when a deposit lands at any terminal (an unresolved one stops deposits to its phone everywhere). */
export const DEPOSITS_CHANNEL = 'headoffice_deposits'

/** The channel of a service account's news: its MD5, as the trigger writes it (from the account's UTF-8). */
export function accountChannel(serviceAccount: string): string {
  return `headoffice_account_${createHash('md5').update(serviceAccount, 'utf8').digest('hex')}`
}

/** The channels a desk selling on `serviceAccount` (none: not live) listens on. */
export function channelsFor(serviceAccount: string | null): string[] {
  return serviceAccount === null ? [DEPOSITS_CHANNEL] : [DEPOSITS_CHANNEL, accountChannel(serviceAccount)]
}

/** Listens on the channels, on this connection (their names are lower-case letters, digits and _ only). */
export async function listen(client: pg.Client, channels: readonly string[]): Promise<void> {
  for (const channel of channels) {
    if (!/^[a-z0-9_]{1,63}$/.test(channel)) throw new Error(`not a channel name: ${channel}`)
    await client.query(`LISTEN "${channel}"`)
  }
}
