import Database from 'better-sqlite3'
import type { EntryRecord } from './entry-rows'
import {
  countEntries,
  entryBatches,
  type ReportGroup,
  type ReportList,
  type ReportScope,
  type ReportSource,
  reportEntries,
  reportGroups,
} from './reports'

/**
 * A read-only view of a journal file inside one read transaction, on its own connection: an export reads its
 * summary and its rows from the same instant while clerks keep selling on the journal's connection.
 */
export class JournalSnapshot implements ReportSource {
  readonly #db: Database.Database

  private constructor(db: Database.Database) {
    this.#db = db
  }

  static open(path: string): JournalSnapshot {
    const db = new Database(path, { readonly: true, fileMustExist: true })
    try {
      db.exec('BEGIN')
    } catch (error) {
      db.close()
      throw error
    }
    return new JournalSnapshot(db)
  }

  reportGroups(scope: ReportScope): ReportGroup[] {
    return reportGroups(this.#db, scope)
  }

  reportEntries(scope: ReportScope, list: ReportList, limit: number): EntryRecord[] {
    return reportEntries(this.#db, scope, list, limit)
  }

  countEntries(from: number, to: number): number {
    return countEntries(this.#db, from, to)
  }

  entryBatches(from: number, to: number, batch: number): AsyncGenerator<EntryRecord[]> {
    return entryBatches(this.#db, from, to, batch)
  }

  close(): void {
    if (!this.#db.open) return
    if (this.#db.inTransaction) this.#db.exec('COMMIT')
    this.#db.close()
  }
}
