import type Database from 'better-sqlite3'
import type { EntryKind, EntryStatus } from '../../shared/contract'

/** One entry as exports write it: never the voucher code (the last 4 digits at most). */
export interface ExportRow {
  id: string
  day: number
  createdAt: string
  kind: EntryKind
  status: EntryStatus
  clerk: string | null
  amountDirhams: number
  denominationValueDirhams: number | null
  phone: string | null
  firstName: string | null
  serialNumber: string | null
  codeLast4: string | null
  serviceTransactionId: string | null
  externalTransactionId: string | null
  needsAttention: boolean
  errorCode: string | null
  resolution: { outcome: string; note: string } | null
}

interface Row {
  id: string
  day: number
  created_at: string
  kind: EntryKind
  status: EntryStatus
  clerk: string | null
  amount_dirhams: number
  denomination_value_dirhams: number | null
  phone: string | null
  first_name: string | null
  serial_number: string | null
  code_last4: string | null
  service_transaction_id: string | null
  external_transaction_id: string | null
  needs_attention: number
  error_code: string | null
  resolution: string | null
}

function toExportRow(r: Row): ExportRow {
  let resolution: ExportRow['resolution'] = null
  if (r.resolution !== null) {
    const parsed = JSON.parse(r.resolution) as { outcome?: unknown; note?: unknown }
    resolution = { outcome: String(parsed.outcome ?? ''), note: String(parsed.note ?? '') }
  }
  return {
    id: r.id,
    day: r.day,
    createdAt: r.created_at,
    kind: r.kind,
    status: r.status,
    clerk: r.clerk,
    amountDirhams: r.amount_dirhams,
    denominationValueDirhams: r.denomination_value_dirhams,
    phone: r.phone,
    firstName: r.first_name,
    serialNumber: r.serial_number,
    codeLast4: r.code_last4,
    serviceTransactionId: r.service_transaction_id,
    externalTransactionId: r.external_transaction_id,
    needsAttention: r.needs_attention === 1,
    errorCode: r.error_code,
    resolution,
  }
}

export const EXPORT_BATCH = 1000

export function countEntries(db: Database.Database, from: number, to: number): number {
  return (
    db.prepare('SELECT count(*) AS n FROM entries WHERE day BETWEEN ? AND ?').get(from, to) as {
      n: number
    }
  ).n
}

/**
 * The entries of a period in day and id order, a batch at a time (keyset pages on the day index), handing
 * the event loop back between batches so a long export never freezes the desk.
 */
export async function* exportBatches(
  db: Database.Database,
  from: number,
  to: number,
  batch = EXPORT_BATCH,
): AsyncGenerator<ExportRow[]> {
  const page = db.prepare(
    `SELECT id, day, created_at, kind, status, clerk, amount_dirhams, denomination_value_dirhams, phone,
       first_name, serial_number, code_last4, service_transaction_id, external_transaction_id, needs_attention,
       error_code, resolution
     FROM entries WHERE day BETWEEN ? AND ? AND (day > ? OR (day = ? AND id > ?))
     ORDER BY day, id LIMIT ?`,
  )
  let lastDay = from - 1
  let lastId = ''
  for (;;) {
    const rows = page.all(from, to, lastDay, lastDay, lastId, batch) as Row[]
    if (rows.length === 0) return
    const last = rows[rows.length - 1] as Row
    lastDay = last.day
    lastId = last.id
    yield rows.map(toExportRow)
    if (rows.length < batch) return
    await new Promise((resolve) => setImmediate(resolve))
  }
}
