/**
 * Command-line switches that would open the installed app to another program: Chromium's DevTools protocol
 * (`--remote-debugging-port`, `--remote-debugging-pipe`) reaches the page and everything it may call, and
 * Node's inspector (`--inspect…`, also shut by a fuse in the packaged .exe) reaches main; Chromium's
 * certificate switches (`--ignore-certificate-errors…`) would let anyone between the shop and the update
 * server hand the updater a file of their own (the updater goes through Chromium's network stack). An
 * installed app refuses to start with any of them; an unpackaged run (a developer's) keeps them.
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

/** The debugging switches the app was started with, in DEBUG_SWITCHES' order. */
export function debugSwitchesGiven(hasSwitch: (name: string) => boolean): string[] {
  return DEBUG_SWITCHES.filter((name) => hasSwitch(name))
}

/** What the person who started the app is told (before any window, in the system's error box). */
export function debugSwitchRefusal(given: readonly string[]): { title: string; content: string } {
  const switches = given.map((name) => `--${name}`).join(', ')
  return {
    title: 'Reseller Desk did not start',
    content:
      `Reseller Desk does not start with these switches (${switches}): they would let another program ` +
      'control it or change what it receives. Start it from its shortcut.\n\n' +
      `لا يعمل Reseller Desk مع هذه الخيارات (${switches}) لأنها تسمح لبرنامج آخر بالتحكم فيه أو بتغيير ما يصله. شغّله من اختصاره.`,
  }
}
