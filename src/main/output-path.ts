import { lstat, realpath, stat } from 'node:fs/promises'
import { hostname } from 'node:os'
import nodePath, { posix, win32 } from 'node:path'
import { AppError } from '../shared/errors'

/**
 * Where the desk may write a file or folder a caller named (an export, a PDF, diagnostics, a backup): an
 * absolute path, with the expected extension, and never inside the app's own data folder — the journals,
 * people, settings and secrets live there, and a named path must not be able to overwrite them. Paths a
 * host's save dialog returns are the person's own choice and need no such check.
 *
 * The decision is made on real paths, not on the text: the nearest existing ancestor is resolved by the
 * operating system (symbolic links, junctions, 8.3 short names, letter case), and on Windows the forms that
 * reach a file around the usual names (`\\?\`, `\\.\`, a share of this PC, an administrative share, a
 * stream after `:`) are refused outright. Asked asynchronously: resolving a path on a share that has gone
 * away can keep Windows waiting for tens of seconds, and the desk serves the counter meanwhile.
 */

/** The path rules and file system the check runs against: this machine's, or Windows' in tests. */
export interface PathSystem {
  path: typeof win32 | typeof posix
  windows: boolean
  /** The name the operating system resolves a path to (`realpath`, the native one); rejects a missing one. */
  realpath(path: string): Promise<string>
  /** Whether the name itself is there (`lstat`): a link whose target is missing is. */
  isThere(path: string): Promise<boolean>
  /** Names of this machine, for `\\name\share` paths that lead back to it. */
  hostNames(): string[]
  /** Whether something other than a folder is there under the name (a file): no backup can go into it. */
  notAFolder?(path: string): Promise<boolean>
}

export const HOST_PATHS: PathSystem = {
  path: nodePath.sep === '\\' ? win32 : posix,
  windows: process.platform === 'win32',
  realpath: (p) => realpath(p),
  isThere: (p) =>
    lstat(p).then(
      () => true,
      () => false,
    ),
  hostNames: () => ['localhost', hostname()],
  notAFolder: (p) =>
    stat(p).then(
      (s) => !s.isDirectory(),
      // A file on the way (C:\file.txt\Backups): no folder can ever be made there.
      (error: NodeJS.ErrnoException) => error.code === 'ENOTDIR',
    ),
}

export async function checkOutputFile(
  path: string,
  extensions: readonly string[],
  dataDir: string,
  field = 'path',
  system: PathSystem = HOST_PATHS,
): Promise<string> {
  const { path: rules } = system
  const problem = formProblem(path, system)
  if (problem !== null || !extensions.includes(rules.extname(path).toLowerCase())) {
    throw new AppError(
      'BAD_INPUT',
      `${field}: an absolute path to a ${extensions.join(' or ')} file${problem ? ` (${problem})` : ''}.`,
      { field, reason: 'PATH_NOT_USABLE' },
    )
  }
  const full = rules.resolve(path)
  const data = (await realPlaces(system.path.resolve(dataDir), system)).places
  const target = await targetPlaces(full, field, system)
  if (target.some((t) => data.some((d) => inside(t, d, system)))) {
    throw new AppError('BAD_INPUT', `${field}: not inside the app's own data folder.`, {
      field,
      reason: 'PATH_IN_DATA_FOLDER',
    })
  }
  return full
}

export async function checkOutputFolder(
  folder: string,
  dataDir: string,
  field = 'folder',
  system: PathSystem = HOST_PATHS,
): Promise<string> {
  const problem = formProblem(folder, system)
  if (problem !== null) {
    throw new AppError('BAD_INPUT', `${field}: an absolute path to a folder (${problem}).`, {
      field,
      reason: 'PATH_NOT_USABLE',
    })
  }
  const full = system.path.resolve(folder)
  const data = (await realPlaces(system.path.resolve(dataDir), system)).places
  const target = await targetPlaces(full, field, system)
  if (target.some((t) => data.some((d) => inside(t, d, system) || inside(d, t, system)))) {
    throw new AppError('BAD_INPUT', `${field}: a folder apart from the app's own data folder.`, {
      field,
      reason: 'PATH_IN_DATA_FOLDER',
    })
  }
  // A file under that name: saved as the backup folder, every daily backup would fail on it.
  if (await system.notAFolder?.(full)) {
    throw new AppError('BAD_INPUT', `${field}: this is a file, not a folder.`, {
      field,
      reason: 'PATH_NOT_A_FOLDER',
    })
  }
  return full
}

/** Whether `path` is `folder` or below it, by the platform's rules (Windows: any letter case). */
function inside(path: string, folder: string, system: PathSystem): boolean {
  const fold = (p: string) => (system.windows ? p.toLowerCase() : p)
  const rules = system.path
  const rel = rules.relative(fold(folder), fold(path))
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${rules.sep}`) && !rules.isAbsolute(rel))
}

/**
 * The places a path stands for: as written, and as the operating system resolves it — the real path of its
 * nearest existing ancestor with the rest of the name after it (what does not exist yet cannot lead anywhere
 * else). `unresolvable` when the system could not say (no access, a loop, a link to nothing).
 */
async function realPlaces(
  full: string,
  system: PathSystem,
): Promise<{ places: string[]; unresolvable?: string }> {
  const rules = system.path
  const rest: string[] = []
  let existing = full
  for (;;) {
    let real: string
    try {
      real = await system.realpath(existing)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unknown'
      const parent = rules.dirname(existing)
      if (code !== 'ENOENT' && code !== 'ENOTDIR') return { places: [full], unresolvable: code }
      // A link to something missing: writing through it would create its target, wherever that is.
      if (await system.isThere(existing)) return { places: [full], unresolvable: 'a link that leads nowhere' }
      // Not even the root exists (a drive or share that is not there): nothing can lead anywhere.
      if (parent === existing) return { places: [full] }
      rest.unshift(rules.basename(existing))
      existing = parent
      continue
    }
    const resolved = rules.join(real, ...rest)
    return { places: resolved === full ? [full] : [full, resolved] }
  }
}

/** Where a named path really leads, refused when that cannot be known or is a form refused as written. */
async function targetPlaces(full: string, field: string, system: PathSystem): Promise<string[]> {
  const { places, unresolvable } = await realPlaces(full, system)
  if (unresolvable !== undefined) {
    throw new AppError('BAD_INPUT', `${field}: this place cannot be checked (${unresolvable}).`, {
      field,
      reason: 'PATH_UNCHECKABLE',
    })
  }
  for (const place of places.slice(1)) {
    const problem = formProblem(place, system)
    if (problem !== null) {
      throw new AppError('BAD_INPUT', `${field}: it leads to ${problem}.`, {
        field,
        reason: 'PATH_NOT_USABLE',
      })
    }
  }
  return places
}

const WINDOWS_DEVICE_NAMES = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)$/i
const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|\[::1\]|0:0:0:0:0:0:0:1|0--1\.ipv6-literal\.net)$/i

/** What is wrong with the form of a path, before any file system is asked; null when nothing. */
function formProblem(path: string, system: PathSystem): string | null {
  if (path.includes('\0')) return 'a NUL character'
  if (!system.windows) {
    if (!posix.isAbsolute(path)) return 'not absolute'
    return partsProblem(path.split('/').slice(1), false)
  }
  const p = path.replace(/\//g, '\\')
  if (/^\\\\[?.]\\/.test(p) || p.startsWith('\\??\\')) return 'a device or extended-length path'
  const unc = /^\\\\([^\\]+)\\([^\\]+)(\\.*)?$/.exec(p)
  if (unc) {
    const host = (unc[1] as string).toLowerCase()
    const local = system.hostNames().map((n) => n.toLowerCase())
    if (local.includes(host) || local.some((n) => host.startsWith(`${n}.`)) || LOOPBACK.test(host)) {
      return 'a share of this PC'
    }
    if ((unc[2] as string).endsWith('$')) return 'an administrative share'
    return partsProblem((unc[3] ?? '').split('\\').slice(1), true)
  }
  if (!/^[A-Za-z]:\\/.test(p)) return 'not absolute (a drive letter or \\\\server\\share)'
  return partsProblem(p.slice(3).split('\\'), true)
}

function partsProblem(parts: string[], windows: boolean): string | null {
  for (const part of parts) {
    if (part === '') continue
    if (part === '.' || part === '..') return 'a . or .. part'
    if (!windows) continue
    if (part.includes(':')) return 'a stream name after ":"'
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here
    if (/[<>"|?*\u0000-\u001f]/.test(part)) return 'a character Windows does not allow in names'
    if (/[. ]$/.test(part)) return 'a name ending in a dot or a space'
    if (WINDOWS_DEVICE_NAMES.test((part.split('.')[0] as string).trimEnd())) return 'a device name'
  }
  return null
}
