import { readFileSync } from 'node:fs'
import Database from 'better-sqlite3'

/**
 * Reads a journal's file through a read-only connection of the test's own (the journal's connection is
 * private to main/journal): what a test compares against, straight from the tables.
 */
export function readJournal<T>(journal: { path: string }, read: (db: Database.Database) => T): T {
  const db = new Database(journal.path, { readonly: true, fileMustExist: true })
  try {
    return read(db)
  } finally {
    db.close()
  }
}

/**
 * The commits in a journal's write-ahead log: frames of the log's current generation (its salt) that end a
 * transaction (a frame header's "database size after commit" is not zero). Counted from the file, so a test
 * sees how many commits a step made without reaching into the journal's connection.
 */
export function walCommits(journal: { path: string }): { salt: string; commits: number } {
  const wal = readFileSync(`${journal.path}-wal`)
  if (wal.length < 32) return { salt: '', commits: 0 }
  const pageSize = wal.readUInt32BE(8)
  const salt = wal.subarray(16, 24)
  let commits = 0
  for (let at = 32; at + 24 + pageSize <= wal.length; at += 24 + pageSize) {
    if (!wal.subarray(at + 8, at + 16).equals(salt)) break
    if (wal.readUInt32BE(at + 4) !== 0) commits++
  }
  return { salt: salt.toString('hex'), commits }
}
