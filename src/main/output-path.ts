import { extname, isAbsolute, relative, resolve } from 'node:path'
import { AppError } from '../shared/errors'

/**
 * Where the desk may write a file or folder a caller named (an export, a PDF, diagnostics, a backup): an
 * absolute path, with the expected extension, and never inside the app's own data folder — the journals,
 * people, settings and secrets live there, and a named path must not be able to overwrite them. Paths a
 * host's save dialog returns are the person's own choice and need no such check.
 */
function inside(path: string, folder: string): boolean {
  const fold = (p: string) => (process.platform === 'win32' ? p.toLowerCase() : p)
  const rel = relative(fold(resolve(folder)), fold(path))
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))
}

export function checkOutputFile(
  path: string,
  extensions: readonly string[],
  dataDir: string,
  field = 'path',
): string {
  const full = resolve(path)
  if (!isAbsolute(path) || !extensions.includes(extname(full).toLowerCase())) {
    throw new AppError('BAD_INPUT', `${field}: an absolute path to a ${extensions.join(' or ')} file.`, {
      field,
    })
  }
  if (inside(full, dataDir)) {
    throw new AppError('BAD_INPUT', `${field}: not inside the app's own data folder.`, { field })
  }
  return full
}

export function checkOutputFolder(folder: string, dataDir: string, field = 'folder'): string {
  if (!isAbsolute(folder))
    throw new AppError('BAD_INPUT', `${field}: an absolute path to a folder.`, { field })
  const full = resolve(folder)
  if (inside(full, dataDir) || inside(dataDir, full)) {
    throw new AppError('BAD_INPUT', `${field}: a folder apart from the app's own data folder.`, { field })
  }
  return full
}
