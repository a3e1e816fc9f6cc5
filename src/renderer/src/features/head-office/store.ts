import { createStore, type StoreApi } from 'zustand/vanilla'
import type { DeskApi } from '../../../../shared/contract'
import { type AppErrorData, toAppErrorData } from '../../../../shared/errors'
import type { HeadOfficeStatus, HeadOfficeTest, HeadOfficeView } from '../../../../shared/head-office'
import { REFUSED_REASONS, STOP_REASONS } from '../../../../shared/head-office-reasons'
import { sameAnswer } from '../../app/same-answer'

export interface HeadOfficeForm {
  enabled: boolean
  host: string
  port: string
  database: string
  user: string
  /** Empty: keep (or test with) the stored password. It is never read back. */
  password: string
  terminal: string
  caFile: string
}

type Busy = 'test' | 'save' | null

export interface HeadOfficeState {
  view: HeadOfficeView | null
  /** The sync's state as the top bar and Settings show it (polled). */
  status: HeadOfficeStatus | null
  form: HeadOfficeForm
  busy: Busy
  test: HeadOfficeTest | null
  error: AppErrorData | null
  saved: boolean
  passwordRequired: boolean
  /** The field where a connection address was pasted that could not be read (and was not kept). */
  unreadablePaste: PasteField | null
  load(): Promise<void>
  refreshStatus(): Promise<void>
  setField<K extends keyof HeadOfficeForm>(field: K, value: HeadOfficeForm[K]): void
  testConnection(): Promise<void>
  save(): Promise<void>
}

export type HeadOfficeStore = StoreApi<HeadOfficeState>

const EMPTY: HeadOfficeForm = {
  enabled: false,
  host: '',
  port: '5432',
  database: '',
  user: '',
  password: '',
  terminal: '',
  caFile: '',
}

function formFrom(view: HeadOfficeView): HeadOfficeForm {
  const s = view.settings
  if (!s) return { ...EMPTY }
  return {
    enabled: s.enabled,
    host: s.host,
    port: String(s.port),
    database: s.database,
    user: s.user,
    password: '',
    terminal: s.terminal,
    caFile: s.caFile ?? '',
  }
}

/**
 * The headline of a Test that did not pass: the head office answered and refused (these settings, or what
 * Save would meet: another PC's claim, an old schema, a role without its rights), it could not be reached,
 * or nothing was asked (no secret, an unreadable CA file).
 */
export function testHeadline(error: AppErrorData): 'testFailed' | 'testUnreachable' | 'testNotRun' {
  if (error.code !== 'HEAD_OFFICE_UNAVAILABLE' && error.code !== 'HEAD_OFFICE_CONFLICT') return 'testNotRun'
  const reason = String(error.details?.reason)
  return REFUSED_REASONS.has(reason) || STOP_REASONS.has(reason) ? 'testFailed' : 'testUnreachable'
}

/** Text that is a PostgreSQL connection address: it may hold the secret, so it is never kept as typed. */
export function isConnectionUrl(text: string): boolean {
  return /^postgres(ql)?:\/\//i.test(text.trim())
}

/** The text fields a pasted connection address is read from (the secret's and the port's are not). */
export type PasteField = 'host' | 'database' | 'user' | 'terminal' | 'caFile'
const PASTE_FIELDS: readonly string[] = ['host', 'database', 'user', 'terminal', 'caFile']

/**
 * The fields of a PostgreSQL connection address (`postgres://role:secret@host:5432/database`), when the text
 * is one; the secret is never taken from it (it goes in its own field). Read leniently, as a secret with
 * `#`, `/`, `?` or `@` in it is often pasted unencoded: the host, port and database are what follows the last
 * `@` (up to a `?` or `#`), the role what precedes the first `:` before it. Null for anything else, and for an
 * address that cannot be read even so (no host, a port that is not one).
 */
export function fromConnectionUrl(text: string): Partial<HeadOfficeForm> | null {
  const trimmed = text.trim()
  if (!isConnectionUrl(trimmed)) return null
  const rest = trimmed.replace(/^postgres(ql)?:\/\//i, '')
  const at = rest.lastIndexOf('@')
  const userInfo = at < 0 ? '' : rest.slice(0, at)
  const place = (at < 0 ? rest : rest.slice(at + 1)).replace(/[?#].*$/s, '')
  const slash = place.indexOf('/')
  const authority = slash < 0 ? place : place.slice(0, slash)
  const path = slash < 0 ? '' : place.slice(slash + 1)
  // A name may have _ in it (Windows and Docker names have), as pg reads it.
  const hostPort = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::(\d{0,5}))?$/.exec(authority)
  if (!hostPort) return null
  const [, host = '', port = ''] = hostPort
  if (port !== '' && (Number(port) < 1 || Number(port) > 65535)) return null
  // A stray % in what was pasted is kept as typed (decoding it would throw in the field's change).
  const decoded = (part: string) => {
    try {
      return decodeURIComponent(part)
    } catch {
      return part
    }
  }
  const colon = userInfo.indexOf(':')
  const user = decoded(colon < 0 ? userInfo : userInfo.slice(0, colon))
  const database = decoded(path)
  return {
    host: host.toLowerCase(),
    ...(port ? { port: String(Number(port)) } : {}),
    ...(database ? { database } : {}),
    ...(user ? { user } : {}),
  }
}

export function createHeadOfficeStore(
  api: Pick<DeskApi, 'getHeadOffice' | 'getHeadOfficeStatus' | 'configureHeadOffice' | 'testHeadOffice'>,
): HeadOfficeStore {
  return createStore<HeadOfficeState>((set, get) => {
    function target() {
      const f = get().form
      return {
        host: f.host.trim(),
        port: Number(f.port.trim() || '5432'),
        database: f.database.trim(),
        user: f.user.trim(),
        terminal: f.terminal.trim(),
        caFile: f.caFile.trim() === '' ? null : f.caFile.trim(),
        ...(f.password === '' ? {} : { password: f.password }),
      }
    }

    async function run(busy: Exclude<Busy, null>, action: () => Promise<void>): Promise<void> {
      if (get().busy) return
      set({ busy, error: null, saved: false, passwordRequired: false })
      try {
        await action()
      } catch (e) {
        const error = toAppErrorData(e)
        set({ error, passwordRequired: error.code === 'BAD_INPUT' && error.details?.field === 'password' })
      } finally {
        set({ busy: null })
      }
    }

    return {
      view: null,
      status: null,
      form: { ...EMPTY },
      busy: null,
      test: null,
      error: null,
      saved: false,
      passwordRequired: false,
      unreadablePaste: null,

      async load() {
        try {
          const view = await api.getHeadOffice()
          // Asked on every visit to Settings: what is the same as before keeps its object (nothing re-renders);
          // the form is the stored one again, as on every visit.
          set((s) => ({
            view: sameAnswer(s.view, view),
            status: sameAnswer(s.status, view.status),
            form: sameAnswer(s.form, formFrom(view)),
            test: null,
            error: null,
            saved: false,
            unreadablePaste: null,
          }))
        } catch (e) {
          set({ error: toAppErrorData(e) })
        }
      },

      async refreshStatus() {
        try {
          // Polled every 2 s: the same answer keeps the same object, and the top bar re-renders nothing.
          const status = await api.getHeadOfficeStatus()
          set((s) => ({ status: sameAnswer(s.status, status) }))
        } catch {
          // The top bar keeps what it had; the bridge's own trouble shows elsewhere.
        }
      },

      setField(field, value) {
        // A connection address pasted into a text field (postgres://role@host:port/database) fills the fields
        // it holds, not only that one; one that cannot be read leaves that field empty and says so. Either
        // way the address itself, which may hold the secret, is never kept or shown.
        const address = PASTE_FIELDS.includes(field) && typeof value === 'string' && isConnectionUrl(value)
        const pasted = address ? fromConnectionUrl(value) : null
        set((s) => ({
          form: { ...s.form, ...(address ? (pasted ?? { [field]: '' }) : { [field]: value }) },
          test: null,
          saved: false,
          unreadablePaste: address && pasted === null ? (field as PasteField) : null,
          ...(s.error?.code === 'BAD_INPUT' ? { error: null } : {}),
        }))
      },

      testConnection: () =>
        run('test', async () => {
          set({ test: await api.testHeadOffice(target()) })
        }),

      save: () =>
        run('save', async () => {
          const view = await api.configureHeadOffice({ ...target(), enabled: get().form.enabled })
          set({ view, status: view.status, form: formFrom(view), saved: true })
          // Saved is not working: a wrong secret would otherwise show only later, as "cannot reach".
          if (!view.settings?.enabled) return
          const tested = get().form
          const test = await api.testHeadOffice(target())
          // An edit meanwhile made the answer about settings no longer on screen.
          if (get().form === tested) set({ test })
        }),
    }
  })
}
