/** What the head office holds of a terminal, compared with its journal (a test's assertions: vitest only). */
import { expect } from 'vitest'
import type { TestDesk } from './desk'
import type { TestHeadOffice } from './head-office'
import { readJournal } from './journal-file'

/** The head office's copy of a terminal's journal equals the journal: every event once, in order. */
export async function expectSameHistory(
  ho: TestHeadOffice,
  desk: TestDesk,
  terminal: string,
): Promise<number> {
  const { journal } = desk.desk.workspace()
  const local = readJournal(journal, (db) =>
    db.prepare('SELECT id, entry_id, type, at FROM entry_events ORDER BY id').all(),
  ) as {
    id: number
    entry_id: string
    type: string
    at: string
  }[]
  const remote = await ho.query<{ seq: string; entry_id: string; type: string; at: Date }>(
    'SELECT seq, entry_id, type, at FROM headoffice.entry_events WHERE terminal = $1 ORDER BY seq',
    [terminal],
  )
  expect(remote.map((r) => [Number(r.seq), r.entry_id, r.type, r.at.toISOString()])).toEqual(
    local.map((l) => [l.id, l.entry_id, l.type, l.at]),
  )
  const states = readJournal(journal, (db) =>
    db.prepare('SELECT id, status, amount_dirhams FROM entries ORDER BY id').all(),
  ) as {
    id: string
    status: string
    amount_dirhams: number
  }[]
  const current = await ho.query<{ id: string; status: string; amount_dirhams: string }>(
    'SELECT id, status, amount_dirhams FROM headoffice.entry_current WHERE terminal = $1 ORDER BY id',
    [terminal],
  )
  expect(current.map((c) => [c.id, c.status, Number(c.amount_dirhams)])).toEqual(
    states.map((s) => [s.id, s.status, s.amount_dirhams]),
  )
  const dup = await ho.query<{ n: string }>(
    'SELECT count(*) - count(DISTINCT seq) AS n FROM headoffice.entry_events WHERE terminal = $1',
    [terminal],
  )
  expect(dup[0]?.n).toBe('0')
  return local.length
}
