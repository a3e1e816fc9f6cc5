import { join } from 'node:path'
import { loadSeed, type Sandbox, startSandbox } from '../sandbox/index'
import type { TrainingService } from './desk/context'

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
