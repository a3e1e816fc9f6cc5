import type { DeskInput } from '../../shared/contract'
import type { Settings } from '../../shared/settings'
import { normalizeUpdateFeedUrl } from '../../shared/updates'
import { withManagerPatch } from '../settings/manager-settings'
import type { SecretStore } from '../settings/secrets'
import { editableSettingsOf, type SettingsStore } from '../settings/settings'
import type { FeatureHandlers } from './core'
import type { LiveAccount } from './live-account'
import type { Workspaces } from './workspaces'

export interface SettingsFeature {
  handlers: FeatureHandlers<'getSettings' | 'setLanguage' | 'updateSettings'>
  /** The settings as the renderer sees them: never a password. */
  publicSettings(): Settings
}

/** Settings: everyone reads them (nothing secret is in them), anyone sets the language, a manager the rest. */
export function settingsFeature(deps: {
  store: SettingsStore
  secrets: SecretStore
  live: LiveAccount
  workspaces: Workspaces
  dataDir: string
  /** A manager changed the update feed address: the host's updater reads it again. */
  feedChanged(): void
}): SettingsFeature {
  const { store, workspaces } = deps

  function publicSettings(): Settings {
    const s = store.get()
    return {
      mode: workspaces.mode,
      // The proxy's address only: its credentials stay in main, whoever asks.
      live: s.live
        ? {
            baseUrl: s.live.baseUrl,
            username: s.live.username,
            proxyUrl: deps.live.proxy.current()?.url ?? null,
            proxyHasCredentials: deps.live.proxy.hasCredentials(),
            passwordSaved: deps.live.passwordSaved,
          }
        : null,
      passwordStorage: deps.secrets.kind,
      ...editableSettingsOf(s),
    }
  }

  let updating: Promise<unknown> = Promise.resolve()

  return {
    publicSettings,
    handlers: {
      getSettings: async () => publicSettings(),

      setLanguage: async (args) => {
        store.update({ language: args.language })
        return { language: store.get().language }
      },

      // One at a time: a change waits for the one before it (a backup folder's check can wait on a share),
      // so it merges into what that one kept instead of writing an older copy back over it.
      updateSettings: (asked) => {
        const run = updating.then(() => update(asked))
        updating = run.catch(() => undefined)
        return run
      },
    },
  }

  async function update(asked: DeskInput<'updateSettings'>): Promise<Settings> {
    const before = store.get()
    const patch = asked.updateFeedUrl
      ? { ...asked, updateFeedUrl: normalizeUpdateFeedUrl(asked.updateFeedUrl) }
      : asked
    store.update(await withManagerPatch(patch, before, deps.dataDir))
    if (patch.updateFeedUrl !== undefined && patch.updateFeedUrl !== before.updateFeedUrl) {
      deps.feedChanged()
    }
    if (
      (patch.connectTimeoutMs !== undefined && patch.connectTimeoutMs !== before.connectTimeoutMs) ||
      (patch.answerTimeoutMs !== undefined && patch.answerTimeoutMs !== before.answerTimeoutMs)
    ) {
      workspaces.rebuildSessions()
    }
    return publicSettings()
  }
}
