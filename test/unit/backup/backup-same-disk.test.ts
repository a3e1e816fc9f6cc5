import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { onDataDisk } from '../../../src/main/backup/same-disk'

const dir = mkdtempSync(join(tmpdir(), 'same-disk-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('a backup folder on the data folder’s disk', () => {
  it('is found by the device of the folder’s nearest existing place, made or still to be made', async () => {
    const data = join(dir, 'data')
    expect(await onDataDisk(join(dir, 'backups', 'not', 'made', 'yet'), dir)).toBe(true)
    // No data folder (nothing to lose with it): not refused.
    expect(await onDataDisk(join(dir, 'backups'), data)).toBe(false)
  })

  it('is told apart from another disk, a place that cannot be read, and a path with nothing on it', async () => {
    const devices: Record<string, number | Error> = {
      '/data': 1,
      '/': 1,
      '/media/usb': 2,
      '/mnt/share': Object.assign(new Error('EACCES'), { code: 'EACCES' }),
    }
    const statOf = async (path: string) => {
      const found = devices[path]
      if (found === undefined) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' })
      if (found instanceof Error) throw found
      return { dev: found }
    }
    expect(await onDataDisk('/media/usb/backups/desk', '/data', statOf)).toBe(false)
    expect(await onDataDisk('/home/manager/backups', '/data', statOf)).toBe(true)
    expect(await onDataDisk('/mnt/share/backups', '/data', statOf)).toBe(false)
  })
})
