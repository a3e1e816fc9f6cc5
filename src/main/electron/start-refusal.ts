/**
 * What an installed app refuses to start with (an unpackaged run, a developer's, keeps them all).
 *
 * Command-line switches: only those on a short list. Chromium and Electron take hundreds of switches, some of
 * which open the app to another program — the DevTools protocol (`--remote-debugging-port`, `-pipe`) reaches
 * the page and everything it may call, `--inspect…` reaches main (also shut by a fuse), certificate switches
 * (`--ignore-certificate-errors`) let anyone between the shop and the update server hand the updater a file,
 * `--no-sandbox`, `--disable-site-isolation-trials`, `--js-flags` weaken the page's isolation — and a list of
 * the dangerous ones is never complete. The installed app takes only what its own installer passes
 * (`--updated`, after an update); a test build (build-kind.ts) also the DevTools protocol over a pipe, never a
 * TCP port. Chromium reads `-name` and, on Windows, `/name` as switches too: so are they read here.
 *
 * Environment variables that change how main checks certificates: `NODE_TLS_REJECT_UNAUTHORIZED=0` turns the
 * check off for every connection that does not insist on it, and `NODE_EXTRA_CA_CERTS` adds authorities of
 * someone's choosing. Either can be set by the Windows user alone (`setx`), survives restarts and applies to
 * the normal shortcut. The service client insists on the check anyway; the app still refuses, so nothing
 * else in main that connects is left to the variable, and whoever set it learns it was not honoured.
 */
export const ALLOWED_SWITCHES = ['updated'] as const
export const TEST_BUILD_SWITCHES = [...ALLOWED_SWITCHES, 'remote-debugging-pipe'] as const

export const REFUSED_VARIABLES = ['NODE_TLS_REJECT_UNAUTHORIZED', 'NODE_EXTRA_CA_CERTS'] as const

/**
 * The arguments the app was started with (process.argv after the executable) that it does not take: each
 * switch as `--name`, anything else as written (shortened). Empty when it was started as its shortcut does.
 */
export function refusedArguments(
  args: readonly string[],
  allowed: readonly string[],
  platform: NodeJS.Platform = process.platform,
): string[] {
  const prefix = platform === 'win32' ? /^(--|-|\/)(?=[^-/])/ : /^(--|-)(?=[^-])/
  const refused: string[] = []
  for (const arg of args) {
    const switched = prefix.exec(arg)
    if (!switched) {
      refused.push(arg.length > 40 ? `${arg.slice(0, 40)}…` : arg)
      continue
    }
    // Chromium keeps switch names in lower case on Windows; a name ends at "=".
    const name = arg.slice(switched[0].length).split('=')[0]?.toLowerCase() ?? ''
    if (!allowed.includes(name)) refused.push(`--${name.length > 40 ? `${name.slice(0, 40)}…` : name}`)
  }
  return [...new Set(refused)]
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
    const switches = refused.switches.join(', ')
    en.push(
      `Reseller Desk does not start with these switches (${switches}): it takes none but its own, since some ` +
        'would let another program control it or change what it receives. Start it from its shortcut.',
    )
    ar.push(
      `لا يعمل Reseller Desk مع هذه الخيارات (${switches}): لا يقبل إلا خياراته، لأن بعضها يسمح لبرنامج آخر بالتحكم فيه أو بتغيير ما يصله. شغّله من اختصاره.`,
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
