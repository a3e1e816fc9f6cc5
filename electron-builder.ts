/**
 * How Reseller Desk is packaged for an outlet's Windows PC (electron-builder reads this file by its name).
 * `npm run dist:win` builds the per-user NSIS installer; README "Install on an outlet PC" says what a shop
 * sees and where the data lives.
 */
import type { Configuration } from 'electron-builder'

/**
 * The address the installed app looks for updates at (a folder on an HTTPS server holding `latest.yml` and
 * the installer), written into the package's `app-update.yml`. A manager may set another in Settings. A
 * build without one gets this reserved name, which never resolves, and the app says that no update address is
 * set (src/main/updates/feed.ts reads it the same way).
 */
export const NO_BUILD_FEED = 'https://updates.invalid/reseller-desk/'

/** What `npm run dist:win` is asked to make, from its environment (README, *Signing*). */
export interface BuildKind {
  /** RESELLER_DESK_UPDATE_URL: the feed the installed app looks at. */
  feedUrl: string | null
  /** A code-signing certificate is there (WIN_CSC_LINK or CSC_LINK). */
  signed: boolean
  /** RESELLER_DESK_PUBLISHER: the certificate's subject, which every update's signature must carry. */
  publisher: string | null
  /** RESELLER_DESK_TEST_BUILD=1: the Windows workflow's test build, never published. */
  testBuild: boolean
}

export function buildKind(env: NodeJS.ProcessEnv = process.env): BuildKind {
  return {
    feedUrl: env.RESELLER_DESK_UPDATE_URL?.trim() || null,
    signed: Boolean(env.WIN_CSC_LINK || env.CSC_LINK),
    publisher: env.RESELLER_DESK_PUBLISHER?.trim() || null,
    testBuild: env.RESELLER_DESK_TEST_BUILD === '1',
  }
}

/**
 * An update feed is only made for installers the installed app can check: signed, with the publisher named,
 * so electron-updater verifies every downloaded installer's signature against it (app-update.yml's
 * publisherName). An unsigned build with a feed would install whatever the feed's server, or anyone in the
 * middle, hands it. A test build may have one (it is never published).
 */
export function buildFeedRefusal(kind: BuildKind): string | null {
  if (kind.feedUrl === null || kind.testBuild) return null
  if (!kind.signed) {
    return (
      'Refused: an update feed (RESELLER_DESK_UPDATE_URL) for an unsigned installer. The installed app could ' +
      'not tell a genuine update from a forged one. Sign the build (WIN_CSC_LINK, WIN_CSC_KEY_PASSWORD), or ' +
      'build without a feed, or mark it a test build (RESELLER_DESK_TEST_BUILD=1, never published).'
    )
  }
  if (kind.publisher === null) {
    return (
      'Refused: an update feed without the publisher to check updates against. Set RESELLER_DESK_PUBLISHER to ' +
      "the code-signing certificate's subject (as Windows shows it, e.g. CN=Reseller Desk Ltd, O=Reseller Desk Ltd, C=LY)."
    )
  }
  return null
}

const kind = buildKind()
const refusal = buildFeedRefusal(kind)
if (refusal) throw new Error(refusal)
const updateFeed = kind.feedUrl ?? NO_BUILD_FEED

/**
 * The app's data folder is `%APPDATA%\reseller-desk` whatever the product name (see src/main/index.ts). A test
 * build (RESELLER_DESK_TEST_BUILD=1 for the whole `npm run dist:win`, so its bundle carries the constant too)
 * is another product: its own name, id, install folder, data folder and output folder, never published.
 */
const name = kind.testBuild ? 'Reseller Desk Test Build' : 'Reseller Desk'
const config: Configuration = {
  appId: kind.testBuild ? 'ly.reseller-desk.desk.test-build' : 'ly.reseller-desk.desk',
  productName: name,
  copyright: 'Reseller Desk',
  directories: { output: kind.testBuild ? 'dist-test-build' : 'dist', buildResources: 'resources' },

  // What ships: the built bundles and the production dependencies main loads at run time (electron-builder
  // adds those from package.json's `dependencies` by itself; the renderer's libraries are bundled by Vite and
  // are devDependencies). Not src/, test/, scripts or dev tools, and nothing a dependency ships only for
  // building or for other platforms.
  files: [
    'package.json',
    'out/main/**',
    'out/preload/**',
    'out/renderer/**',
    '!**/*.map',
    '!**/node_modules/**/*.{ts,cts,mts,map,tsbuildinfo}',
    // better-sqlite3 ships SQLite's C sources and every platform's binary; this PC needs only its own.
    '!**/node_modules/better-sqlite3/{deps,src,build}/**',
    '!**/node_modules/better-sqlite3/binding.gyp',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: electron-builder's own macro, not a template
    '!**/node_modules/better-sqlite3/prebuilds/!(win32-${arch}.node)',
    // Headers better-sqlite3 compiles against; never loaded.
    '!**/node_modules/node-addon-api/**',
    // bwip-js: main loads only its Node build (bwip-js/node), which holds the barcode code itself.
    '!**/node_modules/bwip-js/{src,lib,bin,examples,fonts}/**',
    '!**/node_modules/bwip-js/{barcode.ps,demo.html,stb_truetype.h}',
    '!**/node_modules/bwip-js/dist/bwip-js{,-min,-gen,-rn}.{js,mjs}',
    // pdf-lib: main loads only its one-file build (exports/entries-pdf.ts), which holds its dependencies.
    '!**/node_modules/pdf-lib/{cjs,es,src,ts3.4,node_modules}/**',
    '!**/node_modules/pdf-lib/dist/!(pdf-lib.min.js)',
    '!**/node_modules/@pdf-lib/**',
  ],
  asar: { smartUnpack: false },
  // A native module is loaded by Windows from a real file, never from inside the archive.
  asarUnpack: ['node_modules/better-sqlite3/prebuilds/*.node'],
  // better-sqlite3's prebuilds are Node-API: the same file loads in Node and in Electron. Nothing is rebuilt.
  npmRebuild: false,
  nodeGypRebuild: false,
  buildDependenciesFromSource: false,
  electronLanguages: ['ar', 'en-US'],

  // Fuses flipped in the packaged electron.exe: no way to run it as a plain Node, to inject code through
  // NODE_OPTIONS or --inspect, or to load anything but the integrity-checked app.asar.
  electronFuses: {
    runAsNode: false,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    enableCookieEncryption: true,
    grantFileProtocolExtraPrivileges: false,
  },

  win: {
    target: [{ target: 'nsis', arch: ['x64'] }],
    icon: 'resources/icon.ico',
    // Signing uses WIN_CSC_LINK / WIN_CSC_KEY_PASSWORD when the build machine has a certificate (README).
    // Said, not left to defaults: the installed app checks every update's signature against this publisher
    // (app-update.yml's publisherName); without one it does not update itself (src/main/updates/feed.ts).
    verifyUpdateCodeSignature: true,
    signtoolOptions: { publisherName: kind.publisher ? [kind.publisher] : null },
  },

  nsis: {
    // One click, for this Windows user only: no administrator rights, installed under
    // %LOCALAPPDATA%\Programs, updates install silently the same way.
    oneClick: true,
    perMachine: false,
    allowElevation: false,
    packElevateHelper: false,
    runAfterFinish: true,
    createDesktopShortcut: true,
    createStartMenuShortcut: true,
    shortcutName: name,
    uninstallDisplayName: name,
    installerIcon: 'resources/icon.ico',
    uninstallerIcon: 'resources/icon.ico',
    // The installer speaks the PC's language: Arabic or English.
    installerLanguages: ['en_US', 'ar_SA'],
    multiLanguageInstaller: true,
    displayLanguageSelector: false,
    unicode: true,
    // The journals, people and settings live in %APPDATA%\reseller-desk: never removed by an uninstall or a
    // reinstall (a journal is the outlet's record of money).
    deleteAppDataOnUninstall: false,
    artifactName: kind.testBuild
      ? // biome-ignore lint/suspicious/noTemplateCurlyInString: electron-builder's own macros, not a template
        'Reseller-Desk-TEST-BUILD-Setup-${version}.${ext}'
      : // biome-ignore lint/suspicious/noTemplateCurlyInString: electron-builder's own macros, not a template
        'Reseller-Desk-Setup-${version}.${ext}',
  },

  publish: [{ provider: 'generic', url: updateFeed }],
}

export default config
