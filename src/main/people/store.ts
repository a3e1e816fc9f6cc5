import type Database from 'better-sqlite3'
import { v7 } from 'uuid'
import { AppError } from '../../shared/errors'
import type { Person, Role } from '../../shared/people'
import { checkDatabase, type JournalHealth, openDatabase } from '../journal/open'
import { preparedOnce, type Statements } from '../journal/statements'
import { PEOPLE_MIGRATIONS } from './migrations'

export interface PersonRecord extends Person {
  pinHash: string
  /** Wrong PINs since the last right one: kept, so a restart does not forget them. */
  failedAttempts: number
}

interface PersonRow {
  id: string
  name: string
  role: Role
  pin_hash: string
  active: number
  created_at: string
  updated_at: string
  failed_attempts: number
  // locked_until_ms (migration 1) is no longer read: the wait runs on the monotonic clock (people/handlers).
}

export type PeopleLogType =
  | 'created'
  | 'renamed'
  | 'pin-reset'
  | 'role-changed'
  | 'deactivated'
  | 'reactivated'
  | 'signed-in'
  | 'wrong-pin'
  | 'signed-out'

function toRecord(r: PersonRow): PersonRecord {
  return {
    id: r.id,
    name: r.name,
    role: r.role,
    active: r.active === 1,
    createdAt: r.created_at,
    pinHash: r.pin_hash,
    failedAttempts: r.failed_attempts,
  }
}

export function toPerson(r: PersonRecord): Person {
  return { id: r.id, name: r.name, role: r.role, active: r.active, createdAt: r.createdAt }
}

/**
 * The people who may use this terminal, in their own database (`people.sqlite` in the data folder): the same
 * manager and clerks whichever mode (training or live) is active, while each mode keeps its own journal.
 */
export class PeopleStore {
  /** Each statement prepared once: every call asks whether a manager exists, and preparing costs more than
   * the query. */
  private readonly sql: Statements

  private constructor(
    readonly db: Database.Database,
    /** As the journal's: null, or why the file cannot promise to keep what is written (read back at open). */
    readonly health: JournalHealth,
  ) {
    this.sql = preparedOnce(db)
  }

  /** Opened like the journal (WAL, synchronous=FULL, read back, quick_check): a wrong-PIN count must
   * survive a power cut too. */
  static open(path: string): PeopleStore {
    const { db, health } = openDatabase(path, PEOPLE_MIGRATIONS)
    return new PeopleStore(db, health)
  }

  /** Refuses a file open() would refuse, creating nothing (see checkDatabase: it opens the file). */
  static check(path: string): void {
    checkDatabase(path, PEOPLE_MIGRATIONS)
  }

  close(): void {
    if (this.db.open) this.db.close()
  }

  /** Whether setup is done: from then on every call needs a signed-in person. */
  hasManager(): boolean {
    return this.sql.prepare("SELECT 1 FROM people WHERE role = 'manager' LIMIT 1").get() !== undefined
  }

  countActiveManagers(): number {
    return (
      this.sql.prepare("SELECT count(*) AS n FROM people WHERE role = 'manager' AND active = 1").get() as {
        n: number
      }
    ).n
  }

  list(): PersonRecord[] {
    return (this.sql.prepare('SELECT * FROM people ORDER BY active DESC, name').all() as PersonRow[]).map(
      toRecord,
    )
  }

  get(id: string): PersonRecord | null {
    const row = this.sql.prepare('SELECT * FROM people WHERE id = ?').get(id) as PersonRow | undefined
    return row ? toRecord(row) : null
  }

  private assertNameFree(name: string, exceptId: string | null): void {
    const row = this.sql.prepare('SELECT id FROM people WHERE name = ?').get(name) as
      | { id: string }
      | undefined
    if (row && row.id !== exceptId) {
      throw new AppError('NAME_TAKEN', 'Someone already has this name on this PC.', { field: 'name' })
    }
  }

  create(input: {
    name: string
    role: Role
    pinHash: string
    at: string
    byId: string | null
  }): PersonRecord {
    const id = v7()
    this.db.transaction(() => {
      this.assertNameFree(input.name, null)
      this.sql
        .prepare(
          `INSERT INTO people (id, name, role, pin_hash, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .run(id, input.name, input.role, input.pinHash, input.at, input.at)
      this.log(id, 'created', input.at, input.byId, { role: input.role })
    })()
    return this.mustGet(id)
  }

  update(
    id: string,
    change: { name?: string; role?: Role; pinHash?: string; active?: boolean },
    at: string,
    byId: string,
  ): PersonRecord {
    this.db.transaction(() => {
      const before = this.mustGet(id)
      if (change.name !== undefined && change.name !== before.name) {
        this.assertNameFree(change.name, id)
        this.sql.prepare('UPDATE people SET name = ?, updated_at = ? WHERE id = ?').run(change.name, at, id)
        this.log(id, 'renamed', at, byId, { from: before.name, to: change.name })
      }
      if (change.role !== undefined && change.role !== before.role) {
        this.sql.prepare('UPDATE people SET role = ?, updated_at = ? WHERE id = ?').run(change.role, at, id)
        this.log(id, 'role-changed', at, byId, { from: before.role, to: change.role })
      }
      if (change.pinHash !== undefined) {
        // A new PIN also lifts any wait: the manager has just spoken to the person.
        this.sql
          .prepare(
            'UPDATE people SET pin_hash = ?, failed_attempts = 0, locked_until_ms = 0, updated_at = ? WHERE id = ?',
          )
          .run(change.pinHash, at, id)
        this.log(id, 'pin-reset', at, byId, null)
      }
      if (change.active !== undefined && change.active !== before.active) {
        this.sql
          .prepare('UPDATE people SET active = ?, updated_at = ? WHERE id = ?')
          .run(change.active ? 1 : 0, at, id)
        this.log(id, change.active ? 'reactivated' : 'deactivated', at, byId, null)
      }
      // Checked inside the transaction: the terminal must always keep one manager who can sign in.
      if (this.countActiveManagers() === 0) {
        throw new AppError('LAST_MANAGER', 'The last active manager cannot be deactivated or made a clerk.')
      }
    })()
    return this.mustGet(id)
  }

  mustGet(id: string): PersonRecord {
    const p = this.get(id)
    if (!p) throw new AppError('NOT_FOUND', 'There is no such person.')
    return p
  }

  recordWrongPin(id: string, failures: number, at: string): void {
    this.db.transaction(() => {
      this.sql.prepare('UPDATE people SET failed_attempts = ? WHERE id = ?').run(failures, id)
      this.log(id, 'wrong-pin', at, null, { failures })
    })()
  }

  recordSignIn(id: string, at: string): void {
    this.db.transaction(() => {
      this.sql.prepare('UPDATE people SET failed_attempts = 0, locked_until_ms = 0 WHERE id = ?').run(id)
      this.log(id, 'signed-in', at, id, null)
    })()
  }

  log(
    personId: string,
    type: PeopleLogType,
    at: string,
    byId: string | null,
    detail: Record<string, unknown> | null,
  ): void {
    this.sql
      .prepare('INSERT INTO people_log (at, person_id, type, by_id, detail) VALUES (?, ?, ?, ?, ?)')
      .run(at, personId, type, byId, detail ? JSON.stringify(detail) : null)
  }
}
