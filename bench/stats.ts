/** Small helpers the benchmarks share: timing samples and printing them as aligned tables. */
import { performance } from 'node:perf_hooks'

export interface Summary {
  n: number
  median: number
  p95: number
  mean: number
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number
}

export function summarize(samples: readonly number[]): Summary {
  return {
    n: samples.length,
    median: percentile(samples, 50),
    p95: percentile(samples, 95),
    mean: samples.reduce((a, b) => a + b, 0) / samples.length,
  }
}

/** Milliseconds one call takes. */
export async function timed(fn: () => unknown): Promise<number> {
  const start = performance.now()
  await fn()
  return performance.now() - start
}

export function ms(value: number): string {
  return value >= 100
    ? `${value.toFixed(0)} ms`
    : value >= 1
      ? `${value.toFixed(2)} ms`
      : `${(value * 1000).toFixed(0)} µs`
}

export function ratio(a: number, b: number): string {
  return `${(a / b).toFixed(2)}×`
}

/** Prints rows as a table with a header, columns padded to their widest cell. */
export function printTable(title: string, header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('   ')
  console.log(`\n${title}`)
  console.log(line(header))
  console.log(widths.map((w) => '-'.repeat(w)).join('   '))
  for (const r of rows) console.log(line(r))
}

export interface Target {
  /** What is measured, e.g. "PDF of a 10,000-entry day". */
  name: string
  /** The measured figure, in the goal's unit. */
  value: number
  /** The goal: value ≤ goal is met. */
  goal: number
  /** How to print value and goal (ms, ratio…). */
  format: (n: number) => string
}

/** The targets, each with its figure, the goal and figure ÷ goal (≤ 1.00 is met). */
export function printTargets(title: string, targets: Target[]): void {
  printTable(
    title,
    ['target', 'figure', 'goal', 'figure ÷ goal', ''],
    targets.map((t) => [
      t.name,
      t.format(t.value),
      `≤ ${t.format(t.goal)}`,
      (t.value / t.goal).toFixed(2),
      t.value <= t.goal ? 'met' : 'NOT MET',
    ]),
  )
}

export const times = (n: number): string => `${n.toFixed(2)}×`
