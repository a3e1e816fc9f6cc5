import { EventEmitter } from 'node:events'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { installerWithVersion } from './installer-file'

/** Lets promise chains and setImmediate steps run. */
export const tick = () => new Promise((resolve) => setImmediate(resolve))

/**
 * electron-updater as the update controller sees it: a feed that offers a version (or nothing, or fails),
 * a download in a few progress steps (none when cached), and a record of every install asked for.
 */
export class FakeUpdater extends EventEmitter {
  autoDownload = false
  autoInstallOnAppQuit = true
  feeds: string[] = []
  checks = 0
  installs: { silent?: boolean; restart?: boolean }[] = []
  /** What the feed offers; null: nothing newer. */
  offer: string | null = null
  /** A check that fails (feed unreachable). */
  failWith: Error | null = null
  /** Set when a download is already in the cache: no progress, just downloaded. */
  cached = false
  /** What the downloaded installer's own version resource says; the version offered when undefined. */
  installerVersion: string | null | undefined = undefined
  private readonly downloads = mkdtempSync(join(tmpdir(), 'fake-updater-'))
  /** What each downloaded file says it is, for a controller that should not wait on the disk to read it. */
  readonly written = new Map<string, string | null>()
  log: string[]

  constructor(log: string[] = []) {
    super()
    this.log = log
  }

  setFeedURL(options: { provider: string; url: string }): void {
    this.feeds.push(`${options.provider} ${options.url}`)
  }

  async checkForUpdates(): Promise<unknown> {
    this.checks++
    this.emit('checking-for-update')
    await tick()
    if (this.failWith) {
      this.emit('error', this.failWith)
      throw this.failWith
    }
    if (this.offer === null) {
      this.emit('update-not-available', { version: '1.0.0' })
      return { isUpdateAvailable: false }
    }
    const version = this.offer
    this.emit('update-available', { version })
    if (this.autoDownload) {
      void (async () => {
        if (!this.cached) {
          for (const percent of [12.5, 50, 99.6]) {
            await tick()
            this.emit('download-progress', { percent })
          }
        }
        await tick()
        // The installer as downloaded, its version resource as built (or relabelled in the feed).
        const downloadedFile = join(this.downloads, `Reseller-Desk-Setup-${version}.exe`)
        const says = this.installerVersion === undefined ? version : this.installerVersion
        writeFileSync(downloadedFile, installerWithVersion(says))
        this.written.set(downloadedFile, says)
        this.emit('update-downloaded', { version, downloadedFile })
      })()
    }
    return { isUpdateAvailable: true }
  }

  quitAndInstall(silent?: boolean, restart?: boolean): void {
    this.log.push('install')
    this.installs.push({ silent, restart })
  }
}
