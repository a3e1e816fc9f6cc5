import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'
import { compileHints } from './scripts/compile-hints'
import { DESK_METHODS } from './src/shared/contract'

export default defineConfig({
  main: {
    // A test build (src/main/electron/build-kind.ts) is decided when the bundle is built, never at run time.
    define: { __RESELLER_DESK_TEST_BUILD__: JSON.stringify(process.env.RESELLER_DESK_TEST_BUILD === '1') },
    // The manager's exports and reports run in a worker thread of their own entry (manager/off-thread.ts).
    build: {
      rollupOptions: {
        input: {
          index: resolve('src/main/index.ts'),
          'manager-worker': resolve('src/main/manager/manager-worker.ts'),
        },
      },
    },
  },
  preload: {
    // The calls' names from the contract's table, so the preload does not bundle the schemas.
    define: { __DESK_METHODS__: JSON.stringify(DESK_METHODS) },
    // A sandboxed preload must be a single CommonJS file.
    build: {
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    // Minified: the renderer is loaded on every start of clerks' (often modest) PCs.
    // Two pages: the desk, and the customer display (its own small bundle, no preload: docs/customer-display.md).
    build: {
      minify: true,
      rollupOptions: {
        input: { index: resolve('src/renderer/index.html'), customer: resolve('src/renderer/customer.html') },
      },
    },
    plugins: [react(), compileHints()],
  },
})
