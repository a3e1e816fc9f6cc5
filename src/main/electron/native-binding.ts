import { existsSync } from 'node:fs'
import { join } from 'node:path'

/**
 * better-sqlite3 is a native addon, and Node (tests, the browser shell) and Electron have different ABIs.
 * `npm start` builds a second copy for Electron under .electron-native/ (scripts/prepare-electron-native.mjs)
 * and the app loads that one through better-sqlite3's `nativeBinding` option, leaving node_modules' copy
 * built for Node. A packaged app ships its addon rebuilt for Electron, so it needs no override.
 */
export function electronNativeBinding(appPath: string, packaged: boolean): string | undefined {
  if (packaged) return undefined
  const file = join(appPath, ELECTRON_NATIVE_ADDON)
  return existsSync(file) ? file : undefined
}

export const ELECTRON_NATIVE_ADDON =
  '.electron-native/app/node_modules/better-sqlite3/build/Release/better_sqlite3.node'
