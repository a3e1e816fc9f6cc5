import { parseArgs } from 'node:util'

const USAGE = 'Usage: npm run browser -- [--port N] [--data-dir DIR] [--control] [--help]'

const HELP = `${USAGE}

Runs the desk core in Node and serves the built renderer on 127.0.0.1, with window.api over a loopback
bridge (development, and machines without the Electron runtime). Prints the address to open.

Options:
  --port N          port to listen on (default: a free one)
  --data-dir DIR    data folder: journals, settings, logs (default: .browser-shell-data)
  --control         also print the training sandbox's test-control address
  --help, -h        print this help and exit
`

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`)
  process.exit(2)
}

let values: { port?: string; 'data-dir'?: string; control?: boolean; help?: boolean }
try {
  values = parseArgs({
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      control: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  }).values
} catch (error) {
  fail((error as Error).message)
}
if (values.help) {
  process.stdout.write(HELP)
  process.exit(0)
}
const port = values.port === undefined ? 0 : Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port: not a port number: ${values.port}`)

// Loaded only once the arguments are known good: --help and a wrong option answer at once.
const { startBrowserShell } = await import('./server')
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
