import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { REFUSED_VARIABLES } from '../../src/main/electron/start-refusal'
import type { HarnessConfig } from './main-harness'

/**
 * Runs main-harness.ts in a child Node (this test run's Node 22) and returns its report. `harness`: the
 * harness bundled to plain JavaScript (harnessForPlainNode), so timings carry no TypeScript loader.
 */
export async function runMainHarness(
  config: HarnessConfig,
  timeoutMs = 90_000,
  harness?: string,
): Promise<Record<string, unknown>> {
  const args = harness ? [harness] : ['--import', 'tsx', join(import.meta.dirname, 'main-harness.ts')]
  // An outlet PC's environment: none of the variables the installed app refuses (a build machine may set
  // NODE_EXTRA_CA_CERTS for its own proxy); a test that wants one gives it in config.env.
  const env: NodeJS.ProcessEnv = { ...process.env, ELECTRON_RENDERER_URL: '' }
  for (const name of REFUSED_VARIABLES) delete env[name]
  const output = await new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      [...args, JSON.stringify(config)],
      { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, env },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
    )
  })
  if (!existsSync(config.report)) throw new Error(`the harness wrote no report:\n${output}`)
  return JSON.parse(readFileSync(config.report, 'utf8'))
}

/** The harness as one plain ES module in `dir` (for the benchmark): no tsx loader in the measured start. */
export async function harnessForPlainNode(
  dir: string,
): Promise<{ harness: string; fakeElectronModule: string }> {
  const { build } = await import('esbuild')
  const harness = join(dir, 'main-harness.mjs')
  await build({
    entryPoints: [join(import.meta.dirname, 'main-harness.ts')],
    outfile: harness,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'error',
  })
  return { harness, fakeElectronModule: join(import.meta.dirname, 'fake-electron-module.mjs') }
}
