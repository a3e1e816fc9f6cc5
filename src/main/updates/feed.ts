import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { normalizeUpdateFeedUrl } from '../../shared/updates'
import { removeFileDurably, writeFileAtomically } from '../atomic-file'
import type { Feed } from './update-controller'

/**
 * Where updates come from, and what survives a restart. The installer carries the address it was built with
 * in `resources/app-update.yml` (electron-builder's `publish` setting); a manager's address in Settings wins.
 * A build made without an address carries a name under the reserved `.invalid` domain, which means none.
 */
export function readBuildFeed(appUpdateYml: string): string | null {
  let text: string
  try {
    text = readFileSync(appUpdateYml, 'utf8')
  } catch {
    return null
  }
  const line = /^url:\s*(.+?)\s*$/m.exec(text)?.[1]
  if (!line) return null
  const raw = line.replace(/^(['"])(.*)\1$/, '$2')
  try {
    const url = normalizeUpdateFeedUrl(raw)
    return new URL(url).hostname.endsWith('.invalid') ? null : url
  } catch {
    return null
  }
}

/**
 * The publisher names the build wrote into `app-update.yml` (electron-builder's `publisherName`, from
 * RESELLER_DESK_PUBLISHER at build time: a signed build's certificate subject), as a scalar or a list. An
 * unsigned build has none.
 */
export function readBuildPublishers(appUpdateYml: string): string[] {
  let text: string
  try {
    text = readFileSync(appUpdateYml, 'utf8')
  } catch {
    return []
  }
  const unquote = (v: string) => v.trim().replace(/^(['"])(.*)\1$/, '$2')
  const scalar = /^publisherName:[ \t]*(\S.*?)\s*$/m.exec(text)?.[1]
  if (scalar) return [unquote(scalar)].filter((v) => v !== '' && v !== 'null')
  const list = /^publisherName:[ \t]*\n((?:[ \t]+-[^\n]*\n?)+)/m.exec(text)?.[1] ?? ''
  return list
    .split('\n')
    .map((line) => /^\s+-\s*(.*)$/.exec(line)?.[1])
    .filter((v): v is string => v !== undefined)
    .map(unquote)
    .filter((v) => v !== '')
}

/**
 * Whether this copy updates itself. The installed app does only when its build named the publisher whose
 * signature every installer must carry; an unsigned build never does (whatever feed a manager sets), except a
 * test build, which is never published. A developer's unpackaged run does not update itself.
 */
export function selfUpdate(options: {
  packaged: boolean
  testBuild: boolean
  publishers: readonly string[]
}): { updates: true } | { updates: false; because: string | null } {
  if (!options.packaged) return { updates: false, because: null }
  if (options.publishers.length > 0 || options.testBuild) return { updates: true }
  return {
    updates: false,
    because:
      'This build is not signed, so it cannot tell a genuine update from a forged one: it does not update itself. Install new versions by hand.',
  }
}

export function effectiveFeed(managerUrl: string | null, buildUrl: string | null): Feed | null {
  if (managerUrl) return { url: managerUrl, source: 'settings' }
  if (buildUrl) return { url: buildUrl, source: 'build' }
  return null
}

/** The version downloaded and not yet installed, kept in the data folder across runs. */
export function updateMarker(dataDir: string): {
  read(): string | null
  write(version: string | null): void
} {
  const file = join(dataDir, 'update-waiting.json')
  return {
    read() {
      try {
        const { version } = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }
        return typeof version === 'string' && /^\d+\.\d+\.\d+([-+][\w.-]+)?$/.test(version) ? version : null
      } catch {
        return null
      }
    },
    write(version) {
      if (version === null) {
        removeFileDurably(file)
        return
      }
      writeFileAtomically(file, JSON.stringify({ version }))
    },
  }
}
