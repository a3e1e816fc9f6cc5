import { defineConfig } from 'vitest/config'
import { DESK_METHODS } from './src/shared/contract'

export default defineConfig({
  // As electron.vite.config.ts gives the preload.
  define: { __DESK_METHODS__: JSON.stringify(DESK_METHODS) },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/node-version-guard.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    server: { deps: { inline: ['electron-store'] } },
    // CI records the counts for its closing "N passed, N failed" line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'test-output/vitest.json' },
  },
})
