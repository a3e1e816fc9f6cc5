/**
 * `npm run bench`: runs every bench/*.bench.ts, each in its own Node process (one benchmark's warm caches
 * and open handles never colour another's figures), one after the other. Other files in bench/ are
 * helpers. Arguments filter by name: `npm run bench -- core` runs core.bench.ts only.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const dir = fileURLToPath(new URL('.', import.meta.url))
const filters = process.argv.slice(2)
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((name) => f.includes(name)))
  .sort()
if (files.length === 0) {
  console.error(`No bench/*.bench.ts file matches ${filters.join(', ') || 'anything'}.`)
  process.exit(1)
}
const failed: string[] = []
for (const file of files) {
  console.log(`\n=== bench/${file} ===`)
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL(file, import.meta.url))],
    {
      stdio: 'inherit',
    },
  )
  if (run.status !== 0) failed.push(`${file} (${run.signal ?? `exit ${run.status}`})`)
}
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`)
  process.exit(1)
}
