import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Journal } from '../../src/main/journal/journal'

/**
 * Only src/main/journal writes SQL on the journal: everything else goes through the Journal class (or a
 * JournalSnapshot), whose connection is private. The sandbox is another service with its own database.
 */
const SRC = join(import.meta.dirname, '../../src')
const JOURNAL_DIR = join(SRC, 'main/journal')
const SANDBOX_DIR = join(SRC, 'sandbox')
const JOURNAL_TABLES = [
  'entries',
  'entry_events',
  'limit_reports',
  'denominations',
  'notices',
  'meta',
  'z_reports',
]

/** SQL as this code base writes it (keywords in capitals), naming a journal table. */
const SQL_ON_JOURNAL = new RegExp(`\\b(?:FROM|INTO|UPDATE|JOIN|TABLE)\\s+(?:${JOURNAL_TABLES.join('|')})\\b`)
/** A database connection opened at run time (a type-only import does not open anything). */
const OPENS_SQLITE = /^import\s+(?!type\b)[^\n]*from\s+'better-sqlite3'/m

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) ? [path] : []
  })
}

/** Where a file writes SQL on the journal or opens SQLite itself: `path:line: text`. */
function journalSqlOutsideTheDoor(files: { path: string; text: string }[]): string[] {
  const found: string[] = []
  for (const { path, text } of files) {
    if (path.startsWith(JOURNAL_DIR) || path.startsWith(SANDBOX_DIR)) continue
    const where = relative(SRC, path)
    if (OPENS_SQLITE.test(text)) found.push(`${where}: imports better-sqlite3`)
    text.split('\n').forEach((line, i) => {
      if (SQL_ON_JOURNAL.test(line)) found.push(`${where}:${i + 1}: ${line.trim()}`)
    })
  }
  return found
}

describe('the journal behind one door', () => {
  it('has no SQL on the journal, and no SQLite connection, outside src/main/journal', () => {
    const files = sourceFiles(SRC).map((path) => ({ path, text: readFileSync(path, 'utf8') }))
    expect(files.length).toBeGreaterThan(100)
    expect(journalSqlOutsideTheDoor(files)).toEqual([])
  })

  it('keeps its connection private', () => {
    const dir = mkdtempSync(join(tmpdir(), 'door-'))
    const journal = Journal.open(join(dir, 'journal.sqlite'))
    try {
      expect('db' in journal).toBe(false)
      expect(
        Object.values(journal).some((v) => typeof (v as { prepare?: unknown })?.prepare === 'function'),
      ).toBe(false)
    } finally {
      journal.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('would notice a query or a connection written elsewhere', () => {
    const elsewhere = join(SRC, 'main/reports/compute.ts')
    expect(
      journalSqlOutsideTheDoor([
        { path: elsewhere, text: "const n = db.prepare('SELECT count(*) FROM entries').get()" },
        { path: elsewhere, text: 'db.prepare(`UPDATE entries SET status = ?`)' },
        { path: elsewhere, text: "import Database from 'better-sqlite3'" },
        { path: join(JOURNAL_DIR, 'entries.ts'), text: "db.prepare('SELECT * FROM entries')" },
        { path: elsewhere, text: "import type Database from 'better-sqlite3'\n// the entries of a day" },
      ]),
    ).toEqual([
      "main/reports/compute.ts:1: const n = db.prepare('SELECT count(*) FROM entries').get()",
      'main/reports/compute.ts:1: db.prepare(`UPDATE entries SET status = ?`)',
      'main/reports/compute.ts: imports better-sqlite3',
    ])
  })
})
