/**
 * `npm run dist:win` makes an update feed only for installers the installed app can check: signed, with the
 * publisher named (its app-update.yml then carries publisherName, and every downloaded installer's signature
 * is checked against it). electron-builder itself, run with the environment CI gives it.
 */
import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

const require = createRequire(import.meta.url)
const FEED = 'https://updates.example.ly/reseller-desk/'

/** The environment without any signing certificate or build variable the machine may have. */
function env(extra: Record<string, string>): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = { ...process.env, CSC_IDENTITY_AUTO_DISCOVERY: 'false' }
  for (const name of Object.keys(clean)) {
    if (/^(WIN_)?CSC_(LINK|KEY_PASSWORD)$|^RESELLER_DESK_/.test(name)) delete clean[name]
  }
  return { ...clean, ...extra }
}

function run(args: string[], extra: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) =>
    execFile(process.execPath, args, { env: env(extra), timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, out: `${stdout}\n${stderr}` }),
    ),
  )
}

/** The configuration electron-builder reads (electron-builder.ts), as the given environment makes it. */
async function config(extra: Record<string, string>) {
  const r = await run(
    [
      '--import',
      'tsx',
      '-e',
      "import('./electron-builder.ts').then((m) => console.log(JSON.stringify(m.default)))",
    ],
    extra,
  )
  if (r.code !== 0) return { refused: r.out }
  return JSON.parse(r.out.trim().split('\n')[0] ?? '{}') as {
    publish: { url: string }[]
    win: { verifyUpdateCodeSignature: boolean; signtoolOptions: { publisherName: string[] | null } }
  }
}

describe('the update feed a build is made with', () => {
  it('is refused for an unsigned installer: electron-builder stops before packaging anything', async () => {
    const cli = require.resolve('electron-builder/cli.js')
    const r = await run([cli, '--win', '--dir', '--x64', '--publish', 'never'], {
      RESELLER_DESK_UPDATE_URL: FEED,
    })
    expect(r.code).not.toBe(0)
    expect(r.out).toContain('Refused: an update feed (RESELLER_DESK_UPDATE_URL) for an unsigned installer')
  }, 120_000)

  it('is refused for a signed one that does not name its publisher', async () => {
    expect(await config({ RESELLER_DESK_UPDATE_URL: FEED, WIN_CSC_LINK: 'cert.pfx' })).toEqual({
      refused: expect.stringContaining(
        'Refused: an update feed without the publisher to check updates against',
      ),
    })
  })

  it('is made for a signed build naming its publisher, whose signature every update must then carry', async () => {
    const signed = await config({
      RESELLER_DESK_UPDATE_URL: FEED,
      WIN_CSC_LINK: 'cert.pfx',
      RESELLER_DESK_PUBLISHER: 'CN=Reseller Desk Ltd, O=Reseller Desk Ltd, C=LY',
    })
    expect(signed).toMatchObject({
      publish: [{ provider: 'generic', url: FEED }],
      win: {
        verifyUpdateCodeSignature: true,
        signtoolOptions: { publisherName: ['CN=Reseller Desk Ltd, O=Reseller Desk Ltd, C=LY'] },
      },
    })
  })

  it('is allowed on an unsigned test build, another product built apart, which is never published', async () => {
    expect(await config({ RESELLER_DESK_UPDATE_URL: FEED, RESELLER_DESK_TEST_BUILD: '1' })).toMatchObject({
      appId: 'ly.reseller-desk.desk.test-build',
      productName: 'Reseller Desk Test Build',
      directories: { output: 'dist-test-build' },
      nsis: {
        // biome-ignore lint/suspicious/noTemplateCurlyInString: electron-builder's own macros, not a template
        artifactName: 'Reseller-Desk-TEST-BUILD-Setup-${version}.${ext}',
        shortcutName: 'Reseller Desk Test Build',
      },
      publish: [{ url: FEED }],
      win: { signtoolOptions: { publisherName: null } },
    })
    expect(await config({})).toMatchObject({
      appId: 'ly.reseller-desk.desk',
      productName: 'Reseller Desk',
      directories: { output: 'dist' },
    })
  })

  it('a build without a feed is made, signed or not (it names none, and the installed app updates only if signed)', async () => {
    expect(await config({})).toMatchObject({ publish: [{ url: 'https://updates.invalid/reseller-desk/' }] })
  })
})
