/**
 * One connection of the sync to the head office, once the handshake (handshake.ts) said who this desk is
 * there: what the sending (push.ts) and the chain's figures (chain-figures.ts) work on.
 */
import type pg from 'pg'
import type { HeadOfficeSettings } from '../../shared/head-office'

export interface Session {
  client: pg.Client
  key: string
  instance: string
  terminal: string
  /**
   * The head office's schema: from 2 on, terminals say they are there (heard_from); from 3 on, the service's
   * daily-limit refusals at each terminal are read by the others (chain_limit_reports).
   */
  schemaVersion: number
}

/** What a connection was made for: another server, role, terminal or secret is another connection. */
export function sessionKey(s: HeadOfficeSettings, password: string): string {
  return JSON.stringify([s.host, s.port, s.database, s.user, s.terminal, s.caFile, password.length, password])
}
