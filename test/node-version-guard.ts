/**
 * Runs once before any test file. The suite needs Node 22 (what Electron 45 embeds): better-sqlite3 13 is
 * built for it and crashes Node 20 with a bare SIGSEGV. `npm test` and every `npm run` script get Node 22
 * from the pinned `node` devDependency; calling `node_modules/.bin/vitest` directly (an editor's test runner
 * does) uses whatever `node` is on PATH, so say so plainly instead of crashing.
 */
export default function nodeVersionGuard(): void {
  const major = Number(process.versions.node.split('.')[0])
  if (major < 22) {
    throw new Error(
      `Reseller Desk's tests need Node 22 (this is Node ${process.versions.node}). ` +
        'Run them with `npm test`, `npm run test:unit` (test/unit only) or `npx vitest run <files>`, which ' +
        'use the Node 22 pinned in package.json, or put Node 22 first on PATH (see .nvmrc).',
    )
  }
}
