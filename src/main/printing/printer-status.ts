/**
 * ESC/POS real-time status (DLE EOT n). Every answer is one byte whose bits 0, 1, 4 and 7 are fixed at
 * 0, 1, 1, 0; anything else on the wire is not a status answer.
 */
export function isStatusByte(byte: number): boolean {
  return (byte & 0x93) === 0x12
}

/** What the printer said about itself; fields it was not asked about (or did not answer) stay false. */
export interface PrinterStatus {
  offline: boolean
  coverOpen: boolean
  paperEnd: boolean
  paperLow: boolean
  error: boolean
}

export interface StatusAnswers {
  /** DLE EOT 1, printer status: bit 3 = offline. */
  printer: number
  /** DLE EOT 2, offline cause: bit 2 = cover open, bit 5 = stopped at paper end, bit 6 = error. */
  offlineCause?: number | undefined
  /** DLE EOT 4, roll paper sensor: bits 2–3 = near end, bits 5–6 = paper end. */
  paperSensor?: number | undefined
}

export function readStatus(answers: StatusAnswers): PrinterStatus {
  const cause = answers.offlineCause ?? 0x12
  const paper = answers.paperSensor ?? 0x12
  return {
    offline: (answers.printer & 0x08) !== 0,
    coverOpen: (cause & 0x04) !== 0,
    paperEnd: (cause & 0x20) !== 0 || (paper & 0x60) === 0x60,
    paperLow: (paper & 0x0c) === 0x0c,
    error: (cause & 0x40) !== 0,
  }
}

/** Status bytes a printer in a given state answers; used by the fake printer in tests. */
export const STATUS_BYTES = {
  ok: { printer: 0x12, offlineCause: 0x12, paperSensor: 0x12 },
  paperLow: { printer: 0x12, offlineCause: 0x12, paperSensor: 0x1e },
  noPaper: { printer: 0x1a, offlineCause: 0x32, paperSensor: 0x72 },
  coverOpen: { printer: 0x1a, offlineCause: 0x16, paperSensor: 0x12 },
} as const satisfies Record<string, Required<StatusAnswers>>
