import { createServer, type Server, type Socket } from 'node:net'
import { performance } from 'node:perf_hooks'
import { decodeEscPos, type EscPosCommand, rasterImageOf } from '../../src/main/printing/escpos-decoder'
import type { MonochromeImage } from '../../src/main/printing/monochrome'
import { STATUS_BYTES } from '../../src/main/printing/printer-status'

/**
 * How the fake takes a connection:
 * - accept: reads everything, answers status per `status`
 * - refuse: closes every connection as soon as it is accepted
 * - stall: accepts, then never reads and never answers (a hung printer)
 * - stall-mid-job: answers status until the job starts, then stops reading and answering
 */
export type FakeConnectionMode = 'accept' | 'refuse' | 'stall' | 'stall-mid-job'
/** What the fake answers to DLE EOT; `silent` never answers, like many cheap printers. */
export type FakeStatusMode = 'ok' | 'paper-low' | 'no-paper' | 'cover-open' | 'silent'

export interface FakeJob {
  bytes: Uint8Array
  commands: EscPosCommand[]
  /** performance.now() of the first and last byte received. */
  firstByteAt: number
  lastByteAt: number
  /** Whether a cut arrived: the job is complete. */
  cut: boolean
  /** performance.now() when the byte completing the cut arrived: the receipt is all on the printer. */
  cutAt: number
  image(): MonochromeImage | null
}

const STATUS_FOR: Record<Exclude<FakeStatusMode, 'silent'>, Record<number, number>> = {
  ok: { 1: STATUS_BYTES.ok.printer, 2: STATUS_BYTES.ok.offlineCause, 4: STATUS_BYTES.ok.paperSensor },
  'paper-low': {
    1: STATUS_BYTES.paperLow.printer,
    2: STATUS_BYTES.paperLow.offlineCause,
    4: STATUS_BYTES.paperLow.paperSensor,
  },
  'no-paper': {
    1: STATUS_BYTES.noPaper.printer,
    2: STATUS_BYTES.noPaper.offlineCause,
    4: STATUS_BYTES.noPaper.paperSensor,
  },
  'cover-open': {
    1: STATUS_BYTES.coverOpen.printer,
    2: STATUS_BYTES.coverOpen.offlineCause,
    4: STATUS_BYTES.coverOpen.paperSensor,
  },
}

/** A fake ESC/POS network printer on 127.0.0.1 (port 0): records jobs, answers status as configured. */
export class FakeEscPosPrinter {
  mode: FakeConnectionMode
  status: FakeStatusMode
  readonly jobs: FakeJob[] = []
  private readonly sockets = new Set<Socket>()
  private readonly jobWaiters: Array<{ match: (job: FakeJob) => boolean; resolve: (job: FakeJob) => void }> =
    []
  private server: Server | null

  private constructor(
    server: Server,
    readonly port: number,
    mode: FakeConnectionMode,
    status: FakeStatusMode,
  ) {
    this.server = server
    this.mode = mode
    this.status = status
  }

  static async start(
    options: { mode?: FakeConnectionMode; status?: FakeStatusMode } = {},
  ): Promise<FakeEscPosPrinter> {
    const server = createServer()
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(0, '127.0.0.1', () => resolve())
    })
    const address = server.address()
    if (address === null || typeof address === 'string') throw new Error('No TCP port')
    const printer = new FakeEscPosPrinter(
      server,
      address.port,
      options.mode ?? 'accept',
      options.status ?? 'ok',
    )
    server.on('connection', (socket) => printer.onConnection(socket))
    return printer
  }

  get address(): string {
    return `tcp://127.0.0.1:${this.port}`
  }

  /** Resolves with the next complete job (one that ends with a cut). */
  nextCompleteJob(): Promise<FakeJob> {
    return new Promise((resolve) => this.jobWaiters.push({ match: (job) => job.cut, resolve }))
  }

  /** Switched off: the port is closed, so connections are refused by the operating system. */
  async turnOff(): Promise<void> {
    await this.close()
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy()
    const server = this.server
    this.server = null
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  private onConnection(socket: Socket): void {
    this.sockets.add(socket)
    socket.on('close', () => this.sockets.delete(socket))
    socket.on('error', () => undefined)
    if (this.mode === 'refuse') {
      socket.destroy()
      return
    }
    if (this.mode === 'stall') {
      socket.pause()
      return
    }
    const stallMidJob = this.mode === 'stall-mid-job'
    let received = new Uint8Array(0)
    let parsed = 0
    const job: FakeJob = {
      bytes: received,
      commands: [],
      firstByteAt: 0,
      lastByteAt: 0,
      cut: false,
      cutAt: 0,
      image: () => rasterImageOf(job.commands),
    }
    this.jobs.push(job)
    socket.on('data', (chunk: Buffer) => {
      const now = performance.now()
      if (job.firstByteAt === 0) job.firstByteAt = now
      job.lastByteAt = now
      const next = new Uint8Array(received.length + chunk.length)
      next.set(received)
      next.set(chunk, received.length)
      received = next
      job.bytes = received
      const { commands, consumed } = decodeEscPos(received.subarray(parsed))
      parsed += consumed
      for (const command of commands) {
        job.commands.push(command)
        if (command.type === 'status-query') this.answer(socket, command.n)
        if (command.type === 'initialise' && stallMidJob) {
          socket.pause()
          return
        }
        if (command.type === 'cut') {
          job.cut = true
          job.cutAt = now
          this.notify(job)
        }
      }
    })
  }

  private answer(socket: Socket, n: number): void {
    if (this.status === 'silent') return
    const byte = STATUS_FOR[this.status][n]
    if (byte !== undefined) socket.write(Uint8Array.of(byte))
  }

  private notify(job: FakeJob): void {
    for (let i = this.jobWaiters.length - 1; i >= 0; i--) {
      const waiter = this.jobWaiters[i]
      if (waiter?.match(job)) {
        this.jobWaiters.splice(i, 1)
        waiter.resolve(job)
      }
    }
  }
}
