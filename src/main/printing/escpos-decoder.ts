import { DLE, EOT, ESC, GS } from './escpos'
import type { MonochromeImage } from './monochrome'

/**
 * Reads an ESC/POS byte stream back into the commands this app sends. Used by tests and the fake printer
 * to check what reached the "paper"; it knows only our commands and reports anything else as unknown.
 */
export type EscPosCommand =
  | { type: 'initialise' }
  | { type: 'raster'; mode: number; widthBytes: number; rows: number; data: Uint8Array }
  | { type: 'feed'; lines: number }
  | { type: 'cut'; kind: 'full' | 'partial'; feed: number }
  | { type: 'status-query'; n: number }
  | { type: 'unknown'; byte: number }

export interface DecodeResult {
  commands: EscPosCommand[]
  /** Bytes consumed; the rest is an incomplete command waiting for more data. */
  consumed: number
}

type Step = { command: EscPosCommand; length: number } | 'incomplete'

function decodeAt(bytes: Uint8Array, i: number): Step {
  const remaining = bytes.length - i
  const b0 = bytes[i] as number
  const b1 = bytes[i + 1]
  if (b0 === ESC) {
    if (b1 === undefined) return 'incomplete'
    if (b1 === 0x40) return { command: { type: 'initialise' }, length: 2 }
    if (b1 === 0x64) {
      if (remaining < 3) return 'incomplete'
      return { command: { type: 'feed', lines: bytes[i + 2] as number }, length: 3 }
    }
  } else if (b0 === GS) {
    if (b1 === undefined) return 'incomplete'
    if (b1 === 0x76) {
      if (remaining < 8) return 'incomplete'
      if (bytes[i + 2] === 0x30) {
        const widthBytes = (bytes[i + 4] as number) | ((bytes[i + 5] as number) << 8)
        const rows = (bytes[i + 6] as number) | ((bytes[i + 7] as number) << 8)
        const size = widthBytes * rows
        if (remaining < 8 + size) return 'incomplete'
        const data = bytes.slice(i + 8, i + 8 + size)
        return {
          command: { type: 'raster', mode: bytes[i + 3] as number, widthBytes, rows, data },
          length: 8 + size,
        }
      }
    }
    if (b1 === 0x56) {
      if (remaining < 3) return 'incomplete'
      const m = bytes[i + 2] as number
      if (m === 65 || m === 66) {
        if (remaining < 4) return 'incomplete'
        return {
          command: { type: 'cut', kind: m === 65 ? 'full' : 'partial', feed: bytes[i + 3] as number },
          length: 4,
        }
      }
      if (m === 0 || m === 1 || m === 48 || m === 49) {
        return { command: { type: 'cut', kind: m % 2 === 0 ? 'full' : 'partial', feed: 0 }, length: 3 }
      }
    }
  } else if (b0 === DLE) {
    if (b1 === undefined || (b1 === EOT && remaining < 3)) return 'incomplete'
    if (b1 === EOT) return { command: { type: 'status-query', n: bytes[i + 2] as number }, length: 3 }
  }
  return { command: { type: 'unknown', byte: b0 }, length: 1 }
}

export function decodeEscPos(bytes: Uint8Array): DecodeResult {
  const commands: EscPosCommand[] = []
  let i = 0
  while (i < bytes.length) {
    const step = decodeAt(bytes, i)
    if (step === 'incomplete') break
    commands.push(step.command)
    i += step.length
  }
  return { commands, consumed: i }
}

/** Stacks the raster blocks of a job back into one image, as the paper would show it. */
export function rasterImageOf(commands: EscPosCommand[]): MonochromeImage | null {
  const blocks = commands.filter((c) => c.type === 'raster')
  const first = blocks[0]
  if (!first) return null
  if (blocks.some((b) => b.widthBytes !== first.widthBytes)) throw new Error('Raster blocks differ in width')
  const height = blocks.reduce((n, b) => n + b.rows, 0)
  const data = new Uint8Array(first.widthBytes * height)
  let offset = 0
  for (const b of blocks) {
    data.set(b.data, offset)
    offset += b.data.length
  }
  return { width: first.widthBytes * 8, height, data }
}
