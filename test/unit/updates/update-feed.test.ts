import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { NO_BUILD_FEED } from '../../../electron-builder'
import {
  effectiveFeed,
  readBuildFeed,
  readBuildPublishers,
  updateMarker,
} from '../../../src/main/updates/feed'
import { normalizeUpdateFeedUrl } from '../../../src/shared/updates'

const dir = mkdtempSync(join(tmpdir(), 'update-feed-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function appUpdateYml(text: string): string {
  const file = join(dir, `app-update-${Math.random().toString(36).slice(2)}.yml`)
  writeFileSync(file, text)
  return file
}

describe('the feed the installer was built with', () => {
  it('is read from app-update.yml as electron-builder writes it', () => {
    const file = appUpdateYml(
      'provider: generic\nurl: https://updates.example.ly/reseller-desk\nupdaterCacheDirName: reseller-desk-updater\n',
    )
    expect(readBuildFeed(file)).toBe('https://updates.example.ly/reseller-desk/')
    expect(readBuildFeed(appUpdateYml("provider: generic\nurl: 'https://u.example.ly/d/'\n"))).toBe(
      'https://u.example.ly/d/',
    )
  })

  it('is none for a build made without an address, a missing file, or an address that is not https', () => {
    expect(readBuildFeed(appUpdateYml(`provider: generic\nurl: ${NO_BUILD_FEED}\n`))).toBeNull()
    expect(readBuildFeed(join(dir, 'missing.yml'))).toBeNull()
    expect(readBuildFeed(appUpdateYml('provider: generic\nurl: http://updates.example.ly/\n'))).toBeNull()
    expect(readBuildFeed(appUpdateYml('provider: generic\n'))).toBeNull()
  })

  it('names the publisher a signed build checks updates against, as a list or a single name; none when unsigned', () => {
    const base = 'provider: generic\nurl: https://u.example.ly/d/\n'
    expect(
      readBuildPublishers(
        appUpdateYml(
          `${base}publisherName:\n  - CN=Reseller Desk Ltd, O=Reseller Desk Ltd, C=LY\n  - 'Old Name'\n`,
        ),
      ),
    ).toEqual(['CN=Reseller Desk Ltd, O=Reseller Desk Ltd, C=LY', 'Old Name'])
    expect(readBuildPublishers(appUpdateYml(`${base}publisherName: Reseller Desk Ltd\n`))).toEqual([
      'Reseller Desk Ltd',
    ])
    expect(readBuildPublishers(appUpdateYml(`publisherName:\n  - A\n${base}`))).toEqual(['A'])
    expect(readBuildPublishers(appUpdateYml(base))).toEqual([])
    expect(readBuildPublishers(join(dir, 'missing.yml'))).toEqual([])
  })

  it("gives way to a manager's address", () => {
    expect(effectiveFeed('https://a.example.ly/', 'https://b.example.ly/')).toEqual({
      url: 'https://a.example.ly/',
      source: 'settings',
    })
    expect(effectiveFeed(null, 'https://b.example.ly/')).toEqual({
      url: 'https://b.example.ly/',
      source: 'build',
    })
    expect(effectiveFeed(null, null)).toBeNull()
  })
})

describe("a manager's feed address", () => {
  it('must be https, without credentials, query or fragment; it is kept as a folder', () => {
    expect(normalizeUpdateFeedUrl(' https://updates.example.ly/desk ')).toBe(
      'https://updates.example.ly/desk/',
    )
    for (const bad of [
      'updates.example.ly/desk',
      'http://updates.example.ly/desk/',
      'https://user:secret@updates.example.ly/',
      'https://updates.example.ly/?token=1',
      'file:///C:/updates/',
    ]) {
      expect(() => normalizeUpdateFeedUrl(bad), bad).toThrow(expect.objectContaining({ code: 'BAD_INPUT' }))
    }
  })
})

describe('the waiting-update marker', () => {
  it('keeps the downloaded version across runs and forgets it on request', () => {
    const marker = updateMarker(dir)
    expect(marker.read()).toBeNull()
    marker.write('1.2.0')
    expect(updateMarker(dir).read()).toBe('1.2.0')
    marker.write(null)
    expect(updateMarker(dir).read()).toBeNull()
    marker.write(null)
  })

  it('ignores a file that does not hold a version', () => {
    writeFileSync(join(dir, 'update-waiting.json'), '{"version": "../../evil"}')
    expect(updateMarker(dir).read()).toBeNull()
    writeFileSync(join(dir, 'update-waiting.json'), 'not json')
    expect(updateMarker(dir).read()).toBeNull()
    expect(readFileSync(join(dir, 'update-waiting.json'), 'utf8')).toBe('not json')
  })
})
