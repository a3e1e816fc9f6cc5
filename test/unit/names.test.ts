import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * One spelling for one thing in the house's file names (docs/architecture.md, "The rules the structure keeps"):
 * the head office is `head-office` in every file and folder name. `headoffice` stays only where a hyphen cannot
 * go — the PostgreSQL schema and roles (`headoffice.entries`, `headoffice_admin`) and `HEADOFFICE_URL` — which
 * are names inside files, not of them.
 */
const ROOT = process.cwd()
const TREES = ['src', 'test', 'bench', 'docs', 'scripts']

function walk(dir: string, out: string[]): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue
    const path = join(dir, entry.name)
    out.push(relative(ROOT, path))
    if (entry.isDirectory()) walk(path, out)
  }
  return out
}

describe('file names', () => {
  it('spell the head office one way: head-office', () => {
    const paths = TREES.flatMap((tree) => walk(join(ROOT, tree), []))
    expect(paths.some((p) => p.includes('head-office'))).toBe(true)
    expect(paths.filter((p) => /headoffice|head_office/.test(p.replaceAll('head-office', '')))).toEqual([])
  })
})
