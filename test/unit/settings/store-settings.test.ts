import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// electron-store asks Electron for the data folder only when it is not given one; here it is given one.
vi.mock('electron', () => ({ default: {} }))

const { ElectronStoreSettings } = await import('../../../src/main/electron/store-settings')
const { JsonFileSettings } = await import('../../../src/main/settings/settings')

let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'store-settings-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** What a virus scanner or a backup tool holding the file does to a read: it fails (here: a folder in its place). */
function unreadable(path: string): () => void {
  renameSync(path, `${path}.away`)
  mkdirSync(path)
  return () => {
    rmSync(path, { recursive: true })
    renameSync(`${path}.away`, path)
  }
}

describe.each([
  ['electron-store (the app)', () => new ElectronStoreSettings({ cwd: dir })],
  ['a JSON file (the browser shell)', () => new JsonFileSettings(join(dir, 'settings.json'))],
])('settings kept in %s', (_name, open) => {
  it('are read from the file once: a moment when the file cannot be read does not fail a call', () => {
    const settings = open()
    settings.update({ language: 'ar', depositMaxDirhams: 2_000_000 })
    const back = unreadable(join(dir, 'settings.json'))
    expect(settings.get()).toMatchObject({ language: 'ar', depositMaxDirhams: 2_000_000 })
    back()
    // And what was written is what the next start reads.
    expect(open().get()).toMatchObject({ language: 'ar', depositMaxDirhams: 2_000_000 })
  })

  it('hand out settings no caller can change for the next one', () => {
    const settings = open()
    settings.update({ live: { baseUrl: 'https://service.example/', username: 'outlet', proxyUrl: null } })
    const first = settings.get()
    expect(() => {
      ;(first as { depositMaxDirhams: number }).depositMaxDirhams = 1
    }).toThrow(TypeError)
    expect(() => {
      ;(first.live as { username: string }).username = 'someone else'
    }).toThrow(TypeError)
    expect(settings.get().live?.username).toBe('outlet')
  })

  it('keep the settings in effect when they cannot be written', () => {
    const settings = open()
    settings.update({ language: 'en' })
    const back = unreadable(join(dir, 'settings.json'))
    expect(() => settings.update({ language: 'ar' })).toThrow()
    expect(settings.get().language).toBe('en')
    back()
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')).language).toBe('en')
  })
})
