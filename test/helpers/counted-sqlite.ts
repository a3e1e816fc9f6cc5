import type BetterSqlite3 from 'better-sqlite3'

/**
 * better-sqlite3 for vi.mock, counting each connection opened through it: those this (the main) thread
 * opens. A worker thread loads better-sqlite3 by its own require, which the mock does not reach.
 */
export async function countedSqlite(
  importOriginal: () => Promise<unknown>,
  count: { opened: number },
): Promise<{ default: typeof BetterSqlite3 }> {
  const Real = ((await importOriginal()) as { default: typeof BetterSqlite3 }).default
  class Counted extends Real {
    constructor(...args: ConstructorParameters<typeof Real>) {
      super(...args)
      count.opened++
    }
  }
  return { default: Counted as typeof BetterSqlite3 }
}
