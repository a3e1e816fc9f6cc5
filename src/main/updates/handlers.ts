import type { UpdateStatus } from '../../shared/updates'
import type { FeatureHandlers } from '../desk/core'

/** What the desk's update calls ask of the host's updater (the UpdateController in the installed app). */
export interface UpdatesHost {
  status(): UpdateStatus
  checkNow(): Promise<UpdateStatus>
  installNow(): UpdateStatus
  /** A manager changed the feed address. */
  feedChanged(): void
}

/** A host that does not update itself (the browser shell, a developer's unpackaged run). */
export function unavailableUpdates(currentVersion: string): UpdateStatus {
  return {
    currentVersion,
    state: 'unavailable',
    feed: null,
    availableVersion: null,
    downloadPercent: null,
    lastCheckAt: null,
    error: null,
    hold: null,
  }
}

/**
 * getUpdateStatus, checkForUpdates, installUpdate. `host` is read at each call: in the Electron app the
 * updater is made after the desk (it asks the desk whether money is moving).
 */
export function updateHandlers(
  host: () => UpdatesHost | null,
  currentVersion: () => string,
): FeatureHandlers<'getUpdateStatus' | 'checkForUpdates' | 'installUpdate'> {
  return {
    getUpdateStatus: async () => host()?.status() ?? unavailableUpdates(currentVersion()),
    checkForUpdates: async () => {
      const updates = host()
      return updates ? updates.checkNow() : unavailableUpdates(currentVersion())
    },
    installUpdate: async () => {
      const updates = host()
      return updates ? updates.installNow() : unavailableUpdates(currentVersion())
    },
  }
}
