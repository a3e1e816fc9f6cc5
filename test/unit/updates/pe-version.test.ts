import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readProductVersion } from '../../../src/main/updates/pe-version'
import { installerWithVersion } from '../../helpers/installer-file'

const dir = mkdtempSync(join(tmpdir(), 'pe-version-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function file(name: string, bytes: Buffer): string {
  const path = join(dir, name)
  writeFileSync(path, bytes)
  return path
}

describe("an installer's own version", () => {
  it('is read from its version resource, pre-release included', async () => {
    expect(await readProductVersion(file('a.exe', installerWithVersion('1.4.2')))).toBe('1.4.2')
    expect(await readProductVersion(file('b.exe', installerWithVersion('2.0.0-beta.3')))).toBe('2.0.0-beta.3')
  })

  it('is null for an executable without one, or a file that is not an executable', async () => {
    expect(await readProductVersion(file('c.exe', installerWithVersion(null)))).toBeNull()
    expect(await readProductVersion(file('d.exe', Buffer.from('version: 9.9.9\n')))).toBeNull()
    expect(await readProductVersion(file('e.exe', Buffer.alloc(0)))).toBeNull()
    // A PE header that points past the end of the file.
    const cut = installerWithVersion('1.0.0').subarray(0, 300)
    expect(await readProductVersion(file('f.exe', cut))).toBeNull()
  })
})
