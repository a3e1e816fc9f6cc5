import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'

/**
 * The built renderer's files as both hosts serve them: the packaged app from `app://desk/`
 * (electron/app-protocol.ts) and the browser shell over HTTP (shells/browser/server.ts).
 */

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

/** A file's content type by its extension; unknown ones are bytes. */
export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream'
}

export type RendererPaths = Pick<typeof path, 'join' | 'relative' | 'isAbsolute'>

/**
 * The file a URL path (`/assets/index-1.js`) names inside `rendererDir`, or null. Each path segment is
 * decoded on its own and must be a plain name: no `.`/`..`, no empty segment, no encoded `/` or `\`, no drive
 * or NUL, so neither `..` nor `%2e%2e%2f` nor `..%5c` can step outside, whatever the URL parser already
 * normalised. `paths` is the platform's path module.
 */
export function rendererFileAt(
  pathname: string,
  rendererDir: string,
  paths: RendererPaths = path,
): string | null {
  const segments: string[] = []
  for (const part of pathname.slice(1).split('/')) {
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

/**
 * A renderer file's bytes (none read for HEAD), or null when it is not a regular file. Read off the main
 * thread: a file read that waits for the disk must not hold up the desk.
 */
export async function readRendererFile(file: string, head: boolean): Promise<Buffer<ArrayBuffer> | null> {
  try {
    if (!(await stat(file)).isFile()) return null
    return head ? Buffer.alloc(0) : await readFile(file)
  } catch {
    return null
  }
}
