import { parseArgs } from 'node:util'
import { startBrowserShell } from './server'

const USAGE = 'Usage: npm run browser -- [--port N] [--data-dir DIR] [--control]'

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`)
  process.exit(2)
}

let values: { port?: string; 'data-dir'?: string; control?: boolean }
try {
  values = parseArgs({
    options: { port: { type: 'string' }, 'data-dir': { type: 'string' }, control: { type: 'boolean' } },
    strict: true,
  }).values
} catch (error) {
  fail((error as Error).message)
}
const port = values.port === undefined ? 0 : Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port: not a port number: ${values.port}`)

const shell = await startBrowserShell({
  port,
  dataDir: values['data-dir'] ?? '.browser-shell-data',
  control: values.control ?? false,
}).catch((error: unknown) => fail((error as Error).message))

process.stdout.write(`${shell.url}\n`)
if (shell.controlUrl) process.stdout.write(`${shell.controlUrl}\n`)

let stopping = false
const stop = () => {
  if (stopping) return
  stopping = true
  void shell.close().then(() => process.exit(0))
  setTimeout(() => process.exit(0), 3000).unref()
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
