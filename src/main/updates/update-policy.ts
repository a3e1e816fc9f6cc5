import { execFile } from 'node:child_process'

/**
 * What an update must be before it is installed, whatever the feed says. The feed (`latest.yml`) is written by
 * whoever controls the server or the network path to it; each rule here holds against that:
 *
 * - Every request the updater makes (the feed, the installer, its blockmap, and every redirect) goes to the
 *   feed's own host over https: a redirect elsewhere, or to http, is refused, not followed.
 * - The installer's own version resource (not the feed's text) must be the version announced and newer than
 *   the running one: an old installer relabelled 9.9.9 is not installed.
 * - The installer must carry a valid Authenticode signature of the publisher the build names; anything that
 *   stops the check (no PowerShell, an error) refuses the update rather than skipping the check.
 */

/** Why a request of the updater is refused, or null: https only, to the feed's host and port only. */
export function updateRequestRefusal(feedUrl: string, url: string): string | null {
  let feed: URL
  let target: URL
  try {
    feed = new URL(feedUrl)
    target = new URL(url)
  } catch {
    return `not an address the updater may use: ${url}`
  }
  if (target.protocol !== 'https:')
    return `the updater goes over https only, not to ${target.protocol}//${target.host}`
  if (target.host.toLowerCase() !== feed.host.toLowerCase())
    return `the updater stays on the feed's host ${feed.host}, not ${target.host}`
  return null
}

/** Whether dotted version `a` is newer than `b` (major.minor.patch; a pre-release sorts before its release). */
export function isNewer(a: string, b: string): boolean {
  const parse = (v: string) => {
    const [core = '', pre] = v.split('-', 2)
    return { nums: core.split('.').map((n) => Number.parseInt(n, 10) || 0), pre: pre ?? null }
  }
  const x = parse(a)
  const y = parse(b)
  for (let i = 0; i < 3; i++) {
    const d = (x.nums[i] ?? 0) - (y.nums[i] ?? 0)
    if (d !== 0) return d > 0
  }
  if (x.pre === y.pre) return false
  if (x.pre === null) return true
  if (y.pre === null) return false
  return x.pre > y.pre
}

/** Why a downloaded installer is not installed, or null when its own version is the one to install. */
export function installerVersionRefusal(options: {
  /** What the installer's version resource says (null: it says nothing). */
  installerVersion: string | null
  /** What the feed announced. */
  announced: string
  current: string
}): string | null {
  const { installerVersion, announced, current } = options
  if (installerVersion === null)
    return 'The downloaded installer does not say which version it is: not installed.'
  if (installerVersion !== announced) {
    return `The downloaded installer is version ${installerVersion}, not the ${announced} the update feed announced: not installed.`
  }
  if (!isNewer(installerVersion, current)) {
    return `The downloaded installer is version ${installerVersion}, not newer than this ${current}: not installed.`
  }
  return null
}

/** Runs PowerShell (Windows) with a command, a file path given through the environment; resolves its output. */
export type PowerShellRunner = (command: string, env: Record<string, string>) => Promise<string>

const powershell: PowerShellRunner = (command, env) =>
  new Promise((resolve, reject) => {
    execFile(
      'powershell.exe',
      ['-NoProfile', '-NonInteractive', '-InputFormat', 'None', '-Command', command],
      { env: { ...process.env, ...env }, timeout: 30_000, windowsHide: true },
      (error, stdout, stderr) =>
        error ? reject(error) : stderr.trim() ? reject(new Error(stderr)) : resolve(stdout),
    )
  })

/** The CN and other parts of a certificate subject (`CN=Reseller Desk Ltd, O=…, C=LY`). */
function distinguishedName(subject: string): Map<string, string> {
  const parts = new Map<string, string>()
  for (const m of subject.matchAll(/(?:^|,)\s*([A-Za-z.\d]+)=("(?:[^"]|"")*"|[^,]*)/g)) {
    const value = (m[2] ?? '').trim()
    parts.set(
      (m[1] ?? '').toUpperCase(),
      value.startsWith('"') ? value.slice(1, -1).replaceAll('""', '"') : value,
    )
  }
  return parts
}

function publisherMatches(publisher: string, subject: string): boolean {
  const signer = distinguishedName(subject)
  const wanted = distinguishedName(publisher)
  // A bare name is the certificate's CN; a full DN must match in every part it gives.
  if (wanted.size === 0 || !publisher.includes('=')) return signer.get('CN') === publisher
  return [...wanted].every(([key, value]) => signer.get(key) === value)
}

/**
 * electron-updater's `verifyUpdateCodeSignature`: null when `file` carries a valid Authenticode signature by
 * one of `publishers`, otherwise why not. Fails closed: electron-updater's own check skips the signature when
 * PowerShell cannot run it; this one refuses the update then.
 */
export function authenticodeVerifier(
  run: PowerShellRunner = powershell,
): (publishers: string[], file: string) => Promise<string | null> {
  return async (publishers, file) => {
    let output: string
    try {
      output = await run(
        'Get-AuthenticodeSignature -LiteralPath $env:RESELLER_DESK_UPDATE_FILE | ConvertTo-Json -Compress -Depth 3',
        { RESELLER_DESK_UPDATE_FILE: file },
      )
    } catch (error) {
      return `The installer's signature could not be checked (${(error as Error).message.split('\n')[0]}): not installed.`
    }
    let signature: { Status?: unknown; SignerCertificate?: { Subject?: unknown } | null }
    try {
      signature = JSON.parse(output)
    } catch {
      return "The installer's signature could not be read: not installed."
    }
    // 0: Valid (System.Management.Automation.SignatureStatus).
    if (signature.Status !== 0)
      return `The installer is not validly signed (status ${String(signature.Status)}): not installed.`
    const subject = String(signature.SignerCertificate?.Subject ?? '')
    if (!publishers.some((p) => publisherMatches(p, subject)))
      return `The installer is signed by "${subject}", not by ${publishers.join(' or ')}: not installed.`
    return null
  }
}
