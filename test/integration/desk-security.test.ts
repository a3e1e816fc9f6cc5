import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { businessDay } from '../../src/shared/day'
import { startTestDesk, type TestDesk } from '../helpers/desk'

/**
 * The holes an outside security review found, each reproduced through the desk API as a page would call it.
 */

describe('output paths named by a caller', () => {
  let td: TestDesk
  let out: string

  beforeAll(async () => {
    td = await startTestDesk({
      deps: {
        diagnostics: {
          chooseSavePath: async () => null,
          logLines: () => [],
          versions: () => ({}),
        },
      },
    })
    out = mkdtempSync(join(tmpdir(), 'desk-out-'))
    symlinkSync(td.dir, join(out, 'shortcut'), 'dir')
  })

  afterAll(async () => {
    await td?.close()
    rmSync(out, { recursive: true, force: true })
  })

  it('never write through a link into the data folder (diagnostics over settings.json)', async () => {
    const before = readFileSync(join(td.dir, 'settings.json'), 'utf8')
    const refused = await td.rejection('saveDiagnostics', { path: join(out, 'shortcut', 'settings.json') })
    expect(refused).toMatchObject({ code: 'BAD_INPUT', details: { field: 'path' } })
    expect(refused.message).toContain('data folder')
    expect(readFileSync(join(td.dir, 'settings.json'), 'utf8')).toBe(before)
    expect(await td.call('saveDiagnostics', { path: join(out, 'diagnostics.json') })).toEqual({
      path: join(out, 'diagnostics.json'),
    })
  })

  it('refuse exports and backups there too, and a name that only starts with two dots', async () => {
    const today = businessDay(td.desk.workspace().session.clock.now())
    const refusals = await Promise.all([
      td.rejection('exportReport', {
        format: 'csv',
        from: today,
        to: today,
        path: join(out, 'shortcut', 'journal-training.csv'),
      }),
      td.rejection('exportReport', {
        format: 'csv',
        from: today,
        to: today,
        path: join(td.dir, '..day.csv'),
      }),
      td.rejection('backupNow', { folder: join(out, 'shortcut', 'backups') }),
      td.rejection('updateSettings', { backup: { folder: join(out, 'shortcut') } }),
    ])
    expect(refusals.map((r) => r.code)).toEqual(['BAD_INPUT', 'BAD_INPUT', 'BAD_INPUT', 'BAD_INPUT'])
    mkdirSync(join(out, 'backups'))
    expect((await td.call('backupNow', { folder: join(out, 'backups') }))?.folder).toContain(out)
  })
})
