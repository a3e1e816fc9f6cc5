/**
 * Fault rules that also count requests. Each rule carries a large `times`, and a last catch-all rule that
 * does nothing (a delay of 0 ms) takes every request the others let through; the `times` used up across a
 * path's rules is then how many requests the sandbox received on it, faulted or not.
 */
import type { FaultRule, SandboxControls } from '../../src/sandbox/index'

const COUNTED = 1_000_000_000

export function countedRules(
  method: string,
  path: string,
  faults: Omit<FaultRule, 'method' | 'path'>[],
): FaultRule[] {
  return [
    ...faults.map((f) => ({ ...f, method, path, times: COUNTED })),
    { method, path, action: 'delay' as const, delay_ms: 0, times: COUNTED },
  ]
}

/** Requests received on a path since its counted rules were set: [faulted, total]. */
export function receivedOn(controls: SandboxControls, path: string): { faulted: number; total: number } {
  const rules = controls.faults().filter((r) => r.path === path)
  const used = rules.map((r) => COUNTED - (r.times ?? COUNTED))
  const total = used.reduce((a, b) => a + b, 0)
  return { faulted: total - (used[used.length - 1] ?? 0), total }
}
