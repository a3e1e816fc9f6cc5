import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { HarnessConfig } from './main-harness'

/** Runs main-harness.ts in a child Node (this test run's Node 22) and returns its report. */
export async function runMainHarness(
  config: HarnessConfig,
  timeoutMs = 90_000,
): Promise<Record<string, unknown>> {
  const harness = join(import.meta.dirname, 'main-harness.ts')
  const output = await new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', harness, JSON.stringify(config)],
      { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, ELECTRON_RENDERER_URL: '' } },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
    )
  })
  if (!existsSync(config.report)) throw new Error(`the harness wrote no report:\n${output}`)
  return JSON.parse(readFileSync(config.report, 'utf8'))
}
