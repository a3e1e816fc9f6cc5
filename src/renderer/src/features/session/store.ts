import { createStore, type StoreApi } from 'zustand/vanilla'
import type { DeskApi } from '../../../../shared/contract'
import { type AppErrorData, toAppErrorData } from '../../../../shared/errors'
import type { Person, Session } from '../../../../shared/people'

/** At most one "still here" to main per this long while the person works without calling main. */
export const TOUCH_EVERY_MS = 60_000

export interface SessionState {
  /** null until main has answered. */
  session: Session | null
  /** Active people, for the sign-in picker. */
  people: Person[]
  busy: boolean
  error: AppErrorData | null
  /** The sign-in must wait until then (wrong PINs), epoch ms. */
  waitUntil: number | null
  /**
   * Whom `error` and `waitUntil` are about (the person of the last sign-in try); null for an error of no one
   * person (the people list could not be read). Main keeps a wait per person: another person is not kept waiting.
   */
  attemptFor: string | null
  /** The window locked itself (idle), or main ended the session: the sign-in says so. */
  locked: boolean
  /** The setup screen is open (from the banner of a terminal without a manager). */
  settingUp: boolean
  load(): Promise<void>
  startSetup(): void
  cancelSetup(): void
  createManager(name: string, pin: string): Promise<boolean>
  /**
   * False when refused. A try during the person's wait is not sent at all (main would refuse it unchecked): the
   * error then is TOO_MANY_ATTEMPTS, which the screen says as "not tried", never as a wrong PIN.
   */
  signIn(personId: string, pin: string): Promise<boolean>
  signOut(locked?: boolean): Promise<void>
  /** The person is working (keys, clicks): tells main now and then, so its idle limit agrees. */
  activity(): void
  /** A call came back NOT_SIGNED_IN: main ended the session (idle, deactivated, signed out elsewhere). */
  lost(expired: boolean): void
  /** The manager changed the idle time or the reprint window: this window follows at once. */
  applyRules(rules: { autoLockMinutes: number; reprintWindowMinutes: number }): void
}

export type SessionStore = StoreApi<SessionState>

export interface SessionDeps {
  api: Pick<DeskApi, 'getSession' | 'listPeople' | 'createManager' | 'signIn' | 'signOut' | 'touchSession'>
  now(): number
  /** A person signed in (or setup finished): the work screens start fresh. */
  onSignedIn(session: Session): void
}

export function createSessionStore({ api, now, onSignedIn }: SessionDeps): SessionStore {
  let lastTouch = 0
  let loading: Promise<void> | null = null

  return createStore<SessionState>((set, get) => {
    async function loadPeople(): Promise<void> {
      try {
        set({ people: (await api.listPeople()).people.filter((p) => p.active) })
      } catch (e) {
        set({ error: toAppErrorData(e), attemptFor: null })
      }
    }

    function waitFrom(error: AppErrorData): number | null {
      const ms = error.details?.retryAfterMs
      return typeof ms === 'number' && ms > 0 ? now() + ms : null
    }

    return {
      session: null,
      people: [],
      busy: false,
      error: null,
      waitUntil: null,
      attemptFor: null,
      locked: false,
      settingUp: false,

      load() {
        // One request at a time: the page asks before React's first render, the gate asks again on mount.
        loading ??= (async () => {
          try {
            const session = await api.getSession()
            set({ session, locked: session.expired === true || get().locked })
            if (!session.setupNeeded && !session.person) await loadPeople()
          } catch (e) {
            set({ error: toAppErrorData(e) })
          } finally {
            loading = null
          }
        })()
        return loading
      },

      startSetup: () => set({ settingUp: true, error: null }),
      cancelSetup: () => set({ settingUp: false, error: null }),

      async createManager(name, pin) {
        if (get().busy) return false
        set({ busy: true, error: null })
        try {
          const session = await api.createManager({ name, pin })
          set({ session, settingUp: false, locked: false })
          lastTouch = now()
          onSignedIn(session)
          return true
        } catch (e) {
          set({ error: toAppErrorData(e) })
          return false
        } finally {
          set({ busy: false })
        }
      },

      async signIn(personId, pin) {
        const { busy, waitUntil, attemptFor } = get()
        if (busy) return false
        if (attemptFor === personId && waitUntil !== null && waitUntil > now()) {
          // Not sent, so not counted either way; said as "not tried", never as a wrong PIN.
          set({
            error: {
              code: 'TOO_MANY_ATTEMPTS',
              message: 'Not tried: the wait after wrong PINs is not over.',
              details: { retryAfterMs: waitUntil - now() },
            },
          })
          return false
        }
        set({ busy: true, error: null, waitUntil: null, attemptFor: personId })
        try {
          const session = await api.signIn({ personId, pin })
          set({ session, locked: false })
          lastTouch = now()
          onSignedIn(session)
          return true
        } catch (e) {
          const error = toAppErrorData(e)
          set({ error, waitUntil: waitFrom(error) })
          return false
        } finally {
          set({ busy: false })
        }
      },

      async signOut(locked = false) {
        try {
          const session = await api.signOut()
          set({ session, locked, error: null })
        } catch (e) {
          set({ error: toAppErrorData(e), attemptFor: null })
        }
        await loadPeople()
      },

      activity() {
        if (!get().session?.person || now() - lastTouch < TOUCH_EVERY_MS) return
        lastTouch = now()
        void api.touchSession().catch(() => undefined)
      },

      applyRules({ autoLockMinutes, reprintWindowMinutes }) {
        const session = get().session
        if (session) set({ session: { ...session, autoLockMinutes, reprintWindowMinutes } })
      },

      lost(expired) {
        const session = get().session
        if (!session?.person) return
        set({ session: { ...session, person: null }, locked: expired })
        void loadPeople()
      },
    }
  })
}
