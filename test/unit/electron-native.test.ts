import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  ADDON,
  currentStamp,
  prepareElectronNative,
  type Rebuild,
} from '../../scripts/prepare-electron-native'
import { ELECTRON_NATIVE_ADDON, electronNativeBinding } from '../../src/main/electron/native-binding'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

/** A project folder whose node_modules/better-sqlite3 is the real one's sources. */
function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'native-'))
  dirs.push(root)
  mkdirSync(join(root, 'node_modules'))
  const real = join(process.cwd(), 'node_modules', 'better-sqlite3')
  cpSync(real, join(root, 'node_modules', 'better-sqlite3'), { recursive: true })
  return root
}

/** Stands in for @electron/rebuild: "builds" by copying Node's addon where Electron's belongs. */
const fakeRebuild: Rebuild = vi.fn(async ({ buildPath }) => {
  const out = join(buildPath, ADDON)
  mkdirSync(join(out, '..'), { recursive: true })
  writeFileSync(
    out,
    readFileSync(join(process.cwd(), 'node_modules/better-sqlite3/build/Release/better_sqlite3.node')),
  )
})

describe('the Electron build of better-sqlite3', () => {
  it('is made in .electron-native without touching the copy in node_modules, and loads via nativeBinding', async () => {
    const root = project()
    const nodeAddon = join(root, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node')
    const before = readFileSync(nodeAddon)
    const addon = await prepareElectronNative(root, fakeRebuild, () => {})
    expect(addon).toBe(join(root, ELECTRON_NATIVE_ADDON))
    expect(vi.mocked(fakeRebuild).mock.calls[0]?.[0]).toMatchObject({
      buildPath: join(root, '.electron-native', 'app'),
      electronVersion: currentStamp().electron,
      onlyModules: ['better-sqlite3'],
    })
    // The staged sources carried no build output from node_modules.
    expect(readFileSync(nodeAddon).equals(before)).toBe(true)
    // The app finds it in development, and loads SQLite through it.
    expect(electronNativeBinding(root, false)).toBe(addon)
    expect(electronNativeBinding(root, true)).toBeUndefined()
    const db = new Database(':memory:', { nativeBinding: addon })
    expect(db.prepare('SELECT 1 AS one').get()).toEqual({ one: 1 })
    db.close()
  })

  it('is rebuilt only when Electron or better-sqlite3 changed', async () => {
    const root = project()
    vi.mocked(fakeRebuild).mockClear()
    await prepareElectronNative(root, fakeRebuild, () => {})
    await prepareElectronNative(root, fakeRebuild, () => {})
    expect(fakeRebuild).toHaveBeenCalledTimes(1)
    const stampPath = join(root, '.electron-native/app/stamp.json')
    writeFileSync(stampPath, JSON.stringify({ ...currentStamp(), electron: '44.0.0' }))
    await prepareElectronNative(root, fakeRebuild, () => {})
    expect(fakeRebuild).toHaveBeenCalledTimes(2)
    expect(existsSync(join(root, ELECTRON_NATIVE_ADDON))).toBe(true)
  })
})
