import { AppError } from '../../shared/errors'
import type { Settings } from '../../shared/settings'
import type { DeskStatus } from '../../shared/status'
import { saveFileAtomically } from '../atomic-file'
import { checkOutputFile } from '../output-path'
import type { FeatureHandlers } from './core'

/** What the host (Electron or the browser shell) offers for "Save diagnostics". */
export interface DiagnosticsHost {
  chooseSavePath(defaultName: string): Promise<string | null>
  logLines(): string[]
  versions(): Record<string, string>
}

/**
 * What this copy of the app is (versions, as the host tells them, and the mode), and "Save diagnostics":
 * versions, status, settings (never a password) and the redacted log, in one file.
 */
export function diagnosticsHandlers(deps: {
  host: DiagnosticsHost | undefined
  dataDir: string
  status(): DeskStatus
  settings(): Settings
  /** What other features add to the report (the head office: where the journal goes, how far it got). */
  more?: () => Record<string, unknown>
}): FeatureHandlers<'getVersionInfo' | 'saveDiagnostics'> {
  return {
    getVersionInfo: async () => {
      const v = deps.host?.versions() ?? {}
      return {
        app: v.app ?? '',
        electron: v.electron || null,
        chrome: v.chrome || null,
        node: v.node ?? process.versions.node,
        os: v.os ?? `${process.platform} ${process.arch}`,
        mode: deps.status().mode,
      }
    },

    saveDiagnostics: async (args) => {
      const { host } = deps
      if (!host) throw new AppError('INTERNAL', 'Diagnostics are not available here.')
      const path =
        args.path !== undefined
          ? await checkOutputFile(args.path, ['.json', '.txt', '.log'], deps.dataDir)
          : await host.chooseSavePath(`reseller-desk-diagnostics-${Date.now()}.json`)
      if (path === null) return null
      const report = {
        createdAt: new Date().toISOString(),
        versions: host.versions(),
        status: deps.status(),
        settings: deps.settings(),
        ...deps.more?.(),
        log: host.logLines(),
      }
      await saveFileAtomically(path, JSON.stringify(report, null, 2))
      return { path }
    },
  }
}
