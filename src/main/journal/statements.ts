import type Database from 'better-sqlite3'

/** What the journal's queries need of a connection: statements. */
export type Statements = Pick<Database.Database, 'prepare'>

/**
 * A connection's statements, each prepared once: preparing costs about as much CPU as a small insert, and
 * every money record goes through the same few statements (the SQL strings are the code's own, so the cache
 * stays small).
 */
export function preparedOnce(db: Database.Database): Statements {
  const prepared = new Map<string, Database.Statement>()
  const prepare = (sql: string): Database.Statement => {
    let statement = prepared.get(sql)
    if (!statement) {
      statement = db.prepare(sql)
      prepared.set(sql, statement)
    }
    return statement
  }
  return { prepare: prepare as Database.Database['prepare'] }
}
