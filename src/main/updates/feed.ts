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
