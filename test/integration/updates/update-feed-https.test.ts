/**
 * Updates are not trusted on the feed's word. The installed app's updater (electron-updater's NsisUpdater as
 * the app configures it, with the update controller; updater-harness.ts) against a feed served here over
 * HTTPS: redirects only to https on the feed's own host, the installer's own version resource against the
 * feed's text, and no update at all for a build that names no publisher to check signatures against.
 */

import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UpdateStatus } from '../../../src/shared/updates'
import { installerWithVersion } from '../../helpers/installer-file'
import { makeTlsFiles } from '../../helpers/pg-cluster'
import type { UpdaterHarnessConfig } from '../../helpers/updater-harness'

const root = mkdtempSync(join(tmpdir(), 'update-feed-https-'))
let tls: { caFile: string; certFile: string; keyFile: string }
let feed: Server
let plain: HttpServer
let port = 0
let plainPort = 0
/** Every request the feed server saw: Host header and path. */
const seen: string[] = []
const plainSeen: string[] = []

/** What each feed folder serves: latest.yml's text and the installers by name. */
const folders = new Map<string, { latest: string; files: Map<string, Buffer> }>()
/** Feed folders whose every file is answered with a redirect to an address (given the file's name). */
const redirects = new Map<string, (file: string) => string>()

function sha512(bytes: Buffer): string {
  return createHash('sha512').update(bytes).digest('base64')
}

/** A feed folder announcing `announced`, whose installer says `installerSays` (or sits at `installerUrl`). */
function publish(folder: string, announced: string, installerSays: string, installerUrl?: string): void {
  const name = `Reseller-Desk-Setup-${announced}.exe`
  const bytes = installerWithVersion(installerSays, 64 * 1024)
  const url = installerUrl ?? name
  const latest = [
    `version: ${announced}`,
    'files:',
    `  - url: ${url}`,
    `    sha512: ${sha512(bytes)}`,
    `    size: ${bytes.length}`,
    `path: ${url}`,
    `sha512: ${sha512(bytes)}`,
    "releaseDate: '2026-11-26T08:00:00.000Z'",
    '',
  ].join('\n')
  folders.set(folder, { latest, files: new Map([[name, bytes]]) })
}

beforeAll(async () => {
  tls = makeTlsFiles(join(root, 'tls'))
  feed = createServer({ cert: readFileSync(tls.certFile), key: readFileSync(tls.keyFile) }, (req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/'
    seen.push(`${req.headers.host} ${path}`)
    const [, folder = '', file = ''] = path.split('/')
    // electron-updater asks for latest.yml on Windows, latest-linux.yml where these tests run.
    const latest = file === 'latest.yml' || file === 'latest-linux.yml'
    const redirect = redirects.get(folder)
    if (redirect) return res.writeHead(302, { location: redirect(file) }).end()
    const served = folders.get(folder)
    if (served && latest) return res.writeHead(200, { 'content-type': 'text/yaml' }).end(served.latest)
    const bytes = served?.files.get(file)
    if (bytes) return res.writeHead(200, { 'content-length': bytes.length }).end(bytes)
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve))
  port = (feed.address() as AddressInfo).port
  plain = createHttpServer((req, res) => {
    plainSeen.push(`${req.headers.host} ${req.url}`)
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve))
  plainPort = (plain.address() as AddressInfo).port

  publish('good', '1.2.0', '1.2.0')
  publish('relabelled', '9.9.9', '0.9.0')
  publish('elsewhere', '1.2.0', '1.2.0', `https://localhost:${port}/good/Reseller-Desk-Setup-1.2.0.exe`)
  redirects.set('to-http', (file) => `http://127.0.0.1:${plainPort}/good/${file}`)
  redirects.set('to-other-host', (file) => `https://localhost:${port}/good/${file}`)
  redirects.set('same-host', (file) => `https://127.0.0.1:${port}/good/${file}`)
})

afterAll(async () => {
  feed?.close()
  plain?.close()
  rmSync(root, { recursive: true, force: true })
})

let runs = 0
/** The installed app (version 1.0.0) looking at `folder` of the feed once. */
async function lookAt(
  folder: string,
  build: { testBuild: boolean; appUpdateYml: string },
): Promise<{ status: UpdateStatus; log: string[] }> {
  const dir = join(root, `run-${++runs}`)
  const resourcesDir = join(dir, 'resources')
  mkdirSync(resourcesDir, { recursive: true })
  writeFileSync(join(resourcesDir, 'app-update.yml'), build.appUpdateYml)
  const config: UpdaterHarnessConfig = {
    feedUrl: `https://127.0.0.1:${port}/${folder}/`,
    caFile: tls.caFile,
    resourcesDir,
    userDataDir: join(dir, 'userData'),
    currentVersion: '1.0.0',
    testBuild: build.testBuild,
    report: join(dir, 'report.json'),
  }
  await new Promise<void>((resolve, reject) =>
    execFile(
      process.execPath,
      [
        '--import',
        'tsx',
        join(process.cwd(), 'test', 'helpers', 'updater-harness.ts'),
        JSON.stringify(config),
      ],
      // electron-updater's download cache (~/.cache on Linux, %LOCALAPPDATA% on Windows) in the run's folder.
      {
        timeout: 90_000,
        env: { ...process.env, XDG_CACHE_HOME: join(dir, 'cache'), LOCALAPPDATA: join(dir, 'cache') },
      },
      (error, _stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve()),
    ),
  )
  const report = JSON.parse(readFileSync(config.report, 'utf8')) as {
    status: UpdateStatus
    log: string[]
    failure?: string
  }
  if (report.failure) throw new Error(report.failure)
  return report
}

/** app-update.yml as electron-builder writes it for a test build (no signature to check). */
const TEST_BUILD = {
  testBuild: true,
  appUpdateYml:
    'provider: generic\nurl: https://updates.invalid/reseller-desk/\nupdaterCacheDirName: reseller-desk-updater\n',
}

describe('a feed served over HTTPS', () => {
  it('an update whose installer says the version announced is downloaded, ready to install', async () => {
    const { status } = await lookAt('good', TEST_BUILD)
    expect(status).toMatchObject({ state: 'downloaded', availableVersion: '1.2.0', error: null })
  })

  it('an old installer relabelled 9.9.9 in latest.yml is refused once downloaded', async () => {
    const { status } = await lookAt('relabelled', TEST_BUILD)
    expect(status).toMatchObject({
      state: 'error',
      error:
        'The downloaded installer is version 0.9.0, not the 9.9.9 the update feed announced: not installed.',
    })
  })

  it('a redirect to http, or to another host, is refused and not followed', async () => {
    const before = seen.length
    const toHttp = await lookAt('to-http', TEST_BUILD)
    expect(toHttp.status.state).toBe('error')
    expect(toHttp.status.error).toContain('the updater goes over https only, not to http:')
    expect(plainSeen).toEqual([])
    const toOther = await lookAt('to-other-host', TEST_BUILD)
    expect(toOther.status.state).toBe('error')
    expect(toOther.status.error).toContain(
      `the updater stays on the feed's host 127.0.0.1:${port}, not localhost:${port}`,
    )
    expect(seen.slice(before).filter((s) => s.startsWith('localhost'))).toEqual([])
  })

  it('an installer named on another host by latest.yml is not fetched', async () => {
    const before = seen.length
    const { status } = await lookAt('elsewhere', TEST_BUILD)
    expect(status.state).toBe('error')
    expect(status.error).toContain(`not localhost:${port}`)
    expect(seen.slice(before).filter((s) => s.startsWith('localhost'))).toEqual([])
  })

  it('a redirect on the same host over https is followed', async () => {
    const { status } = await lookAt('same-host', TEST_BUILD)
    expect(status).toMatchObject({ state: 'downloaded', availableVersion: '1.2.0' })
  })
})

describe('what the build was made with', () => {
  it('a shipped build that names no publisher (unsigned) does not update itself, nor asks the feed', async () => {
    const before = seen.length
    const { status } = await lookAt('good', { ...TEST_BUILD, testBuild: false })
    expect(status).toMatchObject({
      state: 'unavailable',
      error:
        'This build is not signed, so it cannot tell a genuine update from a forged one: it does not update itself. Install new versions by hand.',
    })
    expect(seen.slice(before)).toEqual([])
  })

  it('a signed build refuses an installer whose signature cannot be checked (here: no PowerShell), never skips the check', async () => {
    const { status } = await lookAt('good', {
      testBuild: false,
      appUpdateYml: `${TEST_BUILD.appUpdateYml}publisherName:\n  - Reseller Desk Ltd\n`,
    })
    expect(status.state).toBe('error')
    expect(status.error).toContain('is not signed by the application owner')
    // Here no PowerShell runs the check; on Windows it runs and finds this test installer unsigned.
    expect(status.error).toMatch(
      /The installer's signature could not be checked|The installer is not validly signed/,
    )
  })
})
