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
