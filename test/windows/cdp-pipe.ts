import type { ChildProcess } from 'node:child_process'
import type { Readable, Writable } from 'node:stream'

/**
 * The Chrome DevTools Protocol over `--remote-debugging-pipe`: the browser reads commands from its fd 3 and
 * writes answers and events to its fd 4, each message JSON ended by a NUL byte. No TCP port is opened, so
 * nothing else on the machine can attach. Spawn the browser (or the test build of the app) with
 * `stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe']` and hand the child here.
 */
export class PipeCdp {
  private nextId = 1
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>()
  private readonly listeners = new Set<(message: CdpEvent) => void>()
  private buffered = Buffer.alloc(0)
  private readonly input: Writable
  private closed: Error | null = null

  constructor(child: ChildProcess) {
    const input = child.stdio[3] as Writable | null
    const output = child.stdio[4] as Readable | null
    if (!input || !output) throw new Error('spawn the browser with pipes at fds 3 and 4')
    this.input = input
    output.on('data', (chunk: Buffer) => this.receive(chunk))
    const close = (why: string) => {
      this.closed = new Error(why)
      for (const p of this.pending.values()) p.reject(this.closed)
      this.pending.clear()
    }
    output.on('close', () => close('the browser closed the DevTools pipe'))
    child.once('exit', (code) => close(`the browser exited (${code})`))
  }

  private receive(chunk: Buffer): void {
    this.buffered = Buffer.concat([this.buffered, chunk])
    for (let end = this.buffered.indexOf(0); end >= 0; end = this.buffered.indexOf(0)) {
      const message = JSON.parse(this.buffered.subarray(0, end).toString('utf8')) as {
        id?: number
        result?: unknown
        error?: { message: string }
      } & CdpEvent
      this.buffered = this.buffered.subarray(end + 1)
      if (message.id !== undefined) {
        const waiting = this.pending.get(message.id)
        this.pending.delete(message.id)
        if (message.error) waiting?.reject(new Error(`${message.error.message}`))
        else waiting?.resolve(message.result)
      } else {
        for (const listen of this.listeners) listen(message)
      }
    }
  }

  send<T = Record<string, unknown>>(method: string, params: object = {}, sessionId?: string): Promise<T> {
    if (this.closed) return Promise.reject(this.closed)
    const id = this.nextId++
    const message = JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject })
      this.input.write(`${message}\0`)
    })
  }

  onEvent(listen: (event: CdpEvent) => void): () => void {
    this.listeners.add(listen)
    return () => this.listeners.delete(listen)
  }

  /** The first page target whose URL passes `match`, attached (flattened): its session id. */
  async attachToPage(match: (url: string) => boolean): Promise<PageSession> {
    const { targetInfos } = await this.send<{
      targetInfos: { targetId: string; type: string; url: string }[]
    }>('Target.getTargets')
    const target = targetInfos.find((t) => t.type === 'page' && match(t.url))
    if (!target) throw new Error(`no page yet (${targetInfos.map((t) => t.url).join(', ') || 'none'})`)
    const { sessionId } = await this.send<{ sessionId: string }>('Target.attachToTarget', {
      targetId: target.targetId,
      flatten: true,
    })
    return new PageSession(this, sessionId, target.url)
  }
}

export interface CdpEvent {
  method: string
  params?: Record<string, unknown>
  sessionId?: string
}

/** One page, through its flattened session: evaluate, wait for a condition, screenshot. */
export class PageSession {
  constructor(
    private readonly cdp: PipeCdp,
    readonly sessionId: string,
    readonly url: string,
  ) {}

  /** The value of a JavaScript expression in the page (awaited, returned by value). */
  async evaluate<T = unknown>(expression: string): Promise<T> {
    const answer = await this.cdp.send<{
      result: { value?: unknown }
      exceptionDetails?: { text: string; exception?: { description?: string } }
    }>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }, this.sessionId)
    if (answer.exceptionDetails) {
      throw new Error(answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text)
    }
    return answer.result.value as T
  }

  /** Waits until `expression` is truthy in the page; its value. */
  async waitFor<T = unknown>(what: string, expression: string, ms = 60_000): Promise<T> {
    const end = Date.now() + ms
    for (;;) {
      const value = await this.evaluate<T>(expression).catch(() => undefined)
      if (value) return value
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }

  async screenshot(): Promise<Buffer> {
    const { data } = await this.cdp.send<{ data: string }>(
      'Page.captureScreenshot',
      { format: 'png' },
      this.sessionId,
    )
    return Buffer.from(data, 'base64')
  }
}
