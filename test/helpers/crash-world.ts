/**
 * What the crash test's child and parent share: the customers, and the desk wired exactly as the app and
 * the test helper wire it (JSON settings, the development secret store, training pointed at a given
 * sandbox). Imports nothing from the sandbox, so the child bundle stays small.
 */
import { join } from 'node:path'
import { createDesk, type Desk } from '../../src/main/app-desk'
import { DevelopmentSecretStore } from '../../src/main/settings/secrets'
import { JsonFileSettings } from '../../src/main/settings/settings'

export const CRASH_CREDENTIALS = { username: 'demo', password: 'demo-pass' }
export const CRASH_CLERKS = 3
export const CRASH_CUSTOMERS = Array.from({ length: 9 }, (_, i) => ({
  phone: `0926${String(i).padStart(6, '0')}`,
  name: `Crash ${i}`,
}))
export const CRASH_DENOMINATION_ID = 1
/** Its value in the crash world's seed (deskSeed): what the clerk confirms. */
export const CRASH_DENOMINATION_DIRHAMS = 5_000

export function buildCrashDesk(dataDir: string, baseUrl: string): Desk {
  const settings = new JsonFileSettings(join(dataDir, 'settings.json'))
  settings.update({ connectTimeoutMs: 1000, answerTimeoutMs: 500 })
  return createDesk({
    dataDir,
    settings,
    secrets: new DevelopmentSecretStore(join(dataDir, 'secrets.json')),
    startTraining: async () => ({ baseUrl, credentials: CRASH_CREDENTIALS, close: async () => {} }),
    recoverySchedule: [20, 50, 100],
  })
}
