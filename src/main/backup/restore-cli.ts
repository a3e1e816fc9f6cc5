/**
 * `npm run restore -- --backup FOLDER --to FOLDER [--passphrase-file FILE]`: a backup's databases, decrypted
 * and checked, into a folder (docs/manager.md, *Restoring a backup*). Runs on any PC with Node and this
 * repository: a backup made on a PC that is gone opens with the recovery passphrase alone.
 *
 *   --backup           the backup's folder (reseller-desk-backup-YYYYMMDD-HHMMSS)
 *   --to               where the databases go: the desk's data folder once its own files were moved aside, or
 *                      any empty folder (then copy the files in yourself)
 *   --passphrase-file  a file holding the recovery passphrase; without it the passphrase is asked for (not
 *                      shown as it is typed), or read from the first line of standard input
 *
 * Nothing is replaced: a database already in --to stops the restore before anything is written.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import { isEncrypted, RestoreError, readManifest, restoreBackup } from './restore'

const USAGE = 'Usage: npm run restore -- --backup FOLDER --to FOLDER [--passphrase-file FILE]'

/** The passphrase typed at a terminal, not echoed; or the first line piped in. */
async function askPassphrase(): Promise<string> {
  const stdin = process.stdin
  if (!stdin.isTTY) {
    const lines = createInterface({ input: stdin })
    for await (const line of lines) return line
    return ''
  }
  process.stderr.write('Recovery passphrase: ')
  stdin.setRawMode(true)
  stdin.resume()
  let typed = ''
  try {
    for await (const chunk of stdin) {
      for (const ch of String(chunk)) {
        if (ch === '\r' || ch === '\n') return typed
        if (ch === '\u0003') throw new RestoreError('Cancelled.')
        if (ch === '\u007f' || ch === '\b') typed = [...typed].slice(0, -1).join('')
        else typed += ch
      }
    }
    return typed
  } finally {
    stdin.setRawMode(false)
    stdin.pause()
    process.stderr.write('\n')
  }
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      backup: { type: 'string' },
      to: { type: 'string' },
      'passphrase-file': { type: 'string' },
      help: { type: 'boolean' },
    },
  })
  if (values.help) {
    console.log(USAGE)
    return 0
  }
  if (!values.backup || !values.to) {
    console.error(`--backup and --to are required.\n${USAGE}`)
    return 2
  }
  const backup = resolve(values.backup)
  const to = resolve(values.to)
  try {
    const manifest = await readManifest(backup)
    let passphrase: string | null = null
    if (isEncrypted(manifest)) {
      passphrase = values['passphrase-file']
        ? (readFileSync(values['passphrase-file'], 'utf8').split(/\r?\n/)[0] ?? '')
        : await askPassphrase()
    }
    const restored = await restoreBackup({ backup, to, passphrase })
    console.log(
      `Restored into ${restored.folder}: ${restored.files.join(', ')} (${
        restored.encrypted ? 'decrypted, ' : ''
      }each checked against the backup's manifest and by SQLite). Start Reseller Desk.`,
    )
    return 0
  } catch (error) {
    if (error instanceof RestoreError) {
      console.error(error.message)
      return 1
    }
    console.error(`The restore failed: ${(error as Error).message}`)
    return 1
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
