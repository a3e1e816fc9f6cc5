import { execFile } from 'node:child_process'
import { copyFileSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import asar from '@electron/asar'
import { writeStandInElectronDist } from './stand-in-electron'

/**
 * Packages the Windows app (x64, unpacked folder) offline, as `npm run dist:win` packages it before NSIS wraps
 * it, with the stand-in Electron distribution. `signExecutable=false` skips only code signing: the icon and
 * version resources are still written into the .exe (by electron-builder's own resedit code, no wine), so
 * they can be checked too.
 */
export interface PackedWindowsApp {
  appDir: string
  exe: string
  asar: string
  unpacked: string
  log: string
}

const require = createRequire(import.meta.url)
const ELECTRON_VERSION: string = require('electron/package.json').version

export async function packWindowsApp(workDir: string, timeoutMs = 600_000): Promise<PackedWindowsApp> {
  const electronDist = join(workDir, 'electron-dist')
  const output = join(workDir, 'dist')
  writeStandInElectronDist(electronDist, ELECTRON_VERSION)
  const cli = require.resolve('electron-builder/cli.js')
  const log = await new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      [
        cli,
        '--win',
        '--dir',
        '--x64',
        '--publish',
        'never',
        `-c.electronDist=${electronDist}`,
        '-c.win.signExecutable=false',
        '-c.npmRebuild=false',
        `-c.directories.output=${output}`,
      ],
      {
        cwd: join(import.meta.dirname, '..', '..'),
        timeout: timeoutMs,
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, CSC_IDENTITY_AUTO_DISCOVERY: 'false' },
      },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`electron-builder failed: ${error.message}\n${stdout}\n${stderr}`))
          : resolve(stdout),
    )
  })
  const appDir = join(output, 'win-unpacked')
  return {
    appDir,
    exe: join(appDir, 'Reseller Desk.exe'),
    asar: join(appDir, 'resources', 'app.asar'),
    unpacked: join(appDir, 'resources', 'app.asar.unpacked'),
    log,
  }
}

/** Every file in the archive, as `/path` (unpacked ones included, as the archive lists them). */
export function asarFiles(archive: string): string[] {
  return asar.listPackage(archive, { isPack: false }).map((p) => p.replaceAll('\\', '/'))
}

function folderBytes(dir: string): number {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name)
    total += entry.isDirectory() ? folderBytes(path) : statSync(path).size
  }
  return total
}

/** What the installer carries of the app itself (Electron's own files aside). */
export function appPayload(app: PackedWindowsApp): {
  asarBytes: number
  unpackedBytes: number
  files: number
} {
  return {
    asarBytes: statSync(app.asar).size,
    unpackedBytes: folderBytes(app.unpacked),
    files: asarFiles(app.asar).length,
  }
}

/**
 * The packed app as a folder Node can run: the archive and its unpacked files extracted, plus this machine's
 * SQLite binary beside the Windows one (the package carries only win32-x64). Everything else is exactly
 * what ships, so a dependency the packing left out fails here.
 */
export function extractForNode(app: PackedWindowsApp, dest: string): string {
  asar.extractAll(app.asar, dest)
  const hostPrebuild = `${process.platform}-${process.arch}.node`
  const packageDir = dirname(require.resolve('better-sqlite3/package.json'))
  copyFileSync(
    join(packageDir, 'prebuilds', hostPrebuild),
    join(dest, 'node_modules', 'better-sqlite3', 'prebuilds', hostPrebuild),
  )
  return dest
}

/** Every module specifier the built main bundle and its chunks import, statically or on demand. */
export function bundleSpecifiers(outMain: string): string[] {
  const chunks = join(outMain, 'chunks')
  const files = [
    join(outMain, 'index.js'),
    ...(existsSync(chunks) ? readdirSync(chunks).filter((f) => f.endsWith('.js')) : []).map((f) =>
      join(chunks, f),
    ),
  ]
  const specifiers = new Set<string>()
  for (const file of files) {
    const code = readFileSync(file, 'utf8')
    for (const match of [
      ...code.matchAll(/^import\s[^;]*?\sfrom\s*["']([^"']+)["']/gm),
      ...code.matchAll(/^import\s*["']([^"']+)["']/gm),
      ...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
    ]) {
      specifiers.add(match[1] as string)
    }
  }
  return [...specifiers].sort()
}

/** Bare package names the main bundle and its chunks import (what must ship in node_modules). */
export function bundleImports(outMain: string): string[] {
  const names = new Set<string>()
  for (const specifier of bundleSpecifiers(outMain)) {
    if (specifier.startsWith('node:') || specifier.startsWith('.')) continue
    const parts = specifier.split('/')
    names.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string))
  }
  return [...names].sort()
}
