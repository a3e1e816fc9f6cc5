import { readFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import {
  applySecurityGuards,
  CONTENT_SECURITY_POLICY,
  mainWindowOptions,
} from '../../../src/main/electron/window'

describe('the main window', () => {
  it('runs the renderer isolated, sandboxed, without Node, devtools only in development', () => {
    const prefs = mainWindowOptions('/app/out/preload/index.cjs', false).webPreferences
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      devTools: false,
    })
    expect(mainWindowOptions('/p', true).webPreferences?.devTools).toBe(true)
  })

  it('is shown only once painted, on the page’s own background colour: no white flash before the desk', () => {
    const options = mainWindowOptions('/p', false)
    const page = /--bg:\s*(#[0-9a-f]{6})/i.exec(readFileSync('src/renderer/src/styles/app.css', 'utf8'))?.[1]
    expect(page).toBeDefined()
    expect(options.show).toBe(false)
    expect(options.backgroundColor?.toLowerCase()).toBe(page?.toLowerCase())
  })
})

describe('the security guards', () => {
  function setup() {
    const listeners = new Map<string, (event: { preventDefault: () => void }, url: string) => void>()
    const contents = {
      setWindowOpenHandler: vi.fn(),
      on: vi.fn((name: string, fn: (event: { preventDefault: () => void }, url: string) => void) => {
        listeners.set(name, fn)
        return contents
      }),
    }
    const session = {
      setPermissionRequestHandler: vi.fn(),
      setPermissionCheckHandler: vi.fn(),
      webRequest: { onHeadersReceived: vi.fn() },
    }
    applySecurityGuards(contents as never, session as never, (url) => url.startsWith('file:///app/'))
    return { contents, session, listeners }
  }

  it('denies every new window', () => {
    const { contents } = setup()
    const handler = contents.setWindowOpenHandler.mock.calls[0]?.[0] as () => unknown
    expect(handler()).toEqual({ action: 'deny' })
  })

  it('blocks navigation and redirects away from the app, and every webview', () => {
    const { listeners } = setup()
    for (const name of ['will-navigate', 'will-redirect']) {
      const away = { preventDefault: vi.fn() }
      listeners.get(name)?.(away, 'https://evil.example/')
      expect(away.preventDefault).toHaveBeenCalled()
      const home = { preventDefault: vi.fn() }
      listeners.get(name)?.(home, 'file:///app/index.html')
      expect(home.preventDefault).not.toHaveBeenCalled()
    }
    const webview = { preventDefault: vi.fn() }
    listeners.get('will-attach-webview')?.(webview, '')
    expect(webview.preventDefault).toHaveBeenCalled()
  })

  it('refuses every permission and sends the CSP with every response', () => {
    const { session } = setup()
    const request = session.setPermissionRequestHandler.mock.calls[0]?.[0] as (
      c: unknown,
      p: string,
      cb: (ok: boolean) => void,
    ) => void
    const callback = vi.fn()
    request({}, 'media', callback)
    expect(callback).toHaveBeenCalledWith(false)
    const check = session.setPermissionCheckHandler.mock.calls[0]?.[0] as () => boolean
    expect(check()).toBe(false)
    const onHeaders = session.webRequest.onHeadersReceived.mock.calls[0]?.[0] as (
      d: unknown,
      cb: (r: { responseHeaders: Record<string, string[]> }) => void,
    ) => void
    const headers = vi.fn()
    onHeaders({ responseHeaders: { a: ['b'] } }, headers)
    expect(headers).toHaveBeenCalledWith({
      responseHeaders: { a: ['b'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    })
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'")
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval')
  })
})
