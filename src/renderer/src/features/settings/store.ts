import { createStore, type StoreApi } from 'zustand/vanilla'
import type { DeskApi, DeskInput } from '../../../../shared/contract'
import { type AppErrorData, toAppErrorData } from '../../../../shared/errors'
import type { Settings } from '../../../../shared/settings'
import type { ConnectionTest, DeskStatus } from '../../../../shared/status'
import type { Language } from '../../../../shared/types'
import { sameAnswer } from '../../app/same-answer'

export interface LiveForm {
  baseUrl: string
  username: string
  /** Empty: keep (or test with) the stored password. */
  password: string
  proxyUrl: string
  /** Use the saved proxy address without the username and password kept for it (and forget them on save). */
  forgetProxyCredentials: boolean
}

type Busy = 'test' | 'configure' | 'mode' | 'update' | 'diagnostics' | null

/** The form a person acted in: its confirmation or refusal is shown there, beside its button. */
export type SettingsForm =
  | 'mode'
  | 'live'
  | 'preferences'
  | 'limits'
  | 'receipts'
  | 'support'
  | 'rules'
  | 'backup'

export interface SettingsState {
  settings: Settings | null
  form: LiveForm
  busy: Busy
  test: ConnectionTest | null
  /** The last action's refusal (configure, switch, update, diagnostics). */
  error: AppErrorData | null
  /** What the last successful action did, for a short confirmation line. */
  done: 'configured' | 'training' | 'live' | 'saved' | 'diagnostics' | null
  /** Where the last action came from (its `done` or `error` is shown there). */
  actedIn: SettingsForm | null
  diagnosticsPath: string | null
  /** Switching to live with new details needs the password typed (it is never read back). */
  passwordRequired: boolean
  /**
   * Reads the settings. A field typed since `typedSince` (the form as it was when the screen asked; by default
   * as it is now) is kept over the answer.
   */
  load(typedSince?: LiveForm): Promise<void>
  setField<K extends keyof LiveForm>(field: K, value: LiveForm[K]): void
  testConnection(): Promise<void>
  configure(): Promise<void>
  useTraining(): Promise<void>
  useLive(): Promise<void>
  update(patch: DeskInput<'updateSettings'>, form: SettingsForm): Promise<Settings | null>
  /** A field of a form was changed: that form's "Saved." (or refusal) no longer describes what is on screen. */
  edited(form: SettingsForm): void
  /** The screen was left: what its last action said ("Saved.", a refusal, a test's result) is not said again. */
  leave(): void
  /** Remembers the language chosen anywhere in the app, quietly (no confirmation line, no busy state). */
  rememberLanguage(language: Language): Promise<void>
  saveDiagnostics(): Promise<void>
}

export type SettingsStore = StoreApi<SettingsState>

export interface SettingsDeps {
  api: Pick<
    DeskApi,
    | 'getSettings'
    | 'updateSettings'
    | 'setLanguage'
    | 'testConnection'
    | 'configureService'
    | 'useTraining'
    | 'useLive'
    | 'saveDiagnostics'
  >
  /** Mode switches answer with a fresh status: the top bar takes it at once. */
  onStatus(status: DeskStatus): void
  onSettings(settings: Settings): void
}

function formFrom(settings: Settings): LiveForm {
  return {
    baseUrl: settings.live?.baseUrl ?? '',
    username: settings.live?.username ?? '',
    password: '',
    proxyUrl: settings.live?.proxyUrl ?? '',
    forgetProxyCredentials: false,
  }
}

export function createSettingsStore({ api, onStatus, onSettings }: SettingsDeps): SettingsStore {
  return createStore<SettingsState>((set, get) => {
    /** Runs one action at a time; the buttons are disabled while it runs. */
    async function run<T>(
      busy: Exclude<Busy, null>,
      actedIn: SettingsForm,
      action: () => Promise<T>,
    ): Promise<T | null> {
      if (get().busy) return null
      set({ busy, error: null, done: null, actedIn })
      try {
        return await action()
      } catch (e) {
        set({ error: toAppErrorData(e) })
        return null
      } finally {
        set({ busy: null })
      }
    }

    async function refreshSettings(): Promise<void> {
      const settings = await api.getSettings()
      set({ settings })
      onSettings(settings)
    }

    function connectionArgs(): DeskInput<'testConnection'> {
      const { baseUrl, username, password, proxyUrl, forgetProxyCredentials } = get().form
      return {
        baseUrl: baseUrl.trim(),
        username: username.trim(),
        ...(password ? { password } : {}),
        proxyUrl: proxyUrl.trim() === '' ? null : proxyUrl.trim(),
        // Only for the address they were kept for (another address never gets them anyway).
        ...(forgetProxyCredentials && proxyUrl.trim() === get().settings?.live?.proxyUrl
          ? { forgetProxyCredentials: true }
          : {}),
      }
    }

    return {
      settings: null,
      form: { baseUrl: '', username: '', password: '', proxyUrl: '', forgetProxyCredentials: false },
      busy: null,
      test: null,
      error: null,
      done: null,
      actedIn: null,
      diagnosticsPath: null,
      passwordRequired: false,

      async load(typedSince) {
        const before = typedSince ?? get().form
        try {
          const settings = await api.getSettings()
          // A field typed while the settings were on their way (a slow PC, a quick clerk) is kept; the answer
          // fills the others.
          const now = get().form
          const loaded = formFrom(settings)
          const form = Object.fromEntries(
            Object.entries(loaded).map(([key, value]) => {
              const k = key as keyof LiveForm
              return [k, now[k] !== before[k] ? now[k] : value]
            }),
          ) as unknown as LiveForm
          // Asked on every visit to Settings: the same answer keeps the same objects, and the screen's
          // sections (and the stores fed from the settings) re-render nothing.
          const kept = sameAnswer(get().settings, settings)
          set({ settings: kept, form: sameAnswer(now, form) })
          onSettings(kept)
        } catch (e) {
          set({ error: toAppErrorData(e) })
        }
      },

      edited(form) {
        // The last save's line, "Saved." or its refusal, is about what was there before the change.
        if (get().actedIn === form && (get().done !== null || get().error !== null))
          set({ done: null, error: null })
      },

      leave() {
        set({ done: null, error: null, actedIn: null, test: null, diagnosticsPath: null })
      },

      setField(field, value) {
        get().edited('live')
        set((s) => ({ form: { ...s.form, [field]: value }, test: null, passwordRequired: false }))
      },

      async testConnection() {
        set({ test: null })
        const result = await run('test', 'live', () => api.testConnection(connectionArgs()))
        if (result) set({ test: result })
      },

      async configure() {
        const args = connectionArgs()
        const password = args.password
        if (!password) {
          set({ passwordRequired: true })
          return
        }
        const status = await run('configure', 'live', async () => {
          const status = await api.configureService({ ...args, password })
          await refreshSettings()
          return status
        })
        if (status) {
          onStatus(status)
          set((s) => ({
            done: 'configured',
            form: { ...s.form, password: '', forgetProxyCredentials: false },
          }))
        }
      },

      async useTraining() {
        const status = await run('mode', 'mode', async () => {
          // biome-ignore lint/correctness/useHookAtTopLevel: a desk API call named like a hook, not a React hook
          const status = await api.useTraining()
          await refreshSettings()
          return status
        })
        if (status) {
          onStatus(status)
          set({ done: 'training' })
        }
      },

      async useLive() {
        const status = await run('mode', 'mode', async () => {
          // biome-ignore lint/correctness/useHookAtTopLevel: a desk API call named like a hook, not a React hook
          const status = await api.useLive()
          await refreshSettings()
          return status
        })
        if (status) {
          onStatus(status)
          set({ done: 'live' })
        }
      },

      async update(patch, form) {
        const settings = await run('update', form, () => api.updateSettings(patch))
        if (settings) {
          set({ settings, done: 'saved' })
          onSettings(settings)
        }
        return settings
      },

      async rememberLanguage(language) {
        try {
          await api.setLanguage({ language })
          set((s) => ({ settings: s.settings ? { ...s.settings, language } : s.settings }))
        } catch {
          // The language is already switched on screen; it only would not survive a restart.
        }
      },

      async saveDiagnostics() {
        const saved = await run('diagnostics', 'support', () => api.saveDiagnostics({}))
        if (saved) set({ done: 'diagnostics', diagnosticsPath: saved.path })
      },
    }
  })
}
