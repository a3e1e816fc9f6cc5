import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { PE_MACHINE, peExportNames } from '../helpers/pe-exports'

/**
 * The journal's SQLite is better-sqlite3's Node-API prebuild: one binary for Node and Electron, shipped in
 * the npm package, so no shop PC (and no developer) needs a compiler, and no rebuild for Electron's ABI.
 */
const require = createRequire(import.meta.url)
const packageDir = dirname(require.resolve('better-sqlite3/package.json'))
const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('the test run itself', () => {
  it('runs on Node 22, the Node that Electron 45 embeds', () => {
    expect(Number(process.versions.node.split('.')[0])).toBe(22)
    const wanted = readFileSync(join(import.meta.dirname, '../../.nvmrc'), 'utf8').trim()
    expect(process.versions.node).toBe(wanted)
  })
})

describe('better-sqlite3 binary', () => {
  it('is the prebuilt one from the package, not something compiled on this machine', () => {
    const db = new Database(':memory:')
    expect(db.prepare('select sqlite_version() as v').get()).toMatchObject({ v: expect.any(String) })
    db.close()
    expect(
      existsSync(join(packageDir, 'build')),
      'node_modules/better-sqlite3/build exists: npm compiled the addon (allowScripts must deny it); ' +
        'remove that folder or run npm ci again',
    ).toBe(false)
    // The shared objects this process has loaded (Node's own report, on every platform).
    const report = process.report.getReport() as { sharedObjects: string[] }
    const loaded = [...new Set(report.sharedObjects.filter((p) => p.endsWith('.node')))]
    expect(loaded.filter((p) => p.includes('better-sqlite3'))).toEqual([
      join(packageDir, 'prebuilds', `${process.platform}-${process.arch}.node`),
    ])
  })

  it('loaded here is a Node-API addon (napi_register_module_v1, no ABI-bound node_register_module_v*)', () => {
    const binary = join(packageDir, 'prebuilds', `${process.platform}-${process.arch}.node`)
    // A Windows DLL's exports from its PE header; elsewhere the dynamic symbols nm lists.
    const symbols =
      process.platform === 'win32'
        ? peExportNames(binary).names.join('\n')
        : execFileSync('nm', ['-D', '--defined-only', binary], { encoding: 'utf8' })
    expect(symbols).toMatch(/\bnapi_register_module_v1\b/)
    expect(symbols).not.toMatch(/\bnode_register_module_v\d+/)
  })

  it.each([
    ['win32-x64', PE_MACHINE.x64],
    ['win32-arm64', PE_MACHINE.arm64],
  ])('for Windows (%s) ships in the package as a Node-API DLL', (target, machine) => {
    const exports = peExportNames(join(packageDir, 'prebuilds', `${target}.node`))
    expect(exports.machine).toBe(machine)
    expect(exports.names).toContain('napi_register_module_v1')
    expect(exports.names.filter((n) => n.startsWith('node_register_module_v'))).toEqual([])
  })

  it('does WAL writes with synchronous=FULL and an online backup, as the journal does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'native-sqlite-'))
    dirs.push(dir)
    const db = new Database(join(dir, 'a.sqlite'))
    expect(db.pragma('journal_mode = WAL', { simple: true })).toBe('wal')
    db.pragma('synchronous = FULL')
    db.exec('create table t (n integer)')
    const insert = db.prepare('insert into t values (?)')
    db.transaction(() => {
      for (let n = 0; n < 100; n++) insert.run(n)
    })()
    await db.backup(join(dir, 'copy.sqlite'))
    db.close()
    const copy = new Database(join(dir, 'copy.sqlite'), { readonly: true })
    expect(copy.prepare('select count(*) as c, sum(n) as s from t').get()).toEqual({ c: 100, s: 4950 })
    copy.close()
  })
})
