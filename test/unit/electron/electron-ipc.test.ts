import type { IpcMainInvokeEvent } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import type { DeskEndpoint } from '../../../src/main/bridge'
import type { DeskHandlers } from '../../../src/main/desk/handlers'
import { isAppUrl, registerDeskIpc, trustedSenderCheck } from '../../../src/main/ipc'
import { silentLogger } from '../../../src/main/log'
import { DESK_METHODS } from '../../../src/shared/contract'
import { AppError } from '../../../src/shared/errors'

const PAGE = 'app://desk/index.html'
/** The built page as a file, where an Electron app without its own scheme would load it from. */
const RENDERER_FILE = 'file:///C:/Program%20Files/Reseller%20Desk/resources/app.asar/out/renderer/index.html'

function fakeIpcMain() {
  const channels = new Map<string, (event: IpcMainInvokeEvent, input: unknown) => Promise<unknown>>()
  return {
    channels,
    handle: vi.fn((channel: string, fn: (event: IpcMainInvokeEvent, input: unknown) => Promise<unknown>) => {
      channels.set(channel, fn)
    }),
    removeHandler: vi.fn((channel: string) => {
      channels.delete(channel)
    }),
  }
}

const webContents = { id: 1 }
const win = { webContents }
function event(overrides: { sender?: unknown; url?: string; parent?: unknown } = {}): IpcMainInvokeEvent {
  return {
    sender: overrides.sender ?? webContents,
    senderFrame: { url: overrides.url ?? PAGE, parent: overrides.parent ?? null },
  } as unknown as IpcMainInvokeEvent
}

/** A desk whose admission lets everyone through, unless told otherwise. */
function deskOf(
  handlers: DeskHandlers,
  admit: DeskEndpoint['admit'] = (_method, call) => call,
): DeskEndpoint {
  return { handlers, admit }
}

function handlersWith(getStatus: () => Promise<unknown>): DeskEndpoint {
  return deskOf(
    new Proxy({} as DeskHandlers, {
      get: (_t, name) => (name === 'getStatus' ? getStatus : vi.fn(async () => 'value')),
    }),
  )
}

describe('registerDeskIpc', () => {
  it('registers one channel per contract call, and removes them all', () => {
    const ipc = fakeIpcMain()
    const remove = registerDeskIpc(
      ipc,
      handlersWith(async () => ({})),
      {
        isTrustedSender: () => true,
        callContext: () => ({ clerk: null }),
        log: silentLogger,
      },
    )
    expect([...ipc.channels.keys()]).toEqual(DESK_METHODS.map((m) => `desk:${m}`))
    remove()
    expect(ipc.channels.size).toBe(0)
  })

  it('answers in the envelope and turns a thrown AppError into plain data', async () => {
    const ipc = fakeIpcMain()
    let fail = false
    registerDeskIpc(
      ipc,
      handlersWith(async () => {
        if (fail) throw Object.assign(new Error('x'), { code: 'NOT_SENT', message: 'nope' })
        return { mode: 'training' }
      }),
      {
        isTrustedSender: trustedSenderCheck(() => win, { appPage: PAGE }),
        callContext: () => ({ clerk: null }),
        log: silentLogger,
      },
    )
    const getStatus = ipc.channels.get('desk:getStatus')
    expect(await getStatus?.(event(), undefined)).toEqual({ ok: true, value: { mode: 'training' } })
    fail = true
    expect(await getStatus?.(event(), undefined)).toEqual({
      ok: false,
      error: { code: 'NOT_SENT', message: 'nope' },
    })
  })

  it('refuses invalid input before the handler runs', async () => {
    const ipc = fakeIpcMain()
    const deposit = vi.fn()
    const handlers = new Proxy({} as DeskHandlers, {
      get: (_t, name) => (name === 'deposit' ? deposit : vi.fn()),
    })
    registerDeskIpc(ipc, deskOf(handlers), {
      isTrustedSender: () => true,
      callContext: () => ({ clerk: null }),
      log: silentLogger,
    })
    const result = await ipc.channels.get('desk:deposit')?.(event(), {
      phone: '0912345678',
      amountDirhams: 1.5,
      confirmedFirstName: 'x',
    })
    expect(result).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } })
    expect(deposit).not.toHaveBeenCalled()
  })

  it('asks whether the caller may make the call before it looks at the input', async () => {
    const ipc = fakeIpcMain()
    const resolveEntry = vi.fn()
    const asked: string[] = []
    const handlers = new Proxy({} as DeskHandlers, {
      get: (_t, name) => (name === 'resolveEntry' ? resolveEntry : vi.fn()),
    })
    registerDeskIpc(
      ipc,
      deskOf(handlers, (method) => {
        asked.push(method)
        throw new AppError('FORBIDDEN', 'Only a manager can do this.', { reason: 'manager-only', method })
      }),
      { isTrustedSender: () => true, callContext: () => ({ clerk: null }), log: silentLogger },
    )
    const result = await ipc.channels.get('desk:resolveEntry')?.(event(), { entryId: 7, outcome: 'x' })
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'FORBIDDEN',
        message: 'Only a manager can do this.',
        details: { reason: 'manager-only', method: 'resolveEntry' },
      },
    })
    expect(asked).toEqual(['resolveEntry'])
    expect(resolveEntry).not.toHaveBeenCalled()
  })

  it.each([
    ['another window', { sender: { id: 2 } }],
    ['another page', { url: 'https://evil.example/' }],
    ['another file', { url: 'file:///C:/Users/x/Downloads/evil.html' }],
    // The built page itself as a file, on this PC or on another machine's share.
    ['the built page as a local file', { url: RENDERER_FILE }],
    ['the built page on a file server', { url: RENDERER_FILE.replace('file:///', 'file://server/') }],
    ['a subframe', { parent: {} }],
  ])('refuses a call from %s', async (_label, overrides) => {
    const ipc = fakeIpcMain()
    const getStatus = vi.fn(async () => ({}))
    registerDeskIpc(ipc, handlersWith(getStatus), {
      isTrustedSender: trustedSenderCheck(() => win, { appPage: PAGE }),
      callContext: () => ({ clerk: null }),
      log: silentLogger,
    })
    expect(await ipc.channels.get('desk:getStatus')?.(event(overrides), undefined)).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    })
    expect(getStatus).not.toHaveBeenCalled()
  })
})

describe('isAppUrl', () => {
  it('knows the app’s page and the development server, nothing else', () => {
    expect(isAppUrl(`${PAGE}#/journal`, { appPage: PAGE })).toBe(true)
    expect(isAppUrl('http://localhost:5173/', { devOrigin: 'http://localhost:5173' })).toBe(true)
    expect(isAppUrl('http://localhost:5174/', { devOrigin: 'http://localhost:5173' })).toBe(false)
    expect(isAppUrl('http://localhost:5173/', { appPage: PAGE })).toBe(false)
    expect(isAppUrl(RENDERER_FILE, { appPage: PAGE })).toBe(false)
    expect(isAppUrl(RENDERER_FILE, { appPage: PAGE, devOrigin: 'http://localhost:5173' })).toBe(false)
    expect(isAppUrl('not a url', { appPage: PAGE })).toBe(false)
  })
})

describe('the packaged page app://desk/index.html', () => {
  it('is the app, whatever its query or fragment', () => {
    expect(isAppUrl(PAGE, { appPage: PAGE })).toBe(true)
    expect(isAppUrl(`${PAGE}#/journal`, { appPage: PAGE })).toBe(true)
    expect(isAppUrl(`${PAGE}?lang=ar`, { appPage: PAGE })).toBe(true)
  })

  it.each([
    'app://desk/other.html',
    'app://desk/assets/index.js',
    'app://desk/',
    'app://evil/index.html',
    'app://desk.evil/index.html',
    'app://desk:8080/index.html',
    'app://user@desk/index.html',
    'https://desk/index.html',
    'file:///index.html',
    'file://desk/index.html',
    'app://desk/%E0%A4%A.html',
    'about:blank',
  ])('is not %s', (url) => {
    expect(isAppUrl(url, { appPage: PAGE })).toBe(false)
  })

  it('may call the desk from the main window, and only from there', async () => {
    const ipc = fakeIpcMain()
    const getStatus = vi.fn(async () => ({}))
    registerDeskIpc(ipc, handlersWith(getStatus), {
      isTrustedSender: trustedSenderCheck(() => win, { appPage: PAGE }),
      callContext: () => ({ clerk: null }),
      log: silentLogger,
    })
    const call = (overrides: Parameters<typeof event>[0]) =>
      ipc.channels.get('desk:getStatus')?.(event(overrides), undefined)
    expect(await call({ url: PAGE })).toMatchObject({ ok: true })
    expect(await call({ url: RENDERER_FILE })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } })
    expect(await call({ url: PAGE, sender: { id: 2 } })).toMatchObject({ ok: false })
    expect(await call({ url: PAGE, parent: {} })).toMatchObject({ ok: false })
    expect(getStatus).toHaveBeenCalledTimes(1)
  })
})
