import { ERROR_LABELS } from '../../../shared/error-labels'
import type { ErrorCode } from '../../../shared/errors'
import type { PrinterFailureReason, PrinterSettings } from '../../../shared/receipts'
import type {
  CodeShownVia,
  EntryKind,
  EntryStatus,
  JournalEventType,
  Language,
  ResendBy,
} from '../../../shared/types'
import { amountInWords } from './amount-words'
import { customerDeskEn } from './customer-desk-en'
import { headOfficeEn } from './head-office-en'
import { managerEn } from './manager-en'
import { plural } from './plural'
import { updatesEn } from './updates-en'

const count = (n: number, one: string, other: string) => plural('en', n, { one, other })

/**
 * English texts, the reference: `Messages` is this object's type, so the Arabic file must have every key
 * (a missing one is a compile error). Numbers passed in are already formatted with Latin digits.
 */
/** A comma before three digits: a thousand or one dinar (said under either amount field). */
const AMBIGUOUS_AMOUNT =
  'A comma before three digits could mean thousands or dirhams. Type it without a comma: 1000 for a thousand dinars, 1.5 for one and a half.'

export const en = {
  languageName: 'English',
  currency: 'LYD',
  /** An amount in words beside its figure, so that its size cannot be misread ("1.000" is one dinar). */
  amountInWords: (dinars: number, dirhams: number) => amountInWords('en', dinars, dirhams),
  appTitle: 'Reseller Desk',
  nav: {
    label: 'Screens',
    sell: 'Sell',
    deposit: 'Deposit',
    journal: 'Journal',
    settings: 'Settings',
    manager: 'Manager',
  },
  common: {
    yes: 'Yes',
    no: 'No',
    back: 'Back',
    cancel: 'Cancel',
    close: 'Close',
    print: 'Print',
    retry: 'Try again',
    loading: 'Loading…',
    working: 'Working…',
    dismiss: 'Dismiss',
    estimate: 'estimate',
    questionMark: '?',
    serviceSilent:
      'The service did not answer. Check the internet connection, then try again; if it lasts, call support.',
    shortcut: 'Shortcut',
    errorDetails: (code: string, http: string) => `Code ${code}${http ? `, HTTP ${http}` : ''}`,
    forSupport: 'Details for support',
    openInJournal: 'Open in the journal',
    continue: 'Continue',
    waited: 'Waiting for',
    seconds: (n: number) => count(n, '1 second', '# seconds'),
  },
  status: {
    training: 'TRAINING',
    trainingHint: 'Training mode: nothing is real, no money moves.',
    live: 'Live',
    online: 'Service online',
    offline: 'Service offline',
    onlineUnknown: 'Checking whether the service answers',
    onlineShort: 'Online',
    offlineShort: 'Offline',
    onlineUnknownShort: 'Checking',
    bridgeDown: 'The desk is not answering. Wait a moment; if it lasts, restart the app.',
    clockWarning: (amount: string, pcAhead: boolean) =>
      `This PC's clock is ${amount} ${pcAhead ? 'ahead of' : 'behind'} the service. Receipts use the service's time; ask for the PC clock to be set.`,
    hoursMinutes: (h: number, m: number) => (h > 0 ? `${h} h ${m} min` : `${m} min`),
    journalProblem: 'The journal cannot record money safely. Sales and deposits are stopped; call support.',
    attention: (n: number) => plural('en', n, { one: '1 needs attention', other: '# need attention' }),
    attentionNone: 'Nothing needs attention',
    attentionShort: 'Attention',
    limitTitle: 'Daily limit',
    limitUsedShort: 'Used',
    limitOpenShort: 'Open',
    limitLeftShort: 'Left ≈',
    limitLeftUnknown: 'Left: not known',
    limitUsedHere: 'Used today on this PC',
    limitCounts: (vouchers: number, deposits: number) =>
      `${count(vouchers, '1 voucher', '# vouchers')}, ${count(deposits, '1 deposit', '# deposits')}`,
    limitAgreed: 'Agreed with the provider',
    limitAgreedNone: 'not entered',
    limitReported: 'Service reported',
    limitReportedAt: (time: string) => `at ${time}`,
    limitRemaining: 'Remaining then',
    limitAddsUp:
      'Used, open and left add up to the limit. Open: sent, outcome not known yet — counted as possibly used.',
    limitHint: {
      reported:
        'From the service’s last refusal today, minus what this PC used since (outcomes not known yet count as used). An estimate: every PC of the reseller uses the same limit.',
      agreed:
        'The agreed limit minus what this PC used today (outcomes not known yet count as used). An estimate: every PC of the reseller uses the same limit.',
      none: 'The service tells the limit only when it refuses. A manager can enter the limit agreed with the provider in Settings.',
    },
  },
  notices: {
    region: 'Background results',
    // Not "an earlier deposit": the Deposit screen may be showing this very one (a second deposit, read so).
    depositConfirmed: 'A re-sent deposit was confirmed',
    depositOther: (status: string) => `A re-sent deposit was resolved: ${status}`,
    open: 'Open entry',
    /** Beside the latest, on the one line: how many others wait in the list. */
    andMore: (n: number) => plural('en', n, { one: 'and 1 more', other: 'and # more' }),
    /** Opens the list (all of them). */
    show: (n: number) => plural('en', n, { one: 'Show', other: 'Show all #' }),
    hide: 'Hide',
    list: 'Background results, newest first',
  },
  sell: {
    title: 'Sell a voucher',
    chooseValue: 'Choose the voucher value',
    keyHint: 'Press the number shown on a value, or click it.',
    stale: 'Saved list: the service could not be reached, values may have changed.',
    listChanged:
      'The list of voucher values was loaded again (another service, or a change by the provider). Check the value and its number key before you sell.',
    fetchedAt: (time: string) => `List from ${time}`,
    refresh: 'Refresh list',
    none: 'No voucher values are available.',
    confirmTitle: 'Sell this voucher?',
    confirmValue: 'Value',
    confirm: 'Confirm sale',
    sending: 'Generating the voucher… Do not close the app.',
    issuedTitle: 'Voucher issued',
    code: 'Voucher code',
    serial: 'Serial number',
    value: 'Value',
    activation: 'Active from',
    expiry: 'Expires',
    newSale: 'New sale',
    unknownTitle: 'Outcome unknown: a voucher may have been created',
    unknownBody:
      'The service gave no clear answer (none in time, a dropped connection or an error of its own): the voucher may or may not have been made. Do not sell another voucher to this customer until a manager has checked with the provider. The sale is in the attention list.',
    openAttention: 'Open the attention list',
    failedTitle: 'No voucher was issued',
    failedBody: 'The service refused the sale. No money was taken for it.',
    notSentBody: 'The sale was not carried out. No money was taken for it.',
    limitRefusedTitle: 'Over the daily limit: no voucher was issued',
    chooseAnother: 'Choose another value',
    last: 'Last sale',
    soldAt: 'Sold at',
    openVoucherTitle: 'A voucher of this value has no known outcome yet',
    openVoucherBody:
      'The customer may already have it. Check with the manager before you sell another voucher of this value to this customer.',
    openVoucherSoldAt: 'Sold at',
    openVoucherNoClerk: 'before sign-in was set up',
    openVoucherConfirm: (value: string) => `Sell another ${value} LYD voucher`,
    otherValueTitle: 'Voucher issued at another value',
    otherValueBody: (issued: string, confirmed: string) =>
      `The service issued a ${issued} LYD voucher, not ${confirmed} — charge ${issued} or call the manager.`,
  },
  limit: {
    warningTitle: 'Above what the daily limit probably still allows',
    warningBody:
      'This is an estimate, and the limit is shared by every PC of the reseller: you may still send it; the service decides.',
    warningOpen: (open: string) =>
      `"Left" counts ${open} LYD sent with no known outcome yet as used: if some of it did not go through, more is left.`,
    openCounted: (open: string) =>
      `${open} LYD sent with no known outcome yet is counted as used: if it did not go through, more is possible.`,
    stillPossible: 'Still possible today ≈',
    asked: 'Asked',
    nothingLeft: 'Nothing more can be sold today unless the provider raises the limit.',
    limit: 'Daily limit',
    used: 'Used today (all PCs)',
    open: 'Open (outcome not known)',
    left: 'Left ≈',
  },
  deposit: {
    title: 'Deposit to a wallet',
    phone: 'Customer phone number',
    phoneHint: '09X XXX XXXX or +218 9X XXX XXXX',
    phoneEmpty: 'Type the customer’s phone number.',
    phoneInvalid:
      'This is not a Libyan mobile number. Check it with the customer: 091–096 and 7 more digits.',
    lookUp: 'Look up',
    lookingUp: 'Looking up…',
    nameQuestion: 'Is the account holder named',
    nameAsk: 'Ask the customer before you answer.',
    nameHow: 'Read the name to the customer. When they say it is theirs, press Enter or choose Yes.',
    nameWait: 'Read the name first…',
    openTitle: 'An earlier deposit to this phone is still open',
    openBody:
      'Its outcome is not known yet, so no new deposit to this phone can be sent. Do not give the cash back for it: it may have reached the customer. Use "Retry safely": it is re-sent with its own reference and can never be credited twice.',
    openSettledTitle: 'The earlier deposit is settled',
    openConfirmed: 'It was confirmed: the customer received that money.',
    openNotMade: 'It was not made: no money moved for it.',
    continueToName: 'Continue to the name check',
    recorded: 'Sent',
    notFoundTitle: 'No wallet with this number',
    notFoundBody: 'The service has no account for this phone. Check the number with the customer.',
    inactiveTitle: 'This wallet is inactive',
    inactiveBody:
      'The service does not accept deposits to this account. The customer should contact the provider.',
    nameRejectedTitle: 'Deposit stopped',
    nameRejectedBody: 'The name does not match. Do not deposit: check the phone number with the customer.',
    startOver: 'Start over',
    amount: 'Amount (LYD)',
    amountHint: 'Up to 3 decimals, e.g. 25.500',
    amountAgain: 'Type the amount again',
    amountAgainHint: 'Large amount: type it a second time to be sure.',
    quickAmounts: 'Quick amounts',
    amountProblem: {
      empty: 'Type the amount.',
      format: 'Type digits only, with one decimal mark.',
      ambiguous: AMBIGUOUS_AMOUNT,
      againAmbiguous: AMBIGUOUS_AMOUNT,
      precision: 'At most 3 decimals (dirhams).',
      range: 'This amount is too large.',
      minimum: 'The minimum deposit is 0.010 LYD.',
      maximum: 'Above the largest deposit allowed on this PC.',
      mismatch: 'The two amounts differ. Type both again.',
      again: 'Type the amount a second time.',
    },
    maximumIs: (amount: string) => `At most ${amount} LYD per deposit (set by a manager).`,
    looksLikePhone: 'This looks like a phone number, not an amount.',
    toReview: 'Review',
    reviewTitle: 'Check with the customer',
    reviewPhone: 'Phone',
    reviewName: 'Account holder',
    reviewAmount: 'Amount',
    reviewRemaining: 'Daily limit remaining (estimate)',
    reviewRemainingUnknown: 'not known yet',
    confirm: 'Confirm deposit',
    sending: 'Sending the deposit… Do not close the app.',
    repeatTitle: 'Same phone and amount as a recent deposit',
    repeatBody: 'This looks like a repeat. Send it again only if the customer really wants a second deposit.',
    repeatConfirm: 'Yes, send a second deposit',
    repeatAt: 'The earlier one, at',
    repeatNoClerk: 'before sign-in was set up',
    unresolvedTitle: 'An earlier deposit to this phone is still open',
    unresolvedOpen: 'Open that deposit',
    confirmedTitle: 'Deposit confirmed',
    confirmedDuplicate:
      'Confirmed as already received by the service (no provider transaction ID). A manager will review it.',
    serviceTransaction: 'Provider transaction ID',
    ourReference: 'Our reference',
    failedTitle: 'Deposit refused',
    failedBody: 'The service refused the deposit. No money was moved.',
    notSentTitle: 'The deposit did not go through',
    notSentBody: 'It was not carried out. No money was moved.',
    leftUnsentTitle: 'Not sent: the deposit left at its review',
    leftUnsentBody:
      'You left this screen at its review, before “Confirm deposit”. Nothing was sent and no money was moved. To make it, look up the phone again.',
    limitTitle: 'Over the daily limit: no money was moved',
    changeAmount: 'Change the amount',
    unknownTitle: 'Outcome unknown',
    keepCash: 'Do not give the cash back: the deposit may have reached the customer.',
    checkingFor: (minutes: number) =>
      `The service gave no clear answer. The desk is checking, with the same reference (never a second credit), and will tell you within ${count(minutes, '1 minute', '# minutes')}. "Retry safely" checks now.`,
    checkingByHand:
      'The service gave no clear answer. "Retry safely" checks again with the same reference: the customer can never be credited twice. If it stays open, the manager checks it with the provider.',
    retrySafely: 'Retry safely',
    retrying: 'Retrying…',
    newDeposit: 'New deposit',
    last: 'Last deposit',
  },
  retry: {
    trying: 'Trying again…',
    tried: (time: string, attempt: number) => `Tried again at ${time} (attempt ${attempt}).`,
    stillOpen: 'The service still gave no clear answer: the outcome is still unknown.',
    refused: (time: string) => `Could not try again at ${time}:`,
    next: (time: string) => `The desk tries again by itself at about ${time}.`,
    noMore: (time: string) => `No more automatic tries since ${time}: only "Retry safely" re-sends it now.`,
    none: 'The desk does not re-send this one by itself: use "Retry safely", or ask a manager.',
  },
  journal: {
    title: 'Journal',
    filters: 'Filters',
    from: 'From',
    to: 'To',
    kind: 'Kind',
    status: 'Status',
    any: 'All',
    needsAttention: 'Needs attention only',
    search: 'Search',
    searchHint:
      'Receipt no., phone (first or last digits), name, serial, our reference (its last 6 characters)',
    searchKeys: '↓ goes to the results.',
    today: 'Today',
    attentionList: 'Attention list',
    columns: {
      time: 'Time',
      receipt: 'Receipt no.',
      kind: 'Kind',
      amount: 'Amount',
      who: 'Phone / serial',
      status: 'Status',
    },
    empty: 'No entries match.',
    loadingMore: 'Loading more…',
    count: (n: number, more: boolean) =>
      more ? `More than ${n} entries` : plural('en', n, { one: '1 entry', other: '# entries' }),
    detailTitle: 'Entry',
    /** The open entry's heading: what it was, in the clerk's words. */
    detailTitleOf: {
      voucher: 'Voucher sale',
      deposit: 'Deposit to a wallet',
    } satisfies Record<EntryKind, string>,
    id: 'Entry ID',
    created: 'Created',
    updated: 'Updated',
    day: 'Business day',
    mode: 'Mode',
    attempts: 'Attempts',
    /** A voucher's date the provider's record did not give (a manager's resolution may leave it out). */
    dateNotRecorded: 'Not recorded',
    clerk: 'Clerk',
    phone: 'Phone',
    name: 'Account holder',
    error: 'Last error',
    errorBeforeResolution: 'What went wrong before it was settled',
    otherValue: (issued: string, confirmed: string) =>
      `Issued at ${issued} LYD while the clerk confirmed ${confirmed} LYD (the provider's list had changed): check what the customer paid.`,
    /** An open entry's "no clear answer", read on that entry itself: what to do from here. */
    unknownHere: {
      voucher:
        'The service gave no clear answer (none in time, a dropped connection or an error of its own): this voucher may or may not have been made. Do not sell another voucher to this customer until a manager has checked it with the provider and resolved it; until then it stays in the attention list.',
      deposit:
        'The service gave no clear answer (none in time, a dropped connection or an error of its own): the money may have reached the customer. Do not give the cash back and make no new deposit for it: "Retry safely" re-sends this one with the same reference, so the customer can never be credited twice.',
    } satisfies Record<EntryKind, string>,
    history: 'History',
    noHistory: 'No events recorded.',
    retry: 'Retry safely',
    attentionFlag: 'Needs attention',
    duplicateFlag: 'Confirmed by duplicate',
    receiptActions: 'Receipt',
  },
  settings: {
    title: 'Settings',
    /** A refusal said to a manager in Settings, by its cause (settings/refusals.ts): what to change here. */
    refusals: {
      INVALID_CREDENTIALS:
        'Wrong username or password: the service refused them. Check the username above and type the password again.',
      NOT_A_RESELLER_SERVICE:
        'No reseller service answers at this address. Check the address above: it ends in /api/v1/reseller.',
      ACCESS_DENIED:
        "The service refuses this PC's internet address (not whitelisted). Ask the provider to whitelist it, or fill in the proxy above with one that has a fixed address.",
    },
    modeTitle: 'Mode',
    modeTraining: 'Training: the built-in training service. Nothing is real.',
    modeLive: 'Live: real money with the reseller service.',
    useTraining: 'Switch to training',
    useLive: 'Switch to live',
    liveHowTo: 'To work live, enter the live service details below and choose "Save and switch to live".',
    liveTitle: 'Live service',
    baseUrl: 'Service address',
    username: 'Username',
    password: 'Password',
    passwordKeep: 'Leave empty to keep the saved password',
    passwordRequired: 'Type the password to save these details.',
    passwordSaved: 'A password is saved.',
    passwordUnavailable:
      'The password cannot be saved on this PC (no secure storage). It must be typed after each start.',
    passwordDevelopment:
      'Development store: the password is kept unencrypted. Never use this with real credentials.',
    proxyUrl: 'Proxy (optional)',
    proxyHint: 'http://host:port — for outlets whose address the service does not whitelist',
    proxyCredentialsSaved:
      'Its username and password are saved and kept while the address stays the same; to change them, type http://user:password@host:port.',
    proxyCredentialsForgotten:
      'The test and the save use this proxy without a username and password; saving forgets the ones kept.',
    forgetProxyCredentials: 'Use this proxy without its saved username and password',
    test: 'Test connection',
    testing: 'Testing…',
    testOk: (expires: string) => `Connection works. A token was issued until ${expires}.`,
    configure: 'Save and switch to live',
    configured: 'Saved. The desk now works live.',
    switchedTraining: 'Training mode is on.',
    switchedLive: 'Live mode is on.',
    saved: 'Saved.',
    generalTitle: 'Working preferences',
    tokenLifetime: 'Token lifetime (hours)',
    tokenLifetimeRange: 'A whole number of hours from 1 to 672 (28 days).',
    phoneFormat: 'Phone format sent to the service',
    phoneFormats: {
      national: 'National, 09XXXXXXXX',
      international: 'International, 2189XXXXXXXX',
      'international-plus': 'International, +2189XXXXXXXX',
    },
    doubleEntry: 'Type deposits twice above (LYD)',
    depositMax: 'Largest single deposit (LYD)',
    depositMaxHint:
      'A bigger amount is refused: a phone number typed into the amount field, a slip of the finger.',
    agreedLimit: 'Daily limit agreed with the provider (LYD)',
    agreedLimitHint:
      'Optional. The screen estimates what is left from it until the service first refuses for the limit. Leave empty if not known.',
    agreedLimitZero:
      'A daily limit of 0 would allow nothing. Type the limit agreed with the provider, or leave the field empty.',
    limitsTitle: 'Limits',
    saveLimits: 'Save limits',
    language: 'Language',
    languageSystem: 'As the computer',
    save: 'Save preferences',
    diagnosticsTitle: 'Support',
    diagnostics: 'Save diagnostics',
    diagnosticsSaved: (path: string) => `Diagnostics saved to ${path}`,
    diagnosticsHint: 'The log, versions and settings, without passwords or voucher codes.',
    aboutTitle: 'About this copy',
    aboutMode: 'Mode',
    aboutSystem: 'System',
    aboutTraining: 'Training',
    aboutLive: 'Live',
    aboutNotElectron: 'not used (browser)',
    openSettings: 'Open Settings',
  },
  date: {
    placeholder: 'DD/MM/YYYY',
    format: 'Day/month/year',
    wrong: 'Type the date as day/month/year, e.g. 26/11/2026.',
  },
  receipt: {
    title: 'Receipt',
    /** The receipt number (`R-0428-0173`), as the receipt prints it. */
    number: 'Receipt no.',
  },
  printing: {
    preview: 'Show receipt',
    reprint: 'Reprint',
    printing: 'Printing…',
    printed: 'Receipt printed.',
    printedCopy: 'Copy printed (marked COPY).',
    willBeCopy: 'Printed before: this receipt prints as a COPY.',
    failedTitle: 'The receipt did not print',
    // What to do about the printer is the reason's own words, just above.
    saleStillDone: 'The sale itself is done and recorded.',
    preparing: 'Preparing the receipt…',
    imageAlt: 'The receipt exactly as it prints',
    savePdf: 'Save as PDF',
    saving: 'Saving…',
    savedPdf: 'Saved as PDF:',
    reasons: {
      'bad-address': 'The printer address does not exist on this network. Check it in Settings.',
      offline: 'The printer does not answer: check that it is switched on and connected to the network.',
      refused: 'The printer dropped the connection. Switch it off and on, then print again.',
      timeout: 'The printer stopped responding. Check it (paper jam, cable), then print again.',
      'no-paper': 'The printer is out of paper. Load a new roll, then print again.',
      'cover-open': 'The printer cover is open. Close it, then print again.',
      'printer-error': 'The printer reports an error. Check it, switch it off and on, then print again.',
      cancelled: 'Printing was cancelled.',
      'system-print-failed':
        'Windows could not print the receipt. Check the printer in Windows, then print again.',
      'system-unavailable':
        'Windows printers cannot be used here (browser shell). Choose a network printer or no printer in Settings.',
      'no-printer':
        'No receipt printer is set up. Show the receipt or save it as PDF, or choose a printer in Settings.',
      'render-failed':
        'The receipt could not be prepared. Try again; if it lasts, save diagnostics and call support.',
      'list-failed': 'The list of printers could not be read.',
      unavailable: 'Receipts are not available in this version of the app.',
    } satisfies Record<PrinterFailureReason, string>,
    settings: {
      title: 'Receipts and printer',
      kind: 'Printer',
      kinds: {
        'escpos-network': 'Receipt printer on the network (ESC/POS)',
        system: 'Windows printer',
        none: 'No printer (show, save as PDF)',
      } satisfies Record<PrinterSettings['kind'], string>,
      address: 'Printer address',
      addressHint: 'For example (the port is usually 9100):',
      addressInvalid: 'Type the address as tcp://host:port.',
      device: 'Windows printer',
      noDevices: 'No printers found.',
      devicesUnavailable: 'Windows printers are not available in the browser shell.',
      refreshDevices: 'Refresh list',
      width: 'Paper width',
      widthMm: (mm: number) => `${mm} mm`,
      autoPrint: 'Print the receipt automatically after each sale and deposit',
      language: 'Receipt language',
      languageFollow: 'The language of the screen',
      outletName: 'Outlet name',
      outletAddress: 'Outlet address',
      outletPhone: 'Outlet phone',
      hint: 'How to redeem a voucher (printed under the code)',
      hintAsPrinted: 'As it prints:',
      hintExample: 'e.g. Dial *123*code# to top up',
      logo: 'Logo (optional)',
      logoHint: 'A PNG or JPEG up to about 150 KB, printed in black and white at the top of every receipt.',
      logoRemove: 'Remove the logo',
      logoRefused: 'That file is not a PNG or JPEG image, or it is too large.',
      save: 'Save receipt settings',
      test: 'Test print',
      testing: 'Printing a test…',
      testOk: 'A test receipt was sent to',
      badAddressHere: 'No printer has this address on this network. Check the address typed above.',
    },
  },
  kind: { voucher: 'Voucher', deposit: 'Deposit' } satisfies Record<EntryKind, string>,
  entryStatus: {
    pending: 'Pending',
    issued: 'Issued',
    confirmed: 'Confirmed',
    failed: 'Failed',
    unknown: 'Unknown',
  } satisfies Record<EntryStatus, string>,
  eventDetail: {
    attempt: (n: number) => `attempt ${n}`,
    by: { person: 'by a person', background: 'by the desk, in the background' } satisfies Record<
      ResendBy,
      string
    >,
    duplicate: 'the service already had it',
    transactionId: (id: string) => `provider transaction ID ${id}`,
    serialNumber: (serial: string) => `serial ${serial}`,
    codeLast4: (last4: string) => `code ending ${last4}`,
    echoMismatch: 'the answer did not match what was sent',
    accessNoAnswer: 'no answer when the desk asked for access',
    accessAnswer: (label: string) => `asked for access: ${label}`,
    stoppedBeforeSending: 'the app stopped before sending',
    stoppedBeforeOutcome: 'the app stopped before the outcome was recorded',
    via: {
      sale: 'at the sale',
      'replayed-request': 'the same sale asked again',
      'receipt-preview': 'receipt on screen',
      pdf: 'receipt saved as PDF',
    } satisfies Record<CodeShownVia, string>,
    copy: 'copy',
    printer: (name: string) => `printer ${name}`,
    language: { ar: 'Arabic', en: 'English' } satisfies Record<Language, string>,
    limitLeft: (left: string, max: string) => `left today ${left} of ${max} LYD, as the service said`,
    who: (name: string) => `by ${name}`,
  },
  event: {
    created: 'Recorded',
    sent: 'Sent to the service',
    answered: 'Service answered',
    'not-sent': 'Could not be sent',
    'no-answer': 'No answer',
    retried: 'Retried',
    recovered: 'Recovered at start-up',
    resolved: 'Resolved',
    printed: 'Receipt printed',
    'code-shown': 'Code shown',
    annotated: 'Note added',
    'print-failed': 'Printing failed',
  } satisfies Record<JournalEventType, string>,
  /** Advice for a refusal whose reason says more than its code (main's `details.reason`). */
  errorReasons: {
    TOKEN_NO_ANSWER:
      'The service did not answer when the desk asked it for access. Check the internet connection and try again.',
    REQUEST_NOT_MADE:
      'The request could not be made on this PC (a value it would carry is not valid); nothing was sent. Save the diagnostics (Settings → Support) and contact support.',
    ADDRESS_NOT_VALID: 'This is not a web address. Type the whole address, starting with https://.',
    ADDRESS_NOT_HTTPS: 'The address must start with https:// (a secure connection).',
    ADDRESS_EXTRAS: 'Type the address alone: no user name, password, ? or # in it.',
    PROXY_NOT_VALID: 'The proxy address is not valid. Type it as http://host:port.',
    PATH_NOT_USABLE:
      'This is not a whole path this PC can use. Type a folder such as D:\\Backups or \\\\server\\share\\folder.',
    PATH_IN_DATA_FOLDER:
      "This place is inside the app's own data folder, or holds it. Choose another folder, such as a USB stick or another drive.",
    PATH_NOT_A_FOLDER: 'This is a file, not a folder. Type the folder the backups go into.',
    PATH_UNCHECKABLE:
      'This place cannot be reached or checked now (a network folder that does not answer, or no access). Check it and try again.',
    BACKUP_FOLDER_NEEDED: 'Choose a backup folder before turning on the daily backup.',
    BACKUP_PASSPHRASE_NEEDED:
      'Backups are encrypted: set a recovery passphrase first (below), or choose plain backups.',
    PASSPHRASE_TOO_SHORT: 'The passphrase needs at least 12 characters.',
    BACKUP_KEY_NOT_KEPT:
      'This PC offers no safe place for the backup key: only plain backups can be made here.',
    SAME_DISK_AS_DATA:
      'This folder is on the same disk as the desk’s data: a backup there is lost with it (a failed disk, a stolen PC). Choose a folder on a USB stick or another drive — or, to back up there anyway, tick “Same disk, I know” and press Back up now again.',
    PASSWORD_NEEDED: 'Type the password to test the connection.',
    HO_LOGIN_REFUSED:
      'The head office refused this terminal’s role or secret. Check them in Settings → Head office (the secret printed by create-terminal).',
    HO_NOT_ALLOWED:
      'The head office server does not let this PC connect (its pg_hba.conf, or TLS it requires). Ask whoever runs the head office.',
    HO_NO_DATABASE:
      'The head office has no database of that name. Check the database name in Settings → Head office.',
    HO_NOT_PERMITTED:
      'The head office refused: this terminal’s role may not do that. Ask whoever runs the head office (migrate, create-terminal).',
    HO_CERTIFICATE:
      'The head office’s certificate is not trusted: check the CA certificate file and the server name in Settings → Head office.',
    HO_CA_FILE:
      'The CA certificate file cannot be read, or is not a PEM certificate. Check its path in Settings → Head office.',
    HO_BUSY: 'The head office has too many connections right now. The desk tries again; selling goes on.',
    HO_RESTARTING: 'The head office server is restarting. The desk tries again; selling goes on.',
    HO_NOT_REACHED:
      'The head office cannot be reached from this PC (network, server address or port). The desk tries again; selling goes on.',
    HO_NO_ANSWER: 'The head office stopped answering. The desk tries again; selling goes on.',
    HO_ERROR:
      'The head office answered with an error. The desk tries again; if it lasts, call whoever runs it.',
    HO_SCHEMA_OLD:
      'The head office database is older than this desk: whoever runs it must run “npm run head-office -- migrate”. Selling goes on.',
    HO_NOT_A_TERMINAL:
      'This role is not a terminal of this head office. Check the role and the terminal name in Settings → Head office, or ask for one (create-terminal).',
    HO_CLAIMED:
      'Another PC already sends as this terminal. Each PC needs its own terminal: ask the head office for a new one (create-terminal).',
    HO_AHEAD:
      'The head office holds more of this terminal than this PC’s journal (was it restored from an older backup?). The sync is stopped so nothing is mixed: call the head office.',
    HO_DIFFERENT:
      'The head office holds different records for this terminal than this PC’s journal. The sync is stopped so neither is lost: call the head office.',
    HO_SECRET_NEEDED: 'Type this terminal’s secret (printed by create-terminal) to test the head office.',
    HO_WRONG_TERMINAL:
      'This role belongs to another terminal at the head office: correct the terminal name (or the role) in Settings → Head office. Selling goes on.',
    RECORDED_ELSEWHERE:
      'This voucher code or serial number is already recorded on another entry. Check it against the provider’s record.',
  },
  errors: {
    INVALID_CREDENTIALS: 'The service refused the username or password. Check them in Settings.',
    ACCESS_DENIED:
      "The service refused this PC's internet address (not whitelisted). Ask the provider to whitelist it, or set a proxy with a fixed address in Settings.",
    ACCOUNT_DISABLED:
      'The reseller account is disabled by the provider. Contact the provider; nothing can be sold.',
    USER_NOT_FOUND: 'No wallet exists for this phone. Check the number with the customer.',
    USER_INACTIVE:
      'This wallet is inactive and cannot receive deposits. The customer should contact the provider.',
    DUPLICATE_TRANSACTION:
      'The service already has this reference: the deposit was received before. Check the journal.',
    DAILY_LIMIT_EXCEEDED: 'The daily limit does not allow this amount. No money was moved.',
    VALIDATION: 'The service rejected the request as invalid. Check the details and try again.',
    RATE_LIMITED: 'Too many requests to the service. Wait a minute, then try again.',
    NOT_SENT:
      'The service could not be reached; nothing was sent. Check the internet connection and try again.',
    OUTCOME_UNKNOWN:
      'The service gave no clear answer (none in time, a dropped connection or an error of its own). The outcome is unknown: look at the entry in the journal before repeating.',
    SERVICE_ERROR: 'The service answered with an error. Try again in a moment; if it lasts, call support.',
    NOT_CONFIGURED: 'The live service is not set up. A manager must enter its details in Settings.',
    BAD_INPUT: 'Something typed is not valid. Check the fields and try again.',
    LOOKUP_REQUIRED: 'The customer must be looked up again (the last lookup is too old). Start over.',
    NAME_MISMATCH: 'The confirmed name does not match the account. Start over and check the phone number.',
    UNRESOLVED_DEPOSIT:
      'An earlier deposit to this phone has an unknown outcome. Resolve it (Retry safely) before sending more money.',
    REPEAT_NEEDS_CONFIRMATION:
      'Same phone and amount as a deposit a few minutes ago. Confirm it is really a second one.',
    DENOMINATION_CHANGED:
      'The list of voucher values has changed since this screen showed it. Nothing was sold: choose again from the list as it is now.',
    OPEN_VOUCHER_NEEDS_CONFIRMATION:
      'A voucher of this value sold today has no known outcome yet: the customer may already have it. Confirm it is really another sale.',
    ABOVE_DEPOSIT_MAXIMUM:
      'This amount is above the largest deposit allowed on this PC. Check it with the customer; a manager sets the maximum in Settings.',
    JOURNAL_UNAVAILABLE: 'The journal cannot record safely, so money operations are stopped. Call support.',
    NOT_FOUND: 'This entry was not found. Refresh the journal.',
    NOT_RETRYABLE: 'This entry is already final and cannot be retried.',
    SECRETS_UNAVAILABLE: 'This PC cannot store the password securely. Type it again when asked.',
    PRINTER_ERROR: 'The receipt could not be printed. Check the printer, then print again from the journal.',
    NOT_PRINTABLE: 'Only an issued voucher or a confirmed deposit has a receipt.',
    NOT_SIGNED_IN: 'You are not signed in. Sign in and try again.',
    FORBIDDEN: 'Only a manager can do this. Ask a manager to sign in.',
    WRONG_PIN: 'Wrong PIN. Type it again carefully.',
    TOO_MANY_ATTEMPTS: 'Too many wrong PINs. Wait, then try again, or ask a manager to reset the PIN.',
    NAME_TAKEN: 'Someone on this PC already has this name. Add a surname or initial.',
    LAST_MANAGER: 'The last manager cannot be deactivated or made a clerk. Add another manager first.',
    NOT_RESOLVABLE: 'This entry cannot be resolved this way. Refresh the journal and check its status.',
    IN_PROGRESS:
      'The desk is still working on this entry (sending or retrying it). Wait a few minutes, then try again.',
    ALREADY_CLOSED:
      'This day is already closed, and nothing was recorded or settled since. Reprint its Z report instead.',
    EXPORT_FAILED:
      'The file could not be written. Choose another folder or check the disk, then export again.',
    BACKUP_FAILED:
      'The backup could not be made or did not pass its check. Choose another folder or check the disk.',
    FILE_NOT_SAVED:
      'The file could not be saved there. Choose another folder or check the disk (a USB stick full or removed, a network folder not reached), then save again.',
    UPDATE_NOT_READY: 'No update is ready to install yet. Check for updates and wait for the download.',
    UPDATE_ON_HOLD:
      'Money is moving (a sale or deposit in progress, or a deposit being re-sent). Install the update when it is finished.',
    HEAD_OFFICE_UNAVAILABLE:
      'The head office cannot be reached or refused this terminal. Selling goes on; check the head office settings.',
    HEAD_OFFICE_CONFLICT:
      'The head office holds different records for this terminal. Sync is stopped so nothing is lost: call the head office.',
    INTERNAL:
      'Something went wrong inside the app. Try again; if it lasts, save diagnostics and call support.',
  } satisfies Record<ErrorCode, string>,
  errorLabel: ERROR_LABELS.en,
  shortcuts: {
    enter: 'Enter',
    esc: 'Esc',
  },
  manager: managerEn,
  updates: updatesEn,
  headOffice: headOfficeEn,
  customerDisplay: customerDeskEn,
}

export type Messages = typeof en
