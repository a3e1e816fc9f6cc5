/**
 * Waits `ms`, or less when woken: `keep` is handed the function that ends the wait at once while the wait
 * lasts, and null when it is over (a loop keeps it where whatever may wake it finds it).
 */
export function wakeableSleep(ms: number, keep: (wake: (() => void) | null) => void): Promise<void> {
  return new Promise<void>((resolve) => {
    let over = false
    const end = () => {
      if (over) return
      over = true
      clearTimeout(timer)
      keep(null)
      resolve()
    }
    const timer = setTimeout(end, ms)
    keep(end)
  })
}
