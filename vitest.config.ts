import { defineConfig } from 'vitest/config'

export default defineConfig({
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
