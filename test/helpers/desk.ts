/**
 * Builds the real desk core on a temp data folder against a real sandbox over HTTP: the same parts the app
 * wires, with short timeouts so fault suites stay quick.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ZodType } from 'zod'
import { createDesk, type Desk, type DeskDeps } from '../../src/main/app-desk'
import { BackupKeys } from '../../src/main/backup/backup-key'
import { DevelopmentSecretStore } from '../../src/main/settings/secrets'
import { JsonFileSettings, type StoredSettings } from '../../src/main/settings/settings'
import { type Sandbox, type SandboxSeedInput, startSandbox } from '../../src/sandbox/index'
import { DESK_CALLS, type DeskArgs, type DeskMethod, type DeskOutputs } from '../../src/shared/contract'
import { AppError, toAppErrorData } from '../../src/shared/errors'

export const DEMO = { username: 'demo', password: 'demo-pass' }
export const MOHAMED = { phone: '0912345678', name: 'محمد' }
export const AHMED = { phone: '0931234567', name: 'Ahmed' }
export const KHALED_INACTIVE = { phone: '0947654321', name: 'Khaled' }

export function deskSeed(overrides: Partial<SandboxSeedInput> = {}): SandboxSeedInput {
  return {
    timezone: 'Africa/Tripoli',
    rate_limit_per_minute: 0,
    resellers: [{ ...DEMO, daily_max_amount: 1_000_000, allowed_ips: ['127.0.0.1', '::1'] }],
    denominations: [
      { id: 1, name: '5 LYD', value: 5 },
      { id: 4, name: '30 LYD', value: 30 },
      { id: 6, name: '100 LYD', value: 100 },
    ],
    users: [
      { phone: MOHAMED.phone, first_name: MOHAMED.name, status: 'active' },
      { phone: AHMED.phone, first_name: AHMED.name, status: 'active' },
      { phone: KHALED_INACTIVE.phone, first_name: KHALED_INACTIVE.name, status: 'inactive' },
    ],
    ...overrides,
  }
}

/**
 * The seed's three values as the Sell screen sends a sale of each: the id and the value confirmed (ids 1, 4 and
 * 6 are 5, 30 and 100 LYD in every seed of the tests, the training sandbox's too).
 */
export const SALE = {
  five: { denominationId: 1, valueDirhams: 5_000 },
  thirty: { denominationId: 4, valueDirhams: 30_000 },
  hundred: { denominationId: 6, valueDirhams: 100_000 },
} as const

/** Calls a handler as the bridge would: plain-object rejections, like window.api. */
export type Call = <M extends DeskMethod>(method: M, args?: unknown) => Promise<DeskOutputs[M]>

export interface TestDesk {
  desk: Desk
  sandbox: Sandbox
  dir: string
  settings: JsonFileSettings
  call: Call
  /** Rejection of a call as the renderer sees it. */
  rejection(
    method: DeskMethod,
    args?: unknown,
  ): Promise<{ code: string; message: string; details?: Record<string, unknown> }>
  restart(): Promise<void>
  close(): Promise<void>
}

export interface TestDeskOptions {
  seed?: SandboxSeedInput
  settings?: Partial<StoredSettings>
  deps?: Partial<DeskDeps>
  /** Reuse a data folder (restart tests). */
  dir?: string
  sandbox?: Sandbox
  clerk?: string
  /** A recovery passphrase set before the desk starts (encrypted backups, the daily one included, can be made). */
  backupPassphrase?: string
}

/** A recovery passphrase for tests' backups (what a manager types and writes down). */
export const BACKUP_PASSPHRASE = 'olive tree harbour lantern 42'

/**
 * Sets a recovery passphrase in a data folder's secret store, as the Backup tab does, before a desk starts
 * (the test desk's store is secrets.json, the browser shell's development-secrets.json).
 */
export async function setBackupPassphrase(
  dir: string,
  passphrase = BACKUP_PASSPHRASE,
  store = 'secrets.json',
): Promise<void> {
  await new BackupKeys(new DevelopmentSecretStore(join(dir, store)), Date.now).setPassphrase(passphrase)
}

export async function startTestDesk(options: TestDeskOptions = {}): Promise<TestDesk> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'desk-'))
  const sandbox = options.sandbox ?? (await startSandbox({ seed: options.seed ?? deskSeed() }))
  if (options.backupPassphrase) await setBackupPassphrase(dir, options.backupPassphrase)
  const settings = new JsonFileSettings(join(dir, 'settings.json'))
  settings.update({ connectTimeoutMs: 1000, answerTimeoutMs: 400, ...options.settings })
  const build = () =>
    createDesk({
      dataDir: dir,
      settings,
      secrets: new DevelopmentSecretStore(join(dir, 'secrets.json')),
      startTraining: async () => ({ baseUrl: sandbox.baseUrl, credentials: DEMO, close: async () => {} }),
      recoverySchedule: [50, 100, 200],
      ...options.deps,
    })
  let desk = build()
  await desk.start()
  const call: Call = async (method, args) => {
    const parsed = (DESK_CALLS[method].input as ZodType).safeParse(args)
    if (!parsed.success) throw { code: 'BAD_INPUT', message: parsed.error.message }
    try {
      const handler = desk.handlers[method] as (a: unknown, c: { clerk: string | null }) => Promise<never>
      return await handler(parsed.data, { clerk: options.clerk ?? 'Test Clerk' })
    } catch (error) {
      throw toAppErrorData(error)
    }
  }
  const td: TestDesk = {
    get desk() {
      return desk
    },
    sandbox,
    dir,
    settings,
    call,
    async rejection(method, args) {
      try {
        await call(method, args)
      } catch (error) {
        return error as { code: string; message: string }
      }
      throw new AppError('INTERNAL', `${method} resolved; a rejection was expected`)
    },
    async restart() {
      await desk.stop()
      desk = build()
      await desk.start()
      // The journal is checked in the background; what a crash left is marked once the check has answered.
      await desk.workspace().journal.checked
    },
    async close() {
      await desk.stop()
      if (!options.sandbox) await sandbox.close()
      if (!options.dir) rmSync(dir, { recursive: true, force: true })
    },
  }
  return td
}

export type Args<M extends DeskMethod> = DeskArgs<M>
