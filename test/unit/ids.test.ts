/**
 * Journal ids sort by the time they were made; idFloorAt(t) sorts below every id made at or after t and above
 * every id made before it, so "what was journaled since t" is one range of ids.
 */
import { describe, expect, it } from 'vitest'
import { createIdGenerator, idFloorAt } from '../../src/main/ids'

describe('idFloorAt', () => {
  it('splits ids made before an instant from ids made at it or after', () => {
    let now = Date.parse('2026-11-27T08:00:00.000Z')
    const next = createIdGenerator(() => now)
    const made: { at: number; id: string }[] = []
    for (let i = 0; i < 3000; i++) {
      // Several ids in the same millisecond, and steps of up to a few seconds.
      if (i % 3 === 0) now += (i * 7919) % 4000
      made.push({ at: now, id: next() })
    }
    for (const cut of [made[0], made[500], made[1499], made[2999]].map((m) => m?.at ?? 0)) {
      const floor = idFloorAt(cut)
      for (const m of made) expect(m.id > floor, `${m.at} vs ${cut}`).toBe(m.at >= cut)
    }
  })

  it('is before every id of a later instant, for instants far apart', () => {
    for (const at of [0, 1, 1_700_000_000_000, 2 ** 47]) {
      const id = createIdGenerator(() => at)()
      expect(id > idFloorAt(at)).toBe(true)
      expect(id < idFloorAt(at + 1)).toBe(true)
    }
  })
})
