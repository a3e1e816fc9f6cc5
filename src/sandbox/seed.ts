import { readFileSync } from 'node:fs'
import { z } from 'zod'
import defaultSeedJson from '../../resources/sandbox-seed.json'
import { isAllowedIpEntry } from './ip'
import { MAX_AMOUNT_DIRHAMS, readLydAmount } from './money'
import { normalizeServicePhone } from './phone'

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
    return true
  } catch {
    return false
  }
}

const lyd = z.number().refine((n) => readLydAmount(n).ok, {
  message: `must be an amount in LYD between 0 and ${MAX_AMOUNT_DIRHAMS / 1000} with at most 3 decimals`,
})

const resellerSchema = z.looseObject({
  username: z.string().min(1),
  password: z.string().min(1),
  daily_max_amount: lyd,
  disabled: z.boolean().default(false),
  allowed_ips: z
    .array(z.string().refine(isAllowedIpEntry, { message: 'must be an IP address or a CIDR range' }))
    .nullish()
    .transform((v) => v ?? null),
})

const denominationSchema = z.looseObject({
  id: z.number().int().positive(),
  name: z.string().min(1),
  value: lyd.refine((n) => n > 0, { message: 'must be above 0' }),
})

/** A list of denominations: the seed's, or one a control puts in its place. */
export const denominationsSchema = z.array(denominationSchema).superRefine(unique((d) => d.id, 'id'))

const userSchema = z.looseObject({
  phone: z
    .string()
    .refine((p) => normalizeServicePhone(p) !== null, {
      message: 'must be a Libyan mobile number (09XXXXXXXX, X after the 9 in 1-6)',
    })
    .transform((p) => normalizeServicePhone(p) as string),
  first_name: z.string().min(1),
  status: z.string().min(1),
})

function unique<T>(key: (item: T) => string | number, what: string) {
  return (items: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string | number>()
    items.forEach((item, index) => {
      const k = key(item)
      if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [index], message: `duplicate ${what} ${k}` })
      seen.add(k)
    })
  }
}

export const seedSchema = z.looseObject({
  timezone: z.string().refine(isTimeZone, { message: 'must be an IANA time zone' }).default('Africa/Tripoli'),
  rate_limit_per_minute: z.number().int().min(0).default(60),
  resellers: z
    .array(resellerSchema)
    .min(1)
    .superRefine(unique((r) => r.username, 'username')),
  denominations: denominationsSchema,
  users: z.array(userSchema).superRefine(unique((u) => u.phone, 'phone')),
})

/** A seed that cannot be read or does not validate; the message names the file and each bad field. */
export class SeedError extends Error {
  override name = 'SeedError'
}

/** A validated seed: defaults applied, user phones in national form. */
export type SandboxSeed = z.output<typeof seedSchema>
export type SandboxSeedInput = z.input<typeof seedSchema>

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.reduce<string>(
        (acc, part) =>
          typeof part === 'number' ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part),
        '',
      )
      return `${path || '(root)'}: ${issue.message}`
    })
    .join('; ')
}

/**
 * A seed from an object or a JSON file, validated; the error names the file and each bad field.
 * With no argument, the default demo seed (resources/sandbox-seed.json, bundled at build time).
 */
export function loadSeed(source?: string | SandboxSeedInput | SandboxSeed): SandboxSeed {
  let raw: unknown = source ?? defaultSeedJson
  let origin = source === undefined ? 'default seed' : 'seed'
  if (typeof source === 'string') {
    origin = `seed file ${source}`
    let text: string
    try {
      text = readFileSync(source, 'utf8')
    } catch (error) {
      throw new SeedError(`Cannot read ${origin}: ${(error as Error).message}`)
    }
    try {
      raw = JSON.parse(text)
    } catch (error) {
      throw new SeedError(`Invalid ${origin}: not JSON (${(error as Error).message})`)
    }
  }
  const parsed = seedSchema.safeParse(raw)
  if (!parsed.success) throw new SeedError(`Invalid ${origin}: ${describeIssues(parsed.error)}`)
  return parsed.data
}
