/**
 * `npm run soak:power-cut [cuts]`: the power-cut soak at length (120 cuts unless told), printing its figures.
 * Exits 1 if any cut broke a promise (the violations are printed).
 */
import { describeSoak, runPowerCutSoak } from './soak'

const cuts = Number(process.argv[2] ?? 120)
if (!Number.isInteger(cuts) || cuts < 1) {
  process.stderr.write('usage: npm run soak:power-cut [cuts]\n')
  process.exit(2)
}
const result = await runPowerCutSoak({
  cuts,
  log: (line) => process.stdout.write(`${line}\n`),
})
process.stdout.write(`${describeSoak(result)}\n`)
process.exit(result.violations.length > 0 ? 1 : 0)
