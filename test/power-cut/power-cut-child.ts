/**
 * The power-cut soak's child: a desk on the lazy file system, working as a shop does until its power goes.
 *
 * Usage: node power-cut-child.mjs setup|work <dataDir> <serviceUrl> <trainingUrl> <backupFolder> <pinChanges>
 * - setup: the first start (a manager, a clerk, the live service, the daily backup), then a clean stop;
 * - work: starts (printing `ready <mode>`), signs the manager in, then two sellers sell vouchers and make
 *   deposits while the manager saves settings, changes the clerk's PIN, backs up, closes the day (Z) and
 *   saves the service's password again, until the parent kills it (and cuts the power).
 * Every action prints `begin <kind> <n>` before it and `done <kind> <n>` once the desk has answered: what the
 * person at the counter was told. Any rejection a shop would not get is a bug: printed, exit code 3.
 */
import { randomInt } from 'node:crypto'
import { basename } from 'node:path'
import { toAppErrorData } from '../../src/shared/errors'
import {
  BACKUP_PASSPHRASE,
  BACKUPS_KEPT,
  buildPowerCutDesk,
  CLERK_NAME,
  CUSTOMERS,
  clerkPin,
  DENOMINATION_DIRHAMS,
  DENOMINATION_ID,
  MANAGER,
  SERVICE,
  settingsMark,
  settingsMarkNumber,
  signInManager,
  type WindowCall,
  windowOf,
} from './power-cut-world'

const [role, dataDir, serviceUrl, trainingUrl, backupFolder, pinChangesText] = process.argv.slice(2)
if (
  (role !== 'setup' && role !== 'work') ||
  !dataDir ||
  !serviceUrl ||
  !trainingUrl ||
  !backupFolder ||
  !pinChangesText
) {
  process.stderr.write(
    'usage: power-cut-child setup|work <dataDir> <serviceUrl> <trainingUrl> <backupFolder> <pinChanges>\n',
  )
  process.exit(2)
}

// The parent holds our stdin open; if it dies without killing us, stop.
process.stdin.on('close', () => process.exit(4))
process.stdin.resume()

function say(line: string): void {
  // A pipe's writes are synchronous on Linux: once written, the parent knows it even if we die next.
  process.stdout.write(`${line}\n`)
}

function fail(error: unknown): never {
  process.stderr.write(`power-cut-child: ${JSON.stringify(toAppErrorData(error))}\n`)
  process.exit(3)
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const desk = buildPowerCutDesk(dataDir, trainingUrl)

async function setup(call: WindowCall): Promise<void> {
  await call('createManager', MANAGER)
  await call('addClerk', { name: CLERK_NAME, pin: clerkPin(0) })
  await call('updateSettings', {
    connectTimeoutMs: 1000,
    answerTimeoutMs: 1000,
    redemptionHint: settingsMark(0),
    backup: { folder: backupFolder, daily: true, keep: BACKUPS_KEPT },
  })
  await call('setBackupPassphrase', { passphrase: BACKUP_PASSPHRASE })
  await call('configureService', { baseUrl: serviceUrl, ...SERVICE })
}

async function seller(call: WindowCall, w: number): Promise<never> {
  const mine = CUSTOMERS.filter((_, i) => i % 2 === w)
  for (let n = 1; ; n++) {
    if (randomInt(4) === 0) {
      say(`begin voucher ${w}.${n}`)
      // A clerk told that a voucher of the value has no known outcome sells another all the same.
      await call('generateVoucher', {
        denominationId: DENOMINATION_ID,
        valueDirhams: DENOMINATION_DIRHAMS,
        confirmOpenVoucher: true,
      })
      say(`done voucher ${w}.${n}`)
      continue
    }
    const customer = mine[randomInt(mine.length)] as (typeof mine)[number]
    const deposit = () =>
      call('deposit', {
        phone: customer.phone,
        amountDirhams: randomInt(1_000, 5_000) * 10,
        confirmedFirstName: customer.name,
        confirmRepeat: true,
      })
    say(`begin deposit ${w}.${n}`)
    for (let attempt = 1; ; attempt++) {
      try {
        await deposit()
        break
      } catch (error) {
        const { code, details } = toAppErrorData(error)
        if (code === 'LOOKUP_REQUIRED' && attempt < 3) {
          // The manager saved the service's settings again, which forgets the lookups: the clerk looks again.
          await call('lookupCustomer', { phone: customer.phone })
        } else if (code === 'UNRESOLVED_DEPOSIT' && typeof details?.entryId === 'string') {
          // An earlier deposit to this phone without an outcome: the clerk retries it safely, as asked.
          await call('retryDeposit', { entryId: details.entryId })
          break
        } else throw error
      }
    }
    say(`done deposit ${w}.${n}`)
  }
}

async function manager(call: WindowCall, clerkId: string, pinChanges: number): Promise<never> {
  const settings = await call('getSettings')
  let saves = settingsMarkNumber(settings.redemptionHint) ?? 0
  for (let n = 1; ; n++) {
    await pause(randomInt(10, 120))
    const kind = (['settings', 'pin', 'backup', 'z', 'service'] as const)[randomInt(5)]
    switch (kind) {
      case 'settings':
        saves++
        say(`begin settings ${saves}`)
        await call('updateSettings', { redemptionHint: settingsMark(saves) })
        say(`done settings ${saves}`)
        break
      case 'pin':
        pinChanges++
        say(`begin pin ${pinChanges}`)
        await call('updateClerk', { personId: clerkId, pin: clerkPin(pinChanges) })
        say(`done pin ${pinChanges}`)
        break
      case 'backup': {
        say(`begin backup ${n}`)
        // The backups folder is on the lazy file system beside the data: "same disk, I know", as a manager says.
        const made = await call('backupNow', { sameDisk: true })
        say(`done backup ${basename(made?.folder ?? '')}`)
        break
      }
      case 'z': {
        say(`begin z ${n}`)
        try {
          const report = await call('closeDay', {})
          say(`done z ${report.z?.number ?? 0}`)
        } catch (error) {
          if (toAppErrorData(error).code !== 'ALREADY_CLOSED') throw error
          say('done z 0')
        }
        break
      }
      case 'service':
        say(`begin service ${n}`)
        await call('configureService', { baseUrl: serviceUrl, ...SERVICE })
        say(`done service ${n}`)
        break
    }
  }
}

try {
  await desk.start()
  const call = windowOf(desk, 'counter')
  if (role === 'setup') {
    await setup(call)
    say('done setup')
    await desk.stop()
    process.exit(0)
  }
  say(`ready ${desk.workspace().mode}`)
  await signInManager(call)
  const { people } = await call('listPeople')
  const clerk = people.find((p) => p.name === CLERK_NAME)
  if (!clerk) throw new Error('the clerk is missing from people.sqlite')
  await Promise.all([
    ...CUSTOMERS.map((c) => call('lookupCustomer', { phone: c.phone })),
    call('listDenominations', {}),
  ])
  say('working')
  await Promise.all([seller(call, 0), seller(call, 1), manager(call, clerk.id, Number(pinChangesText))])
} catch (error) {
  fail(error)
}
