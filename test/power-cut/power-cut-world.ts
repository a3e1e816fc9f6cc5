/**
 * What the power-cut soak's child (the desk whose power is cut) and parent (the service, the checks, the
 * restart) share: the people, the customers, the PINs, and the desk wired as the browser shell wires it (JSON
 * settings, the development secret store) in live mode against the parent's sandbox. Imports nothing from
 * the sandbox, so the child bundle stays small.
 */
import { join } from 'node:path'
import { createDesk, type Desk } from '../../src/main/app-desk'
import { dispatch } from '../../src/main/bridge'
import { silentLogger } from '../../src/main/log'
import { DevelopmentSecretStore } from '../../src/main/settings/secrets'
import { JsonFileSettings } from '../../src/main/settings/settings'
import type { DeskMethod, DeskOutputs } from '../../src/shared/contract'

export const SERVICE = { username: 'demo', password: 'demo-pass' }
export const MANAGER = { name: 'Power Cut Manager', pin: '2580' }
export const CLERK_NAME = 'Power Cut Clerk'
export const CUSTOMERS = Array.from({ length: 6 }, (_, i) => ({
  phone: `0927${String(i).padStart(6, '0')}`,
  name: `Cut ${i}`,
}))
export const DENOMINATION_ID = 1
/** Its value in the seed (deskSeed): what the clerk confirms. */
export const DENOMINATION_DIRHAMS = 5_000
/** The backups' recovery passphrase: the soak's backups are encrypted, as an outlet's are. */
export const BACKUP_PASSPHRASE = 'power cut soak passphrase'
/** Backups kept in the folder (the setting): few, so pruning runs in the soak too. */
export const BACKUPS_KEPT = 3
/** The daily backup's check, shortened: it runs within a moment of every start on a new day. */
export const BACKUP_CHECK_MS = 150

/** The clerk's PIN after `n` changes: four digits, a different one each time. */
export function clerkPin(n: number): string {
  return String(1000 + ((n * 7919) % 9000))
}

/** The settings save the soak makes, numbered (the receipt's redemption hint carries the number). */
export function settingsMark(n: number): string {
  return `power-cut save ${n}`
}

/** The number a settings file's mark carries, or null when it carries none. */
export function settingsMarkNumber(hint: unknown): number | null {
  const match = typeof hint === 'string' ? /^power-cut save (\d+)$/.exec(hint) : null
  return match ? Number(match[1]) : null
}

export function dataDirOf(mount: string): string {
  return join(mount, 'data')
}

export function backupFolderOf(mount: string): string {
  return join(mount, 'backups')
}

export function buildPowerCutDesk(dataDir: string, trainingUrl: string): Desk {
  return createDesk({
    dataDir,
    settings: new JsonFileSettings(join(dataDir, 'settings.json')),
    secrets: new DevelopmentSecretStore(join(dataDir, 'secrets.json')),
    startTraining: async () => ({ baseUrl: trainingUrl, credentials: SERVICE, close: async () => {} }),
    recoverySchedule: [20, 50, 100],
    backupCheckMs: BACKUP_CHECK_MS,
  })
}

export type WindowCall = <M extends DeskMethod>(method: M, args?: unknown) => Promise<DeskOutputs[M]>

/** Calls the desk as a window does (role, validation, handler); a rejection is thrown as its plain data. */
export function windowOf(desk: Desk, sender: string): WindowCall {
  return async (method, args) => {
    const envelope = await dispatch(desk, method, args ?? {}, { clerk: null, sender }, silentLogger)
    if (!envelope.ok) throw envelope.error
    return envelope.value as never
  }
}

/** Signs the manager in on a window. */
export async function signInManager(call: WindowCall): Promise<void> {
  const { people } = await call('listPeople')
  const manager = people.find((p) => p.name === MANAGER.name)
  if (!manager) throw new Error('the manager is missing from people.sqlite')
  await call('signIn', { personId: manager.id, pin: MANAGER.pin })
}
