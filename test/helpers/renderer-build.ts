import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

/** `npm test` builds before the tests run; a single test file run on its own builds when nothing is there. */
export function ensureRendererBuilt(): void {
  if (existsSync('out/renderer/index.html')) return
  execFileSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], {
    stdio: 'ignore',
  })
}
