import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import type { SandboxControls } from './controls'
import { faultRulesSchema } from './faults'
import { isAllowedIpEntry } from './ip'
import { DIRHAMS_PER_LYD } from './money'
import { sendError } from './replies'
import { denominationsSchema } from './seed'
import { CONTROL_BASE, type SandboxState } from './state'

const clockBody = z.object({ offset_ms: z.number().int() })
const userBody = z.object({ first_name: z.string().min(1), status: z.string().min(1) })
const statusBody = z.object({ status: z.enum(['active', 'inactive']) })
const rateBody = z.object({ per_minute: z.number().int().min(0) })
const resellerBody = z.object({
  disabled: z.boolean().optional(),
  daily_max_amount: z.number().min(0).optional(),
  allowed_ips: z
    .array(z.string().refine(isAllowedIpEntry, { message: 'not an IP address or CIDR range' }))
    .nullish(),
  password: z.string().min(1).optional(),
})

function invalid(reply: FastifyReply, error: z.ZodError | Error): FastifyReply {
  const message =
    error instanceof z.ZodError
      ? error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ')
      : error.message
  return sendError(reply, 422, message)
}

/**
 * The HTTP face of SandboxControls, under /__control/ (outside the reseller area), only with --control.
 * Each route answers with the state it changed, so a shell user sees the effect.
 */
export function registerControlRoutes(app: FastifyInstance, state: SandboxState, controls: SandboxControls) {
  const clockView = () => ({
    now: new Date(controls.now()).toISOString(),
    now_ms: controls.now(),
    offset_ms: state.clock.offset(),
  })

  app.get(`${CONTROL_BASE}/ledger`, async () => controls.ledger())

  app.get(`${CONTROL_BASE}/faults`, async () => ({ rules: controls.faults() }))
  app.post(`${CONTROL_BASE}/faults`, async (request, reply) => {
    const parsed = faultRulesSchema.safeParse(request.body)
    if (!parsed.success) return invalid(reply, parsed.error)
    controls.setFaults(parsed.data.rules)
    return { rules: controls.faults() }
  })
  app.delete(`${CONTROL_BASE}/faults`, async () => {
    controls.clearFaults()
    return { rules: [] }
  })

  app.get(`${CONTROL_BASE}/clock`, async () => clockView())
  app.post(`${CONTROL_BASE}/clock`, async (request, reply) => {
    const parsed = clockBody.safeParse(request.body)
    if (!parsed.success) return invalid(reply, parsed.error)
    controls.setClockOffset(parsed.data.offset_ms)
    return clockView()
  })

  app.put<{ Params: { phone: string } }>(`${CONTROL_BASE}/users/:phone`, async (request, reply) => {
    const parsed = userBody.safeParse(request.body)
    if (!parsed.success) return invalid(reply, parsed.error)
    try {
      controls.upsertUser({ phone: request.params.phone, ...parsed.data })
    } catch (error) {
      return invalid(reply, error as Error)
    }
    return { phone: request.params.phone, ...parsed.data }
  })
  app.patch<{ Params: { phone: string } }>(`${CONTROL_BASE}/users/:phone`, async (request, reply) => {
    const parsed = statusBody.safeParse(request.body)
    if (!parsed.success) return invalid(reply, parsed.error)
    try {
      controls.setUserStatus(request.params.phone, parsed.data.status)
    } catch (error) {
      return sendError(reply, 404, (error as Error).message)
    }
    return { phone: request.params.phone, status: parsed.data.status }
  })

  app.patch<{ Params: { username: string } }>(
    `${CONTROL_BASE}/resellers/:username`,
    async (request, reply) => {
      const parsed = resellerBody.safeParse(request.body)
      if (!parsed.success) return invalid(reply, parsed.error)
      if (!state.store.findReseller(request.params.username))
        return sendError(reply, 404, `No reseller ${request.params.username}`)
      try {
        controls.updateReseller(request.params.username, parsed.data)
      } catch (error) {
        return invalid(reply, error as Error)
      }
      const reseller = state.store.findReseller(request.params.username)
      return {
        username: reseller?.username,
        disabled: reseller?.disabled,
        daily_max_amount: reseller ? reseller.dailyMaxDirhams / DIRHAMS_PER_LYD : undefined,
        allowed_ips: reseller?.allowedIps,
      }
    },
  )

  app.post(`${CONTROL_BASE}/rate-limit`, async (request, reply) => {
    const parsed = rateBody.safeParse(request.body)
    if (!parsed.success) return invalid(reply, parsed.error)
    controls.setRateLimit(parsed.data.per_minute)
    return { per_minute: state.rateLimiter.perMinute() }
  })

  app.put(`${CONTROL_BASE}/denominations`, async (request, reply) => {
    const parsed = denominationsSchema.safeParse(request.body)
    if (!parsed.success) return invalid(reply, parsed.error)
    controls.setDenominations(parsed.data)
    return { data: state.store.denominations() }
  })

  app.post(`${CONTROL_BASE}/reset`, async () => {
    controls.reset()
    return { reset: true }
  })
}
