import { randomBytes, timingSafeEqual } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { join, resolve } from 'node:path'
import { type AppDesk, type AppDeskOptions, createAppDesk, startAppDesk } from '../../main/app-desk'
import { dispatch, INPUT_TOO_LARGE } from '../../main/bridge'
import { chromiumPdfRenderer } from '../../main/exports/chromium-pdf'
import { RotatingFileSink } from '../../main/log-file'
import { contentTypeOf, readRendererFile, rendererFileAt } from '../../main/renderer-files'
import { DevelopmentSecretStore } from '../../main/settings/secrets'
import { JsonFileSettings, type SettingsStore } from '../../main/settings/settings'
import type { RunningTraining } from '../../main/training'
import type { UpdatesHost } from '../../main/updates/handlers'
import { CUSTOMER_YES_FRAGMENT, customerYesNonce } from '../../shared/customer-view'
import { MAX_INPUT_CHARS } from '../../shared/input-size'
import { BRIDGE_PATH, BRIDGE_SCRIPT_PATH, bridgeScript, PAGE_HEADER, TOKEN_HEADER } from './bridge-script'
import {
  CUSTOMER_PAGE_PATH,
  CUSTOMER_SCRIPT_PATH,
  CUSTOMER_VIEW_PATH,
  CUSTOMER_YES_PATH,
  customerScript,
} from './customer-script'
import { browserShellPrinting } from './receipt-printing'

export interface BrowserShellOptions {
  /** Data folder: journals, settings, the training service's state, logs. */
  dataDir: string
  /** Default 0: a free port. */
  port?: number
  /** Expose the training sandbox's test controls over HTTP. */
  control?: boolean
  /** The built renderer (electron-vite build); default out/renderer. */
  rendererDir?: string
  /** An updater for the Settings screen (tests): the shell itself does not update ('unavailable'). */
  updates?: (desk: AppDesk['desk'], settings: SettingsStore) => UpdatesHost
  /** The head office sync's timings (tests: seconds where the app waits minutes). */
  headOfficeSync?: AppDeskOptions['headOfficeSync']
  /** How long a result stays on the customer display (tests shorten it). */
  customerResultMs?: number
  /**
   * What stands for the system's folder dialog here (a page has none): the folder "chosen" when a backup is
   * made with no folder typed or saved, null for a cancelled dialog. Tests answer it; by default the folder
   * beside the data folder — on its disk, so the desk asks "same disk, I know" before backing up there.
   */
  chooseFolder?: () => Promise<string | null>
}

export interface BrowserShell {
  /** Open this address: it carries the per-run token. */
  url: string
  /** The customer display's page (docs/customer-display.md), with the same token. */
  customerUrl: string
  origin: string
  /** The training sandbox's control address, when started with control. */
  controlUrl?: string
  /**
   * The training sandbox (its controls work in-process whatever `control` says). Only in training mode: the
   * shell also starts on a data folder left in live mode, and then this throws.
   */
  readonly sandbox: RunningTraining['sandbox']
  app: AppDesk
  close(): Promise<void>
}

/** A call's body: its input at the bridge's cap, each character up to 4 bytes of UTF-8, and the JSON around it. */
const MAX_BODY_BYTES = 4 * MAX_INPUT_CHARS + 64 * 1024

class BodyTooLarge extends Error {}
const PAGE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolveBody, reject) => {
    let size = 0
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      // Past the cap nothing more is kept or parsed: the answer goes out at once, and the rest of the body is
      // read and dropped, so the caller (still sending) gets that answer rather than a broken connection.
      if (size > MAX_BODY_BYTES) reject(new BodyTooLarge())
      else chunks.push(chunk)
    })
    req.on('end', () => resolveBody(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  })
  res.end(body)
}

/** The app's version, from the package it runs from. */
function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../../package.json'), 'utf8'))
    return typeof pkg.version === 'string' ? pkg.version : 'unknown'
  } catch {
    return 'unknown'
  }
}

function sameToken(given: string | undefined | null, token: string): boolean {
  if (!given) return false
  const a = Buffer.from(given)
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * For development, UI tests and machines without the Electron runtime: the same desk core in Node, the built
 * renderer served on 127.0.0.1, and `window.api` over a loopback HTTP bridge with the contract's validation
 * and envelope. Every call needs the per-run token; the Host and Origin headers must be this server's own,
 * so another site in the same browser cannot drive the desk (DNS rebinding, cross-site requests).
 */
export async function startBrowserShell(options: BrowserShellOptions): Promise<BrowserShell> {
  const dataDir = resolve(options.dataDir)
  mkdirSync(dataDir, { recursive: true })
  const rendererDir = resolve(options.rendererDir ?? 'out/renderer')
  const indexPath = join(rendererDir, 'index.html')
  if (!existsSync(indexPath)) {
    throw new Error(`No built renderer at ${rendererDir}: run "npx electron-vite build" first.`)
  }
  const token = randomBytes(24).toString('base64url')
  const logFile = new RotatingFileSink(join(dataDir, 'logs', 'desk.log'))
  const receipts = browserShellPrinting(dataDir)
  const pdf = chromiumPdfRenderer()
  let updates: UpdatesHost | null = null
  /** The customer pages following the display now. */
  const customerStreams = new Set<ServerResponse>()
  const settings = new JsonFileSettings(join(dataDir, 'settings.json'))
  const app = createAppDesk({
    updates: () => updates,
    dataDir,
    settings,
    secrets: new DevelopmentSecretStore(join(dataDir, 'development-secrets.json')),
    logFile,
    chooseSavePath: async (name) => join(dataDir, 'diagnostics', name),
    versions: {
      app: `${packageVersion()} (browser shell)`,
      node: process.versions.node,
      os: `${process.platform} ${process.arch}`,
    },
    trainingControl: options.control ?? false,
    printing: receipts.printing,
    ...(options.headOfficeSync ? { headOfficeSync: options.headOfficeSync } : {}),
    ...(options.customerResultMs !== undefined ? { customerResultMs: options.customerResultMs } : {}),
    // The page has an address here: no display to place it on.
    customerDisplay: () => ({
      placesWindows: false,
      displays: () => [],
      open: () => customerStreams.size > 0,
      settingsChanged: () => {},
    }),
    manager: {
      chooseSavePath: async (name) => join(dataDir, 'exports', name),
      // Beside the data folder, never inside it (a backup on the journal's own folder is no backup).
      chooseFolder: options.chooseFolder ?? (async () => `${dataDir}-backups`),
      pdf,
    },
  })
  updates = options.updates?.(app.desk, settings) ?? null
  const log = app.log.child('shell')
  const index = readFileSync(indexPath, 'utf8').replace(
    '<script type="module"',
    `<script src="${BRIDGE_SCRIPT_PATH}"></script>\n    <script type="module"`,
  )
  const customerPagePath = join(rendererDir, 'customer.html')
  // The customer page gets no bridge (no window.api): only the script that follows main's views.
  const customerIndex = existsSync(customerPagePath)
    ? readFileSync(customerPagePath, 'utf8').replace(
        '<script type="module"',
        `<script src="${CUSTOMER_SCRIPT_PATH}"></script>\n    <script type="module"`,
      )
    : null

  let origin = ''
  const sockets = new Set<Socket>()
  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      log.error('request failed', { error })
      if (!res.headersSent)
        send(
          res,
          500,
          'application/json',
          JSON.stringify({ ok: false, error: { code: 'INTERNAL', message: 'Internal error.' } }),
        )
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const host = req.headers.host ?? ''
    if (host !== new URL(origin).host && host !== `localhost:${new URL(origin).port}`) {
      send(res, 421, 'text/plain; charset=utf-8', 'Wrong host.')
      return
    }
    const url = new URL(req.url ?? '/', origin)
    if (url.pathname === CUSTOMER_VIEW_PATH || url.pathname === CUSTOMER_YES_PATH) {
      if (!admitted(req, res, host)) return
      if (url.pathname === CUSTOMER_VIEW_PATH) followCustomerDisplay(req, res)
      else await customerSaysYes(req, res)
      return
    }
    if (url.pathname.startsWith(BRIDGE_PATH)) {
      if (!admitted(req, res, host)) return
      let input: unknown = null
      try {
        const body = await readBody(req)
        const parsed: unknown = body === '' ? {} : JSON.parse(body)
        input = parsed && typeof parsed === 'object' ? (parsed as { input?: unknown }).input : undefined
      } catch (error) {
        if (error instanceof BodyTooLarge) {
          send(res, 413, 'application/json', JSON.stringify({ ok: false, error: INPUT_TOO_LARGE }))
          return
        }
        send(
          res,
          400,
          'application/json',
          JSON.stringify({ ok: false, error: { code: 'BAD_INPUT', message: 'The request is not JSON.' } }),
        )
        return
      }
      const method = decodeURIComponent(url.pathname.slice(BRIDGE_PATH.length))
      const page = req.headers[PAGE_HEADER]
      const sender = typeof page === 'string' && PAGE_ID.test(page) ? `page:${page}` : undefined
      const envelope = await dispatch(
        app.desk,
        method,
        input ?? undefined,
        { clerk: null, ...(sender ? { sender } : {}) },
        log,
      )
      send(res, 200, 'application/json', JSON.stringify(envelope))
      return
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed.')
      return
    }
    if (url.pathname === BRIDGE_SCRIPT_PATH) {
      send(res, 200, contentTypeOf('bridge.js'), bridgeScript())
      return
    }
    if (url.pathname === CUSTOMER_SCRIPT_PATH) {
      send(res, 200, contentTypeOf('customer.js'), customerScript())
      return
    }
    if (url.pathname === CUSTOMER_PAGE_PATH && customerIndex !== null) {
      send(res, 200, contentTypeOf('customer.html'), customerIndex)
      return
    }
    if (url.pathname === '/' || url.pathname === '/index.html') {
      send(res, 200, contentTypeOf('index.html'), index)
      return
    }
    // Only a regular file inside the renderer folder, read off the main thread, as the Electron host serves it.
    const file = rendererFileAt(url.pathname, rendererDir)
    const body = file === null ? null : await readRendererFile(file, req.method === 'HEAD')
    if (body === null || file === null) {
      send(res, 404, 'text/plain; charset=utf-8', 'Not found.')
      return
    }
    send(res, 200, contentTypeOf(file), body)
  }

  /** A call's own checks, as for every bridge call: POST, this server's own origin, the per-run token. */
  function admitted(req: IncomingMessage, res: ServerResponse, host: string): boolean {
    const headerOrigin = req.headers.origin
    if (
      req.method !== 'POST' ||
      (headerOrigin !== undefined && headerOrigin !== origin && headerOrigin !== `http://${host}`)
    ) {
      send(
        res,
        403,
        'application/json',
        JSON.stringify({ ok: false, error: { code: 'FORBIDDEN', message: 'Not allowed.' } }),
      )
      return false
    }
    if (!sameToken(req.headers[TOKEN_HEADER] as string | undefined, token)) {
      send(
        res,
        403,
        'application/json',
        JSON.stringify({
          ok: false,
          error: { code: 'FORBIDDEN', message: 'Wrong or missing desk token.' },
        }),
      )
      return false
    }
    return true
  }

  /** The customer page's stream: the view main decides, one JSON line at every change, until the page goes. */
  function followCustomerDisplay(req: IncomingMessage, res: ServerResponse): void {
    req.resume()
    res.writeHead(200, {
      'content-type': 'application/x-ndjson; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    })
    customerStreams.add(res)
    const stop = app.desk.customerDisplay.subscribe((view) => res.write(`${JSON.stringify(view)}\n`))
    res.on('close', () => {
      stop()
      customerStreams.delete(res)
    })
  }

  /** The customer's "Yes, this is me": the nonce of the question on screen, or it counts for nothing. */
  async function customerSaysYes(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let nonce: string | null = null
    try {
      const body = JSON.parse(await readBody(req)) as { nonce?: unknown }
      nonce =
        typeof body.nonce === 'string' ? customerYesNonce(`#${CUSTOMER_YES_FRAGMENT}${body.nonce}`) : null
    } catch {
      nonce = null
    }
    const counted = nonce !== null && app.desk.customerDisplay.customerSaysYes(nonce)
    send(res, 200, 'application/json', JSON.stringify({ ok: true, value: { counted } }))
  }

  // The one start-up path of both hosts: the server listens before the start-up work touches a journal, so
  // a port already taken stops the start with nothing changed.
  try {
    await startAppDesk(app, async () => {
      await new Promise<void>((resolveListen, reject) => {
        server.once('error', reject)
        server.listen(options.port ?? 0, '127.0.0.1', () => resolveListen())
      })
      const { port } = server.address() as AddressInfo
      origin = `http://127.0.0.1:${port}`
    })
  } catch (error) {
    if (server.listening) await new Promise((resolveClose) => server.close(resolveClose))
    await receipts.close()
    await pdf.close()
    throw error
  }
  const controlUrl = options.control ? app.training()?.sandbox.controlUrl : undefined
  return {
    url: `${origin}/?token=${token}`,
    customerUrl: `${origin}${CUSTOMER_PAGE_PATH}?token=${token}`,
    origin,
    ...(controlUrl ? { controlUrl } : {}),
    get sandbox() {
      const training = app.training()
      if (!training) throw new Error('The training service is not running: the desk is in live mode.')
      return training.sandbox
    },
    app,
    async close() {
      await new Promise<void>((resolveClose) => {
        server.close(() => resolveClose())
        for (const socket of sockets) socket.destroy()
      })
      await app.desk.stop()
      await receipts.close()
      await pdf.close()
    },
  }
}
