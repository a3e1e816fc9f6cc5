/**
 * The power-cut soak: a desk (its own process) works on the lazy file system against the sandbox (here, in
 * this process, outliving every cut); at a moment picked in turn during a deposit, a voucher sale, a settings
 * save, a PIN change, a backup, a Z, the service's password saved again, the daily backup or the start
 * itself, the desk is killed AND the power cut: everything it did not sync is undone. The folder is mounted
 * again (the PC starts), what is on the disk is checked, the desk started again, recovery and "Retry safely"
 * run, and the service's ledger is compared with the journal.
 *
 * What must hold after every cut (each failure is a violation, named with its cut):
 * - no credit at the service without its journal entry, already at the cut; none twice; after recovery every
 *   credit confirmed and every voucher the service made either issued or flagged, none sent twice;
 * - integrity_check ok on every database; settings.json, secrets.json and people.sqlite (the clerk's PIN)
 *   each the version before the change in flight or after it — and what the desk said was saved, saved;
 * - every backup in the folder complete and verified (a half-made one never under a backup's name), the last
 *   one the desk said it made among them;
 * - every Z the desk said it closed still there; the desk starting again in live mode, the mode it was in.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomInt } from 'node:crypto'
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { build } from 'esbuild'
import { verifyBackup } from '../../src/main/backup/restore'
import { LIVE_PASSWORD_SECRET } from '../../src/main/desk/live-account'
import { journalPath } from '../../src/main/journal/files'
import { integrityCheck } from '../../src/main/journal/open'
import { PEOPLE_FILE } from '../../src/main/people/feature'
import { verifyPin } from '../../src/main/people/pin'
import { startSandbox } from '../../src/sandbox/index'
import { deskSeed } from '../helpers/desk'
import { auditDeposits, auditVouchers, vouchersResentAfterAnOutcome } from '../helpers/money-audit'
import { type CutReport, LazyFs } from './lazy-fs'
import {
  BACKUP_PASSPHRASE,
  backupFolderOf,
  buildPowerCutDesk,
  CLERK_NAME,
  CUSTOMERS,
  clerkPin,
  dataDirOf,
  SERVICE,
  settingsMarkNumber,
  signInManager,
  windowOf,
} from './power-cut-world'

/** Where each cut lands, in turn. */
export const CUT_MOMENTS = [
  'deposit',
  'voucher',
  'settings',
  'pin',
  'backup',
  'z',
  'service',
  'daily',
  'start',
] as const
export type CutMoment = (typeof CUT_MOMENTS)[number]

/**
 * How long after the moment's `begin` line (`daily`: after `ready`; `start`: after the child was started)
 * the power goes, at random within: each range spans the whole of what that action writes on this machine.
 */
const CUT_AFTER_MS: Record<CutMoment, [number, number]> = {
  deposit: [0, 40],
  voucher: [0, 40],
  settings: [0, 10],
  pin: [0, 150],
  backup: [0, 600],
  z: [0, 20],
  service: [0, 60],
  daily: [0, 800],
  start: [0, 700],
}
const DAY_MS = 86_400_000

export interface SoakFigures {
  cuts: number
  cutsAt: Record<CutMoment, number>
  /** Cuts that kept a torn prefix of the newest unsynced write. */
  tornCuts: number
  /** What the cuts took away, summed: files whose bytes went back, name changes undone. */
  filesUndone: number
  namesUndone: number
  /** The name changes the cuts undid, by shape ("rename data/settings.json.<random>.tmp -> data/settings.json"). */
  namesUndoneByShape: Record<string, number>
  /** Cuts that found the action they aimed at under way (else the power went at the next moment it allowed). */
  landedMidAction: number
  /** Cuts while a backup was being written (daily or a manager's). */
  cutsDuringBackup: number
  pendingDepositsAtCut: number
  pendingVouchersAtCut: number
  /** Pending deposits whose `sent` mark was not on the disk at the cut, and of them those the service credited. */
  depositsWithoutSentMarkAtCut: number
  creditedWithoutSentMarkAtCut: number
  /** Credits at the service without a journal entry right after a cut (must stay 0). */
  creditsWithoutEntryAtCut: number
  /** After recovery, over the whole run. */
  credits: number
  receiptsLost: number
  doubleCredits: number
  vouchersCreated: number
  vouchersIssued: number
  vouchersFlagged: number
  vouchersUnflagged: number
  vouchersResent: number
  /** Vouchers the service refused with a 401 (expired token) and the desk posted again after a refresh. */
  vouchersRepostedAfter401: number
  integrityChecks: number
  integrityFailures: number
  /** Per file, after each cut: no change in flight (`same`), the one before (`old`) or after (`new`) a change
   * in flight, or anything else (`bad`: empty, torn, missing, or a change the desk said was saved, lost). */
  settings: { same: number; old: number; new: number; bad: number }
  secrets: { ok: number; bad: number }
  pin: { same: number; old: number; new: number; bad: number }
  backupsVerified: number
  backupsBad: number
  /** `.partial` folders a cut left (never read as backups). */
  partialBackupsLeft: number
  lastBackupKept: number
  lastBackupLost: number
  zKept: number
  zLost: number
  /** Starts of the desk: right after each cut (here, to recover), and the working desk's next start. */
  startsInLive: number
  startsInOtherMode: number
  /** The restarts right after a cut alone (one per cut). */
  restartsInLive: number
}

export interface SoakResult {
  figures: SoakFigures
  violations: string[]
  seconds: number
}

const outDir = fileURLToPath(new URL('../../test-output/power-cut/', import.meta.url))

async function bundleChild(): Promise<string> {
  mkdirSync(outDir, { recursive: true })
  const outfile = join(outDir, `power-cut-child-${process.pid}.mjs`)
  await build({
    entryPoints: [fileURLToPath(new URL('./power-cut-child.ts', import.meta.url))],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: true,
    external: ['better-sqlite3'],
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  })
  return outfile
}

function emptyFigures(): SoakFigures {
  return {
    cuts: 0,
    cutsAt: Object.fromEntries(CUT_MOMENTS.map((m) => [m, 0])) as Record<CutMoment, number>,
    tornCuts: 0,
    filesUndone: 0,
    namesUndone: 0,
    namesUndoneByShape: {},
    landedMidAction: 0,
    cutsDuringBackup: 0,
    pendingDepositsAtCut: 0,
    pendingVouchersAtCut: 0,
    depositsWithoutSentMarkAtCut: 0,
    creditedWithoutSentMarkAtCut: 0,
    creditsWithoutEntryAtCut: 0,
    credits: 0,
    receiptsLost: 0,
    doubleCredits: 0,
    vouchersCreated: 0,
    vouchersIssued: 0,
    vouchersFlagged: 0,
    vouchersUnflagged: 0,
    vouchersResent: 0,
    vouchersRepostedAfter401: 0,
    integrityChecks: 0,
    integrityFailures: 0,
    settings: { same: 0, old: 0, new: 0, bad: 0 },
    secrets: { ok: 0, bad: 0 },
    pin: { same: 0, old: 0, new: 0, bad: 0 },
    backupsVerified: 0,
    backupsBad: 0,
    partialBackupsLeft: 0,
    lastBackupKept: 0,
    lastBackupLost: 0,
    zKept: 0,
    zLost: 0,
    startsInLive: 0,
    startsInOtherMode: 0,
    restartsInLive: 0,
  }
}

/** What the desk said was done (kept across lives), and what it was doing when the power went. */
interface Told {
  settings: number
  pin: number
  backup: string | null
  z: number
}
interface InFlight {
  settings: number | null
  pin: number | null
  /** Whether the moment aimed at had begun when the power went. */
  landed: boolean
}

function syncFolder(path: string): void {
  const fd = openSync(path, 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

export async function runPowerCutSoak(options: {
  cuts: number
  log?: (line: string) => void
}): Promise<SoakResult> {
  const log = options.log ?? (() => {})
  const started = performance.now()
  const figures = emptyFigures()
  const violations: string[] = []
  const root = mkdtempSync(join(tmpdir(), 'power-cut-'))
  const childScript = await bundleChild()
  const sandbox = await startSandbox({ seed: deskSeed({ rate_limit_per_minute: 0 }) })
  // Training mode has a service of its own: a desk that fell back to training would not pass for a live one.
  const training = await startSandbox({ seed: deskSeed({ rate_limit_per_minute: 0 }) })
  for (const c of CUSTOMERS)
    sandbox.controls.upsertUser({ phone: c.phone, first_name: c.name, status: 'active' })
  let fs: LazyFs | null = null
  let live: ChildProcess | null = null
  const told: Told = { settings: 0, pin: 0, backup: null, z: 0 }

  /** The service's clock, ahead of real time: only ever moved forward. */
  let clockMs = 0
  const advanceClock = (ms: number) => {
    clockMs += ms
    sandbox.controls.setClockOffset(clockMs)
  }

  const mount = () => (fs as LazyFs).path
  const dataDir = () => dataDirOf(mount())
  const backups = () => backupFolderOf(mount())

  /** Starts a child; resolves once it exits, calling `onLine` for each line it prints. */
  function startChild(role: 'setup' | 'work', onLine: (line: string) => void) {
    const child = spawn(
      process.execPath,
      [childScript, role, dataDir(), sandbox.baseUrl, training.baseUrl, backups(), String(told.pin)],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    )
    live = child
    let stderr = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', onLine)
    const exited = new Promise<{ how: NodeJS.Signals | number | null; stderr: string }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ how: signal ?? code, stderr })),
    )
    return { child, exited }
  }

  async function powerCut(): Promise<CutReport> {
    const torn = randomInt(2) === 0 ? 0 : randomInt(1, 9)
    const report = await (fs as LazyFs).cut(torn)
    if (report.tornSectorsKept > 0) figures.tornCuts++
    figures.filesUndone += report.filesUndone
    figures.namesUndone += report.namesUndone
    for (const name of report.names) {
      // Counted by shape: the same change in every backup or every temp file is one line.
      const shape = name
        .replace(/reseller-desk-backup-[\d-]+/g, '<backup>')
        .replace(/\.[0-9a-f]{8}\.tmp/g, '.<random>.tmp')
        .replace(/^(\w+) \d+-/, '$1 ')
      figures.namesUndoneByShape[shape] = (figures.namesUndoneByShape[shape] ?? 0) + 1
    }
    fs = await LazyFs.mount(root)
    return report
  }

  /** One life of the desk: started, killed at the moment aimed at. What it said it did goes into `told`. */
  async function liveUntilCut(moment: CutMoment, cut: number): Promise<InFlight> {
    // Backups of earlier lives may be pruned by the daily ones since: the last one said made in this life is
    // the one that must be there.
    told.backup = null
    const inFlight: InFlight = { settings: null, pin: null, landed: false }
    let armed = false
    let passing: NodeJS.Timeout | null = null
    let hoursPassed = 0
    let depositsToGo = 2
    let fire: (() => void) | null = null
    const aimed = new Promise<void>((resolve) => {
      fire = resolve
    })
    const arm = () => {
      if (armed) return
      armed = true
      const [min, max] = CUT_AFTER_MS[moment]
      setTimeout(() => fire?.(), randomInt(min, max + 1))
    }
    const { child, exited } = startChild('work', (line) => {
      const [what, kind, value = ''] = line.split(' ')
      if (what === 'working' && moment === 'deposit') {
        // Hours pass while the desk works, every 150 ms. 20 (every other deposit cut): its token is due for a
        // refresh once an answer tells the desk the time, so a deposit then fetches one first and writes its
        // `sent` mark without a sync of its own — the mark a cut may take (docs/journal.md). 25: the token has
        // run out; the next post is refused with a 401 and repeated once after a refresh.
        const hours = cut % 2 === 0 ? 20 : 25
        passing = setInterval(() => {
          advanceClock(hours * 3_600_000)
          hoursPassed++
        }, 150)
        return
      }
      if (what === 'ready') {
        if (kind === 'live') figures.startsInLive++
        else {
          figures.startsInOtherMode++
          violations.push(`cut ${cut}: the desk started in ${kind} mode, not live`)
        }
        if (moment === 'daily') {
          inFlight.landed = true
          arm()
        }
        return
      }
      if (what === 'begin') {
        if (kind === 'settings') inFlight.settings = Number(value)
        if (kind === 'pin') inFlight.pin = Number(value)
        // A deposit cut aims at the second deposit begun after hours passed a third time.
        if (kind === moment && (moment !== 'deposit' || (hoursPassed >= 3 && --depositsToGo <= 0))) {
          inFlight.landed = true
          arm()
        }
        return
      }
      if (what !== 'done') return
      if (kind === 'settings') {
        told.settings = Number(value)
        inFlight.settings = null
      } else if (kind === 'pin') {
        told.pin = Number(value)
        inFlight.pin = null
      } else if (kind === 'backup') told.backup = value
      else if (kind === 'z' && Number(value) > 0) told.z = Number(value)
    })
    if (moment === 'start') {
      inFlight.landed = true
      arm()
    }
    // The moment aimed at may not come (an action the manager did not pick this time): the power goes anyway.
    const fallback = setTimeout(() => fire?.(), 6_000)
    const ended = await Promise.race([aimed.then(() => null), exited])
    clearTimeout(fallback)
    if (passing) clearInterval(passing)
    if (ended) {
      violations.push(`cut ${cut}: the desk stopped by itself (${String(ended.how)}): ${ended.stderr.trim()}`)
    } else {
      // A backup being written right now (its folder not yet under its name): the cut lands in it.
      if (readdirSync(backups()).some((name) => name.endsWith('.partial'))) figures.cutsDuringBackup++
      child.kill('SIGKILL')
      await exited
    }
    live = null
    return inFlight
  }

  function checkDatabase(path: string, cut: number, what: string): void {
    if (!existsSync(path)) return
    figures.integrityChecks++
    const result = integrityCheck(path)
    if (result !== 'ok') {
      figures.integrityFailures++
      violations.push(`cut ${cut}: ${what} failed integrity_check: ${result}`)
    }
  }

  /** The disk as the cut left it, before anything starts on it. */
  async function checkDisk(cut: number, inFlight: InFlight): Promise<void> {
    const dir = dataDir()
    // Settings: the save before the one in flight, or that one; parsed whole, live as it was.
    try {
      const settings = JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')) as Record<string, unknown>
      const mark = settingsMarkNumber(settings.redemptionHint)
      const live = settings.live as { baseUrl?: string } | null
      if (settings.mode !== 'live' || live?.baseUrl === undefined)
        throw new Error(`not live: ${settings.mode}`)
      if (mark === told.settings) figures.settings[inFlight.settings === null ? 'same' : 'old']++
      else if (mark !== null && mark === inFlight.settings) figures.settings.new++
      else
        throw new Error(`save ${mark} where ${told.settings} was said saved (${inFlight.settings} in flight)`)
      if (mark !== null) told.settings = mark
    } catch (error) {
      figures.settings.bad++
      violations.push(`cut ${cut}: settings.json: ${error instanceof Error ? error.message : String(error)}`)
    }
    try {
      const secrets = JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')) as Record<string, string>
      if (secrets[LIVE_PASSWORD_SECRET] !== SERVICE.password) throw new Error('the password is not there')
      figures.secrets.ok++
    } catch (error) {
      figures.secrets.bad++
      violations.push(`cut ${cut}: secrets.json: ${error instanceof Error ? error.message : String(error)}`)
    }
    // People: intact, and the clerk's PIN the one before the change in flight or after it.
    checkDatabase(join(dir, PEOPLE_FILE), cut, PEOPLE_FILE)
    try {
      const db = new Database(join(dir, PEOPLE_FILE), { readonly: true, fileMustExist: true })
      let hash: string
      try {
        hash =
          (db.prepare('SELECT pin_hash FROM people WHERE name = ?').pluck().get(CLERK_NAME) as string) ?? ''
      } finally {
        db.close()
      }
      if (await verifyPin(clerkPin(told.pin), hash)) figures.pin[inFlight.pin === null ? 'same' : 'old']++
      else if (inFlight.pin !== null && (await verifyPin(clerkPin(inFlight.pin), hash))) {
        figures.pin.new++
        told.pin = inFlight.pin
      } else throw new Error(`the clerk's PIN is neither change ${told.pin} nor ${inFlight.pin}`)
    } catch (error) {
      figures.pin.bad++
      violations.push(`cut ${cut}: ${PEOPLE_FILE}: ${error instanceof Error ? error.message : String(error)}`)
    }
    for (const mode of ['live', 'training'] as const)
      checkDatabase(journalPath(dir, mode), cut, `journal-${mode}`)

    // Backups: each one under a backup's name complete and verified; the last one the desk made among them.
    const names = existsSync(backups()) ? readdirSync(backups()) : []
    for (const name of names) {
      if (name.endsWith('.partial')) {
        figures.partialBackupsLeft++
        continue
      }
      const folder = join(backups(), name)
      const verdict = await verifyBackup(folder, BACKUP_PASSPHRASE).catch((error: unknown) => ({
        ok: false,
        problems: [error instanceof Error ? error.message : String(error)],
      }))
      figures.integrityChecks++
      if (verdict.ok) figures.backupsVerified++
      else {
        figures.backupsBad++
        violations.push(`cut ${cut}: backup ${name} is not whole: ${verdict.problems.join('; ')}`)
      }
    }
    if (told.backup !== null) {
      if (names.includes(told.backup)) figures.lastBackupKept++
      else {
        figures.lastBackupLost++
        violations.push(`cut ${cut}: backup ${told.backup}, said made, is gone`)
      }
    }
  }

  /** What the journal held at the cut, read before anything recovers. */
  function checkJournalAtCut(cut: number): void {
    const path = journalPath(dataDir(), 'live')
    const ledger = sandbox.controls.ledger()
    let ids = new Set<string>()
    if (existsSync(path)) {
      const db = new Database(path, { readonly: true, fileMustExist: true })
      try {
        const pending = db
          .prepare(
            `SELECT kind, external_transaction_id AS ext,
               (SELECT count(*) FROM entry_events v WHERE v.entry_id = e.id AND v.type = 'sent') AS sent
             FROM entries e WHERE status = 'pending'`,
          )
          .all() as { kind: string; ext: string | null; sent: number }[]
        const deposits = pending.filter((p) => p.kind === 'deposit')
        figures.pendingDepositsAtCut += deposits.length
        figures.pendingVouchersAtCut += pending.length - deposits.length
        // A deposit's `sent` mark is written unsynced when a token had to be fetched first (docs/journal.md):
        // the cut may take it, and the deposit may have gone through all the same.
        const credited = new Set(ledger.deposits.map((d) => d.external_transaction_id))
        const unmarked = deposits.filter((d) => d.sent === 0)
        figures.depositsWithoutSentMarkAtCut += unmarked.length
        figures.creditedWithoutSentMarkAtCut += unmarked.filter((d) => credited.has(d.ext as string)).length
        ids = new Set(
          db
            .prepare("SELECT external_transaction_id FROM entries WHERE kind = 'deposit'")
            .pluck()
            .all() as string[],
        )
        if (told.z > 0) {
          const z = db.prepare('SELECT max(number) FROM z_reports').pluck().get() as number | null
          if ((z ?? 0) >= told.z) figures.zKept++
          else {
            figures.zLost++
            violations.push(`cut ${cut}: Z ${told.z}, said closed, is gone (last: ${z})`)
          }
        }
      } finally {
        db.close()
      }
    }
    const orphans = ledger.deposits.filter((d) => !ids.has(d.external_transaction_id))
    figures.creditsWithoutEntryAtCut += orphans.length
    if (orphans.length > 0)
      violations.push(`cut ${cut}: ${orphans.length} credits without an entry at the cut`)
  }

  /** The desk started again on the disk the cut left, recovered, and reconciled with the service. */
  async function restartAndReconcile(cut: number): Promise<void> {
    sandbox.controls.clearFaults()
    const desk = buildPowerCutDesk(dataDir(), training.baseUrl)
    await desk.start()
    try {
      if (desk.workspace().mode !== 'live') {
        figures.startsInOtherMode++
        violations.push(
          `cut ${cut}: the desk started in ${desk.workspace().mode} mode after the cut, not live`,
        )
        return
      }
      figures.startsInLive++
      figures.restartsInLive++
      const call = windowOf(desk, 'after-the-cut')
      await signInManager(call)
      await desk.recovery.idle()
      for (let round = 0; round < 10; round++) {
        await call('recoverNow', {})
        const open = desk.workspace().journal.listOpen('deposit')
        if (open.length === 0) break
        for (const entry of open) await call('retryDeposit', { entryId: entry.id })
      }
      const journal = desk.workspace().journal
      const ledger = sandbox.controls.ledger()
      const deposits = auditDeposits(journal, ledger)
      const vouchers = auditVouchers(journal, ledger)
      const resent = vouchersResentAfterAnOutcome(journal)
      const problems: [string, unknown[] | boolean][] = [
        ['credits without an entry', deposits.creditsWithoutEntry],
        ['double credits', deposits.duplicateCredits],
        ['credits not confirmed', deposits.creditsNotConfirmed],
        ['confirmed without a credit', deposits.confirmedWithoutCredit],
        ['credits differing from their entry', deposits.mismatches],
        ['deposits still open', deposits.open > 0],
        ['vouchers still pending', vouchers.pending > 0],
        ['unknown vouchers not flagged', vouchers.unknownNotFlagged],
        ['issued vouchers the service does not hold', vouchers.issuedNotInLedger],
        ['vouchers sent again after an outcome', resent],
        [
          'vouchers made without an issued or flagged entry',
          vouchers.createdWithoutIssued > vouchers.unknown,
        ],
      ]
      for (const [what, found] of problems) {
        if (Array.isArray(found) ? found.length > 0 : found) {
          violations.push(
            `cut ${cut}, after recovery: ${what}${Array.isArray(found) ? `: ${found.join(', ')}` : ''}`,
          )
        }
      }
      Object.assign(figures, {
        credits: deposits.credits,
        receiptsLost: deposits.creditsWithoutEntry.length,
        doubleCredits: deposits.duplicateCredits.length,
        vouchersCreated: vouchers.created,
        vouchersIssued: vouchers.issued,
        vouchersFlagged: vouchers.unknown - vouchers.unknownNotFlagged.length,
        vouchersUnflagged:
          vouchers.unknownNotFlagged.length + Math.max(0, vouchers.createdWithoutIssued - vouchers.unknown),
        vouchersResent: resent.length,
        vouchersRepostedAfter401: vouchers.sentMoreThanOnce.length - resent.length,
      })
    } finally {
      await desk.stop()
    }
    for (const mode of ['live', 'training'] as const)
      checkDatabase(journalPath(dataDir(), mode), cut, `journal-${mode} after recovery`)
  }

  try {
    fs = await LazyFs.mount(root)
    // The PC as installed: its folders exist and are on the disk.
    mkdirSync(dataDir())
    mkdirSync(backups())
    syncFolder(mount())

    // The first start (setup), a clean stop, then the first cut: what setup said it saved must be there.
    const setup = startChild('setup', () => {})
    const { how, stderr } = await setup.exited
    if (how !== 0) throw new Error(`the setup did not finish (${String(how)}): ${stderr}`)
    await powerCut()
    await checkDisk(0, { settings: null, pin: null, landed: true })

    for (let cut = 1; cut <= options.cuts; cut++) {
      const moment = CUT_MOMENTS[(cut - 1) % CUT_MOMENTS.length] as CutMoment
      // A new business day at every start: the daily backup runs within a moment of it, and the day has a Z.
      advanceClock(DAY_MS)
      sandbox.controls.setFaults([
        { method: 'POST', path: '/deposit', action: 'drop-after-commit', delay_ms: 5, probability: 0.05 },
        {
          method: 'POST',
          path: '/vouchers/generate',
          action: 'drop-after-commit',
          delay_ms: 5,
          probability: 0.05,
        },
        { method: 'POST', path: '/deposit', action: 'delay', delay_ms: randomInt(5, 40), probability: 0.5 },
        {
          method: 'POST',
          path: '/vouchers/generate',
          action: 'delay',
          delay_ms: randomInt(5, 40),
          probability: 0.5,
        },
        { method: 'POST', path: '/token', action: 'delay', delay_ms: randomInt(5, 40), probability: 0.5 },
      ])
      const inFlight = await liveUntilCut(moment, cut)
      const report = await powerCut()
      figures.cuts++
      figures.cutsAt[moment]++
      if (inFlight.landed) figures.landedMidAction++
      await checkDisk(cut, inFlight)
      checkJournalAtCut(cut)
      await restartAndReconcile(cut)
      log(
        `cut ${cut} (${moment}${inFlight.landed ? '' : ', missed'}): undid ${report.filesUndone} files, ` +
          `${report.namesUndone} names${report.tornSectorsKept ? `, torn ${report.tornSectorsKept} sectors` : ''}; ` +
          `${violations.length} violations so far`,
      )
    }
  } finally {
    const running = live as ChildProcess | null
    if (running && running.exitCode === null && running.signalCode === null) running.kill('SIGKILL')
    await fs?.unmount().catch(() => undefined)
    await sandbox.close()
    await training.close()
    rmSync(root, { recursive: true, force: true })
    rmSync(childScript, { force: true })
  }
  return { figures, violations, seconds: Math.round((performance.now() - started) / 1000) }
}

/** The figures, as the soak prints them. */
export function describeSoak({ figures: f, violations, seconds }: SoakResult): string {
  const at = CUT_MOMENTS.map((m) => `${m} ${f.cutsAt[m]}`).join(', ')
  return [
    `[power-cut] ${f.cuts} power cuts in ${seconds} s (${at}); ${f.landedMidAction} landed during the action aimed at, ${f.cutsDuringBackup} while a backup was being written, ${f.tornCuts} tore a write; the cuts undid ${f.filesUndone} files' unsynced bytes and ${f.namesUndone} unsynced names`,
    `  names undone most often: ${Object.entries(f.namesUndoneByShape)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([shape, n]) => `${shape} (${n})`)
      .join('; ')}`,
    `  money: ${f.credits} credits, ${f.receiptsLost} lost receipts, ${f.doubleCredits} double credits, ${f.creditsWithoutEntryAtCut} credits without an entry at a cut (${f.pendingDepositsAtCut} deposits and ${f.pendingVouchersAtCut} vouchers pending at the cuts; ${f.depositsWithoutSentMarkAtCut} deposits without their sent mark, ${f.creditedWithoutSentMarkAtCut} of them credited); vouchers: ${f.vouchersCreated} made by the service, ${f.vouchersIssued} issued, ${f.vouchersFlagged} flagged, ${f.vouchersUnflagged} unflagged, ${f.vouchersResent} re-sent (${f.vouchersRepostedAfter401} posted again after a 401)`,
    `  databases: ${f.integrityChecks - f.integrityFailures} of ${f.integrityChecks} integrity checks ok`,
    `  files: settings.json same ${f.settings.same}, old ${f.settings.old}, new ${f.settings.new}, bad ${f.settings.bad}; secrets.json ok ${f.secrets.ok}, bad ${f.secrets.bad}; people.sqlite PIN same ${f.pin.same}, old ${f.pin.old}, new ${f.pin.new}, bad ${f.pin.bad}`,
    `  backups: ${f.backupsVerified} verified, ${f.backupsBad} not whole, ${f.partialBackupsLeft} half-made left as .partial; the last one made kept ${f.lastBackupKept}, lost ${f.lastBackupLost}; Z reports kept ${f.zKept}, lost ${f.zLost}`,
    `  starts: ${f.startsInLive} in live mode (${f.restartsInLive} of them right after a cut), ${f.startsInOtherMode} in another`,
    `  violations: ${violations.length}${violations.length ? `\n    ${violations.slice(0, 40).join('\n    ')}` : ''}`,
  ].join('\n')
}
