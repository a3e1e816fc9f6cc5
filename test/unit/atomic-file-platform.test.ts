/**
 * The durable write per platform: on Linux (and macOS) the folder is synced after the rename, which is what
 * keeps a save over a power cut (test/power-cut/durable-writes.test.ts cuts the power); on Windows a folder
 * cannot be opened to sync, so it is not tried, and the write works all the same.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'

/** Every path opened with openSync, and whether each was a folder. */
const opened = vi.hoisted(() => [] as { path: string; folder: boolean }[])
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>()
  const openSync = ((path: string, ...rest: unknown[]) => {
    const fd = (real.openSync as (...args: unknown[]) => number)(path, ...rest)
    opened.push({ path: String(path), folder: real.fstatSync(fd).isDirectory() })
    return fd
  }) as typeof real.openSync
  return { ...real, openSync, default: { ...real, openSync } }
})

const platform = process.platform
let dir = ''

afterEach(() => {
  Object.defineProperty(process, 'platform', { value: platform })
  rmSync(dir, { recursive: true, force: true })
  opened.length = 0
})

async function writeOn(os: NodeJS.Platform): Promise<string> {
  Object.defineProperty(process, 'platform', { value: os })
  vi.resetModules()
  const { writeFileAtomically } = await import('../../src/main/atomic-file')
  dir = mkdtempSync(join(tmpdir(), 'atomic-platform-'))
  const path = join(dir, 'settings.json')
  writeFileAtomically(path, '{"mode":"live"}')
  return path
}

describe('a file written whole', () => {
  it('on Linux: its folder is synced once the new file has its name', async () => {
    const path = await writeOn('linux')
    expect(opened.filter((o) => o.folder).map((o) => o.path)).toEqual([dir])
    expect(statSync(path).size).toBe(15)
  })

  it('on Windows: no folder is opened to be synced (Windows refuses), and the file is written', async () => {
    const path = await writeOn('win32')
    expect(opened.filter((o) => o.folder)).toEqual([])
    expect(statSync(path).size).toBe(15)
  })
})
