/**
 * A model of how Windows resolves a path to its real name (`fs.realpath.native`, which is
 * GetFinalPathNameByHandle under libuv), for testing path checks under `path.win32` rules on this Linux
 * machine. What it models, and nothing more:
 * - names match in any letter case, and come back in the case they have on disk;
 * - a folder or file may have an 8.3 short name (`RESELL~1`) that opens the same entry, and the real path
 *   carries the long name;
 * - Win32 path normalization: `/` is `\`, `.` and `..` are folded, trailing dots and spaces are dropped;
 * - symbolic links and junctions lead to their target, a mapped drive to its `\\server\share`;
 * - a missing name is ENOENT.
 * Windows itself (real 8.3 generation, DPAPI, the share and device namespaces) is verifiable only there.
 */
import { win32 } from 'node:path'
import type { PathSystem } from '../../src/main/output-path'

interface Entry {
  name: string
  short?: string
  children: Map<string, Entry>
}

export interface WindowsModel {
  /** Existing paths in their real form; a part may carry its short name: `reseller-desk|RESELL~1`. */
  paths: string[]
  /** Links (symbolic, junction, mapped drive `Z:`) to their target. */
  links?: Record<string, string>
  hostNames?: string[]
}

function rootOf(path: string): { root: string; parts: string[] } {
  const unc = /^\\\\([^\\]+)\\([^\\]+)\\?(.*)$/.exec(path)
  if (unc) return { root: `\\\\${unc[1]}\\${unc[2]}`, parts: split(unc[3] ?? '') }
  const drive = /^([A-Za-z]:)\\?(.*)$/.exec(path)
  if (!drive) throw new Error(`not a Windows path in the model: ${path}`)
  return { root: (drive[1] as string).toUpperCase(), parts: split(drive[2] ?? '') }
}

function split(rest: string): string[] {
  return rest.split('\\').filter((p) => p !== '')
}

function enoent(path: string): Error {
  return Object.assign(new Error(`ENOENT: no such file or directory, realpath '${path}'`), { code: 'ENOENT' })
}

export function windowsPaths(model: WindowsModel): PathSystem {
  const roots = new Map<string, Entry>()
  for (const path of model.paths) {
    const { root, parts } = rootOf(path)
    let entry: Entry = roots.get(root.toLowerCase()) ?? { name: root, children: new Map() }
    roots.set(root.toLowerCase(), entry)
    for (const part of parts) {
      const [name, short] = part.split('|') as [string, string | undefined]
      let child: Entry | undefined = entry.children.get(name.toLowerCase())
      if (!child) {
        child = { name, ...(short ? { short } : {}), children: new Map() }
        entry.children.set(name.toLowerCase(), child)
      }
      entry = child
    }
  }
  const links = new Map(Object.entries(model.links ?? {}).map(([from, to]) => [from.toLowerCase(), to]))

  function find(entry: Entry, name: string): Entry | undefined {
    const lower = name.toLowerCase()
    return (
      entry.children.get(lower) ?? [...entry.children.values()].find((c) => c.short?.toLowerCase() === lower)
    )
  }

  function realpath(path: string, depth = 0): string {
    if (depth > 30) throw Object.assign(new Error('ELOOP'), { code: 'ELOOP' })
    let p = path.replace(/\//g, '\\')
    // The device and extended-length namespaces skip normalization and reach the same files.
    if (/^\\\\\?\\UNC\\/i.test(p)) p = `\\\\${p.slice(8)}`
    else if (/^\\\\[?.]\\/.test(p)) p = p.slice(4)
    else p = win32.resolve(p)
    const { root, parts } = rootOf(p)
    const rootLink = links.get(root.toLowerCase())
    if (rootLink !== undefined) return realpath(win32.join(rootLink, ...parts), depth + 1)
    let entry = roots.get(root.toLowerCase())
    if (!entry) throw enoent(path)
    let real = entry.name
    for (const [i, raw] of parts.entries()) {
      const name = raw.replace(/[. ]+$/, '')
      const child = find(entry, name)
      if (!child) throw enoent(path)
      real = win32.join(real, child.name)
      const target = links.get(real.toLowerCase())
      if (target !== undefined) return realpath(win32.join(target, ...parts.slice(i + 1)), depth + 1)
      entry = child
    }
    return root.startsWith('\\\\') && parts.length === 0 ? `${real}\\` : real
  }

  return {
    path: win32,
    windows: true,
    realpath: async (p) => realpath(p),
    // No link in the model leads nowhere: a name is there exactly when it resolves.
    isThere: async (p) => {
      try {
        realpath(p)
        return true
      } catch {
        return false
      }
    },
    hostNames: () => ['localhost', ...(model.hostNames ?? [])],
  }
}
