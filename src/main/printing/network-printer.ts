import { connect, type Socket } from 'node:net'
import { AppError } from '../../shared/errors'
import {
  DEFAULT_PRINTER_PORT,
  type PrinterAddress,
  parsePrinterAddress as parseAddress,
} from '../../shared/printer-address'
import { wakeableSleep } from '../wakeable-sleep'
import { statusQuery } from './escpos'
import { isStatusByte, type PrinterStatus, readStatus } from './printer-status'

export { DEFAULT_PRINTER_PORT, type PrinterAddress }

export type PrinterFailure =
  | 'bad-address'
  | 'offline'
  | 'refused'
  | 'timeout'
  | 'no-paper'
  | 'cover-open'
  | 'printer-error'

export interface NetworkPrinterTimeouts {
  /** To open the TCP connection; a printer that is off or unplugged fails here. */
  connectMs: number
  /** For each status answer; printers that answer do so within milliseconds. */
  statusMs: number
  /** From the first job byte until the printer has taken the whole job. */
  jobMs: number
}

export const DEFAULT_TIMEOUTS: NetworkPrinterTimeouts = { connectMs: 3000, statusMs: 800, jobMs: 15_000 }

export interface PrintOutcome {
  /** Whether the printer answered status queries; false means the job was sent blind. */
  statusChecked: boolean
  /** Whether the printer confirmed, after the job, that it had read all of it. */
  confirmed: boolean
  /** The roll is nearly out: worth telling the clerk. */
  paperLow: boolean
}

/** `tcp://host:port`, `host:port`, `host`, or `tcp://[::1]:9100`; the port defaults to 9100. */
export function parsePrinterAddress(address: string): PrinterAddress {
  const parsed = parseAddress(address)
  if (!parsed) {
    throw new AppError('BAD_INPUT', `Not a printer address: "${address}". Expected tcp://host:9100.`, {
      field: 'printer.address',
    })
  }
  return parsed
}

function printerError(reason: PrinterFailure, message: string, printer: string): AppError {
  return new AppError('PRINTER_ERROR', message, { reason, printer })
}

function connectFailure(error: NodeJS.ErrnoException, printer: string): AppError {
  switch (error.code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return printerError('bad-address', `The printer address ${printer} does not resolve.`, printer)
    case 'ECONNREFUSED':
      return printerError(
        'offline',
        `Nothing answers at ${printer}: the printer is off or the address is wrong.`,
        printer,
      )
    default:
      return printerError(
        'offline',
        `Cannot reach the printer at ${printer} (${error.code ?? error.message}).`,
        printer,
      )
  }
}

/** How long an unanswered connection is kept after the job before it is torn down. */
const CLOSE_GRACE_MS = 2000

/**
 * One TCP connection to a printer: bytes out with deadlines, status bytes in. Any close or error from the
 * printer fails whatever is waiting, with a reason a clerk can act on.
 */
class PrinterConnection {
  private readonly pending: number[] = []
  private wake: (() => void) | null = null
  private failure: AppError | null = null

  private constructor(
    private readonly socket: Socket,
    private readonly printer: string,
  ) {
    socket.on('data', (chunk: Buffer) => {
      for (const byte of chunk) this.pending.push(byte)
      this.wake?.()
    })
    socket.on('end', () => this.fail(this.refused('closed the connection')))
    socket.on('error', (error: NodeJS.ErrnoException) =>
      this.fail(this.refused(`reset the connection (${error.code})`)),
    )
    socket.on('close', () => this.fail(this.refused('closed the connection')))
  }

  static open(address: PrinterAddress, timeoutMs: number, printer: string): Promise<PrinterConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: address.host, port: address.port, noDelay: true })
      const timer = setTimeout(() => {
        socket.destroy()
        reject(
          printerError(
            'offline',
            `The printer at ${printer} did not answer within ${timeoutMs} ms.`,
            printer,
          ),
        )
      }, timeoutMs)
      socket.once('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer)
        socket.destroy()
        reject(connectFailure(error, printer))
      })
      socket.once('connect', () => {
        clearTimeout(timer)
        socket.removeAllListeners('error')
        resolve(new PrinterConnection(socket, printer))
      })
    })
  }

  private refused(what: string): AppError {
    return printerError(
      'refused',
      `The printer at ${this.printer} ${what} before taking the receipt.`,
      this.printer,
    )
  }

  private fail(error: AppError): void {
    this.failure ??= error
    this.wake?.()
  }

  /** Sends DLE EOT n and waits for its answer; null when none comes in time. */
  async query(n: 1 | 2 | 4, timeoutMs: number): Promise<number | null> {
    this.pending.length = 0
    await this.write(statusQuery(n), timeoutMs, 'status query')
    const deadline = Date.now() + timeoutMs
    for (;;) {
      if (this.failure) throw this.failure
      const index = this.pending.findIndex(isStatusByte)
      if (index >= 0) {
        const byte = this.pending[index] as number
        this.pending.splice(0, index + 1)
        return byte
      }
      const left = deadline - Date.now()
      if (left <= 0) return null
      await wakeableSleep(left, (wake) => {
        this.wake = wake
      })
    }
  }

  /** Resolves once the bytes are handed to the operating system. */
  write(bytes: Uint8Array, timeoutMs: number, what: string): Promise<void> {
    if (this.failure) return Promise.reject(this.failure)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(
          printerError(
            'timeout',
            `The printer at ${this.printer} stopped taking data (${what}) for ${timeoutMs} ms.`,
            this.printer,
          ),
        )
      }, timeoutMs)
      this.socket.write(bytes, (error) => {
        clearTimeout(timer)
        if (error) reject(this.failure ?? this.refused('dropped the connection'))
        else resolve()
      })
    })
  }

  /** Half-closes so the printer sees the end of the job, and lets go of the socket soon after. */
  close(): void {
    this.socket.end()
    this.socket.resume()
    setTimeout(() => this.socket.destroy(), CLOSE_GRACE_MS).unref()
  }

  destroy(): void {
    this.socket.destroy()
  }
}

/**
 * An ESC/POS printer on the network (raw TCP, usually port 9100).
 *
 * Before a job it asks the printer's real-time status (DLE EOT 1, 2 and 4) and refuses to print into a
 * printer that reports no paper, an open cover or an error. Many cheap printers never answer status
 * queries, so a printer that does not answer is printed to anyway ("blind"): the job then counts as done
 * when the operating system has taken the bytes. A printer that answered before and stops answering has
 * stalled, and that is an error. When the printer answers, the status is asked again after the job: the
 * answer can only come once the printer has read every byte before it, so it confirms the printer took
 * the whole receipt (and catches paper running out during it).
 */
export class NetworkPrinter {
  readonly address: PrinterAddress
  private readonly label: string
  private readonly timeouts: NetworkPrinterTimeouts
  private answers: boolean | null

  constructor(
    address: string | PrinterAddress,
    options: { timeouts?: Partial<NetworkPrinterTimeouts>; answersStatus?: boolean | null } = {},
  ) {
    this.address = typeof address === 'string' ? parsePrinterAddress(address) : address
    this.label = this.address.host.includes(':')
      ? `[${this.address.host}]:${this.address.port}`
      : `${this.address.host}:${this.address.port}`
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts }
    this.answers = options.answersStatus ?? null
  }

  /** Whether this printer has answered status queries: null until it is known. Worth keeping in settings. */
  get answersStatus(): boolean | null {
    return this.answers
  }

  /** Sends a whole job (see escpos.ts). Rejects with AppError PRINTER_ERROR and `details.reason`. */
  async print(job: Uint8Array): Promise<PrintOutcome> {
    const connection = await PrinterConnection.open(this.address, this.timeouts.connectMs, this.label)
    try {
      const before = await this.askStatus(connection, this.timeouts.statusMs)
      if (before === null && this.answers === true) {
        throw printerError('timeout', `The printer at ${this.label} stopped answering.`, this.label)
      }
      if (before) {
        this.answers = true
        this.refuseIfNotReady(before, false)
      } else {
        this.answers = false
      }
      const started = Date.now()
      await connection.write(job, this.timeouts.jobMs, 'receipt')
      if (!before) {
        connection.close()
        return { statusChecked: false, confirmed: false, paperLow: false }
      }
      const left = Math.max(1, this.timeouts.jobMs - (Date.now() - started))
      const after = await this.askStatus(connection, left)
      if (after === null) {
        throw printerError(
          'timeout',
          `The printer at ${this.label} did not take the whole receipt within ${this.timeouts.jobMs} ms.`,
          this.label,
        )
      }
      this.refuseIfNotReady(after, true)
      connection.close()
      return { statusChecked: true, confirmed: true, paperLow: before.paperLow || after.paperLow }
    } catch (error) {
      connection.destroy()
      throw error
    }
  }

  /** DLE EOT 1, then 2 and 4 for the details; null when the printer does not answer the first. */
  private async askStatus(
    connection: PrinterConnection,
    firstTimeoutMs: number,
  ): Promise<PrinterStatus | null> {
    const printer = await connection.query(1, firstTimeoutMs)
    if (printer === null) return null
    const offlineCause = (await connection.query(2, this.timeouts.statusMs)) ?? undefined
    const paperSensor =
      offlineCause === undefined
        ? undefined
        : ((await connection.query(4, this.timeouts.statusMs)) ?? undefined)
    return readStatus({ printer, offlineCause, paperSensor })
  }

  private refuseIfNotReady(status: PrinterStatus, duringJob: boolean): void {
    const when = duringJob ? ' during printing: the receipt may be incomplete' : ''
    if (status.paperEnd)
      throw printerError('no-paper', `The printer at ${this.label} is out of paper${when}.`, this.label)
    if (status.coverOpen)
      throw printerError('cover-open', `The printer at ${this.label} has its cover open${when}.`, this.label)
    if (status.error || status.offline) {
      throw printerError('printer-error', `The printer at ${this.label} reports an error${when}.`, this.label)
    }
  }
}
