import { join } from 'node:path'
import type { Sandbox } from '../sandbox/index'
import type { TrainingService } from './desk/workspace'

export interface RunningTraining extends TrainingService {
  sandbox: Sandbox
}

/**
 * Training mode's service: the sandbox, started on 127.0.0.1 (a free port) with its state in the data folder,
 * signed in as the demo seed's first reseller. It moves no real money.
 */
export async function startTrainingService(
  dataDir: string,
  options: { control?: boolean } = {},
): Promise<RunningTraining> {
  // Loaded here, not with the app: the sandbox's HTTP server (fastify) is only for training mode, and it took
  // a third of a second of the main bundle's start before the window, in live mode too.
  const { loadSeed, startSandbox } = await import('../sandbox/index')
  const seed = loadSeed()
  const reseller = seed.resellers[0]
  if (!reseller) throw new Error('The sandbox seed has no reseller.')
  const sandbox = await startSandbox({
    seed,
    dbPath: join(dataDir, 'training-service.sqlite'),
    host: '127.0.0.1',
    port: 0,
    control: options.control ?? false,
  })
  return {
    sandbox,
    baseUrl: sandbox.baseUrl,
    credentials: { username: reseller.username, password: reseller.password },
    close: () => sandbox.close(),
  }
}
