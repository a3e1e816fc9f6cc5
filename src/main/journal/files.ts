import { join } from 'node:path'
import type { Mode } from '../../shared/types'

/**
 * The journal's file of each mode in the data folder (journal-live.sqlite, journal-training.sqlite): named
 * here once, for the desk that opens it, the backups that copy it and the tests that look at it.
 */
export function journalFileName(mode: Mode): string {
  return `journal-${mode}.sqlite`
}

export function journalPath(dataDir: string, mode: Mode): string {
  return join(dataDir, journalFileName(mode))
}
