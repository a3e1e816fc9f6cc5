/**
 * Builds better-sqlite3 a second time, for Electron's ABI, under .electron-native/, without touching the copy
 * in node_modules that Node (the tests, the browser shell) uses. The app loads the Electron build through
 * better-sqlite3's `nativeBinding` option (src/main/electron/native-binding.ts). Run by `npm start`; it does
 * nothing when the build for these versions is already there. Needs internet the first time (a prebuilt
 * binary, or Electron's headers to compile against).
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const require = createRequire(import.meta.url)

export interface NativeStamp {
  electron: string
  betterSqlite3: string
  platform: string
  arch: string
}

export const ADDON = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'

export function currentStamp(): NativeStamp {
  return {
    electron: (require('electron/package.json') as { version: string }).version,
    betterSqlite3: (require('better-sqlite3/package.json') as { version: string }).version,
    platform: process.platform,
    arch: process.arch,
  }
}

/** Whether the Electron build in appDir is missing or was made for other versions. */
export function needsRebuild(appDir: string, stamp: NativeStamp): boolean {
  if (!existsSync(join(appDir, ADDON))) return true
  try {
    return (
      JSON.stringify(JSON.parse(readFileSync(join(appDir, 'stamp.json'), 'utf8'))) !== JSON.stringify(stamp)
    )
  } catch {
    return true
  }
}

/** A tiny app folder holding a source copy of better-sqlite3 (no build output), for the rebuild to work on. */
export function stageSources(projectRoot: string, appDir: string, stamp: NativeStamp): void {
  rmSync(appDir, { recursive: true, force: true })
  const source = join(projectRoot, 'node_modules', 'better-sqlite3')
  const target = join(appDir, 'node_modules', 'better-sqlite3')
  mkdirSync(target, { recursive: true })
  cpSync(source, target, { recursive: true, filter: (path) => !path.startsWith(join(source, 'build')) })
  writeFileSync(
    join(appDir, 'package.json'),
    JSON.stringify({
      name: 'electron-native',
      private: true,
      dependencies: { 'better-sqlite3': stamp.betterSqlite3 },
    }),
  )
}

export type Rebuild = (options: {
  buildPath: string
  electronVersion: string
  arch: string
  onlyModules: string[]
  force: boolean
}) => Promise<unknown>

export async function prepareElectronNative(
  projectRoot: string,
  rebuild: Rebuild,
  log = console.log,
): Promise<string> {
  const appDir = join(projectRoot, '.electron-native', 'app')
  const stamp = currentStamp()
  if (!needsRebuild(appDir, stamp)) {
    log(`better-sqlite3 for Electron ${stamp.electron} is ready.`)
    return join(appDir, ADDON)
  }
  log(
    `Building better-sqlite3 ${stamp.betterSqlite3} for Electron ${stamp.electron} (${stamp.platform}-${stamp.arch})…`,
  )
  stageSources(projectRoot, appDir, stamp)
  await rebuild({
    buildPath: appDir,
    electronVersion: stamp.electron,
    arch: stamp.arch,
    onlyModules: ['better-sqlite3'],
    force: true,
  })
  if (!existsSync(join(appDir, ADDON)))
    throw new Error('The Electron build of better-sqlite3 was not produced.')
  writeFileSync(join(appDir, 'stamp.json'), JSON.stringify(stamp))
  log('Done.')
  return join(appDir, ADDON)
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const { rebuild } = await import('@electron/rebuild')
  const root = dirname(dirname(fileURLToPath(import.meta.url)))
  await prepareElectronNative(root, rebuild as unknown as Rebuild).catch((error: unknown) => {
    console.error(`Could not build better-sqlite3 for Electron: ${(error as Error).message}`)
    console.error(
      'Needs internet (a prebuilt binary or Electron headers) and, failing those, a C++ toolchain.',
    )
    process.exit(1)
  })
}
