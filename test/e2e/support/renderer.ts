import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { compileHints } from '../../../scripts/compile-hints'

/**
 * Builds the renderer from the current sources into a fresh folder, so the tests never drive a stale
 * out/renderer and never race another run writing it. Same root, plugin and minification as the renderer
 * section of electron.vite.config.ts.
 */
export async function buildRendererForTest(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'desk-renderer-'))
  // Vitest sets NODE_ENV=test, which Vite carries into the bundle: React's development build, whose
  // StrictMode mounts every screen twice — not the renderer that ships. The build sees what a release sees.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({
      configFile: false,
      root: resolve('src/renderer'),
      base: './',
      logLevel: 'error',
      plugins: [react(), compileHints()],
      build: {
        outDir,
        emptyOutDir: true,
        minify: true,
        rollupOptions: {
          input: {
            index: resolve('src/renderer/index.html'),
            customer: resolve('src/renderer/customer.html'),
          },
        },
      },
    })
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  }
  return outDir
}
