/**
 * The line under the journal's list while its rows are drawn a moment after the store has them (at a lower
 * priority than keys): it says they are coming, never "no entries" over rows on their way, never the count of
 * the rows being replaced.
 */
import { describe, expect, it } from 'vitest'
import { type ListState, listLine } from '../../../src/renderer/src/features/journal/list-line'
import type { JournalEntry } from '../../../src/shared/types'

const entry = (id: string) => ({ id }) as JournalEntry
const state = (entries: JournalEntry[], loading = false): ListState => ({
  entries,
  nextCursor: null,
  loading,
})

describe('the line under the journal list', () => {
  it('says the rows are coming when F3 reloads an emptied list and the empty one is still drawn', () => {
    const drawn = state([])
    expect(listLine(state([], true), drawn)).toBe('loading')
  })

  it('says the rows are coming when the answer is in the store but not drawn yet', () => {
    const drawn = state([], true)
    expect(listLine(state([entry('a'), entry('b')]), drawn)).toBe('loading')
    // A search's answer replacing the last one's rows: not the old count under the new search.
    expect(listLine(state([entry('c')]), state([entry('a'), entry('b')]))).toBe('loading')
  })

  it('says "no entries" or the count once what is drawn is the latest', () => {
    const empty = state([])
    expect(listLine(empty, empty)).toBe('empty')
    const two = state([entry('a'), entry('b')])
    expect(listLine(two, two)).toBe('count')
  })
})
