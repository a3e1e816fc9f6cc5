import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { DailyBackupStatus } from '../../shared/backups'
import { businessDay } from '../../shared/day'
import { AppError, toAppErrorData } from '../../shared/errors'
import type { Mode } from '../../shared/types'
import type { DeskCore, FeatureHandlers } from '../desk/core'
import { journalFileName, journalPath } from '../journal/files'
import { SCHEMA_VERSION } from '../journal/migrations'
import { checkOutputFolder } from '../output-path'
import { PEOPLE_SCHEMA_VERSION } from '../people/migrations'
import { type BackupEncryption, type BackupSource, fileSource, hasBackupOfDay, makeBackup } from './backup'
import type { BackupKeys } from './backup-key'
import { onDataDisk } from './same-disk'

/** What a host gives the backups: a folder dialog. */
export interface BackupHost {
  /** Where backups go (a folder dialog); null when the person cancelled. */
  chooseFolder(): Promise<string | null>
}

export interface BackupFeatureOptions {
  host?: BackupHost
  /** The people database, copied into every backup beside the journals. */
  people: BackupSource
  /** The backup key, in the secret store, with its wrap under the recovery passphrase. */
  backupKeys: BackupKeys
  /** How often the daily backup looks whether today's backup exists (30 minutes). */
  backupCheckMs?: number
}

type BackupMethod = 'backupNow' | 'getDailyBackup' | 'getBackupProtection' | 'setBackupPassphrase'

export interface BackupFeature {
  handlers: FeatureHandlers<BackupMethod>
  /** Starts the daily backup's checks. */
  start(): void
  /** Stops them; waits for a backup under way (it reads the journals and people), not for a check. */
  stop(): Promise<void>
}

/**
 * Backups: a manager's on demand, and the daily one this feature schedules itself — one at a time, into the
 * folder of the settings, encrypted under the backup key (or plain, when a manager chose so).
 */
export function createBackupFeature(core: DeskCore, options: BackupFeatureOptions): BackupFeature {
  const log = core.log.child('backup')
  let backupTimer: NodeJS.Timeout | null = null
  let firstBackupCheck: NodeJS.Timeout | null = null
  let backingUp: Promise<unknown> | null = null
  let dailyCheck: Promise<void> | null = null
  /** The last daily backup's outcome, for the Backup tab: a failure would otherwise be only a log line. */
  let lastDaily: (DailyBackupStatus & { day: number }) | null = null
  let stopping = false

  function today(): number {
    return businessDay(core.active().session.clock.now())
  }

  /** Where there is no dialog to ask (a host without one), the call must say where. */
  function host(): BackupHost {
    if (!options.host)
      throw new AppError('BAD_INPUT', 'folder: give it; there is no dialog here.', { field: 'folder' })
    return options.host
  }

  function backupSources(): BackupSource[] {
    const ws = core.active()
    // The open journal is copied from its file on a connection of the copy's own, in a worker thread, like
    // the other mode's: a year's journal is ~500 MB, and the clerks keep selling meanwhile.
    const sources: BackupSource[] = [fileSource(journalFileName(ws.mode), ws.journal.path)]
    const other: Mode = ws.mode === 'live' ? 'training' : 'live'
    const otherPath = journalPath(core.dataDir, other)
    if (existsSync(otherPath)) sources.push(fileSource(journalFileName(other), otherPath))
    sources.push(options.people)
    return sources
  }

  /** The key encrypted backups are made with; refused, saying what to do, while there is none. */
  async function backupEncryption(): Promise<BackupEncryption> {
    const key = await options.backupKeys.current()
    if (key) return { key: key.key, recovery: key.recovery }
    throw new AppError(
      'BACKUP_FAILED',
      'Backups are encrypted: set a recovery passphrase first (Backup tab), or choose plain backups.',
      { reason: 'BACKUP_PASSPHRASE_NEEDED' },
    )
  }

  /**
   * One backup at a time: a daily one and a manager's click never write the same folder together. None
   * starts once the desk is stopping (stop waits for one under way, which reads the journals and people).
   */
  function backup(folder: string) {
    const run = async () => {
      if (stopping) throw new AppError('BACKUP_FAILED', 'The desk is closing: no backup was made.')
      const settings = core.settings().backup
      return makeBackup({
        folder,
        sources: backupSources(),
        atMs: core.active().session.clock.now(),
        keep: settings.keep,
        encryption: settings.plain ? null : await backupEncryption(),
        workDir: join(core.dataDir, BACKUP_WORK_DIR),
        appInfo: {
          journalSchema: SCHEMA_VERSION,
          peopleSchema: PEOPLE_SCHEMA_VERSION,
          mode: core.active().mode,
        },
      })
    }
    const result = (backingUp ?? Promise.resolve()).then(run, run)
    backingUp = result.catch(() => undefined)
    return result
  }

  /**
   * The check every 30 minutes: one at a time. A backup folder on a share that has gone away can keep the
   * check waiting for a long while (off the main thread); a second check would only wait beside it. Stopping
   * does not wait for such a check, and a check that answers after the stop began makes no backup.
   */
  async function dailyBackup(): Promise<void> {
    if (dailyCheck) return dailyCheck
    const check = checkDailyBackup()
    dailyCheck = check
    try {
      await check
    } finally {
      if (dailyCheck === check) dailyCheck = null
    }
  }

  async function checkDailyBackup(): Promise<void> {
    let folder: string | null = null
    // Taken before any wait: after a stop the desk has no workspace to ask the time of, and nothing in the
    // catch below may throw (this runs from a timer: nobody would catch it).
    let at = new Date().toISOString()
    let day = businessDay(Date.now())
    try {
      at = new Date(core.active().session.clock.now()).toISOString()
      day = today()
      const { backup: b } = core.settings()
      folder = b.folder
      if (!b.daily || b.folder === null) return
      if (await hasBackupOfDay(b.folder, day)) {
        // Today's is there (a manager's Back up now after a failure, say): an earlier failure is over.
        if (lastDaily?.error) lastDaily = null
        return
      }
      if (stopping) {
        log.info('no daily backup: the desk is stopping', { folder: b.folder })
        return
      }
      const result = await backup(b.folder)
      lastDaily = { at, day, folder: b.folder, made: result.folder, error: null }
      log.info('daily backup made', { folder: result.folder, pruned: result.pruned })
    } catch (error) {
      if (!stopping) lastDaily = { at, day, folder, made: null, error: toAppErrorData(error) }
      log.error('the daily backup failed', { error })
    }
  }

  /**
   * What the Backup tab says of the daily backup: only today's, only while it is on, only for the folder
   * saved now (a status of another folder, or of yesterday, would not be true any more).
   */
  function dailyBackupNow(): DailyBackupStatus | null {
    const { backup: b } = core.settings()
    if (!lastDaily || !b.daily || lastDaily.folder !== b.folder || lastDaily.day !== today()) return null
    const { day: _day, ...status } = lastDaily
    return status
  }

  return {
    handlers: {
      getDailyBackup: async () => dailyBackupNow(),
      getBackupProtection: async () => options.backupKeys.protection(),
      setBackupPassphrase: async (args) => {
        const protection = await options.backupKeys.setPassphrase(args.passphrase)
        log.info('backup recovery passphrase set: a new backup key')
        return protection
      },
      backupNow: async (args) => {
        // No folder typed or saved: the manager is asked for one (the system's folder dialog).
        const named = args.folder ?? core.settings().backup.folder ?? (await host().chooseFolder())
        if (named === null) return null
        const folder = await checkOutputFolder(named, core.dataDir)
        // Without a key nothing can be made, whatever the folder: said first, not after "same disk, I know".
        if (!core.settings().backup.plain) await backupEncryption()
        // Backups are kept on another disk: the data folder's is refused unless the manager says so.
        if (args.sameDisk !== true && (await onDataDisk(folder, core.dataDir))) {
          throw new AppError('BAD_INPUT', 'folder: on the same disk as the data folder.', {
            field: 'folder',
            reason: 'SAME_DISK_AS_DATA',
            folder,
          })
        }
        const made = await backup(folder)
        // A backup of today in the daily backup's folder: its failure earlier today is over.
        if (lastDaily?.error && lastDaily.folder !== null && sameFolder(lastDaily.folder, folder))
          lastDaily = null
        return made
      },
    },
    start() {
      stopping = false
      const every = options.backupCheckMs ?? 30 * 60_000
      backupTimer = setInterval(() => void dailyBackup(), every)
      backupTimer.unref()
      firstBackupCheck = setTimeout(() => void dailyBackup(), Math.min(every, 10_000))
      firstBackupCheck.unref()
    },
    async stop() {
      stopping = true
      if (backupTimer) clearInterval(backupTimer)
      if (firstBackupCheck) clearTimeout(firstBackupCheck)
      backupTimer = null
      firstBackupCheck = null
      await backingUp
    },
  }
}

/** Inside the data folder: where a backup's clear copies are made and checked before they are encrypted. */
export const BACKUP_WORK_DIR = 'backup-work'

/** Whether two folder names are the same place as written (Windows: any letter case). */
function sameFolder(a: string, b: string): boolean {
  const norm = (p: string) => (process.platform === 'win32' ? resolve(p).toLowerCase() : resolve(p))
  return norm(a) === norm(b)
}
