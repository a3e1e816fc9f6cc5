/**
 * The installed app, measured: what the installer carries of the app itself (app.asar and the unpacked
 * native files, Electron's own files aside), and how long the packed main bundle takes from being loaded to
 * the window's first page load, in Node with the fake `electron` module (the main harness). The Windows app
 * is packaged offline with the stand-in Electron, as the packaging test does.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { harnessForPlainNode, runMainHarness } from '../test/helpers/run-main-harness'
import { appPayload, extractForNode, packWindowsApp } from '../test/helpers/windows-package'
import { ms, printTable, summarize } from './stats'

const STARTS = 7
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`

const work = mkdtempSync(join(tmpdir(), 'ship-bench-'))
try {
  execFileSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], {
    stdio: 'ignore',
  })
  const packStart = performance.now()
  const app = await packWindowsApp(work)
  const packMs = performance.now() - packStart
  const payload = appPayload(app)
  printTable(
    'Installer payload of the app (Windows x64, before NSIS compression)',
    ['what', 'size', 'files'],
    [
      ['resources/app.asar', mib(payload.asarBytes), String(payload.files)],
      ['resources/app.asar.unpacked', mib(payload.unpackedBytes), ''],
      ['together', mib(payload.asarBytes + payload.unpackedBytes), ''],
    ],
  )
  console.log(`(packaging took ${ms(packMs)} with the stand-in Electron)`)

  const extracted = extractForNode(app, join(work, 'extracted'))
  const { harness, fakeElectronModule } = await harnessForPlainNode(work)
  const loads: number[] = []
  const imports: number[] = []
  for (let i = 0; i < STARTS; i++) {
    const report = await runMainHarness(
      {
        bundle: join(extracted, 'out', 'main', 'index.js'),
        appDataDir: join(work, `start-${i}`, 'AppData', 'Roaming'),
        report: join(work, `start-${i}.json`),
        isPackaged: true,
        version: '0.0.0',
        startOnly: true,
        fakeElectronModule,
      },
      90_000,
      harness,
    )
    if (report.failure) throw new Error(String(report.failure))
    const timings = report.timings as { importMs: number; firstLoadMs: number }
    imports.push(timings.importMs)
    loads.push(timings.firstLoadMs)
  }
  const load = summarize(loads)
  const imported = summarize(imports)
  printTable(
    `Main process start, packed bundle in Node with the fake electron (${STARTS} first starts, fresh data folders)`,
    ['measure', 'median', 'p95'],
    [
      ['loading the main bundle (imports)', ms(imported.median), ms(imported.p95)],
      ['loading the bundle → first page load', ms(load.median), ms(load.p95)],
    ],
  )
  console.log('(plain Node; includes opening the journals and starting the training service)')
} finally {
  rmSync(work, { recursive: true, force: true })
}
