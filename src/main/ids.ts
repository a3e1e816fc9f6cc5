import { randomInt } from 'node:crypto'
import { v7 } from 'uuid'

/**
 * Time-sortable ids (UUIDv7) for journal entries and external_transaction_id, from the corrected clock.
 * Never goes backwards, even when the clock offset is corrected backwards, so ids keep creation order.
 */
export function createIdGenerator(now: () => number): () => string {
  let msecs = Number.NEGATIVE_INFINITY
  let seq = 0
  return () => {
    const t = Math.floor(now())
    if (t > msecs) {
      msecs = t
      seq = randomInt(0, 0x3fffffff)
    } else {
      seq = (seq + 1) | 0
      if (seq === 0) msecs++
    }
    return v7({ msecs, seq })
  }
}

/**
 * The smallest id string of an instant: every id made at or after ms (UUIDv7: the time comes first, in hex)
 * sorts above it, every id of an earlier instant below.
 */
export function idFloorAt(ms: number): string {
  const hex = Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0000-0000-000000000000`
}
