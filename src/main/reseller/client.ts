import { type Dirhams, dirhamsToLyd, lydToDirhams } from '../../shared/money'
import type { ServiceHttp } from './http'
import { noProof, rejection, unexpected } from './outcomes'

/**
 * One function per endpoint of the Reseller Service Interface v1. Each reads the answer tolerantly (what
 * the document leaves unstated may differ between deployments) and throws a ServiceError otherwise. A
 * surprise never crashes: it becomes SERVICE_ERROR, or OUTCOME_UNKNOWN on a money call.
 */

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300
}

/** The payload: inside `data` when the service wraps it, else the body itself. */
function payload(body: unknown): Record<string, unknown> | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null
  const b = body as Record<string, unknown>
  if (b.data && typeof b.data === 'object' && !Array.isArray(b.data)) return b.data as Record<string, unknown>
  return b
}

function str(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '') return value.trim()
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value)
  return null
}

export interface IssuedToken {
  token: string
  /** The expiry the service states (expires_at, or expires_in from its clock), or null when it states none. */
  expiresAtMs: number | null
}

export async function requestToken(
  http: ServiceHttp,
  credentials: { username: string; password: string },
  expiresAt: string,
  serviceNow: () => number,
): Promise<IssuedToken> {
  const answer = await http.send({
    method: 'POST',
    path: '/token',
    body: { username: credentials.username, password: credentials.password, expires_at: expiresAt },
    money: false,
  })
  if (!isSuccess(answer.status)) throw rejection(answer, false, 'service')
  const body = answer.body && typeof answer.body === 'object' ? (answer.body as Record<string, unknown>) : {}
  const data = payload(answer.body) ?? {}
  const token = [data.token, data.access_token, body.token, body.access_token]
    .map((v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null))
    .find((v) => v !== null)
  if (!token) throw unexpected(answer.status, 'a token')
  const at = [data.expires_at, body.expires_at].find((v) => typeof v === 'string')
  const inSeconds = [data.expires_in, body.expires_in].find(
    (v) => typeof v === 'number' && Number.isFinite(v),
  )
  let expiresAtMs: number | null = null
  if (typeof at === 'string' && Number.isFinite(Date.parse(at))) expiresAtMs = Date.parse(at)
  else if (typeof inSeconds === 'number') expiresAtMs = serviceNow() + inSeconds * 1000
  return { token, expiresAtMs }
}

export interface ServiceDenomination {
  id: number
  name: string | null
  valueDirhams: Dirhams
}

export async function getDenominations(http: ServiceHttp, token: string): Promise<ServiceDenomination[]> {
  const answer = await http.send({ method: 'GET', path: '/denominations', token, money: false })
  if (!isSuccess(answer.status)) throw rejection(answer, false, 'service')
  const b = answer.body as Record<string, unknown> | unknown[] | null
  const list = Array.isArray(b) ? b : b && typeof b === 'object' && Array.isArray(b.data) ? b.data : null
  if (!list) throw unexpected(answer.status, 'a list of denominations')
  const out: ServiceDenomination[] = []
  for (const item of list) {
    if (!item || typeof item !== 'object') continue
    const d = item as Record<string, unknown>
    const id = typeof d.id === 'number' ? d.id : Number(d.id)
    const value = lydToDirhams(d.value ?? d.denomination_value ?? d.amount)
    if (!Number.isSafeInteger(id) || id <= 0 || value === null || value <= 0) continue
    out.push({ id, name: str(d.name), valueDirhams: value })
  }
  return out
}

export interface ServiceVoucher {
  httpStatus: number
  code: string
  serialNumber: string
  denominationValueDirhams: number | null
  activationDate: string | null
  expiryDate: string | null
}

/** A money call: a 2xx without a code and a serial is no proof, so OUTCOME_UNKNOWN, never success. */
export async function generateVoucher(
  http: ServiceHttp,
  token: string,
  denominationId: number,
): Promise<ServiceVoucher> {
  const answer = await http.send({
    method: 'POST',
    path: '/vouchers/generate',
    token,
    body: { denomination_id: denominationId },
    money: true,
  })
  if (!isSuccess(answer.status)) throw rejection(answer, true, 'service')
  const data = payload(answer.body)
  const code = str(data?.code)
  const serialNumber = str(data?.serial_number)
  if (!data || !code || !serialNumber) throw noProof(answer.status, 'a voucher code and serial number')
  return {
    httpStatus: answer.status,
    code,
    serialNumber,
    denominationValueDirhams: lydToDirhams(data.denomination_value),
    activationDate: str(data.activation_date),
    expiryDate: str(data.expiry_date),
  }
}

export interface ServiceUser {
  firstName: string
  status: string
}

export async function lookupUser(http: ServiceHttp, token: string, phone: string): Promise<ServiceUser> {
  const answer = await http.send({
    method: 'GET',
    path: '/user-lookup',
    query: { phone },
    token,
    money: false,
  })
  if (!isSuccess(answer.status)) throw rejection(answer, false, 'user')
  const data = payload(answer.body)
  const firstName = typeof data?.first_name === 'string' ? data.first_name.trim() : ''
  if (!data || firstName === '') throw unexpected(answer.status, "the account holder's first name")
  return { firstName, status: typeof data.status === 'string' ? data.status : 'unknown' }
}

export interface ServiceDeposit {
  httpStatus: number
  transactionId: string
  externalTransactionId: string | null
  amountDirhams: number | null
}

/** A money call: a 2xx without a transaction_id is no proof, so OUTCOME_UNKNOWN, never success. */
export async function deposit(
  http: ServiceHttp,
  token: string,
  request: { phone: string; amountDirhams: Dirhams; externalTransactionId: string },
): Promise<ServiceDeposit> {
  const answer = await http.send({
    method: 'POST',
    path: '/deposit',
    token,
    body: {
      phone: request.phone,
      amount: dirhamsToLyd(request.amountDirhams),
      external_transaction_id: request.externalTransactionId,
    },
    money: true,
    // Re-sent with the same reference when its outcome is unknown: a kept connection is safe for it.
    resendable: true,
  })
  if (!isSuccess(answer.status)) throw rejection(answer, true, 'user')
  const data = payload(answer.body)
  const transactionId = str(data?.transaction_id)
  if (!data || !transactionId) throw noProof(answer.status, 'a transaction id')
  return {
    httpStatus: answer.status,
    transactionId,
    externalTransactionId: str(data.external_transaction_id),
    amountDirhams: lydToDirhams(data.amount),
  }
}
