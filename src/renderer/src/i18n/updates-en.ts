import type { UpdateHold } from '../../../shared/updates'

/** Settings → Updates in English, the reference for updates-ar.ts (a missing key is a compile error). */
export const updatesEn = {
  title: 'Updates',
  version: 'Version',
  state: {
    unavailable:
      'This copy does not update itself: a development run, the browser shell, or a build without a signature (install new versions by hand).',
    'not-configured': 'No update address is set: ask your supplier for it and enter it below.',
    idle: 'Not looked yet: the app looks shortly after it starts, then daily.',
    checking: 'Looking for updates…',
    upToDate: (at: string) => (at ? `Up to date (looked ${at}).` : 'Up to date.'),
    downloading: (version: string, percent: number) => `Downloading version ${version}… ${percent}%`,
    downloaded: (version: string) =>
      `Version ${version} is ready. It installs when Reseller Desk is closed, or now.`,
    installing: (version: string) =>
      `Installing version ${version}: the desk stops and starts again in a moment.`,
    error: 'The last look for updates failed. The app tries again within the hour.',
  },
  hold: {
    'money-in-flight': 'It waits: a sale or deposit is being sent.',
    'money-pending': 'It waits: a sale or deposit has no recorded answer yet.',
    'deposit-resending': 'It waits: a deposit with an unknown outcome is being re-sent.',
  } satisfies Record<UpdateHold, string>,
  feedBuilt: 'Updates come from the address built into the installer:',
  feedSet: 'Updates come from the address set here:',
  feedLabel: 'Update address (https)',
  feedHint: 'Leave it empty to use the address built into the installer.',
  saveFeed: 'Save the address',
  check: 'Look for updates',
  checking: 'Looking…',
  install: (version: string) => `Install version ${version} now`,
}

export type UpdatesMessages = typeof updatesEn
