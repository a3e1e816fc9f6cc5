import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path, { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  APP_PAGE,
  registerAppProtocol,
  rendererFileFor,
  serveAppRequest,
} from '../../../src/main/electron/app-protocol'
import { CONTENT_SECURITY_POLICY } from '../../../src/main/electron/window'

/**
 * The packaged renderer's scheme: the page and its assets come out with the CSP as a header; nothing outside
 * the renderer folder can be reached, however the path is spelled.
 */
const root = mkdtempSync(join(tmpdir(), 'app-protocol-'))
const rendererDir = join(root, 'renderer')
mkdirSync(join(rendererDir, 'assets'), { recursive: true })
writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>desk</title>')
writeFileSync(join(rendererDir, 'assets', 'index-1.js'), 'console.log(1)')
writeFileSync(join(rendererDir, 'assets', 'font.woff2'), 'w')
// What a traversal would be after: a file next to the renderer folder, and main's own bundle.
writeFileSync(join(root, 'secret.txt'), 'secret')
mkdirSync(join(root, 'main'))
writeFileSync(join(root, 'main', 'index.js'), 'main')
afterAll(() => rmSync(root, { recursive: true, force: true }))

const get = (url: string, method = 'GET') => serveAppRequest({ url, method }, rendererDir)

describe('app://desk/', () => {
  it('serves the page with its CSP as a response header', async () => {
    const response = await get(APP_PAGE)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await response.text()).toContain('<title>desk</title>')
  })

  it('serves the root as the page, and assets with their types and the CSP', async () => {
    expect(await (await get('app://desk/')).text()).toContain('<title>desk</title>')
    const script = await get('app://desk/assets/index-1.js')
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(script.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    expect((await get('app://desk/assets/font.woff2')).headers.get('content-type')).toBe('font/woff2')
  })

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await get(APP_PAGE, 'HEAD')
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    expect((await get(APP_PAGE, 'POST')).status).toBe(405)
  })

  it.each([
    'app://desk/../secret.txt',
    'app://desk/assets/../../secret.txt',
    'app://desk/%2e%2e/secret.txt',
    'app://desk/%2E%2E/main/index.js',
    'app://desk/..%2fsecret.txt',
    'app://desk/assets/..%2F..%2Fmain%2Findex.js',
    'app://desk/..%5csecret.txt',
    'app://desk/..\\secret.txt',
    'app://desk/assets/%2e%2e%5c%2e%2e%5csecret.txt',
    'app://desk/%252e%252e/secret.txt',
    'app://desk/index.html%00.js',
    'app://desk/C:%5cWindows%5cwin.ini',
    'app://desk//etc/passwd',
    'app://desk/%E0%A4%A',
  ])('gives 404 for a way out of the renderer folder: %s', async (url) => {
    const response = await get(url)
    expect(response.status).toBe(404)
    expect(await response.text()).not.toMatch(/secret|main/)
  })

  it('gives 404 for a missing file, a folder, another host and another scheme', async () => {
    expect((await get('app://desk/missing.js')).status).toBe(404)
    expect((await get('app://desk/assets')).status).toBe(404)
    expect((await get('app://evil/index.html')).status).toBe(404)
    expect((await get('app://desk.evil/index.html')).status).toBe(404)
    expect((await get(`file://${join(rendererDir, 'index.html')}`)).status).toBe(404)
  })

  it('maps a URL to a file inside the folder, and nothing else', () => {
    expect(rendererFileFor('app://desk/assets/index-1.js', rendererDir)).toBe(
      join(rendererDir, 'assets', 'index-1.js'),
    )
    expect(rendererFileFor('app://desk/assets/a%20b.js', rendererDir)).toBe(
      join(rendererDir, 'assets', 'a b.js'),
    )
    expect(rendererFileFor('app://desk/%2e%2e', rendererDir)).toBeNull()
    expect(rendererFileFor('not a url', rendererDir)).toBeNull()
  })

  it.each([
    'app://desk/..%5c..%5cWindows%5cwin.ini',
    'app://desk/assets%5c..%5c..%5csecret.txt',
    'app://desk/..\\secret.txt',
    'app://desk/C:%5cWindows%5cwin.ini',
    'app://desk/C:/Windows/win.ini',
    'app://desk/%5c%5cserver%5cshare%5cx',
  ])('keeps Windows separators and drives out as well: %s', (url) => {
    const windowsDir =
      'C:\\Users\\clerk\\AppData\\Local\\Programs\\reseller-desk\\resources\\app.asar\\out\\renderer'
    expect(rendererFileFor(url, windowsDir, path.win32)).toBeNull()
    expect(rendererFileFor('app://desk/assets/index-1.js', windowsDir, path.win32)).toBe(
      `${windowsDir}\\assets\\index-1.js`,
    )
  })

  it('is registered for the app scheme with a handler that serves the folder', async () => {
    const handled = new Map<string, (request: { url: string; method: string }) => Promise<Response>>()
    registerAppProtocol({ handle: (scheme, handler) => handled.set(scheme, handler as never) }, rendererDir)
    expect([...handled.keys()]).toEqual(['app'])
    const handler = handled.get('app')
    if (!handler) throw new Error('no handler')
    const response = await handler({ url: APP_PAGE, method: 'GET' })
    expect(response.status).toBe(200)
  })
})
