import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Protocol } from 'electron'
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

/**
 * Registered before the app is ready: a standard, secure origin (so module scripts, `'self'` in the CSP and
 * storage work as on https), with fetch for its own files; no service workers, no CORS for other origins.
 */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
} as const

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
}

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
 * The file a URL names inside `rendererDir`, or null. Each path segment is decoded on its own and must be a
 * plain name: no `.`/`..`, no encoded `/` or `\`, no drive or NUL, so neither `..` nor `%2e%2e%2f` nor
 * `..%5c` can step outside, whatever the URL parser already normalised. `paths` is the platform's path
 * module (tests pass `path.win32` to check Windows' separators here).
 */
export function rendererFileFor(
  url: string,
  rendererDir: string,
  paths: Pick<typeof path, 'join' | 'relative' | 'isAbsolute'> = path,
): string | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return null
  const raw = parsed.pathname === '/' ? ['index.html'] : parsed.pathname.slice(1).split('/')
  const segments: string[] = []
  for (const part of raw) {
    let name: string
    try {
      name = decodeURIComponent(part)
    } catch {
      return null
    }
    if (name === '' || name === '.' || name === '..' || /[/\\:\0]/.test(name)) return null
    segments.push(name)
  }
  const file = paths.join(rendererDir, ...segments)
  const inside = paths.relative(rendererDir, file)
  if (inside === '' || inside.startsWith('..') || paths.isAbsolute(inside)) return null
  return file
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
  if (file === null) return notFound()
  try {
    if (!(await stat(file)).isFile()) return notFound()
    const body = request.method === 'HEAD' ? null : await readFile(file)
    return new Response(body, {
      status: 200,
      headers: headers(CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream'),
    })
  } catch {
    return notFound()
  }
}

/** Serves `app://desk/…` from the renderer folder (inside app.asar once packaged). */
export function registerAppProtocol(protocol: Pick<Protocol, 'handle'>, rendererDir: string): void {
  protocol.handle(APP_SCHEME, (request) => serveAppRequest(request, rendererDir))
}
