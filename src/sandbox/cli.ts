/**
 * `npm run sandbox -- [--host 127.0.0.1] [--port 8787] [--seed FILE] [--db FILE] [--control]`
 * Prints the base address on the first line (and the control address on a second with --control),
 * then serves until SIGTERM or Ctrl-C.
 */
import { parseArgs } from 'node:util'
import type { Sandbox } from './index'

const USAGE = `Usage: npm run sandbox -- [--host 127.0.0.1] [--port 8787] [--seed FILE] [--db FILE] [--control]
  --host     address to listen on (default 127.0.0.1)
  --port     port, 0 for a free one (default 8787)
  --seed     seed JSON file (default resources/sandbox-seed.json)
  --db       SQLite file keeping state across restarts (default: memory)
  --control  expose the test controls under /__control/`

const BAD_ARGUMENTS = 2
const CLOSE_GRACE_MS = 1500

function fail(message: string, code: number): never {
  process.stderr.write(`sandbox: ${message}\n`)
  process.exit(code)
}

function readOptions() {
  let values: ReturnType<typeof parse>['values']
  function parse() {
    return parseArgs({
      options: {
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string', default: '8787' },
        seed: { type: 'string' },
        db: { type: 'string' },
        control: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    })
  }
  try {
    values = parse().values
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`, BAD_ARGUMENTS)
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`)
    process.exit(0)
  }
  if (!/^\d{1,5}$/.test(values.port) || Number(values.port) > 65535)
    fail(`--port must be a number from 0 to 65535, got "${values.port}"\n${USAGE}`, BAD_ARGUMENTS)
  if (values.host.trim() === '') fail(`--host must not be empty\n${USAGE}`, BAD_ARGUMENTS)
  return { ...values, port: Number(values.port) }
}

async function main(): Promise<void> {
  const options = readOptions()
  // Loaded after the arguments are checked, so a typo is answered at once.
  const { SeedError, startSandbox } = await import('./index')
  let sandbox: Sandbox
  try {
    sandbox = await startSandbox({
      host: options.host,
      port: options.port,
      control: options.control,
      ...(options.seed === undefined ? {} : { seed: options.seed }),
      ...(options.db === undefined ? {} : { dbPath: options.db }),
    })
  } catch (error) {
    // A bad seed is a bad argument; a busy port or an unreadable database is a failure to start.
    fail((error as Error).message, error instanceof SeedError ? BAD_ARGUMENTS : 1)
  }
  process.stdout.write(`${sandbox.baseUrl}\n`)
  if (options.control) process.stdout.write(`${sandbox.controlUrl}\n`)

  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    setTimeout(() => process.exit(1), CLOSE_GRACE_MS).unref()
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

void main()
