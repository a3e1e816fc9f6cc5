import path from 'node:path'
import type { Protocol } from 'electron'
import { contentTypeOf, type RendererPaths, readRendererFile, rendererFileAt } from '../renderer-files'
import { CONTENT_SECURITY_POLICY } from './window'

/**
 * The packaged app's renderer comes from its own scheme, `app://desk/`, never from `file://` (where any file
 * on the PC shares the page's origin) or a development server. Only files inside the built renderer folder
 * are served; anything else, however it is spelled, is a 404.
 */
export const APP_SCHEME = 'app'
export const APP_HOST = 'desk'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
/** The one page the window loads, and the one address the IPC sender check accepts from this scheme. */
export const APP_PAGE = `${APP_ORIGIN}/index.html`
/** The customer display's page (its own window, no preload: main/electron/customer-window.ts). */
export const CUSTOMER_PAGE = `${APP_ORIGIN}/customer.html`

/**
 * Registered before the app is ready: a standard, secure origin (so module scripts, `'self'` in the CSP and
 * storage work as on https), with fetch for its own files; no service workers, no CORS for other origins.
 */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
} as const

/** Headers on every answer: the CSP travels with the page itself, not only in its <meta>. */
function headers(contentType: string): Headers {
  return new Headers({
    'Content-Type': contentType,
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-cache',
  })
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: headers('text/plain; charset=utf-8') })
}

/**
 * The file an `app://desk/…` URL names inside `rendererDir`, or null: another scheme or host, or a path that
 * is not a plain file name there (renderer-files.ts). `/` is the page itself. `paths` is the platform's path
 * module (tests pass `path.win32` to check Windows' separators here).
 */
export function rendererFileFor(
  url: string,
  rendererDir: string,
  paths: RendererPaths = path,
): string | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return null
  return rendererFileAt(parsed.pathname === '/' ? '/index.html' : parsed.pathname, rendererDir, paths)
}

/** Answers one request of the app scheme from the renderer folder (GET and HEAD only). */
export async function serveAppRequest(
  request: { url: string; method: string },
  rendererDir: string,
): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response('Method not allowed', {
      status: 405,
      headers: headers('text/plain; charset=utf-8'),
    })
  }
  const file = rendererFileFor(request.url, rendererDir)
  const head = request.method === 'HEAD'
  const body = file === null ? null : await readRendererFile(file, head)
  if (file === null || body === null) return notFound()
  return new Response(head ? null : body, { status: 200, headers: headers(contentTypeOf(file)) })
}

/** Serves `app://desk/…` from the renderer folder (inside app.asar once packaged). */
export function registerAppProtocol(protocol: Pick<Protocol, 'handle'>, rendererDir: string): void {
  protocol.handle(APP_SCHEME, (request) => serveAppRequest(request, rendererDir))
}
