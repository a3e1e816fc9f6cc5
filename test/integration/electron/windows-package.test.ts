import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import asar from '@electron/asar'
import { NtExecutable, NtExecutableResource, Resource } from 'resedit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import builderConfig, { NO_BUILD_FEED } from '../../../electron-builder'
import { ICO_SIZES } from '../../../scripts/make-icon'
import type { Envelope } from '../../helpers/main-harness'
import { PE_MACHINE, peExportNames } from '../../helpers/pe-exports'
import { runMainHarness } from '../../helpers/run-main-harness'
import { readAsarIntegrity, readFuses } from '../../helpers/stand-in-electron'
import {
  asarFiles,
  bundleImports,
  bundleSpecifiers,
  extractForNode,
  type PackedWindowsApp,
  packWindowsApp,
} from '../../helpers/windows-package'

/**
 * The Windows app packaged offline by electron-builder with the config in the repo (the stand-in Electron
 * replaces the downloaded one; NSIS itself, signing and a real Windows are not here — see README), then
 * inspected: what the archive holds and leaves out, the native binary unpacked, the fuses and the asar
 * integrity written into the .exe, and the packed JavaScript started in Node.
 */
const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as {
  version: string
  dependencies: Record<string, string>
}
const work = mkdtempSync(join(tmpdir(), 'windows-package-'))
let app: PackedWindowsApp
let files: string[]

beforeAll(async () => {
  if (!existsSync('out/main/index.js') || !existsSync('out/renderer/index.html')) {
    execFileSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], {
      stdio: 'ignore',
    })
  }
  app = await packWindowsApp(work)
  files = asarFiles(app.asar)
}, 600_000)
afterAll(() => rmSync(work, { recursive: true, force: true }))

describe('the packaged Windows app', () => {
  it('holds the main, preload and renderer bundles and the package manifest', () => {
    for (const file of [
      '/package.json',
      '/out/main/index.js',
      '/out/preload/index.cjs',
      '/out/renderer/index.html',
      // The customer display's page (docs/customer-display.md).
      '/out/renderer/customer.html',
    ]) {
      expect(files).toContain(file)
    }
    expect(files.some((f) => /^\/out\/renderer\/assets\/index-[\w-]+\.js$/.test(f))).toBe(true)
    expect(files.some((f) => /^\/out\/renderer\/assets\/customer-[\w-]+\.js$/.test(f))).toBe(true)
    const manifest = JSON.parse(asar.extractFile(app.asar, 'package.json').toString('utf8'))
    expect(manifest).toMatchObject({ main: './out/main/index.js', version: packageJson.version })
  })

  it('holds no sources, tests, scripts or build configuration', () => {
    const topLevel = [...new Set(files.map((f) => f.split('/')[1]))].sort()
    expect(topLevel).toEqual(['node_modules', 'out', 'package.json'])
    expect(files.filter((f) => f.endsWith('.map') || /\.(ts|mts|cts)$/.test(f))).toEqual([])
  })

  it('carries production dependencies only: every one main imports, no development tool', () => {
    const packages = new Set(
      files
        .filter((f) => f.startsWith('/node_modules/'))
        .map((f) => {
          const parts = f.split('/')
          return parts[2]?.startsWith('@') ? `${parts[2]}/${parts[3]}` : parts[2]
        }),
    )
    for (const name of [
      'electron',
      'electron-builder',
      'app-builder-lib',
      'vitest',
      'typescript',
      'playwright-core',
      '@biomejs/biome',
      'electron-vite',
      'vite',
      'esbuild',
      'tsx',
      'node',
      'react',
      'react-dom',
      'pngjs',
      'resedit',
      'node-addon-api',
    ]) {
      expect(packages, name).not.toContain(name)
    }
    const imported = bundleImports('out/main').filter((name) => name !== 'electron')
    expect(imported).toContain('better-sqlite3')
    expect(imported).toContain('electron-updater')
    // Loaded on demand, from the bundle's chunks.
    expect(imported).toContain('exceljs')
    expect(imported).toContain('pdf-lib')
    for (const name of imported) expect(packages, name).toContain(name)
    for (const name of Object.keys(packageJson.dependencies)) expect(packages, name).toContain(name)
  })

  it("unpacks better-sqlite3's Windows Node-API binary, and ships no other platform's or its sources", () => {
    const binary = join(app.unpacked, 'node_modules', 'better-sqlite3', 'prebuilds', 'win32-x64.node')
    const exports = peExportNames(binary)
    expect(exports.machine).toBe(PE_MACHINE.x64)
    expect(exports.names).toContain('napi_register_module_v1')
    expect(asar.statFile(app.asar, 'node_modules/better-sqlite3/prebuilds/win32-x64.node')).toMatchObject({
      unpacked: true,
    })
    expect(files.filter((f) => f.endsWith('.node'))).toEqual([
      '/node_modules/better-sqlite3/prebuilds/win32-x64.node',
    ])
    expect(files.filter((f) => /better-sqlite3\/(deps|src|build)\//.test(f))).toEqual([])
    expect(readdirSync(app.unpacked, { recursive: true }).filter((f) => String(f).endsWith('.node'))).toEqual(
      [join('node_modules', 'better-sqlite3', 'prebuilds', 'win32-x64.node')],
    )
  })

  it('flips the fuses in the .exe: no run-as-Node, NODE_OPTIONS or --inspect; asar only, integrity-checked', () => {
    expect(readFuses(app.exe)).toEqual({
      RunAsNode: '0',
      EnableCookieEncryption: '1',
      EnableNodeOptionsEnvironmentVariable: '0',
      EnableNodeCliInspectArguments: '0',
      EnableEmbeddedAsarIntegrityValidation: '1',
      OnlyLoadAppFromAsar: '1',
      // Left as Electron ships it.
      LoadBrowserProcessSpecificV8Snapshot: '0',
      GrantFileProtocolExtraPrivileges: '0',
    })
  })

  it("writes the archive header's hash into the .exe, as Electron checks it at start", () => {
    const { headerString } = asar.getRawHeader(app.asar)
    expect(readAsarIntegrity(app.exe)).toEqual([
      {
        file: 'resources\\app.asar',
        alg: 'SHA256',
        value: createHash('sha256').update(headerString).digest('hex'),
      },
    ])
  })

  it('names the .exe Reseller Desk and gives it the icon in every size', () => {
    const resources = NtExecutableResource.from(NtExecutable.from(readFileSync(app.exe)))
    const [version] = Resource.VersionInfo.fromEntries(resources.entries)
    expect(version?.getStringValues({ lang: 1033, codepage: 1200 })).toMatchObject({
      ProductName: 'Reseller Desk',
      FileDescription: 'Reseller Desk',
      FileVersion: packageJson.version,
    })
    const [group] = Resource.IconGroupEntry.fromEntries(resources.entries)
    expect(group?.icons.map((icon) => icon.width || 256).sort((a, b) => a - b)).toEqual([...ICO_SIZES])
  })

  it("keeps only Electron's Arabic and English locales", () => {
    expect(readdirSync(join(app.appDir, 'locales')).sort()).toEqual(['ar.pak', 'en-US.pak'])
  })

  it('is a per-user NSIS installer in Arabic and English that keeps the data, with an update feed', () => {
    expect(builderConfig.appId).toBe('ly.reseller-desk.desk')
    expect(builderConfig.productName).toBe('Reseller Desk')
    expect(builderConfig.nsis).toMatchObject({
      oneClick: true,
      perMachine: false,
      allowElevation: false,
      createDesktopShortcut: true,
      createStartMenuShortcut: true,
      installerLanguages: ['en_US', 'ar_SA'],
      deleteAppDataOnUninstall: false,
    })
    expect(builderConfig.publish).toEqual([
      { provider: 'generic', url: process.env.RESELLER_DESK_UPDATE_URL || NO_BUILD_FEED },
    ])
  })

  it('resolves every module the packed main bundle loads, at start or on demand, and the fonts it reads', async () => {
    const extracted = extractForNode(app, join(work, 'resolved'))
    const fromMain = createRequire(join(extracted, 'out', 'main', 'index.js'))
    const missing: string[] = []
    for (const specifier of bundleSpecifiers(join(extracted, 'out', 'main'))) {
      if (specifier === 'electron' || specifier.startsWith('node:') || specifier.startsWith('.')) continue
      try {
        const found = fromMain.resolve(specifier)
        expect(found.startsWith(extracted), specifier).toBe(true)
      } catch {
        missing.push(specifier)
      }
    }
    expect(missing).toEqual([])
    // The report PDF's library is its one-file build only; its module trees and their dependencies stay out.
    expect(files).toContain('/node_modules/pdf-lib/dist/pdf-lib.min.js')
    const pdfLib = fromMain('pdf-lib/dist/pdf-lib.min.js') as typeof import('pdf-lib')
    const doc = await pdfLib.PDFDocument.create()
    doc.addPage()
    expect((await doc.save()).byteLength).toBeGreaterThan(100)
    expect(files.filter((f) => /^\/node_modules\/(pdf-lib\/(cjs|es|src|ts3\.4)|@pdf-lib)\//.test(f))).toEqual(
      [],
    )
    // The faces the receipts, the report and the PDF's entry list are drawn with.
    for (const face of ['arabic-400', 'arabic-700', 'latin-400', 'latin-700']) {
      for (const ext of ['woff', 'woff2']) {
        expect(files).toContain(
          `/node_modules/@fontsource/noto-sans-arabic/files/noto-sans-arabic-${face}-normal.${ext}`,
        )
      }
    }
  })

  it('starts from what was packed: the packed main bundle sells a training voucher in Node', async () => {
    const extracted = extractForNode(app, join(work, 'extracted'))
    const report = await runMainHarness({
      bundle: join(extracted, 'out', 'main', 'index.js'),
      appDataDir: join(work, 'AppData', 'Roaming'),
      report: join(work, 'packed-report.json'),
      isPackaged: true,
      version: packageJson.version,
    })
    expect(report.failure).toBeUndefined()
    expect((report.firstLoad as { url: string; status: number }).status).toBe(200)
    expect(report.sale as Envelope).toMatchObject({ ok: true, value: { status: 'issued' } })
    expect(
      resolve(
        String((report.windowOptions as { webPreferences: { preload: string } }).webPreferences.preload),
      ),
    ).toBe(join(extracted, 'out', 'preload', 'index.cjs'))
    // The manager's export and report in the packed worker file (manager-worker.js), not on the desk's thread.
    expect(report.managerExport as Envelope).toMatchObject({ ok: true, value: { state: 'done' } })
    const log = readFileSync(join(work, 'AppData', 'Roaming', 'reseller-desk', 'logs', 'desk.log'), 'utf8')
    expect(log).not.toContain('the task runs on the main thread')
  }, 120_000)
})
