/**
 * `npm run head-office -- <command>`: the head office administrator's commands.
 *
 *   migrate          --url URL                      apply the numbered migrations (src/head-office/migrations)
 *   create-terminal  --url URL --name NAME [--role ROLE] [--password-file FILE]
 *                                                   a terminal's login role; prints its password once
 *   status           --url URL [--json]             how far each terminal's journal has arrived (a table in
 *                                                   Africa/Tripoli time; --json for scripts, times in UTC)
 *
 * The URL is an administrator's (the schema's owner): postgres://user:password@host:5432/database, with
 * `?sslmode=verify-full&sslrootcert=ca.crt` for a server elsewhere: without it (or with a weaker sslmode) a
 * server not on this machine's loopback or Unix socket is refused before connecting (admin-url.ts).
 * HEADOFFICE_URL may give it instead of --url, which keeps the password out of the shell's history. The role must be allowed to create roles
 * (CREATEROLE): migrate and create-terminal say so, and what to run, when it is not.
 */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { createTerminal, terminalProgress } from './admin'
import { adminUrlRefusal } from './admin-url'
import { migrate, readerAdvice } from './schema'
import { formatStatus, statusJson } from './status'

const USAGE = `Usage: npm run head-office -- <command> [options]
  migrate          --url URL
  create-terminal  --url URL --name NAME [--role ROLE] [--password-file FILE]
  status           --url URL [--json]
(HEADOFFICE_URL may stand for --url. A server not on this machine needs ?sslmode=verify-full&sslrootcert=ca.crt.)`

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      'password-file': { type: 'string' },
      json: { type: 'boolean' },
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
  let client: pg.Client
  let refused: string | null
  try {
    client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 15_000 })
    refused = adminUrlRefusal(url, client.host)
  } catch (error) {
    // pg's own reading of the URL (the URL is not repeated: it holds the password).
    console.error(`The head office URL cannot be used: ${(error as Error).message}`)
    return 2
  }
  if (refused) {
    console.error(refused)
    return 2
  }
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
      const c = r.connect
      if (!c.readerMayConnect) console.log(readerAdvice(c))
      if (c.revokedNow)
        console.log(
          `Other roles of this PostgreSQL may no longer connect to ${c.database} (CONNECT revoked from PUBLIC): ` +
            `its owner ${c.owner}, its terminals and headoffice_reader may.`,
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
      if (t.receiptCode)
        console.log(
          `  receipt code: ${t.receiptCode}   (its live receipts are numbered ${t.receiptCode}-MMDD-NNNN)`,
        )
      if (!password)
        console.log(`  password: ${t.password}   (shown once: enter it on that desk, then forget it)`)
    } else {
      const progress = await terminalProgress(client)
      console.log(values.json ? statusJson(progress) : formatStatus(progress))
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
