import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { statSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO, inDays } from '../../helpers/sandbox'

const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
})

function runCli(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', ...args], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let stderr = ''
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk)
  })
  // Listened for from the start, so an early exit is not missed.
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]()
  return {
    child,
    stderr: () => stderr,
    nextLine: async () => {
      const { value, done } = await lines.next()
      if (done) throw new Error(`the sandbox printed nothing; stderr: ${stderr}`)
      return value as string
    },
    exit: () => exited,
  }
}

describe('sandbox: the standalone command', () => {
  it('prints its base address, serves, and stops cleanly on SIGTERM', async () => {
    const cli = runCli(['--port', '0'])
    const line = await cli.nextLine()
    expect(line).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/reseller$/)
    expect(line).not.toMatch(/:0\//)

    const res = await fetch(`${line}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...DEMO, expires_at: inDays(1) }),
    })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { data: { token: string } }).data.token).toMatch(/\|/)

    const exited = cli.exit()
    cli.child.kill('SIGTERM')
    expect(await exited).toEqual([0, null])
  })

  it('uses --seed, --db and --control (control address on a second line), and stops on SIGINT', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandbox-cli-'))
    try {
      const seedPath = join(dir, 'seed.json')
      await writeFile(
        seedPath,
        JSON.stringify({
          rate_limit_per_minute: 0,
          resellers: [{ username: 'shop', password: 'shop-pass', daily_max_amount: 10 }],
          denominations: [{ id: 7, name: '7 LYD', value: 7 }],
          users: [],
        }),
      )
      const dbPath = join(dir, 'state.db')
      const cli = runCli(['--port', '0', '--control', '--seed', seedPath, '--db', dbPath])
      const base = await cli.nextLine()
      const control = await cli.nextLine()
      expect(control).toBe(base.replace('/api/v1/reseller', '/__control'))
      const token = await fetch(`${base}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'shop', password: 'shop-pass', expires_at: inDays(1) }),
      })
      expect(token.status).toBe(200)
      const ledger = await fetch(`${control}/ledger`)
      expect(await ledger.json()).toEqual({ vouchers: [], deposits: [], token_requests: 1 })
      const exited = cli.exit()
      cli.child.kill('SIGINT')
      expect(await exited).toEqual([0, null])
      expect(statSync(dbPath).size).toBeGreaterThan(0)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('refuses bad arguments with a clear message and exit code 2', async () => {
    const cases = [['--bogus'], ['--port', '70000'], ['--seed', '/no/such/seed.json']]
    const runs = cases.map((args) => ({ args, cli: runCli(args) }))
    for (const { args, cli } of runs) {
      const [code] = await cli.exit()
      expect(code, args.join(' ')).toBe(2)
      expect(cli.stderr(), args.join(' ')).toMatch(/^sandbox: \S/)
    }
  })
})
