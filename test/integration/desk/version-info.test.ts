import { afterEach, describe, expect, it } from 'vitest'
import { startTestDesk, type TestDesk } from '../../helpers/desk'

let t: TestDesk | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

function hostWith(versions: Record<string, string>) {
  return { chooseSavePath: async () => null, logLines: () => [], versions: () => versions }
}

describe('getVersionInfo', () => {
  it('says what this copy is, as the Electron host tells it, and the mode', async () => {
    const versions = {
      app: '0.1.0',
      electron: '45.5.0',
      chrome: '142.0.0.0',
      node: '22.23.3',
      os: 'win32 x64',
    }
    t = await startTestDesk({ deps: { diagnostics: hostWith(versions) } })
    expect(await t.call('getVersionInfo')).toEqual({ ...versions, mode: 'training' })
  })

  it('has no Electron or Chromium versions outside Electron', async () => {
    t = await startTestDesk({
      deps: { diagnostics: hostWith({ app: '0.1.0 (browser shell)', node: '22.23.3' }) },
    })
    expect(await t.call('getVersionInfo')).toMatchObject({
      app: '0.1.0 (browser shell)',
      electron: null,
      chrome: null,
      node: '22.23.3',
      os: `${process.platform} ${process.arch}`,
    })
  })
})
