import { isolated } from '../../../shared/bidi-text'
import type { HeadOfficeState } from '../../../shared/head-office'

const entries = (n: number) => (n === 1 ? '1 entry' : `${n} entries`)

/** The head office (several counters, PostgreSQL) in English; the Arabic file must have every key. */
export const headOfficeEn = {
  title: 'Head office',
  intro:
    'Several counters under one reseller account send their journals to PostgreSQL at the head office, and the counter uses the chain’s figures. A PC that works alone leaves this off.',
  enabled: 'Send this PC’s journal to the head office',
  host: 'Server (host name or IP address)',
  port: 'Port',
  database: 'Database',
  user: 'This terminal’s role',
  password: 'The role’s secret (printed by create-terminal)',
  passwordSaved: 'A secret is saved.',
  passwordKeep: 'Leave empty to keep it.',
  passwordRequired: 'Type this terminal’s secret.',
  terminal: 'Terminal name, as created at the head office',
  caFile: 'Head office CA certificate (path to a PEM file)',
  caHint: 'TLS is required unless the server is on this PC; with a CA file, only that authority is trusted.',
  test: 'Test the head office',
  save: 'Save',
  saved: 'Head office settings saved.',
  testFailed: 'The head office did not accept these settings',
  testUnreachable: 'The head office could not be reached: nothing was tested',
  testNotRun: 'The head office was not tested',
  fieldProblem: {
    host: 'The server’s name or IP address only, such as db.example.ly or 192.168.1.10 (a postgres:// address pasted here fills the fields).',
    port: 'A port from 1 to 65535 (PostgreSQL’s is usually 5432).',
    database: 'The database’s name, 1 to 63 characters.',
    user: 'The role made by create-terminal: Latin letters, digits, _ . - only.',
    terminal: 'The terminal’s name as created at the head office, up to 60 characters.',
    caFile: 'The full path of the CA certificate file (PEM), such as C:\\head-office\\ca.crt.',
  },
  unreadableAddress:
    'That postgres:// address could not be read, so it was not kept (it may hold the secret). Type the server, port, database and role in their fields, and the secret in its own.',
  savedTesting: 'Head office settings saved. Testing them…',
  /** Training sells to the training service: nothing of it is the chain's. */
  trainingOff:
    'Training mode: nothing is sent to the head office. Only live sales are, once the desk is back in live mode.',
  testOk: (terminal: string, tls: boolean, version: string, schema: number) =>
    `Connected as “${terminal}” ${tls ? 'over TLS' : 'without TLS (server on this PC)'} — PostgreSQL ${version}, head office schema ${schema}.`,
  state: {
    off: 'Off',
    syncing: 'Sending',
    'up-to-date': 'Up to date',
    reconnecting: 'Reconnecting to the head office; selling goes on',
    refused: 'Refused: check this PC’s head office settings; selling goes on',
    stopped: 'Stopped: the head office must be asked',
  } satisfies Record<HeadOfficeState, string>,
  behind: (n: number, at: string) => `Head office: ${entries(n)} behind, last reached ${at}`,
  upToDate: (at: string) => `Head office: up to date, last reached ${at}`,
  never: 'never',
  chip: (n: number, at: string) => `Head office: ${n} behind · ${at}`,
  chipProblem: 'Head office: not reached',
  chipReconnecting: 'Head office: reconnecting…',
  chainFiguresAt: (at: string) => `Chain figures as of ${at}`,
  limitOthers: 'Other counters today',
  limitOthersOpen: 'Still open at other counters',
  limitMayBeHigh: 'May be too high: a counter has not been heard from',
  silentCounter: (terminal: string, since: string) => `${isolated(terminal)} (since ${since})`,
  /** Between the names of a list of counters. */
  listSeparator: ', ',
  limitSilent: (counters: string) =>
    `Not heard from: ${counters}. What a silent counter sold since has not reached the head office, so the estimate may be too high; the service's refusal is the final word.`,
  reportedElsewhereAt: (time: string, terminal: string) => `at ${time}, to ${isolated(terminal)}`,
  limitOthersHint:
    'The limit is shared by every counter of the account: their use is counted in the estimate.',
  openElsewhereTitle: 'An unresolved deposit at another counter',
  openElsewhere: (terminal: string, amount: string, time: string) =>
    `${terminal} made a deposit of ${amount} to this phone at ${time} and its outcome is not known yet. A deposit here is refused until it is resolved there.`,
  openElsewhereWhat: 'Ask that counter to settle it (Retry safely there), then look up the phone again.',
  lookUpAgain: 'Look up again',
  scope: 'Scope',
  scopePc: 'This PC',
  scopeChain: 'The chain (every counter)',
  byTerminal: 'By terminal',
  terminalColumn: 'Terminal',
  asOf: 'Figures as of',
  chainOnly: 'A chain report holds figures only: each counter’s entries are in its own report.',
  attention: 'Attention',
}

export type HeadOfficeMessages = typeof headOfficeEn
