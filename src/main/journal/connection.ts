import type Database from 'better-sqlite3'

/**
 * The journal's connection, kept for the code of this folder only (the dependency rules refuse an import of
 * this file from anywhere else): journal.ts registers it, and a module of the folder that reads the journal
 * its own way (head-office-feed.ts) asks for it here. Outside this folder a journal is its methods.
 */
const connections = new WeakMap<object, Database.Database>()

export function keepConnection(owner: object, db: Database.Database): void {
  connections.set(owner, db)
}

export function connectionOf(owner: object): Database.Database {
  const db = connections.get(owner)
  if (!db) throw new Error('Not a journal of this folder.')
  return db
}
