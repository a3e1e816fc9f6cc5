import { AppError } from '../../shared/errors'
import type { UpdateHold, UpdateState, UpdateStatus } from '../../shared/updates'
import type { MoneyActivity } from '../desk/core'
import type { Logger } from '../log'
import { readProductVersion } from './pe-version'
import { installerVersionRefusal, isNewer } from './update-policy'

export { isNewer }

/**
 * When the installed app looks for, downloads and installs a new version. Plain Node: index.ts hands it
 * electron-updater's NsisUpdater, tests a fake.
 *
 * - It looks at start (after a short delay) and then daily, and downloads in the background.
 * - It installs only (a) when the app quits, (b) at the next start, before the window opens, when the
 *   download is from an earlier run, or (c) when a manager says "install now" — and only when no money is
 *   moving: no sale or deposit in flight, no entry still pending, no unknown deposit the background is
 *   re-sending. Otherwise the download waits, and says why.
 * - The desk is always stopped first (sends end and are journaled, the journals close): the NSIS installer,
 *   run for an update, closes the app after about a second and then kills it.
 */

/** The part of electron-updater's AppUpdater this uses. */
export interface Updater {
  autoDownload: boolean
  autoInstallOnAppQuit: boolean
  setFeedURL(options: { provider: 'generic'; url: string }): void
  checkForUpdates(): Promise<unknown>
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void
  on(event: 'checking-for-update' | 'update-not-available', listener: () => void): unknown
  on(event: 'update-available', listener: (info: { version: string }) => void): unknown
  /** `downloadedFile`: the installer as downloaded (electron-updater's UpdateDownloadedEvent). */
  on(
    event: 'update-downloaded',
    listener: (info: { version: string; downloadedFile?: string }) => void,
  ): unknown
  on(event: 'download-progress', listener: (progress: { percent: number }) => void): unknown
  on(event: 'error', listener: (error: Error) => void): unknown
}

export function holdFor(money: MoneyActivity): UpdateHold | null {
  if (money.inFlight > 0) return 'money-in-flight'
  if (money.pending > 0) return 'money-pending'
  if (money.resending > 0) return 'deposit-resending'
  return null
}

export type { MoneyActivity }

export interface Feed {
  url: string
  source: 'settings' | 'build'
}

export interface UpdateControllerOptions {
  currentVersion: string
  /** null: this host does not update itself. */
  updater: Updater | null
  /** Why there is no updater, when that is worth saying (a build without a signature). */
  unavailableBecause?: string
  /** The version a downloaded installer says it is (its own version resource); readProductVersion by default. */
  installerVersion?: (path: string) => Promise<string | null>
  feed(): Feed | null
  money(): MoneyActivity
  /** Stops the desk before an installer runs; resolves with what was still open after, null if it failed. */
  stopDesk(): Promise<MoneyActivity | null>
  /** Quits the app without installing (the desk was stopped for an install that cannot go ahead). */
  quit(): void
  /** The version downloaded in an earlier run and not installed yet (a small file in the data folder). */
  marker: { read(): string | null; write(version: string | null): void }
  log: Logger
  now?: () => number
  timers?: {
    setTimeout(fn: () => void, ms: number): unknown
    clearTimeout(handle: unknown): void
  }
  checkEveryMs?: number
  firstCheckDelayMs?: number
  retryAfterErrorMs?: number
}

export const CHECK_EVERY_MS = 24 * 3600_000
export const FIRST_CHECK_DELAY_MS = 15_000
export const RETRY_AFTER_ERROR_MS = 3600_000

export class UpdateController {
  private state: UpdateState
  private feedInUse: Feed | null = null
  private availableVersion: string | null = null
  private downloadPercent: number | null = null
  private lastCheckAt: string | null = null
  private error: string | null = null
  private timer: unknown = null
  private checking: Promise<void> | null = null
  private readonly waiters = new Set<() => void>()
  private readonly timers: NonNullable<UpdateControllerOptions['timers']>
  private readonly now: () => number

  constructor(private readonly options: UpdateControllerOptions) {
    this.now = options.now ?? Date.now
    this.timers = options.timers ?? {
      setTimeout: (fn, ms) => {
        const handle = setTimeout(fn, ms)
        handle.unref?.()
        return handle
      },
      clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
    }
    const updater = options.updater
    this.state = updater ? 'idle' : 'unavailable'
    if (!updater) return
    updater.autoDownload = true
    // Never electron-updater's own install-on-quit: it cannot know whether money is moving.
    updater.autoInstallOnAppQuit = false
    // A downloaded update stays ready while the daily check looks for a newer one.
    updater.on('checking-for-update', () => {
      if (this.state !== 'downloaded') this.set('checking')
    })
    updater.on('update-available', (info: { version: string }) => {
      this.availableVersion = info.version
      this.downloadPercent = 0
      this.options.log.info('update available; downloading', { version: info.version })
      this.set('downloading')
    })
    updater.on('update-not-available', () => {
      this.availableVersion = null
      this.downloadPercent = null
      this.options.marker.write(null)
      this.set('up-to-date')
    })
    updater.on('download-progress', (progress: { percent: number }) => {
      this.downloadPercent = Math.max(0, Math.min(100, Math.round(progress.percent)))
    })
    updater.on('update-downloaded', (info: { version: string; downloadedFile?: string }) => {
      // Downloading until the installer itself was checked: nothing installs meanwhile.
      void this.checkDownloaded(info)
    })
    updater.on('error', (error: Error) => {
      // A failed check or download: the next check tries again. An install under way is not undone.
      if (this.state === 'installing') return
      this.error = error?.message ?? String(error)
      this.options.log.warn('update check or download failed', { error: this.error })
      this.set(this.availableVersion !== null && this.state === 'downloaded' ? 'downloaded' : 'error')
    })
  }

  /**
   * The feed's word is not enough: the downloaded installer's own version resource must say the version the
   * feed announced, newer than this one. An old installer relabelled 9.9.9 in latest.yml stays uninstalled.
   */
  private async checkDownloaded(info: { version: string; downloadedFile?: string }): Promise<void> {
    const read = this.options.installerVersion ?? readProductVersion
    const refusal = info.downloadedFile
      ? installerVersionRefusal({
          installerVersion: await read(info.downloadedFile).catch(() => null),
          announced: info.version,
          current: this.options.currentVersion,
        })
      : 'The updater did not say which file it downloaded: not installed.'
    if (this.state === 'installing') return
    this.availableVersion = info.version
    if (refusal !== null) {
      this.downloadPercent = null
      this.error = refusal
      this.options.marker.write(null)
      this.options.log.warn('downloaded update refused', { version: info.version, reason: refusal })
      this.set('error')
      return
    }
    this.downloadPercent = 100
    this.error = null
    this.options.marker.write(info.version)
    this.options.log.info('update downloaded; it installs when the app quits', { version: info.version })
    this.set('downloaded')
  }

  status(): UpdateStatus {
    const hold = this.state === 'downloaded' ? holdFor(this.options.money()) : null
    // The address in force now (a manager may just have changed it), before any check used it.
    const feed = this.options.updater ? this.options.feed() : null
    return {
      currentVersion: this.options.currentVersion,
      state: this.state === 'idle' && feed === null ? 'not-configured' : this.state,
      feed,
      availableVersion: this.availableVersion,
      downloadPercent: this.state === 'downloading' ? this.downloadPercent : null,
      lastCheckAt: this.lastCheckAt,
      error: this.options.updater ? this.error : (this.options.unavailableBecause ?? null),
      hold,
    }
  }

  /** Checks now (and downloads what it finds) unless a check or download is already running. */
  async checkNow(): Promise<UpdateStatus> {
    const updater = this.options.updater
    if (!updater) return this.status()
    if (!this.applyFeed()) return this.status()
    if (this.state === 'downloading' || this.state === 'installing') return this.status()
    this.checking ??= (async () => {
      this.lastCheckAt = new Date(this.now()).toISOString()
      this.error = null
      if (this.state !== 'downloaded') this.set('checking')
      try {
        const result = (await updater.checkForUpdates()) as { downloadPromise?: Promise<unknown> } | null
        // The download's failure is told by the updater's 'error' event; its promise must not go unhandled.
        result?.downloadPromise?.catch(() => undefined)
      } catch (error) {
        if (this.state === 'checking' || this.state === 'error') {
          this.error = error instanceof Error ? error.message : String(error)
          this.options.log.warn('update check failed', { error: this.error })
          this.set('error')
        }
      }
      // An updater that answered nothing (disabled) leaves the check as it was.
      if (this.state === 'checking') this.set('idle')
    })().finally(() => {
      this.checking = null
    })
    await this.checking
    return this.status()
  }

  /** Looks at start (after a short delay, so the desk starts first) and then daily. */
  start(): void {
    if (!this.options.updater || !this.applyFeed()) return
    this.schedule(this.options.firstCheckDelayMs ?? FIRST_CHECK_DELAY_MS)
  }

  stop(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer)
    this.timer = null
  }

  /** A manager changed the feed address: use it from now on and look there at once. */
  feedChanged(): void {
    if (!this.options.updater) return
    if (this.state === 'downloading' || this.state === 'installing') return
    if (this.applyFeed()) void this.checkNow()
  }

  /** The version an earlier run downloaded and did not install, if it is newer than this one. */
  waitingFromEarlierRun(): string | null {
    const version = this.options.marker.read()
    if (version === null) return null
    if (!isNewer(version, this.options.currentVersion)) {
      this.options.marker.write(null)
      return null
    }
    return version
  }

  /**
   * At start, before the window opens: when an earlier run downloaded an update, find it again (the download
   * is cached; the check is quick) for at most `timeoutMs`, and install it if no money is moving once the
   * start-up recovery has run. True when the app is installing (and quitting): do not open the window.
   */
  async installAtStart(startupSettled: Promise<unknown>, timeoutMs: number): Promise<boolean> {
    const waiting = this.waitingFromEarlierRun()
    if (!this.options.updater || waiting === null || !this.applyFeed()) return false
    this.options.log.info('an update downloaded earlier is waiting; looking for it before opening', {
      version: waiting,
    })
    void this.checkNow()
    await Promise.race([this.settledDownload(), this.delay(timeoutMs)])
    await startupSettled
    if (this.state !== 'downloaded') {
      this.options.log.info('the waiting update is not ready; starting as usual', { state: this.state })
      return false
    }
    const hold = holdFor(this.options.money())
    if (hold !== null) {
      this.options.log.info('the waiting update waits: money is moving', { hold })
      return false
    }
    await this.stopAndInstall(true)
    return true
  }

  /**
   * The app is quitting and the desk has stopped, leaving `left` open (null: it did not stop cleanly). True
   * when the installer was started (it quits the app itself).
   */
  installOnQuit(left: MoneyActivity | null): boolean {
    const updater = this.options.updater
    this.stop()
    if (!updater || this.state !== 'downloaded') return false
    const hold = left === null ? 'desk-not-stopped' : holdFor(left)
    if (hold !== null) {
      this.options.log.info('the downloaded update waits for the next start', {
        version: this.availableVersion,
        hold,
      })
      return false
    }
    this.options.log.info('installing the update on quit', { version: this.availableVersion })
    this.set('installing')
    updater.quitAndInstall(true, false)
    return true
  }

  /** A manager's "install now": refused while money is moving; the app restarts on the new version. */
  installNow(): UpdateStatus {
    if (!this.options.updater) throw new AppError('NOT_CONFIGURED', 'This app does not update itself.')
    if (this.state === 'installing') return this.status()
    if (this.state !== 'downloaded') {
      throw new AppError('UPDATE_NOT_READY', 'No update has been downloaded yet.', { state: this.state })
    }
    const hold = holdFor(this.options.money())
    if (hold !== null) throw new AppError('UPDATE_ON_HOLD', HOLD_MESSAGES[hold], { hold })
    this.set('installing')
    void this.stopAndInstall(true)
    return this.status()
  }

  private async stopAndInstall(restart: boolean): Promise<void> {
    const updater = this.options.updater
    if (!updater) return
    this.set('installing')
    this.stop()
    const left = await this.options.stopDesk()
    const hold = left === null ? 'desk-not-stopped' : holdFor(left)
    if (hold !== null) {
      // Something started while the desk was stopping, or it could not stop: quit without installing; the
      // update stays downloaded for the next start.
      this.options.log.error('the update was not installed: the desk did not stop idle', { hold })
      this.error = 'The desk did not stop idle; the update installs at the next start.'
      this.set('downloaded')
      this.options.quit()
      return
    }
    this.options.log.info('installing the update', { version: this.availableVersion, restart })
    updater.quitAndInstall(true, restart)
  }

  private applyFeed(): boolean {
    const feed = this.options.feed()
    const changed = feed?.url !== this.feedInUse?.url
    this.feedInUse = feed
    if (!feed) {
      if (this.state !== 'downloaded' && this.state !== 'installing') this.set('not-configured')
      return false
    }
    if (changed) this.options.updater?.setFeedURL({ provider: 'generic', url: feed.url })
    if (this.state === 'not-configured') this.set('idle')
    return true
  }

  private schedule(ms: number): void {
    this.stop()
    this.timer = this.timers.setTimeout(() => {
      this.timer = null
      void this.checkNow().finally(() => {
        const every = this.options.checkEveryMs ?? CHECK_EVERY_MS
        const retry = Math.min(every, this.options.retryAfterErrorMs ?? RETRY_AFTER_ERROR_MS)
        if (this.state !== 'installing') this.schedule(this.state === 'error' ? retry : every)
      })
    }, ms)
  }

  private set(state: UpdateState): void {
    this.state = state
    for (const wake of this.waiters) wake()
  }

  /** Resolves when a download is ready or the check ends without one. */
  private settledDownload(): Promise<void> {
    const done = () => ['downloaded', 'up-to-date', 'error', 'not-configured'].includes(this.state)
    if (done()) return Promise.resolve()
    return new Promise((resolve) => {
      const wake = () => {
        if (!done()) return
        this.waiters.delete(wake)
        resolve()
      }
      this.waiters.add(wake)
    })
  }

  private delay(ms: number): Promise<void> {
    return new Promise((resolve) => this.timers.setTimeout(resolve, ms))
  }
}

const HOLD_MESSAGES: Record<UpdateHold, string> = {
  'money-in-flight': 'A sale or deposit is being sent: install the update when it is finished.',
  'money-pending': 'A sale or deposit has no recorded answer yet: install the update when it has one.',
  'deposit-resending':
    'A deposit with an unknown outcome is being re-sent: install the update when it is resolved.',
}
