import { createDesk, type Desk } from './desk/desk'
import type { ReceiptPrinting } from './desk/receipts'
import { createLogger, type Logger } from './log'
import type { RotatingFileSink } from './log-file'
import type { ManagerHost } from './manager/feature'
import type { SecretStore } from './settings/secrets'
import type { SettingsStore } from './settings/settings'
import { type RunningTraining, startTrainingService } from './training'
import type { UpdatesHost } from './updates/handlers'

export interface AppDeskOptions {
  dataDir: string
  settings: SettingsStore
  secrets: SecretStore
  logFile: RotatingFileSink
  chooseSavePath: (defaultName: string) => Promise<string | null>
  versions: Record<string, string>
  /** Expose the training sandbox's test controls over HTTP (browser shell, development only). */
  trainingControl?: boolean
  /** Receipt rendering and printers of this host. */
  printing?: ReceiptPrinting
  /** Save and folder dialogs and the PDF engine, for the manager's exports and backups. */
  manager?: ManagerHost
  /** The host's updater, once it exists (the Electron app). */
  updates?: () => UpdatesHost | null
}

export interface AppDesk {
  desk: Desk
  log: Logger
  /** The training sandbox, once started. */
  training(): RunningTraining | null
}

/** The desk as both hosts run it: journals and the training sandbox in the data folder, a redacted log file. */
export function createAppDesk(options: AppDeskOptions): AppDesk {
  const log = createLogger(options.logFile)
  let training: RunningTraining | null = null
  const desk = createDesk({
    dataDir: options.dataDir,
    settings: options.settings,
    secrets: options.secrets,
    log,
    ...(options.printing ? { printing: options.printing } : {}),
    ...(options.manager ? { manager: options.manager } : {}),
    ...(options.updates ? { updates: options.updates } : {}),
    startTraining: async () => {
      training = await startTrainingService(options.dataDir, {
        control: options.trainingControl ?? false,
      })
      log.info('training service started', { baseUrl: training.baseUrl })
      return training
    },
    diagnostics: {
      chooseSavePath: options.chooseSavePath,
      logLines: () => options.logFile.tail(),
      versions: () => options.versions,
    },
  })
  return { desk, log, training: () => training }
}
