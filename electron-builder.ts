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
const updateFeed = process.env.RESELLER_DESK_UPDATE_URL || NO_BUILD_FEED

/** The app's data folder is `%APPDATA%\reseller-desk` whatever the product name (see src/main/index.ts). */
const config: Configuration = {
  appId: 'ly.reseller-desk.desk',
  productName: 'Reseller Desk',
  copyright: 'Reseller Desk',
  directories: { output: 'dist', buildResources: 'resources' },

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
    shortcutName: 'Reseller Desk',
    uninstallDisplayName: 'Reseller Desk',
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
    // biome-ignore lint/suspicious/noTemplateCurlyInString: electron-builder's own macros, not a template
    artifactName: 'Reseller-Desk-Setup-${version}.${ext}',
  },

  publish: [{ provider: 'generic', url: updateFeed }],
}

export default config
