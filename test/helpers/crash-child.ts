/**
 * The crash test's child: a desk doing money work as fast as a few clerks can, until the parent kills it
 * with SIGKILL. Usage: node crash-child.mjs <dataDir> <sandboxBaseUrl>. Prints `ready` once it has looked
 * its customers up. Any rejection other than UNRESOLVED_DEPOSIT (which it resolves as a clerk would, by
 * re-sending the blocking deposit) is a bug: it is printed and the child exits with code 3.
 */
import { randomInt } from 'node:crypto'
import type { DeskHandlers } from '../../src/main/desk/handlers'
import { toAppErrorData } from '../../src/shared/errors'
import {
  buildCrashDesk,
  CRASH_CLERKS,
  CRASH_CUSTOMERS,
  CRASH_DENOMINATION_DIRHAMS,
  CRASH_DENOMINATION_ID,
} from './crash-world'

const [dataDir, baseUrl] = process.argv.slice(2)
if (!dataDir || !baseUrl) {
  process.stderr.write('usage: crash-child <dataDir> <sandboxBaseUrl>\n')
  process.exit(2)
}

// The parent holds our stdin open; if it dies without killing us, stop rather than spin on a dead sandbox.
process.stdin.on('close', () => process.exit(4))
process.stdin.resume()

const desk = buildCrashDesk(dataDir, baseUrl)
const as = { clerk: 'Crash Clerk' }

function fail(error: unknown): never {
  process.stderr.write(`crash-child: ${JSON.stringify(toAppErrorData(error))}\n`)
  process.exit(3)
}

async function depositOnce(h: DeskHandlers, customer: (typeof CRASH_CUSTOMERS)[number]): Promise<void> {
  try {
    await h.deposit(
      {
        phone: customer.phone,
        amountDirhams: randomInt(1_000, 5_000) * 10,
        confirmedFirstName: customer.name,
        confirmRepeat: true,
      },
      as,
    )
  } catch (error) {
    const { code, details } = toAppErrorData(error)
    if (code !== 'UNRESOLVED_DEPOSIT' || typeof details?.entryId !== 'string') throw error
    await h.retryDeposit({ entryId: details.entryId }, as)
  }
}

async function clerk(w: number): Promise<never> {
  const mine = CRASH_CUSTOMERS.filter((_, i) => i % CRASH_CLERKS === w)
  for (;;) {
    // A clerk told that an earlier voucher of the value has no known outcome sells another all the same.
    if (randomInt(4) === 0)
      await desk.handlers.generateVoucher(
        {
          denominationId: CRASH_DENOMINATION_ID,
          valueDirhams: CRASH_DENOMINATION_DIRHAMS,
          confirmOpenVoucher: true,
        },
        as,
      )
    else await depositOnce(desk.handlers, mine[randomInt(mine.length)] as (typeof mine)[number])
  }
}

try {
  await desk.start()
  await Promise.all([
    ...CRASH_CUSTOMERS.map((c) => desk.handlers.lookupCustomer({ phone: c.phone }, as)),
    desk.handlers.listDenominations({}, as),
  ])
} catch (error) {
  fail(error)
}
process.stdout.write('ready\n')
await Promise.all(Array.from({ length: CRASH_CLERKS }, (_, w) => clerk(w))).catch(fail)
