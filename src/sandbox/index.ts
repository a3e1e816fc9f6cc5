import type { AddressInfo } from 'node:net'
import { ServiceClock } from './clock'
import { createControls, type SandboxControls } from './controls'
import { FaultBook } from './faults'
import { RateLimiter } from './rate-limit'
import { loadSeed, type SandboxSeed, type SandboxSeedInput } from './seed'
import { buildServer } from './server'
import { CONTROL_BASE, RESELLER_BASE, type SandboxState } from './state'
import { SandboxStore } from './store'

export type { SandboxControls } from './controls'
export type { ActiveFaultRule, FaultRule } from './faults'
export { loadSeed, type SandboxSeed, type SandboxSeedInput, SeedError } from './seed'
export { CONTROL_BASE, RESELLER_BASE } from './state'
export type { Ledger, ResellerPatch } from './store'

export interface SandboxOptions {
  /** A seed object or the path of a seed JSON file; default resources/sandbox-seed.json. */
  seed?: SandboxSeed | SandboxSeedInput | string
  /** SQLite file keeping tokens, vouchers, deposits and used ids across restarts; default ':memory:'. */
  dbPath?: string
  /** Default 127.0.0.1. */
  host?: string
  /** Default 0: a free port. */
  port?: number
  /** Expose the controls over HTTP under /__control/ (the `controls` object always works). */
  control?: boolean
}

export interface Sandbox {
  /** e.g. http://127.0.0.1:PORT */
  origin: string
  /** origin + /api/v1/reseller */
  baseUrl: string
  /** origin + /__control (answers only when started with control: true) */
  controlUrl: string
  controls: SandboxControls
  /** Stops accepting, destroys open connections, closes the database. */
  close(): Promise<void>
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host
}

/** Starts the sandbox reseller service and resolves once it listens. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const seed = loadSeed(options.seed)
  const host = options.host ?? '127.0.0.1'
  const store = new SandboxStore(options.dbPath ?? ':memory:', seed)
  const sleepers = new Set<() => void>()
  const state: SandboxState = {
    store,
    clock: new ServiceClock(),
    faults: new FaultBook(),
    rateLimiter: new RateLimiter(seed.rate_limit_per_minute),
    tokenRequests: 0,
    closing: false,
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        if (state.closing) return resolve()
        const wake = () => {
          clearTimeout(timer)
          sleepers.delete(wake)
          resolve()
        }
        const timer = setTimeout(wake, ms)
        sleepers.add(wake)
      }),
  }
  const controls = createControls(state, seed)
  const app = buildServer(state, controls, options.control ?? false)
  try {
    await app.listen({ host, port: options.port ?? 0 })
  } catch (error) {
    store.close()
    throw error
  }
  const { port } = app.server.address() as AddressInfo
  const origin = `http://${urlHost(host)}:${port}`

  let closed: Promise<void> | null = null
  return {
    origin,
    baseUrl: origin + RESELLER_BASE,
    controlUrl: origin + CONTROL_BASE,
    controls,
    close: () => {
      closed ??= (async () => {
        state.closing = true
        for (const wake of [...sleepers]) wake()
        try {
          await app.close()
        } finally {
          store.close()
        }
      })()
      return closed
    },
  }
}
