import type { Notice } from '../../shared/journal'
import type { Denomination } from '../../shared/sale'
import type { EntryStatus, Mode } from '../../shared/types'
import type { Statements } from './statements'

/**
 * What the journal keeps for the desk beside the money records: the denomination list (with when it was
 * fetched, in meta), and the notices a background resolution leaves for the clerk.
 */

export function getMeta(db: Statements, key: string): string | null {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined
  return row?.value ?? null
}

export function setMeta(db: Statements, key: string, value: string): void {
  db.prepare(
    'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ).run(key, value)
}

/** The kept list, when it was fetched and from which service account (address and username). */
export interface KeptDenominations {
  items: Denomination[]
  fetchedAt: string | null
  /** null: kept by a version that did not record it (before 0.1.x's freshness rule): treated as another's. */
  account: string | null
}

/** Replaces the kept list; call inside a transaction. */
export function saveDenominations(
  db: Statements,
  items: Denomination[],
  fetchedAt: string,
  account: string,
): void {
  db.prepare('DELETE FROM denominations').run()
  const insert = db.prepare(
    'INSERT INTO denominations (id, name, value_dirhams, position) VALUES (?, ?, ?, ?)',
  )
  for (const [i, d] of items.entries()) insert.run(d.id, d.name, d.valueDirhams, i)
  setMeta(db, 'denominations_fetched_at', fetchedAt)
  setMeta(db, 'denominations_account', account)
}

export function denominations(db: Statements): KeptDenominations {
  const rows = db.prepare('SELECT id, name, value_dirhams FROM denominations ORDER BY position').all() as {
    id: number
    name: string | null
    value_dirhams: number
  }[]
  return {
    items: rows.map((r) => ({ id: r.id, name: r.name ?? '', valueDirhams: r.value_dirhams })),
    fetchedAt: getMeta(db, 'denominations_fetched_at'),
    account: getMeta(db, 'denominations_account'),
  }
}

export function addNotice(db: Statements, notice: Omit<Notice, 'id' | 'mode'>): void {
  db.prepare('INSERT INTO notices (at, kind, entry_id, status) VALUES (?, ?, ?, ?)').run(
    notice.at,
    notice.kind,
    notice.entryId,
    notice.status,
  )
}

/**
 * Notices nobody has dismissed yet, after an id; with a person, only those of the entries that person made
 * (and of entries made before anyone was set up): a notice belongs to whoever made the deposit.
 */
export function noticesAfter(db: Statements, afterId: number, personId: string | null = null): Notice[] {
  const rows = db
    .prepare(
      `SELECT n.id, n.at, n.kind, n.entry_id, n.status, e.mode FROM notices n JOIN entries e ON e.id = n.entry_id
       WHERE n.id > ? AND n.dismissed_at IS NULL AND (? IS NULL OR e.clerk_id IS NULL OR e.clerk_id = ?)
       ORDER BY n.id LIMIT 100`,
    )
    .all(afterId, personId, personId) as {
    id: number
    at: string
    kind: Notice['kind']
    entry_id: string
    status: EntryStatus
    mode: Mode
  }[]
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    kind: r.kind,
    entryId: r.entry_id,
    status: r.status,
    mode: r.mode,
  }))
}

export function dismissNotice(db: Statements, id: number, at: string): void {
  db.prepare('UPDATE notices SET dismissed_at = ? WHERE id = ? AND dismissed_at IS NULL').run(at, id)
}
