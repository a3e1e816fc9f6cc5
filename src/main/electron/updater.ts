import type { Logger } from '../log'
import type { Updater } from '../updates/update-controller'

/**
 * electron-updater's Windows updater (NSIS), loaded only by the installed app. Its own log lines go to the
 * desk's log (redacted like every other line) instead of the console.
 */
export async function loadNsisUpdater(log: Logger): Promise<Updater> {
  const module = await import('electron-updater')
  const { NsisUpdater } = (module.default ?? module) as typeof import('electron-updater')
  const updater = new NsisUpdater()
  updater.logger = {
    info: (message: unknown) => log.info(String(message)),
    warn: (message: unknown) => log.warn(String(message)),
    error: (message: unknown) => log.error(String(message)),
    debug: (message: unknown) => log.debug(String(message)),
  }
  return updater
}
