/**
 * What an installed app refuses to start with (an unpackaged run, a developer's, keeps them all).
 *
 * Command-line switches that would open the app to another program: Chromium's DevTools protocol
 * (`--remote-debugging-port`, `--remote-debugging-pipe`) reaches the page and everything it may call, and
 * Node's inspector (`--inspect…`, also shut by a fuse in the packaged .exe) reaches main; Chromium's
 * certificate switches (`--ignore-certificate-errors…`) would let anyone between the shop and the update
 * server hand the updater a file of their own (the updater goes through Chromium's network stack).
 *
 * Environment variables that change how main checks certificates: `NODE_TLS_REJECT_UNAUTHORIZED=0` turns the
 * check off for every connection that does not insist on it, and `NODE_EXTRA_CA_CERTS` adds authorities of
 * someone's choosing. Either can be set by the Windows user alone (`setx`), survives restarts and applies to
 * the normal shortcut. The service client insists on the check anyway; the app still refuses, so nothing
 * else in main that connects is left to the variable, and whoever set it learns it was not honoured.
 */
export const DEBUG_SWITCHES = [
  'remote-debugging-port',
  'remote-debugging-pipe',
  'inspect',
  'inspect-brk',
  'inspect-port',
  'ignore-certificate-errors',
  'ignore-certificate-errors-spki-list',
] as const

export const REFUSED_VARIABLES = ['NODE_TLS_REJECT_UNAUTHORIZED', 'NODE_EXTRA_CA_CERTS'] as const

/** The debugging switches the app was started with, in DEBUG_SWITCHES' order. */
export function debugSwitchesGiven(hasSwitch: (name: string) => boolean): string[] {
  return DEBUG_SWITCHES.filter((name) => hasSwitch(name))
}

/** The refused variables set in this environment (whatever their value: `1` today may be `0` tomorrow). */
export function refusedVariablesSet(env: Readonly<Record<string, string | undefined>>): string[] {
  return REFUSED_VARIABLES.filter((name) => env[name] !== undefined)
}

/**
 * What the person who started the app is told (before any window, in the system's error box), or null when
 * nothing is refused.
 */
export function startRefusal(refused: {
  switches: readonly string[]
  variables: readonly string[]
}): { title: string; content: string } | null {
  const en: string[] = []
  const ar: string[] = []
  if (refused.switches.length > 0) {
    const switches = refused.switches.map((name) => `--${name}`).join(', ')
    en.push(
      `Reseller Desk does not start with these switches (${switches}): they would let another program ` +
        'control it or change what it receives. Start it from its shortcut.',
    )
    ar.push(
      `لا يعمل Reseller Desk مع هذه الخيارات (${switches}) لأنها تسمح لبرنامج آخر بالتحكم فيه أو بتغيير ما يصله. شغّله من اختصاره.`,
    )
  }
  if (refused.variables.length > 0) {
    const variables = refused.variables.join(', ')
    en.push(
      `Reseller Desk does not start while these environment variables are set (${variables}): they change ` +
        'how the certificates of the servers it talks to are checked. Remove them (Windows: Edit environment ' +
        'variables for your account), then start it again.',
    )
    ar.push(
      `لا يعمل Reseller Desk ما دامت متغيرات البيئة هذه معرّفة (${variables}) لأنها تغيّر طريقة التحقق من شهادات ` +
        'الخوادم التي يتصل بها. احذفها (في Windows: تحرير متغيرات البيئة لحسابك) ثم شغّله من جديد.',
    )
  }
  if (en.length === 0) return null
  return { title: 'Reseller Desk did not start', content: `${en.join('\n\n')}\n\n${ar.join('\n\n')}` }
}
