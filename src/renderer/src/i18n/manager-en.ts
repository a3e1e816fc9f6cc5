import { isolated } from '../../../shared/bidi-text'
import { LATE_OUTCOME_WORDS } from '../../../shared/late-outcome-words'
import type { Role } from '../../../shared/people'
import type { ExportFormat, ReportType } from '../../../shared/reports'
import type { EntryKind, ResolutionOutcome } from '../../../shared/types'
import { plural } from './plural'

/** The manager tools' texts in English, the reference for manager-ar.ts (a missing key is a compile error). */
export const managerEn = {
  role: { manager: 'Manager', clerk: 'Clerk' } satisfies Record<Role, string>,
  session: {
    signInTitle: 'Sign in',
    whoAreYou: 'Who is working?',
    pin: 'PIN',
    pinPad: 'PIN pad',
    clear: 'Clear',
    backspace: 'Delete last digit',
    signIn: 'Sign in',
    signingIn: 'Checking…',
    signOut: 'Sign out',
    lockedIdle: (minutes: number) =>
      `Locked after ${plural('en', minutes, { one: '1 minute', other: '# minutes' })} without activity. Sign in again.`,
    wrongPin: (name: string) =>
      `Wrong PIN for ${name}. If you are ${name}, type it again carefully; if not, choose your own name.`,
    chooseFirst: 'Choose your name first (arrow keys, Space or a click): the PIN was not tried for anyone.',
    wait: (seconds: number) =>
      `Too many wrong PINs: wait ${plural('en', seconds, { one: '1 second', other: '# seconds' })} before the next try.`,
    notTried: (seconds: number) =>
      `That PIN was not tried: the wait after wrong PINs is not over. Type it again in ${plural('en', seconds, { one: '1 second', other: '# seconds' })}.`,
    tryNow: 'The wait is over: type your PIN.',
    tryTyped: 'The wait is over: press Enter to try the PIN typed.',
    typeToPin: 'Choose your name, then type your PIN.',
    noPeople: 'Nobody can sign in on this PC. Restore the people file from a backup (see the manager guide).',
    setupBannerTitle: 'No manager is set up on this PC',
    setupBanner:
      'Anyone can use every function, including settings and reports. Set up a manager to require sign-in.',
    setupNow: 'Set up the manager',
    setupTitle: 'Set up the manager',
    setupIntro:
      'The manager adds clerks, sees reports and changes settings. From now on everyone signs in with a PIN, and every sale records who made it.',
    name: 'Name',
    nameMissing: 'Type the manager’s name.',
    newPin: 'PIN (4 to 12 digits)',
    pinAgain: 'PIN again',
    pinHint: 'Digits only. Keep it to yourself.',
    pinShort: '4 to 12 digits.',
    pinDigits: 'Digits only.',
    pinMismatch: 'The two PINs differ.',
    create: 'Create the manager and sign in',
    later: 'Later',
  },
  managerScreen: {
    title: 'Manager',
    tabs: { reports: 'Reports', people: 'People', backup: 'Backup' },
  },
  reports: {
    period: 'Period',
    from: 'From',
    to: 'To',
    show: 'Show report',
    today: 'Today',
    x: 'X report (shift so far)',
    closeDay: 'Close the day (Z)',
    closeConfirmTitle: 'Close today with a Z report?',
    closeConfirm:
      'The Z report is numbered and kept. Sales made after it go into the next Z. Close the day only at the end of business.',
    closeOpenEntries: (n: number) =>
      `${plural('en', n, { one: '1 entry', other: '# entries' })} in it still ${n === 1 ? 'needs' : 'need'} a person (outcome unknown or flagged). The Z keeps them as they are now. An unknown outcome found later is shown on the next X and counted by the next Z, under “${LATE_OUTCOME_WORDS.en.title}”; resolved before closing, it is in this Z.`,
    closeYes: 'Yes, close the day',
    /** Said beside the button once the day is closed, with the focus. */
    dayClosed: (n: number) => `The day is closed: Z report no. ${n}.`,
    /** With the chain chosen as the scope: the X and the Z are still this PC's alone (docs/manager.md). */
    thisPc: {
      x: 'X report of this PC (shift so far)',
      closeDay: 'Close the day on this PC (Z)',
      closeConfirmTitle: 'Close today on this PC with a Z report?',
      zList: 'Z reports of this PC',
      closeOnlyHere: 'This Z closes this PC only: each counter closes its own day.',
    },
    zList: 'Z reports',
    zNone: 'No day has been closed yet.',
    zNumber: 'No.',
    zClosed: 'Closed',
    zSales: 'Sales',
    voucherValue: 'Voucher value',
    view: 'View',
    print: 'Print on the receipt printer',
    printed: (printer: string) => `Printed on ${printer}.`,
    title: {
      day: 'Daily report',
      range: 'Report for a period',
      x: 'X report (shift so far)',
      z: 'Z report',
    } satisfies Record<ReportType, string>,
    zTitle: (n: number, part: number) => `Z report no. ${n}${part > 1 ? ` (part ${part} of the day)` : ''}`,
    modeTraining: 'TRAINING — not real money',
    modeLive: 'Live',
    generated: (time: string, by: string) => `Made ${time}${by ? ` by ${by}` : ''}`,
    closed: (time: string, by: string) => `Closed ${time}${by ? ` by ${by}` : ''}`,
    sales: 'Sales (issued vouchers and confirmed deposits)',
    entries: (n: number) => plural('en', n, { one: '1 entry in all', other: '# entries in all' }),
    byKind: 'By kind',
    byValue: 'Vouchers by value',
    byClerk: 'By clerk',
    kind: { voucher: 'Vouchers', deposit: 'Deposits' } satisfies Record<EntryKind, string>,
    done: 'Completed',
    failed: 'Failed',
    open: 'Outcome unknown',
    count: 'Count',
    value: 'Value',
    clerk: 'Clerk',
    noClerk: '(before sign-in was set up)',
    total: 'Total',
    failedList: 'Failed entries',
    attentionList: 'Needs attention',
    late: LATE_OUTCOME_WORDS.en,
    none: 'None.',
    more: (n: number) =>
      plural('en', n, { one: '… and 1 more (see the exports).', other: '… and # more (see the exports).' }),
    exportTitle: 'Export this period',
    exportWholeDayTitle: 'Export the whole day',
    /** With an X or a Z on screen: the files are the day's, not that report's part of it. */
    exportWholeDay: {
      x: 'The files hold every entry of the day, not only those since the last Z.',
      z: 'The files hold every entry of the day, not only those of this Z. The Z itself is printed or shown here.',
    },
    exportHint: 'Files open in Excel with Arabic intact. Amounts have 3 decimals; dates are ISO.',
    format: { csv: 'CSV', xlsx: 'Excel (XLSX)', pdf: 'PDF' } satisfies Record<ExportFormat, string>,
    exporting: (done: number, total: number) =>
      `Writing… ${done} of ${plural('en', total, { one: '1 entry', other: '# entries' })}`,
    noPrinter: 'No receipt printer is set up. Choose one in Settings, or export the report as PDF.',
    reason: 'Reason',
    columns: {
      time: 'Time',
      kind: 'Kind',
      status: 'Status',
      amount: 'Amount',
      clerk: 'Clerk',
      who: 'Phone / serial',
    },
    exported: 'Saved:',
    exportProgress: 'Export progress',
  },
  people: {
    title: 'People',
    name: 'Name',
    nameMissing: 'Type the person’s name.',
    role: 'Role',
    status: 'Status',
    active: 'Active',
    inactive: 'Deactivated',
    actions: 'Actions',
    add: 'Add a person',
    addButton: 'Add',
    added: (name: string) => `${name} can now sign in.`,
    rename: 'Rename',
    resetPin: 'New PIN',
    deactivate: 'Deactivate',
    deactivateQuestion: (name: string) =>
      `Deactivate ${isolated(name)}? They can no longer sign in, and are signed out now if signed in.`,
    reactivate: 'Reactivate',
    save: 'Save',
    saved: 'Saved.',
    cancel: 'Cancel',
    you: '(you)',
    rulesTitle: 'Sign-in and reprints',
    autoLock: 'Lock the screen after this many idle minutes',
    reprintWindow: 'Clerks may reprint a receipt for this many minutes after the sale',
    replayReveal: 'A repeated sale shows its whole code again for this many minutes',
    replayRevealHint:
      'Only at the window that made the sale and to the same sign-in (a double click, a lost answer); 0: never.',
    minutesRange: (min: number, max: number) => `${min} – ${max}`,
  },
  backup: {
    title: 'Backup',
    intro:
      'A backup is a checked copy of the journals and the people file. Keep it on another disk or a USB stick; the manager guide explains how to restore it.',
    folder: 'Backup folder',
    folderHint: 'A full path, for example',
    daily: 'Make a backup every day while the app runs',
    keep: 'Backups to keep',
    save: 'Save backup settings',
    saved: 'Saved.',
    now: 'Back up now',
    sameDiskKnown: 'Same disk, I know: back up into this folder anyway',
    working: 'Backing up…',
    done: 'Backup made and checked:',
    dailyMade: (time: string) => `Today's daily backup was made at ${time}:`,
    dailyFailed: (time: string) =>
      `The daily backup failed at ${time}. Check the folder (a USB stick not plugged in, a network folder not reached), then use Back up now. The desk tries again every 30 minutes.`,
    file: 'File',
    size: 'Size',
    pruned: (n: number) =>
      plural('en', n, { one: '1 older backup was removed.', other: '# older backups were removed.' }),
    encrypted: 'Encrypted: it opens only with the recovery passphrase.',
    plainMade: 'Plain: not encrypted. Keep it where nobody else can read it.',
    plain: 'Make plain backups (not encrypted)',
    plainWarning:
      'A plain backup holds every whole voucher code sold and the PIN hashes, readable by anyone who gets the folder or the USB stick. Use it only if you cannot keep a passphrase.',
    passphraseTitle: 'Recovery passphrase',
    passphraseIntro:
      'Backups are encrypted. The passphrase opens them, on this PC or a new one: write it down and keep it away from this PC. Nobody can recover a backup without it.',
    passphraseSetAt: (time: string) => `A passphrase was set on ${time}. Backups are made with it.`,
    passphraseNone: 'No passphrase is set yet: no encrypted backup can be made.',
    passphraseUnavailable:
      'This PC offers no safe place for the backup key: only plain backups can be made here.',
    passphrase: 'New passphrase (at least 12 characters)',
    passphraseHint: 'Four or five unrelated words are easy to write down and hard to guess.',
    passphraseAgain: 'New passphrase again',
    passphraseShort: 'At least 12 characters.',
    passphraseMismatch: 'The two passphrases differ.',
    passphraseSave: 'Set the passphrase',
    passphraseReplace: 'Set a new passphrase',
    passphraseWorking: 'Setting…',
    passphraseDone:
      'Set. Write it down now. Backups made from now on open with it; older ones with the passphrase of their time.',
  },
  resolve: {
    title: 'Resolve after checking with the provider',
    voucherIntro:
      'Ask the provider whether this voucher was created. If it was, type its code and serial as they report them.',
    depositIntro:
      'Ask the provider whether this deposit arrived. If it did, type its provider transaction ID; if not, mark it not made.',
    outcome: {
      issued: 'Issued',
      'not-issued': 'Not issued',
      confirmed: 'Arrived',
      'not-made': 'Not made',
    } satisfies Record<ResolutionOutcome, string>,
    code: 'Voucher code',
    codeAgain: 'Voucher code again',
    serial: 'Serial number',
    serialAgain: 'Serial number again',
    digitsHint: (n: number) => `${n} digits, as the provider reads them.`,
    typedTwiceHint: 'Typed a second time, to be sure.',
    digitsCount: (typed: number, wanted: number) => `${typed} of ${wanted} digits.`,
    differ: 'The two differ. Type both again.',
    /** What main refused at a field of the form, said at that field. */
    refused: {
      code: 'This voucher code is already recorded on another entry: a code belongs to one voucher. Check it against the provider’s record.',
      serialNumber:
        'This serial number is already recorded on another entry: each voucher has its own. Check it against the provider’s record.',
      other: 'This was not accepted. Check it against the provider’s record and type it again.',
    },
    /** What main refused at a field no longer on the form (the outcome was changed since): said by the form. */
    refusedAway: (field: string) => `${field} was not accepted. Check it against the provider’s record.`,
    lastSaveRefused: (why: string) => `The last Save was refused. ${why}`,
    why: {
      outcome: 'Choose what the provider said.',
      code: (n: number) => `Type the ${n}-digit voucher code twice.`,
      serial: (n: number) => `Type the ${n}-digit serial number twice.`,
      transactionId: 'Type the provider transaction ID (digits).',
      note: 'Write a note of at least 3 characters.',
    },
    activation: 'Active from (optional)',
    expiry: 'Expires (optional)',
    transactionId: 'Provider transaction ID',
    note: 'Note: what was checked, with whom',
    noteShort: 'Write at least 3 characters.',
    resolve: 'Save the resolution',
    annotateTitle: 'Review note',
    annotateIntro: 'Confirmed without the provider transaction ID. Add it from the provider’s statement.',
    annotateIntroOther: 'Add a note once you have checked this entry.',
    annotate: 'Save the note',
    // No one signed in (no manager set up yet): said so, as the reports do, not "by ?".
    resolvedBy: (outcome: string, by: string, time: string) =>
      `${outcome} — ${by ? `by ${by}` : 'before sign-in was set up'}, ${time}`,
    annotated: 'Note',
  },
}

export type ManagerMessages = typeof managerEn
