/**
 * The head office, assembled for the desk: the manager's settings (connection in settings, the terminal's
 * password in the secret store beside the live one), the background sync, and the chain-wide figures the
 * counter uses. Off by default; nothing here is on the path of a sale.
 */
import { AppError } from '../../shared/errors'
import type { HeadOfficeSettings, HeadOfficeStatus, HeadOfficeView } from '../../shared/head-office'
import type { Report } from '../../shared/reports'
import type { DeskHandlers } from '../desk/handlers'
import type { ChainFigures } from '../desk/workspace'
import type { Journal } from '../journal/journal'
import type { Logger } from '../log'
import type { ReportMeta } from '../reports/compute'
import { HEAD_OFFICE_PASSWORD_SECRET } from '../settings/head-office-settings'
import type { SecretStore } from '../settings/secrets'
import type { SettingsStore } from '../settings/settings'
import { chainReport } from './chain-report'
import { testHeadOffice } from './handshake'
import { HeadOfficeSync } from './sync'
import type { HeadOfficeSyncDeps } from './sync-deps'

export type { ChainFigures } from '../desk/workspace'

export interface HeadOfficeFeatureDeps {
  settings: SettingsStore
  secrets: SecretStore
  log: Logger
  /** The live journal when it is open (training never goes to the head office). */
  liveJournal: () => Journal | null
  /** The service account the live journal sells on (address and username), when live is set up. */
  liveAccount: () => string | null
  now: () => number
  connectTimeoutMs: () => number
  /** Overrides for tests and benchmarks (batch size, poll interval, hooks). */
  sync?: Partial<HeadOfficeSyncDeps>
}

export interface HeadOfficeFeature {
  handlers: Pick<
    DeskHandlers,
    'getHeadOffice' | 'getHeadOfficeStatus' | 'configureHeadOffice' | 'testHeadOffice'
  >
  chain: ChainFigures
  status(): HeadOfficeStatus
  /** Every terminal's figures for business days from..to, read from the head office now. */
  chainReport(range: { from: number; to: number }, meta: ReportMeta): Promise<Report>
  readonly sync: HeadOfficeSync
  start(): Promise<void>
  stop(): Promise<void>
}

export function createHeadOfficeFeature(deps: HeadOfficeFeatureDeps): HeadOfficeFeature {
  const log = deps.log.child('head-office')
  let password: string | null = null
  let passwordSaved = false

  const settings = (): HeadOfficeSettings | null => deps.settings.get().headOffice

  const sync = new HeadOfficeSync({
    journal: deps.liveJournal,
    settings,
    password: () => password,
    log,
    now: deps.now,
    connectTimeoutMs: deps.connectTimeoutMs,
    reportedLimit: (day) => {
      const journal = deps.liveJournal()
      const last = journal?.lastLimitReport(day)
      if (!journal || !last) return null
      const refused = last.entryId ? journal.get(last.entryId) : null
      return { at: last.report.at, countedFrom: refused?.createdAt ?? last.report.at }
    },
    serviceAccount: deps.liveAccount,
    ...deps.sync,
  })

  function view(): HeadOfficeView {
    return { settings: settings(), passwordSaved, status: sync.status() }
  }

  /**
   * The stored password goes only to the server, database and role it was stored for, over the same TLS: the
   * same CA file too (another CA file is another server as far as trust goes, and none on loopback is plain
   * text). Anything else, and the manager types the password.
   */
  function storedPasswordFor(
    s: Pick<HeadOfficeSettings, 'host' | 'port' | 'database' | 'user' | 'caFile'>,
  ): string | null {
    const current = settings()
    const same =
      current !== null &&
      current.host === s.host &&
      current.port === s.port &&
      current.database === s.database &&
      current.user === s.user &&
      current.caFile === s.caFile
    return same ? password : null
  }

  const handlers: HeadOfficeFeature['handlers'] = {
    getHeadOffice: async () => view(),
    getHeadOfficeStatus: async () => sync.status(),
    configureHeadOffice: async (args) => {
      const { password: typed, ...next } = args
      const secret = typed ?? storedPasswordFor(next)
      if (secret === null) {
        throw new AppError('BAD_INPUT', "password: enter this terminal's head office password.", {
          field: 'password',
        })
      }
      deps.settings.update({ headOffice: next })
      if (typed !== undefined) {
        password = typed
        passwordSaved = await deps.secrets.set(HEAD_OFFICE_PASSWORD_SECRET, typed).catch((error: unknown) => {
          log.warn('the head office password could not be saved', { error })
          return false
        })
      }
      log.info('head office settings changed', {
        enabled: next.enabled,
        host: next.host,
        database: next.database,
        terminal: next.terminal,
      })
      sync.kick()
      return view()
    },
    testHeadOffice: async (args) => {
      const { password: typed, ...target } = args
      const secret = typed ?? storedPasswordFor(target)
      if (secret === null) {
        return {
          ok: false,
          error: {
            code: 'NOT_CONFIGURED',
            message: "Enter this terminal's head office password to test.",
            details: { reason: 'HO_SECRET_NEEDED' },
          },
        }
      }
      const result = await testHeadOffice(target, secret, deps.connectTimeoutMs(), deps.liveJournal())
      // The head office answers again: the sync tries now, not after its back-off (up to a minute).
      if (result.ok) sync.kick()
      return result
    },
  }

  return {
    handlers,
    chain: {
      otherTerminalsUse: (day) => sync.otherTerminalsUse(day),
      otherOpenDepositTo: (phone) => sync.otherOpenDepositTo(phone),
    },
    status: () => sync.status(),
    chainReport: async (range, meta) => {
      const s = settings()
      if (!s?.enabled || password === null) {
        throw new AppError('NOT_CONFIGURED', 'Chain reports need the head office: set it up in Settings.')
      }
      return chainReport({ settings: s, password, connectTimeoutMs: deps.connectTimeoutMs() }, range, meta)
    },
    sync,
    async start() {
      if (settings() !== null) {
        password = await deps.secrets.get(HEAD_OFFICE_PASSWORD_SECRET).catch(() => null)
        passwordSaved = password !== null
      }
      sync.start()
    },
    async stop() {
      await sync.stop()
    },
  }
}
