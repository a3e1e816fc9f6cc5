/**
 * A throwaway PostgreSQL cluster for the head-office tests: initdb in a temporary folder, the server on
 * 127.0.0.1 with a free port, started as a child of the test process and stopped afterwards.
 *
 * PostgreSQL refuses to run as root, and CI runs as root: then the server runs as an ordinary user
 * (PG_TEST_USER, default `postgres`, which Debian's package creates; `.ci/run` makes sure one exists) through
 * `setpriv`. `--pdeathsig` ties the server to the test process: should the test process die, the server gets
 * SIGQUIT (immediate shutdown) at once, so no PostgreSQL outlives the tests.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

export interface PgTls {
  /** PEM files the server presents; readable by the server's user. */
  certFile: string
  keyFile: string
  /** Refuse every connection that is not TLS. */
  requireTls: boolean
}

export interface PgCluster {
  readonly host: '127.0.0.1'
  readonly port: number
  /** The folder holding the cluster and anything the test writes beside it (removed by destroy). */
  readonly dir: string
  /** The superuser's password (`postgres`). */
  readonly superPassword: string
  /** A connection URL as the superuser, to a database (default `postgres`). */
  superUrl(database?: string): string
  /** A URL for a role and password. */
  url(user: string, password: string, database: string): string
  createDatabase(name: string): Promise<void>
  /** fast: clients are disconnected and the server shuts down cleanly; immediate: like a crash. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>
  start(): Promise<void>
  /**
   * SIGSTOP to the postmaster and every backend: a server that answers nothing and refuses nothing (as behind
   * a cut cable; the kernel still accepts connections into the listen queue). thaw() sends SIGCONT.
   */
  freeze(): void
  thaw(): void
  readonly running: boolean
  /** Stops the server and removes its folder. */
  destroy(): Promise<void>
}

/** The folder of PostgreSQL's programs (initdb, postgres, createuser, createdb, psql). */
export function pgBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN
  const root = '/usr/lib/postgresql'
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a))
    if (versions[0]) return join(root, versions[0], 'bin')
  }
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim()
  } catch {
    throw new Error('PostgreSQL is not installed (Debian: apt-get install postgresql), or set PG_BIN.')
  }
}

interface RunAs {
  uid: number
  gid: number
  /** The command prefix that runs a program as that user and ties it to this process's life. */
  prefix: string[]
}

function runAs(): RunAs {
  const uid = process.getuid?.() ?? 0
  const tie = ['--pdeathsig', 'SIGQUIT']
  if (uid !== 0) return { uid, gid: process.getgid?.() ?? 0, prefix: ['setpriv', ...tie, '--'] }
  const user = process.env.PG_TEST_USER ?? 'postgres'
  let ids: string[]
  try {
    ids = execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim().split('\n')
  } catch {
    throw new Error(
      `PostgreSQL refuses to run as root and there is no user "${user}" to run it as: create one ` +
        '(useradd --system postgres) or set PG_TEST_USER.',
    )
  }
  const userId = Number(ids[0])
  const groupId = Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim())
  return {
    uid: userId,
    gid: groupId,
    prefix: ['setpriv', `--reuid=${userId}`, `--regid=${groupId}`, '--init-groups', ...tie, '--'],
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/** Hands a file or folder the test made to the server's user (a no-op unless running as root). */
export function giveToServer(path: string, mode?: number): void {
  const who = runAs()
  if ((process.getuid?.() ?? 0) === 0) chownSync(path, who.uid, who.gid)
  if (mode !== undefined) chmodSync(path, mode)
}

async function waitReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`PostgreSQL exited while starting:\n${log()}`)
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 })
    try {
      await client.connect()
      await client.query('SELECT 1')
      await client.end()
      return
    } catch {
      await client.end().catch(() => undefined)
    }
    if (Date.now() > deadline) throw new Error(`PostgreSQL did not start within 30 s:\n${log()}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

export async function startPgCluster(options: { tls?: PgTls; durable?: boolean } = {}): Promise<PgCluster> {
  const bin = pgBinDir()
  const who = runAs()
  const dir = mkdtempSync(join(tmpdir(), 'rd-pg-'))
  giveToServer(dir, 0o700)
  const data = join(dir, 'data')
  const superPassword = `super-${Math.random().toString(36).slice(2)}`
  const pwfile = join(dir, 'pw')
  writeFileSync(pwfile, superPassword)
  giveToServer(pwfile, 0o600)
  execFileSync(
    who.prefix[0] as string,
    [
      ...who.prefix.slice(1),
      join(bin, 'initdb'),
      '-D',
      data,
      '-U',
      'postgres',
      `--pwfile=${pwfile}`,
      '--auth-local=trust',
      '--auth-host=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
    ],
    { stdio: 'pipe' },
  )
  rmSync(pwfile)
  if (options.tls) {
    const hba = [
      'local all all trust',
      // The tests' administrator may connect without TLS; every other role must use it.
      ...(options.tls.requireTls
        ? ['host all postgres 127.0.0.1/32 scram-sha-256', 'hostnossl all all all reject']
        : []),
      'hostssl all all 127.0.0.1/32 scram-sha-256',
      'host all all 127.0.0.1/32 scram-sha-256',
    ]
    writeFileSync(join(data, 'pg_hba.conf'), `${hba.join('\n')}\n`)
    giveToServer(join(data, 'pg_hba.conf'), 0o600)
  }
  const port = await freePort()
  const logLines: string[] = []
  let child: ChildProcess | null = null
  const superUrl = (database = 'postgres') =>
    `postgres://postgres:${encodeURIComponent(superPassword)}@127.0.0.1:${port}/${database}`

  async function start(): Promise<void> {
    if (child) return
    const args = [
      join(bin, 'postgres'),
      '-D',
      data,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${dir}`,
      // A throwaway cluster: the machine does not crash under it, only the server does (immediate stop).
      // Benchmarks ask for a durable one, committing as a real head office does.
      ...(options.durable
        ? []
        : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
      '-c',
      'max_connections=60',
      ...(options.tls
        ? [
            '-c',
            'ssl=on',
            '-c',
            `ssl_cert_file=${options.tls.certFile}`,
            '-c',
            `ssl_key_file=${options.tls.keyFile}`,
          ]
        : []),
    ]
    const proc = spawn(who.prefix[0] as string, [...who.prefix.slice(1), ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const keep = (chunk: Buffer) => {
      logLines.push(chunk.toString())
      if (logLines.length > 200) logLines.shift()
    }
    proc.stdout?.on('data', keep)
    proc.stderr?.on('data', keep)
    child = proc
    proc.once('exit', () => {
      if (child === proc) child = null
    })
    await waitReady(superUrl(), proc, () => logLines.join(''))
  }

  let frozen: number[] = []

  /** The postmaster and its children (backends and helpers), from /proc. */
  function serverProcesses(postmaster: number): number[] {
    const children = readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .flatMap((d) => {
        try {
          // pid (comm) state ppid …: the name may hold spaces and parentheses, the last ')' ends it.
          const stat = readFileSync(`/proc/${d}/stat`, 'utf8')
          const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
          return ppid === postmaster ? [Number(d)] : []
        } catch {
          return []
        }
      })
    return [postmaster, ...children]
  }

  function freeze(): void {
    const postmaster = child?.pid
    if (postmaster === undefined) throw new Error('the server is not running')
    // The postmaster first: it forks no backend after.
    frozen = serverProcesses(postmaster)
    for (const pid of frozen) process.kill(pid, 'SIGSTOP')
  }

  function thaw(): void {
    for (const pid of [...frozen].reverse()) {
      try {
        process.kill(pid, 'SIGCONT')
      } catch {
        // gone meanwhile
      }
    }
    frozen = []
  }

  async function stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    const proc = child
    if (!proc) return
    // A frozen server would never act on the signal.
    thaw()
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()))
    // setpriv exec()s the server, so this is the postmaster itself.
    proc.kill(mode === 'fast' ? 'SIGINT' : 'SIGQUIT')
    await exited
    child = null
  }

  await start()
  const cluster: PgCluster = {
    host: '127.0.0.1',
    port,
    dir,
    superPassword,
    superUrl,
    url: (user, password, database) =>
      `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: superUrl() })
      await client.connect()
      try {
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`)
      } finally {
        await client.end()
      }
    },
    stop,
    start,
    freeze,
    thaw,
    get running() {
      return child !== null
    },
    async destroy() {
      await stop('fast')
      rmSync(dir, { recursive: true, force: true })
    },
  }
  return cluster
}

/**
 * A certificate authority and a server certificate signed by it, made with openssl in a folder: what a head
 * office's administrator does once. `names` go into the certificate's subjectAltName.
 */
export function makeTlsFiles(
  dir: string,
  names: { dns?: string[]; ip?: string[] } = { dns: ['localhost'], ip: ['127.0.0.1'] },
  prefix = 'server',
): { caFile: string; certFile: string; keyFile: string; caKeyFile: string } {
  mkdirSync(dir, { recursive: true })
  const f = (name: string) => join(dir, `${prefix}-${name}`)
  const run = (args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' })
  run([
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=Test Head Office CA',
    '-keyout',
    f('ca.key'),
    '-out',
    f('ca.crt'),
  ])
  run([
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=head-office',
    '-keyout',
    f('key.pem'),
    '-out',
    f('csr.pem'),
  ])
  const alt = [...(names.dns ?? []).map((d) => `DNS:${d}`), ...(names.ip ?? []).map((i) => `IP:${i}`)].join(
    ',',
  )
  writeFileSync(f('ext.cnf'), `subjectAltName=${alt}\n`)
  run([
    'x509',
    '-req',
    '-in',
    f('csr.pem'),
    '-CA',
    f('ca.crt'),
    '-CAkey',
    f('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    f('ext.cnf'),
    '-out',
    f('cert.pem'),
  ])
  return { caFile: f('ca.crt'), certFile: f('cert.pem'), keyFile: f('key.pem'), caKeyFile: f('ca.key') }
}
