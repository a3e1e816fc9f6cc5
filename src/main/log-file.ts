import { appendFileSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import type { LogSink } from './log'

/**
 * A log file that rotates by size (desk.log → desk.1.log → … → desk.N.log), so a PC that runs for months
 * never fills its disk. Lines arrive already redacted (see log.ts).
 */
export class RotatingFileSink implements LogSink {
  private size: number

  constructor(
    private readonly path: string,
    private readonly maxBytes = 1_000_000,
    private readonly keep = 3,
  ) {
    mkdirSync(dirname(path), { recursive: true })
    try {
      this.size = statSync(path).size
    } catch {
      this.size = 0
    }
  }

  write(line: string): void {
    const data = `${line}\n`
    try {
      if (this.size + data.length > this.maxBytes) this.rotate()
      appendFileSync(this.path, data)
      this.size += Buffer.byteLength(data)
    } catch {
      // A log must never take the desk down.
    }
  }

  private rotate(): void {
    rmSync(`${this.path.replace(/\.log$/, '')}.${this.keep}.log`, { force: true })
    for (let i = this.keep - 1; i >= 1; i--) {
      const from = `${this.path.replace(/\.log$/, '')}.${i}.log`
      try {
        renameSync(from, `${this.path.replace(/\.log$/, '')}.${i + 1}.log`)
      } catch {
        // that generation does not exist yet
      }
    }
    renameSync(this.path, `${this.path.replace(/\.log$/, '')}.1.log`)
    this.size = 0
  }

  /** The newest lines, for "Save diagnostics". */
  tail(lines = 2000): string[] {
    try {
      const all = readFileSync(this.path, 'utf8').split('\n').filter(Boolean)
      return all.slice(-lines)
    } catch {
      return []
    }
  }
}
