import type { HeadOfficeSettings } from '../../shared/head-office'

/** The secret store's name for this terminal's head-office password (beside the live service's). */
export const HEAD_OFFICE_PASSWORD_SECRET = 'head-office-password'

/** The head office connection from a stored file: known values only; anything malformed means "not set". */
export function sanitizeHeadOfficeSettings(raw: unknown): HeadOfficeSettings | null {
  if (!raw || typeof raw !== 'object') return null
  const r = raw as Record<string, unknown>
  const text = (v: unknown, max: number) =>
    typeof v === 'string' && v.trim() !== '' && v.length <= max ? v.trim() : null
  const host = text(r.host, 255)
  const database = text(r.database, 63)
  const user = text(r.user, 63)
  const terminal = text(r.terminal, 60)
  const port =
    typeof r.port === 'number' && Number.isInteger(r.port) && r.port > 0 && r.port < 65536 ? r.port : 5432
  if (!host || !database || !user || !terminal) return null
  return {
    enabled: r.enabled === true,
    host,
    port,
    database,
    user,
    terminal,
    caFile: text(r.caFile, 4000),
  }
}
