import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { Journal } from '../../../src/main/journal/journal'

/**
 * Only src/main/journal writes SQL on the journal: everything else goes through the Journal class (or a
 * JournalSnapshot), whose connection is private. The sandbox is another service with its own database.
 */
const SRC = join(import.meta.dirname, '../../../src')
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

/**
 * A string naming a journal table after FROM, INTO, UPDATE, JOIN or TABLE, in any case and across lines, in a
 * string that is a statement (it has a verb): words in a comment or a message are not SQL.
 */
const NAMES_A_TABLE = new RegExp(
  `\\b(?:from|into|update|join|table)\\s+(?:${JOURNAL_TABLES.join('|')})\\b`,
  'i',
)
const SQL_VERB = /\b(?:select|insert|update|delete|replace|create|drop|alter)\b/i
/** A database connection opened at run time (a type-only import does not open anything). */
const OPENS_SQLITE = /^import\s+(?!type\b)[^\n]*from\s+'better-sqlite3'/m

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) ? [path] : []
  })
}

/**
 * Every string of a source file (quoted, or a template with each `${…}` read as `?`), where it starts, with
 * its white space folded: read by the TypeScript parser, so a comment is never taken for a string.
 */
function strings(path: string, text: string): { line: number; text: string }[] {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, kind)
  const found: { line: number; text: string }[] = []
  const visit = (node: ts.Node): void => {
    let value: string | null = null
    if (ts.isStringLiteralLike(node)) value = node.text
    else if (ts.isTemplateExpression(node)) {
      value = node.head.text + node.templateSpans.map((span) => `?${span.literal.text}`).join('')
    }
    if (value !== null) {
      const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1
      found.push({ line, text: value.replace(/\s+/g, ' ').trim() })
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

/** Where a file writes SQL on the journal or opens SQLite itself: `path:line: the statement`. */
function journalSqlOutsideTheDoor(files: { path: string; text: string }[]): string[] {
  const found: string[] = []
  for (const { path, text } of files) {
    if (path.startsWith(JOURNAL_DIR) || path.startsWith(SANDBOX_DIR)) continue
    const where = relative(SRC, path)
    if (OPENS_SQLITE.test(text)) found.push(`${where}: imports better-sqlite3`)
    for (const s of strings(path, text)) {
      if (NAMES_A_TABLE.test(s.text) && SQL_VERB.test(s.text)) found.push(`${where}:${s.line}: ${s.text}`)
    }
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
        // SQL in lower case, or with the table on the next line, is SQL all the same.
        { path: elsewhere, text: "db.prepare('select id from entry_events where entry_id = ?')" },
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template
        { path: elsewhere, text: 'const sql = `SELECT ${columns}\n  FROM\n    entries\n  WHERE day = ?`' },
        { path: elsewhere, text: 'db.prepare("delete from z_reports")' },
        // Words in a comment or in a message are not SQL.
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template
        { path: elsewhere, text: '// read from entries of the day\nconst m = `Taken from notices: ${n}`' },
      ]),
    ).toEqual([
      'main/reports/compute.ts:1: SELECT count(*) FROM entries',
      'main/reports/compute.ts:1: UPDATE entries SET status = ?',
      'main/reports/compute.ts: imports better-sqlite3',
      'main/reports/compute.ts:1: select id from entry_events where entry_id = ?',
      'main/reports/compute.ts:1: SELECT ? FROM entries WHERE day = ?',
      'main/reports/compute.ts:1: delete from z_reports',
    ])
  })
})
