import type Database from 'better-sqlite3'

/**
 * The people database's numbered migrations (people.sqlite), applied like the journal's (journal/migrations.ts):
 * migration N brings the schema from user_version N-1 to N, all pending ones in one transaction. Append only.
 */
export const PEOPLE_MIGRATIONS: readonly ((db: Database.Database) => void)[] = [
  // 1: people with their PIN hash and wrong-PIN count, and an append-only log of what happened to them.
  (db) => {
    db.exec(`
      CREATE TABLE people (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL COLLATE NOCASE UNIQUE,
        role TEXT NOT NULL CHECK (role IN ('manager', 'clerk')),
        pin_hash TEXT NOT NULL,
        active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        failed_attempts INTEGER NOT NULL DEFAULT 0,
        locked_until_ms INTEGER NOT NULL DEFAULT 0
      ) STRICT;

      CREATE TABLE people_log (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        person_id TEXT NOT NULL,
        type TEXT NOT NULL,
        by_id TEXT,
        detail TEXT
      ) STRICT;
      CREATE TRIGGER people_log_no_update BEFORE UPDATE ON people_log
      BEGIN SELECT RAISE(ABORT, 'the people log is append-only'); END;
      CREATE TRIGGER people_log_no_delete BEFORE DELETE ON people_log
      BEGIN SELECT RAISE(ABORT, 'the people log is append-only'); END;
      CREATE TRIGGER people_no_delete BEFORE DELETE ON people
      BEGIN SELECT RAISE(ABORT, 'people are deactivated, never deleted'); END;
    `)
  },
]

export const PEOPLE_SCHEMA_VERSION = PEOPLE_MIGRATIONS.length
