import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join, relative, resolve, sep } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMPILE_HINT } from '../../../scripts/compile-hints'
import { type BrowserShell, startBrowserShell } from '../../../src/shells/browser/server'
import { ensureRendererBuilt } from '../../helpers/renderer-build'

let shell: BrowserShell
let dir: string
let token: string

beforeAll(async () => {
  ensureRendererBuilt()
  dir = mkdtempSync(join(tmpdir(), 'shell-'))
  shell = await startBrowserShell({ dataDir: dir })
  token = new URL(shell.url).searchParams.get('token') ?? ''
})

afterAll(async () => {
  await shell?.close()
  rmSync(dir, { recursive: true, force: true })
})

function post(method: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${shell.origin}/__bridge/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-desk-token': token, ...headers },
    body: JSON.stringify(body),
  })
}

describe('the browser shell', () => {
  it('binds to 127.0.0.1 and puts a random token in the printed address', () => {
    expect(shell.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{32}$/)
  })

  it("serves the desk's script with V8's compile hint first (a first visit to a screen compiles nothing)", async () => {
    const scriptOf = (html: string) =>
      /<script type="module"[^>]* src="\.\/(assets\/[\w-]+\.js)"/.exec(html)?.[1]
    const script = scriptOf(await (await fetch(`${shell.origin}/`)).text())
    expect(script).toMatch(/^assets\/index-/)
    const served = await (await fetch(`${shell.origin}/${script}`)).text()
    expect(served.startsWith(COMPILE_HINT)).toBe(true)
    // The customer display's own small page is left as it is.
    const customer = scriptOf(readFileSync('out/renderer/customer.html', 'utf8'))
    expect(customer).toMatch(/^assets\/customer-/)
    expect(readFileSync(`out/renderer/${customer}`, 'utf8')).not.toContain(COMPILE_HINT.trim())
  })

  it('starts in training mode and answers calls in the envelope', async () => {
    const res = await post('getStatus', { input: null })
    expect(await res.json()).toMatchObject({ ok: true, value: { mode: 'training', journalProblem: null } })
  })

  it('refuses a call without the token, or with another', async () => {
    for (const t of ['', 'x'.repeat(32)]) {
      const res = await post('getStatus', { input: null }, { 'x-desk-token': t })
      expect(res.status).toBe(403)
      expect(await res.json()).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } })
    }
  })

  it('refuses a request for another host name (DNS rebinding) and a foreign origin', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(shell.origin)
      const req = request(
        {
          host: '127.0.0.1',
          port: url.port,
          path: '/__bridge/getStatus',
          method: 'POST',
          headers: { host: 'evil.example', 'x-desk-token': token },
        },
        (res) => resolve(res.statusCode ?? 0),
      )
      req.on('error', reject)
      req.end('{}')
    })
    expect(status).toBe(421)
    const foreign = await post('getStatus', { input: null }, { origin: 'http://evil.example' })
    expect(foreign.status).toBe(403)
  })

  it('refuses a call too large before reading its schema: a short answer, nothing done', async () => {
    const tooLarge = { ok: false, error: { code: 'BAD_INPUT', details: { reason: 'INPUT_TOO_LARGE' } } }
    // A signed-out page's sign-in with fifty thousand extra keys (within the body's cap, over the values').
    const keys = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, 0]))
    const manyKeys = await post('signIn', { input: { personId: 'x', pin: '1234', ...keys } })
    const manyText = await manyKeys.text()
    expect(JSON.parse(manyText)).toMatchObject(tooLarge)
    expect(manyText.length).toBeLessThan(300)
    // A 50 MB name: refused as soon as the body passes its cap, before the rest is read.
    const hugeName = await post('createManager', {
      input: { name: 'x'.repeat(50_000_000), pin: '2580' },
    }).catch((error: Error) => error)
    if (hugeName instanceof Error) throw hugeName
    expect(hugeName.status).toBe(413)
    expect(await hugeName.json()).toMatchObject(tooLarge)
    expect(await (await post('getSession', { input: null })).json()).toMatchObject({
      ok: true,
      value: { setupNeeded: true, person: null },
    })
  })

  it('names only the first few problems of an input, each in a few words', async () => {
    const keys = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`unknownKey${i}`, i]))
    const answer = await post('updateSettings', {
      input: {
        autoLockMinutes: 'x',
        reprintWindowMinutes: 'y',
        replayRevealMinutes: 'z',
        autoPrint: 3,
        ...keys,
      },
    })
    const text = await answer.text()
    const body = JSON.parse(text) as {
      error: { code: string; details: { fields: { path: string; message: string }[]; moreIssues?: number } }
    }
    expect(body.error.code).toBe('BAD_INPUT')
    expect(body.error.details.fields.length).toBeLessThanOrEqual(5)
    for (const f of body.error.details.fields) expect(f.message.length).toBeLessThanOrEqual(201)
    expect(text.length).toBeLessThan(2_000)
  })

  it('validates input against the contract before anything runs', async () => {
    const bad = await post('generateVoucher', { input: { denominationId: 'thirty' } })
    const body = (await bad.json()) as { ok: boolean; error: { code: string; message: string } }
    expect(body.ok).toBe(false)
    expect(body.error.code).toBe('BAD_INPUT')
    expect(body.error.message).toContain('denominationId')
    const unknown = await post('dropTables', { input: null })
    expect(await unknown.json()).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } })
    const notJson = await fetch(`${shell.origin}/__bridge/getStatus`, {
      method: 'POST',
      headers: { 'x-desk-token': token },
      body: '{nope',
    })
    expect(await notJson.json()).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } })
  })

  it('serves the renderer with the bridge script before the app', async () => {
    const html = await (await fetch(shell.url)).text()
    expect(html.indexOf('/__shell/bridge.js')).toBeGreaterThan(0)
    expect(html.indexOf('/__shell/bridge.js')).toBeLessThan(html.indexOf('type="module"'))
    const script = await (await fetch(`${shell.origin}/__shell/bridge.js`)).text()
    expect(script).toContain('"generateVoucher"')
    expect((await fetch(`${shell.origin}/../../etc/passwd`)).status).toBe(404)
    // Encoded so fetch keeps them: decoded only by the shell, naming a file that exists outside the folder.
    // The shell serves out/renderer (its default): package.json is two folders up.
    const outside = relative(resolve('out/renderer'), resolve('package.json'))
    expect(outside.startsWith('..')).toBe(true)
    for (const encoded of [
      outside.split(sep).join('%2f'),
      outside.replaceAll('.', '%2e').split(sep).join('%2f'),
    ])
      expect((await fetch(`${shell.origin}/${encoded}`)).status).toBe(404)
    // A malformed escape, a NUL: not found, not a failed request.
    expect((await fetch(`${shell.origin}/%E0%A4%A`)).status).toBe(404)
    expect((await fetch(`${shell.origin}/assets%00.js`)).status).toBe(404)
    // A folder is not a file: not found (it was a failed request once).
    expect((await fetch(`${shell.origin}/assets`)).status).toBe(404)
    expect((await fetch(`${shell.origin}/assets/no-such-file.js`)).status).toBe(404)
    const bundle = html.match(/src="\.(\/assets\/[^"]+\.js)"/)?.[1]
    expect(bundle).toBeTruthy()
    const asset = await fetch(`${shell.origin}${bundle}`)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('content-type')).toMatch(/javascript/)
    expect((await asset.text()).length).toBeGreaterThan(1000)
  })

  it('prints its options and exits 0 on --help, and refuses an unknown option with the usage', async () => {
    const run = (args: string[]) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', 'src/shells/browser/cli.ts', ...args],
          { cwd: process.cwd(), timeout: 20_000 },
          (error, stdout, stderr) =>
            resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
        )
      })
    const help = await run(['--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('Usage: npm run browser --')
    for (const option of ['--port', '--data-dir', '--control', '--help'])
      expect(help.stdout).toContain(option)
    expect((await run(['-h'])).code).toBe(0)
    const wrong = await run(['--colour'])
    expect(wrong.code).toBe(2)
    expect(wrong.stderr).toContain('Usage: npm run browser --')
  })
})

describe('the customer display’s page in the browser shell', () => {
  function customerPost(
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
    signal?: AbortSignal,
  ) {
    return fetch(`${shell.origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-desk-token': token, ...headers },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    })
  }

  it('has its own address, with the same token', () => {
    expect(shell.customerUrl).toBe(`${shell.origin}/customer.html?token=${token}`)
  })

  it('serves the page with the script that follows main’s views, and no window.api', async () => {
    const page = await (await fetch(`${shell.origin}/customer.html`)).text()
    expect(page).toContain('/__shell/customer.js')
    expect(page).not.toContain('/__shell/bridge.js')
    const script = await (await fetch(`${shell.origin}/__shell/customer.js`)).text()
    expect(script).not.toContain('__bridge')
  })

  it('streams the view main decides only with the token, from its own origin, by POST', async () => {
    const refusals: Record<string, string>[] = [
      { 'x-desk-token': '' },
      { 'x-desk-token': 'x'.repeat(32) },
      { origin: 'http://evil.example' },
    ]
    for (const headers of refusals) {
      const refused = await customerPost('/__customer/view', {}, headers)
      expect(refused.status).toBe(403)
      await refused.body?.cancel()
    }
    expect(
      (await fetch(`${shell.origin}/__customer/view`, { headers: { 'x-desk-token': token } })).status,
    ).toBe(403)

    const stop = new AbortController()
    const stream = await customerPost('/__customer/view', {}, {}, stop.signal)
    expect(stream.status).toBe(200)
    expect(stream.headers.get('content-type')).toContain('application/x-ndjson')
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader()
    const { value } = await reader.read()
    const line = new TextDecoder().decode(value).split('\n')[0] ?? ''
    expect(JSON.parse(line)).toEqual({ state: 'idle', language: 'ar', training: true, outletName: '' })
    // The page showing: the desk says the display is open while it follows.
    const open = await post('getCustomerDisplay', { input: null })
    expect(await open.json()).toMatchObject({ ok: true, value: { open: true } })
    stop.abort()
    await expect
      .poll(async () => (await (await post('getCustomerDisplay', { input: null })).json()).value.open)
      .toBe(false)
  })

  it('takes the customer’s "Yes" only with the token, and counts none that answers no question on screen', async () => {
    const refused = await customerPost(
      '/__customer/yes',
      { nonce: '0190a000-0000-7000-8000-000000000001' },
      {
        'x-desk-token': '',
      },
    )
    expect(refused.status).toBe(403)
    const unasked = await customerPost('/__customer/yes', { nonce: '0190a000-0000-7000-8000-000000000001' })
    expect(await unasked.json()).toEqual({ ok: true, value: { counted: false } })
    const malformed = await customerPost('/__customer/yes', { nonce: { toString: 1 } })
    expect(await malformed.json()).toEqual({ ok: true, value: { counted: false } })
  })
})
