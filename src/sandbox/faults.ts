import { z } from 'zod'

export const FAULT_ACTIONS = ['drop-after-commit', 'drop-before-commit', 'delay', 'respond'] as const

export const faultRuleSchema = z.object({
  method: z
    .string()
    .min(1)
    .transform((m) => m.toUpperCase()),
  /** Relative to the reseller base: `/deposit`, `/vouchers/generate`, `/token`, … */
  path: z.string().startsWith('/'),
  action: z.enum(FAULT_ACTIONS),
  /** Waited before the action, whatever it is (for `delay` it is the whole point). */
  delay_ms: z.number().int().min(0).max(600_000).default(0),
  /** For `respond`. */
  status: z.number().int().min(100).max(599).default(500),
  /** For `respond`: JSON, or a string sent as-is (to mimic an HTML error page or an empty body). */
  body: z.unknown().default({ message: 'Server Error' }),
  /** For `respond` with a string body. */
  content_type: z.string().min(1).optional(),
  headers: z.record(z.string(), z.string()).optional(),
  /** How many times the rule fires; absent = every time. */
  times: z.number().int().min(0).optional(),
  probability: z.number().min(0).max(1).default(1),
})

export type FaultRule = z.input<typeof faultRuleSchema>
export type ActiveFaultRule = z.output<typeof faultRuleSchema>

export const faultRulesSchema = z.object({ rules: z.array(faultRuleSchema) })

/** The rules in force; a rule fires on a matching request until its `times` are used up. */
export class FaultBook {
  private rules: ActiveFaultRule[] = []

  constructor(private readonly random: () => number = Math.random) {}

  /** Replaces every rule; throws a ZodError on a bad rule. */
  set(rules: FaultRule[]): void {
    this.rules = faultRulesSchema.parse({ rules }).rules
  }

  clear(): void {
    this.rules = []
  }

  list(): ActiveFaultRule[] {
    return this.rules.map((r) => ({ ...r }))
  }

  /** The first rule that matches and fires, with its remaining `times` counted down. */
  take(method: string, path: string): ActiveFaultRule | null {
    for (const rule of this.rules) {
      if (rule.method !== method.toUpperCase() || rule.path !== path) continue
      if (rule.times !== undefined && rule.times <= 0) continue
      if (rule.probability < 1 && !(this.random() < rule.probability)) continue
      if (rule.times !== undefined) rule.times -= 1
      return { ...rule }
    }
    return null
  }
}
