import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { build } from 'vite'

/**
 * Builds the renderer from the current sources into a fresh folder, so the tests never drive a stale
 * out/renderer and never race another run writing it. Same root, plugin and minification as the renderer
 * section of electron.vite.config.ts.
 */
export async function buildRendererForTest(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'desk-renderer-'))
  await build({
    configFile: false,
    root: resolve('src/renderer'),
    base: './',
    logLevel: 'error',
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: true,
      minify: true,
      rollupOptions: { input: { index: resolve('src/renderer/index.html') } },
    },
  })
  return outDir
}
