import { basename } from 'node:path'
import type Database from 'better-sqlite3'
import { AppError } from '../../shared/errors'
import { NAME_KEY_SQL, PHONE_REVERSED_SQL, REFERENCE_TAIL_SQL } from './search-keys'

/**
 * Numbered migrations. Migration N brings the schema from user_version N-1 to N. All pending migrations
 * run in one transaction, so a crash mid-way leaves the previous version intact. Append only: never edit
 * a migration that has shipped.
 */
export const MIGRATIONS: readonly ((db: Database.Database) => void)[] = [
  // 1: entries, their append-only events, and the guards that keep money records honest.
  (db) => {
    db.exec(`
      CREATE TABLE entries (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('voucher', 'deposit')),
        status TEXT NOT NULL CHECK (status IN ('pending', 'issued', 'confirmed', 'failed', 'unknown')),
        mode TEXT NOT NULL CHECK (mode IN ('live', 'training')),
        created_at TEXT NOT NULL,
        created_pc_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        day INTEGER NOT NULL,
        clerk TEXT,
        amount_dirhams INTEGER NOT NULL CHECK (amount_dirhams >= 0),
        phone TEXT,
        first_name TEXT,
        denomination_id INTEGER,
        denomination_value_dirhams INTEGER,
        external_transaction_id TEXT UNIQUE,
        service_transaction_id TEXT,
        voucher_code TEXT,
        code_last4 TEXT,
        serial_number TEXT,
        activation_date TEXT,
        expiry_date TEXT,
        error_code TEXT,
        error_message TEXT,
        error_http_status INTEGER,
        error_details TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        first_sent_at TEXT,
        needs_attention INTEGER NOT NULL DEFAULT 0 CHECK (needs_attention IN (0, 1)),
        confirmed_by_duplicate INTEGER NOT NULL DEFAULT 0 CHECK (confirmed_by_duplicate IN (0, 1)),
        request_id TEXT UNIQUE,
        resolution TEXT,
        CHECK (kind <> 'deposit' OR (phone IS NOT NULL AND external_transaction_id IS NOT NULL)),
        CHECK (kind <> 'voucher' OR denomination_id IS NOT NULL),
        CHECK (status <> 'issued' OR (kind = 'voucher' AND voucher_code IS NOT NULL AND serial_number IS NOT NULL)),
        CHECK (status <> 'confirmed' OR kind = 'deposit')
      ) STRICT;

      CREATE INDEX entries_day ON entries (day, id);
      CREATE INDEX entries_phone ON entries (phone, day, id) WHERE phone IS NOT NULL;
      CREATE INDEX entries_serial ON entries (serial_number) WHERE serial_number IS NOT NULL;
      CREATE INDEX entries_code ON entries (voucher_code) WHERE voucher_code IS NOT NULL;
      CREATE INDEX entries_code_last4 ON entries (code_last4) WHERE code_last4 IS NOT NULL;
      CREATE INDEX entries_service_tx ON entries (service_transaction_id) WHERE service_transaction_id IS NOT NULL;
      CREATE INDEX entries_open ON entries (kind, status) WHERE status IN ('pending', 'unknown');
      CREATE INDEX entries_attention ON entries (day, id) WHERE needs_attention = 1;

      CREATE TABLE entry_events (
        id INTEGER PRIMARY KEY,
        entry_id TEXT NOT NULL REFERENCES entries (id),
        at TEXT NOT NULL,
        type TEXT NOT NULL,
        clerk TEXT,
        http_status INTEGER,
        detail TEXT
      ) STRICT;
      CREATE INDEX entry_events_entry ON entry_events (entry_id, id);

      -- Money records are append-only: no entry is ever deleted, no event ever changed.
      CREATE TRIGGER entries_no_delete BEFORE DELETE ON entries
      BEGIN SELECT RAISE(ABORT, 'journal entries cannot be deleted'); END;
      CREATE TRIGGER entry_events_no_update BEFORE UPDATE ON entry_events
      BEGIN SELECT RAISE(ABORT, 'journal events are append-only'); END;
      CREATE TRIGGER entry_events_no_delete BEFORE DELETE ON entry_events
      BEGIN SELECT RAISE(ABORT, 'journal events are append-only'); END;

      -- Once issued or confirmed, what proves the money moved can never change. The one allowed change:
      -- a deposit confirmed by duplicate may receive the provider's transaction id once, from empty.
      CREATE TRIGGER entries_final_frozen BEFORE UPDATE ON entries
      WHEN OLD.status IN ('issued', 'confirmed') AND (
        NEW.status IS NOT OLD.status OR NEW.kind IS NOT OLD.kind OR NEW.mode IS NOT OLD.mode
        OR NEW.created_at IS NOT OLD.created_at OR NEW.day IS NOT OLD.day OR NEW.clerk IS NOT OLD.clerk
        OR NEW.amount_dirhams IS NOT OLD.amount_dirhams OR NEW.phone IS NOT OLD.phone
        OR NEW.first_name IS NOT OLD.first_name OR NEW.denomination_id IS NOT OLD.denomination_id
        OR NEW.denomination_value_dirhams IS NOT OLD.denomination_value_dirhams
        OR NEW.external_transaction_id IS NOT OLD.external_transaction_id
        OR (OLD.service_transaction_id IS NOT NULL AND NEW.service_transaction_id IS NOT OLD.service_transaction_id)
        OR NEW.voucher_code IS NOT OLD.voucher_code OR NEW.serial_number IS NOT OLD.serial_number
        OR NEW.activation_date IS NOT OLD.activation_date OR NEW.expiry_date IS NOT OLD.expiry_date
        OR NEW.confirmed_by_duplicate IS NOT OLD.confirmed_by_duplicate
      )
      BEGIN SELECT RAISE(ABORT, 'a final journal entry cannot change its money fields'); END;

      CREATE TABLE denominations (
        id INTEGER PRIMARY KEY,
        name TEXT,
        value_dirhams INTEGER NOT NULL,
        position INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE limit_reports (
        id INTEGER PRIMARY KEY,
        day INTEGER NOT NULL,
        at TEXT NOT NULL,
        daily_max_dirhams INTEGER NOT NULL,
        used_today_dirhams INTEGER NOT NULL,
        remaining_dirhams INTEGER NOT NULL,
        requested_dirhams INTEGER NOT NULL,
        entry_id TEXT
      ) STRICT;
      CREATE INDEX limit_reports_day ON limit_reports (day, id);

      CREATE TABLE notices (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        kind TEXT NOT NULL,
        entry_id TEXT NOT NULL,
        status TEXT NOT NULL
      ) STRICT;

      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
    `)
  },
  // 2: a notice stays until someone dismisses it, in whichever window or session.
  (db) => {
    db.exec('ALTER TABLE notices ADD COLUMN dismissed_at TEXT')
  },
  // 3: the signed-in person's id beside their name (names can be reused after a rename), frozen like the
  // name once an entry is final; numbered Z reports, stored as closed so a reprint is the same report.
  (db) => {
    db.exec(`
      ALTER TABLE entries ADD COLUMN clerk_id TEXT;

      DROP TRIGGER entries_final_frozen;
      CREATE TRIGGER entries_final_frozen BEFORE UPDATE ON entries
      WHEN OLD.status IN ('issued', 'confirmed') AND (
        NEW.status IS NOT OLD.status OR NEW.kind IS NOT OLD.kind OR NEW.mode IS NOT OLD.mode
        OR NEW.created_at IS NOT OLD.created_at OR NEW.day IS NOT OLD.day OR NEW.clerk IS NOT OLD.clerk
        OR NEW.clerk_id IS NOT OLD.clerk_id
        OR NEW.amount_dirhams IS NOT OLD.amount_dirhams OR NEW.phone IS NOT OLD.phone
        OR NEW.first_name IS NOT OLD.first_name OR NEW.denomination_id IS NOT OLD.denomination_id
        OR NEW.denomination_value_dirhams IS NOT OLD.denomination_value_dirhams
        OR NEW.external_transaction_id IS NOT OLD.external_transaction_id
        OR (OLD.service_transaction_id IS NOT NULL AND NEW.service_transaction_id IS NOT OLD.service_transaction_id)
        OR NEW.voucher_code IS NOT OLD.voucher_code OR NEW.serial_number IS NOT OLD.serial_number
        OR NEW.activation_date IS NOT OLD.activation_date OR NEW.expiry_date IS NOT OLD.expiry_date
        OR NEW.confirmed_by_duplicate IS NOT OLD.confirmed_by_duplicate
      )
      BEGIN SELECT RAISE(ABORT, 'a final journal entry cannot change its money fields'); END;

      -- A Z report covers the entries of its business day with after_entry_id < id <= last_entry_id
      -- (ids are time-ordered): a second Z of the same day covers only what came after the first.
      CREATE TABLE z_reports (
        number INTEGER PRIMARY KEY,
        day INTEGER NOT NULL,
        closed_at TEXT NOT NULL,
        closed_by TEXT,
        closed_by_id TEXT,
        after_entry_id TEXT NOT NULL,
        last_entry_id TEXT NOT NULL,
        report TEXT NOT NULL
      ) STRICT;
      CREATE INDEX z_reports_day ON z_reports (day, number);
      CREATE TRIGGER z_reports_no_update BEFORE UPDATE ON z_reports
      BEGIN SELECT RAISE(ABORT, 'a Z report cannot change'); END;
      CREATE TRIGGER z_reports_no_delete BEFORE DELETE ON z_reports
      BEGIN SELECT RAISE(ABORT, 'a Z report cannot be deleted'); END;
    `)
  },
  // 4: the service account (address and username) an entry was sent to, so a deposit is never re-sent to
  // another account, where its reference would be new; and tighter guards on final and unknown entries.
  (db) => {
    db.exec(`
      ALTER TABLE entries ADD COLUMN service_account TEXT;

      DROP TRIGGER entries_final_frozen;
      CREATE TRIGGER entries_final_frozen BEFORE UPDATE ON entries
      WHEN OLD.status IN ('issued', 'confirmed') AND (
        NEW.status IS NOT OLD.status OR NEW.kind IS NOT OLD.kind OR NEW.mode IS NOT OLD.mode
        OR NEW.created_at IS NOT OLD.created_at OR NEW.day IS NOT OLD.day OR NEW.clerk IS NOT OLD.clerk
        OR NEW.clerk_id IS NOT OLD.clerk_id OR NEW.service_account IS NOT OLD.service_account
        OR NEW.amount_dirhams IS NOT OLD.amount_dirhams OR NEW.phone IS NOT OLD.phone
        OR NEW.first_name IS NOT OLD.first_name OR NEW.denomination_id IS NOT OLD.denomination_id
        OR NEW.denomination_value_dirhams IS NOT OLD.denomination_value_dirhams
        OR NEW.external_transaction_id IS NOT OLD.external_transaction_id
        OR (OLD.service_transaction_id IS NOT NULL AND NEW.service_transaction_id IS NOT OLD.service_transaction_id)
        OR (OLD.service_transaction_id IS NULL AND NEW.service_transaction_id IS NOT NULL
            AND OLD.confirmed_by_duplicate = 0)
        OR NEW.voucher_code IS NOT OLD.voucher_code OR NEW.code_last4 IS NOT OLD.code_last4
        OR NEW.serial_number IS NOT OLD.serial_number
        OR NEW.activation_date IS NOT OLD.activation_date OR NEW.expiry_date IS NOT OLD.expiry_date
        OR NEW.confirmed_by_duplicate IS NOT OLD.confirmed_by_duplicate
      )
      BEGIN SELECT RAISE(ABORT, 'a final journal entry cannot change its money fields'); END;

      -- An entry whose outcome is unknown may have moved money: only a person's resolution makes it failed.
      CREATE TRIGGER entries_unknown_failed_by_resolution BEFORE UPDATE ON entries
      WHEN OLD.status = 'unknown' AND NEW.status = 'failed' AND NEW.resolution IS NULL
      BEGIN SELECT RAISE(ABORT, 'an unknown entry becomes failed only through a resolution'); END;
    `)
  },
  // 5: search by the last digits of a phone and by the customer's name: generated keys with their indexes
  // (see search-keys.ts; computed by the database, so existing entries have them at once).
  (db) => {
    db.exec(`
      ALTER TABLE entries ADD COLUMN phone_reversed TEXT GENERATED ALWAYS AS (${PHONE_REVERSED_SQL}) VIRTUAL;
      ALTER TABLE entries ADD COLUMN name_key TEXT GENERATED ALWAYS AS (${NAME_KEY_SQL}) VIRTUAL;
      CREATE INDEX entries_phone_reversed ON entries (phone_reversed) WHERE phone_reversed IS NOT NULL;
      CREATE INDEX entries_name_key ON entries (name_key) WHERE name_key IS NOT NULL;
    `)
  },
  // 6: the open-entries index also by phone, so "an earlier deposit to this phone has no outcome yet" (asked
  // before every deposit and after every lookup) seeks its phone instead of reading every open deposit (a
  // year's journal holds thousands waiting for a person: ~10 ms a deposit); and with when each was first
  // sent or made, so the background's window (the last minutes) is picked from the index without reading
  // those thousands of rows (~25 ms each check). The same index: no page more written per entry.
  (db) => {
    db.exec(`
      DROP INDEX entries_open;
      CREATE INDEX entries_open ON entries (kind, status, phone, first_sent_at, created_at)
        WHERE status IN ('pending', 'unknown');
    `)
  },
  // 7: one phone index where there were two, so a deposit's intent writes one page fewer. The reversed key
  // with the day and id serves all three uses: an exact phone (its reversed form is equal, and the phone is
  // checked too), the last digits (a prefix of the key), and the recent-deposit check (the phone from a day
  // on, by the index alone). journal/money-queries.ts and entry-search.ts say which query uses which.
  (db) => {
    db.exec(`
      CREATE INDEX entries_phone_key ON entries (phone_reversed, day, id) WHERE phone_reversed IS NOT NULL;
      DROP INDEX entries_phone;
      DROP INDEX entries_phone_reversed;
    `)
  },
  // 8: search by the last 4 digits of a voucher's serial, as by the last 4 of its code: a generated key (so
  // existing vouchers have it at once, no row rewritten) and its index. Only an issued voucher has a serial,
  // so a deposit writes no page more; a voucher's outcome one.
  (db) => {
    db.exec(`
      ALTER TABLE entries ADD COLUMN serial_last4 TEXT GENERATED ALWAYS AS (substr(serial_number, -4)) VIRTUAL;
      CREATE INDEX entries_serial_last4 ON entries (serial_last4) WHERE serial_last4 IS NOT NULL;
    `)
  },
  // 9: the entries a Z closed with no outcome yet (pending or unknown), with their kind and amount. When an
  // entry's outcome is known, a trigger notes it here (`settled`); the next Z carries it (`carried_by`), once,
  // so the money of every entry is in exactly one Z: the one that closed it, or the one that carried it. The
  // next X and Z read these rows alone, however many wait. Written at a Z, and at an outcome only for an
  // entry a Z closed open: a sale's commit writes no page more. A failed entry is now final in the schema too
  // (no code ever changed one), so a settled entry cannot come back. For the Z reports closed before this
  // version, the entries they closed that are still open; outcomes found before it stay in no Z, as that
  // version said (docs/manager.md).
  (db) => {
    db.exec(`
      CREATE TABLE z_open_entries (
        entry_id TEXT PRIMARY KEY REFERENCES entries (id),
        z_number INTEGER NOT NULL REFERENCES z_reports (number),
        kind TEXT NOT NULL,
        amount_dirhams INTEGER NOT NULL,
        settled TEXT,
        carried_by INTEGER REFERENCES z_reports (number)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX z_open_entries_waiting ON z_open_entries (settled, kind, amount_dirhams)
        WHERE carried_by IS NULL;
      CREATE TRIGGER z_open_entries_no_delete BEFORE DELETE ON z_open_entries
      BEGIN SELECT RAISE(ABORT, 'what a Z closed open cannot be deleted'); END;
      CREATE TRIGGER z_open_entries_once BEFORE UPDATE ON z_open_entries
      WHEN NEW.entry_id IS NOT OLD.entry_id OR NEW.z_number IS NOT OLD.z_number OR NEW.kind IS NOT OLD.kind
        OR OLD.carried_by IS NOT NULL
        OR (OLD.settled IS NOT NULL
            AND (NEW.settled IS NOT OLD.settled OR NEW.amount_dirhams IS NOT OLD.amount_dirhams))
        OR (NEW.carried_by IS NOT NULL AND (NEW.settled IS NULL OR NEW.carried_by <= OLD.z_number))
      BEGIN SELECT RAISE(ABORT, 'what a Z closed open is settled once, and carried once by a later Z'); END;

      CREATE TRIGGER entries_settle_z_open AFTER UPDATE OF status ON entries
      WHEN OLD.status IN ('pending', 'unknown') AND NEW.status IN ('issued', 'confirmed', 'failed')
      BEGIN
        UPDATE z_open_entries SET settled = NEW.status, amount_dirhams = NEW.amount_dirhams
        WHERE entry_id = NEW.id;
      END;
      CREATE TRIGGER entries_failed_final BEFORE UPDATE OF status ON entries
      WHEN OLD.status = 'failed' AND NEW.status IS NOT 'failed'
      BEGIN SELECT RAISE(ABORT, 'a failed journal entry stays failed'); END;

      -- From the open entries (their partial index) to their day's Zs: not every Z's entries.
      INSERT OR IGNORE INTO z_open_entries (entry_id, z_number, kind, amount_dirhams)
        SELECT e.id, z.number, e.kind, e.amount_dirhams FROM entries e CROSS JOIN z_reports z
          ON z.day = e.day AND e.id > z.after_entry_id AND e.id <= z.last_entry_id
        WHERE e.status IN ('pending', 'unknown');
    `)
  },
  // 10: the receipt number a person reads aloud (shared/receipt-number.ts): one column, `receipt`, the entry's
  // place in its business day in 6 digits then who numbered it (`000173R`: see entry-rows.ts), given in the
  // commit that makes the entry (the day's highest + 1, read from this index: one seek) and never changed;
  // and who confirmed a deposit's account holder: the clerk, or the customer on the customer display
  // (docs/customer-display.md), written with the intent, never changed. Entries made before this version have
  // neither: their receipts never showed a number. Both in one migration: the upgrade of a large journal reads
  // its rows once.
  (db) => {
    db.exec(`
      ALTER TABLE entries ADD COLUMN receipt TEXT;
      CREATE UNIQUE INDEX entries_receipt ON entries (day, receipt) WHERE receipt IS NOT NULL;
      CREATE TRIGGER entries_receipt_frozen BEFORE UPDATE OF receipt ON entries
      WHEN NEW.receipt IS NOT OLD.receipt
      BEGIN SELECT RAISE(ABORT, 'a receipt number never changes'); END;
      ALTER TABLE entries ADD COLUMN name_confirmed_by TEXT
        CHECK (name_confirmed_by IS NULL OR (kind = 'deposit' AND name_confirmed_by IN ('clerk', 'customer')));
      CREATE TRIGGER entries_name_confirmed_by_kept BEFORE UPDATE OF name_confirmed_by ON entries
      WHEN NEW.name_confirmed_by IS NOT OLD.name_confirmed_by
      BEGIN SELECT RAISE(ABORT, 'who confirmed the name is written once, with the deposit'); END;
    `)
  },
  // 11: search as people read numbers out: a phone by its first digits (091 2…, 218 91 2…: an index on the
  // phone, searched by prefix) and our reference by its last 6 or more characters (an index on its end
  // written backwards; see search-keys.ts: an index on the expression, no column added, so no pass over every
  // row). A deposit writes a page more for each; a voucher none.
  (db) => {
    db.exec(`
      CREATE INDEX entries_phone_start ON entries (phone) WHERE phone IS NOT NULL;
      CREATE INDEX entries_reference_tail ON entries (${REFERENCE_TAIL_SQL})
        WHERE external_transaction_id IS NOT NULL;
    `)
  },
]

export const SCHEMA_VERSION = MIGRATIONS.length

/** The database's schema version; refuses one written by a newer version of the app (past the last migration). */
export function knownSchemaVersion(
  db: Database.Database,
  migrations: readonly ((db: Database.Database) => void)[] = MIGRATIONS,
): number {
  const target = migrations.length
  const from = db.pragma('user_version', { simple: true }) as number
  if (from > target) {
    throw new AppError(
      'JOURNAL_UNAVAILABLE',
      `${databaseName(db)} was written by a newer version of Reseller Desk (schema ${from}, this version knows ${target}). Update the app.`,
      { schemaVersion: from, knownVersion: target },
    )
  }
  return from
}

/**
 * What the refusal names: the file (journal-live.sqlite, people.sqlite), so the person reading it — or support
 * on the phone — knows which database is from a newer version.
 */
function databaseName(db: Database.Database): string {
  return db.memory || db.name === '' ? 'The database' : basename(db.name)
}

/** Applies what is missing in one transaction; refuses a database written by a newer version of the app. */
export function migrate(
  db: Database.Database,
  migrations: readonly ((db: Database.Database) => void)[] = MIGRATIONS,
): { from: number; to: number } {
  const target = migrations.length
  const from = knownSchemaVersion(db, migrations)
  if (from === target) return { from, to: from }
  db.transaction(() => {
    for (let v = from; v < target; v++) migrations[v]?.(db)
    db.pragma(`user_version = ${target}`)
  })()
  return { from, to: target }
}
