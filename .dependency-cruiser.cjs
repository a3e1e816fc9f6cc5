/**
 * The structure's rules, checked on every `npm test` (npm run deps): no import circle anywhere under src/,
 * and the layers keep to themselves. See docs/architecture.md.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import circle (type-only imports count too): split out the shared part, or compose instead.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'shared-stands-alone',
      severity: 'error',
      comment: 'shared/ is plain TypeScript every side uses: it imports nothing of main, renderer or Node.',
      from: { path: '^src/shared/' },
      to: { pathNot: '^src/shared/|^node_modules/zod/' },
    },
    {
      name: 'renderer-only-shared',
      severity: 'error',
      comment: 'The renderer reaches main only through window.api: it imports shared/, never main or Node.',
      from: { path: '^src/renderer/' },
      to: { path: '^src/(main|preload|sandbox|shells)/' },
    },
    {
      name: 'renderer-without-zod',
      severity: 'error',
      comment:
        'Main validates every call: the renderer loads no zod (a fifth of its start-up bundle, ~0.1 s on a slow PC). Types from these modules (the table, the schemas, settings.ts, the inputs/ of the calls) are fine; values come from zod-free modules (head-office-reasons.ts, receipt-logo.ts, deposit-rules.ts).',
      from: { path: '^src/renderer/' },
      to: {
        path: '^node_modules/zod/|^src/shared/(contract|schemas|head-office|settings)\\.ts$|^src/shared/inputs/',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'renderer-no-node',
      severity: 'error',
      from: { path: '^src/renderer/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'electron-at-the-edge',
      severity: 'error',
      comment:
        'Only main/index.ts, main/electron/ and the preload use Electron (types may be named elsewhere).',
      from: { pathNot: '^src/main/index\\.ts$|^src/main/electron/|^src/preload/' },
      to: { path: '^node_modules/electron/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'sqlite-behind-the-journal',
      severity: 'error',
      comment:
        'Only main/journal opens SQLite in main (people/ names its type; the sandbox is another service).',
      from: { path: '^src/', pathNot: '^src/main/journal/|^src/sandbox/' },
      to: { path: '^node_modules/better-sqlite3/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'journal-connection-stays-inside',
      severity: 'error',
      comment: "The journal's connection is for main/journal only: elsewhere a journal is its methods.",
      from: { pathNot: '^src/main/journal/' },
      to: { path: '^src/main/journal/connection\\.ts$' },
    },
    {
      name: 'features-take-the-desk-core',
      severity: 'error',
      comment:
        "A feature takes the desk core (core.ts, workspace.ts, handlers.ts) and the code-shown rules it applies; the desk's workspaces, use cases and handlers are put together in app-desk.ts only.",
      from: { path: '^src/', pathNot: '^src/main/desk/|^src/main/app-desk\\.ts$' },
      to: { path: '^src/main/desk/', pathNot: '^src/main/desk/(core|workspace|handlers|code-shown)\\.ts$' },
    },
    {
      name: 'one-http-client-for-the-service',
      severity: 'error',
      comment:
        'The desk talks HTTP to the reseller service through reseller/http.ts alone (ofetch over undici): one place sends, none retries.',
      from: { path: '^src/main/', pathNot: '^src/main/reseller/http\\.ts$' },
      to: { path: '^node_modules/(ofetch|undici|node-fetch-native)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'composition-root-at-the-top',
      severity: 'error',
      comment: 'Features do not import the composition root; the hosts do.',
      from: { pathNot: '^src/main/index\\.ts$|^src/shells/|^src/main/app-desk\\.ts$' },
      to: { path: '^src/main/app-desk\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.node.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
    exclude: { path: '^src/renderer/src/.*\\.css$' },
  },
}
