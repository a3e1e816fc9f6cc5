/**
 * `npm run headoffice -- <command>`: the head office administrator's commands.
 *
 *   migrate          --url URL                      apply the numbered migrations (src/headoffice/migrations)
 *   create-terminal  --url URL --name NAME [--role ROLE] [--password-file FILE]
 *                                                   a terminal's login role; prints its password once
 *   status           --url URL                      how far each terminal's journal has arrived
 *
 * The URL is an administrator's (the schema's owner): postgres://user:password@host:5432/database, with
 * `?sslmode=verify-full&sslrootcert=ca.crt` for a server elsewhere. HEADOFFICE_URL may give it instead of
 * --url, which keeps the password out of the shell's history.
 */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { createTerminal, terminalProgress } from './admin'
import { migrate } from './schema'

const USAGE = `Usage: npm run headoffice -- <command> [options]
  migrate          --url URL
  create-terminal  --url URL --name NAME [--role ROLE] [--password-file FILE]
  status           --url URL
(HEADOFFICE_URL may stand for --url.)`

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      'password-file': { type: 'string' },
      help: { type: 'boolean' },
    },
  })
  const command = positionals[0]
  if (values.help || !command) {
    console.log(USAGE)
    return command || values.help ? 0 : 2
  }
  if (!['migrate', 'create-terminal', 'status'].includes(command)) {
    console.error(`Unknown command "${command}".\n${USAGE}`)
    return 2
  }
  const url = values.url ?? process.env.HEADOFFICE_URL
  if (!url) {
    console.error(`--url (or HEADOFFICE_URL) is required.\n${USAGE}`)
    return 2
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 15_000 })
  try {
    await client.connect()
  } catch (error) {
    console.error(`Cannot connect to the head office database: ${(error as Error).message}`)
    return 1
  }
  try {
    if (command === 'migrate') {
      const r = await migrate(client)
      console.log(
        r.applied.length === 0
          ? `The head office schema is up to date (version ${r.to}).`
          : `Migrated from version ${r.from} to ${r.to}: ${r.applied.join(', ')}.`,
      )
    } else if (command === 'create-terminal') {
      if (!values.name) {
        console.error('--name is required: the terminal name set on the desk (Settings → Head office).')
        return 2
      }
      const password = values['password-file']
        ? readFileSync(values['password-file'], 'utf8').trim()
        : undefined
      const t = await createTerminal(client, {
        name: values.name,
        ...(values.role ? { role: values.role } : {}),
        ...(password ? { password } : {}),
      })
      console.log(`Terminal "${t.name}" created.`)
      console.log(`  role:     ${t.role}`)
      if (!password)
        console.log(`  password: ${t.password}   (shown once: enter it on that desk, then forget it)`)
    } else {
      const rows = await terminalProgress(client)
      if (rows.length === 0) console.log('No terminals yet (create-terminal).')
      for (const r of rows) {
        const gap = r.seqCount === r.lastSeq ? '' : `, ${r.lastSeq - r.seqCount} missing`
        console.log(
          `${r.terminal}: ${r.lastSeq} events${gap}, last received ${r.lastReceivedAt ?? 'never'}${r.deskId ? '' : ' (no desk yet)'}`,
        )
      }
    }
    return 0
  } catch (error) {
    console.error((error as Error).message)
    return 1
  } finally {
    await client.end().catch(() => undefined)
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    console.error(error)
    process.exitCode = 1
  },
)
