/**
 * A logger per module that redacts what must never reach a log: passwords, tokens, voucher codes.
 * Redaction is applied to the final line, so a secret passed by mistake inside a message is caught too.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

export interface LogSink {
  write(line: string): void
}

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void
  info(message: string, fields?: Record<string, unknown>): void
  warn(message: string, fields?: Record<string, unknown>): void
  error(message: string, fields?: Record<string, unknown>): void
  child(module: string): Logger
}

const SECRET_KEYS = /pass(word)?|secret|token|authorization|cookie|voucherCode/i

/**
 * Masks bearer tokens (`id|secret`), Authorization values, the `user:pass@` of any address (a proxy's) and
 * long digit runs (voucher codes).
 */
export function redact(text: string): string {
  return text
    .replace(/\b([a-z][\w+.-]*:\/\/)[^\s/?#"'<>]*@/gi, '$1[redacted]@')
    .replace(/(bearer\s+)[^\s"',}]+/gi, '$1[redacted]')
    .replace(/\b\d+\|[A-Za-z0-9._~+/=-]{8,}/g, '[token]')
    .replace(/\b\d{12,}\b/g, (digits) => `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}`)
}

function safeFields(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(fields)) {
    if (SECRET_KEYS.test(k)) out[k] = '[redacted]'
    else if (v instanceof Error) out[k] = { name: v.name, message: v.message }
    else if (v && typeof v === 'object' && !Array.isArray(v))
      out[k] = safeFields(v as Record<string, unknown>)
    else out[k] = v
  }
  return out
}

export function createLogger(sink: LogSink, module = 'app', now: () => number = Date.now): Logger {
  const write = (level: LogLevel, message: string, fields?: Record<string, unknown>) => {
    const extra = fields ? ` ${JSON.stringify(safeFields(fields))}` : ''
    sink.write(
      redact(`${new Date(now()).toISOString()} ${level.toUpperCase()} [${module}] ${message}${extra}`),
    )
  }
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (name) => createLogger(sink, `${module}/${name}`, now),
  }
}

export const silentLogger: Logger = createLogger({ write: () => {} })

/** Keeps the last lines in memory: for tests and for the diagnostics file of the browser shell. */
export class MemorySink implements LogSink {
  readonly lines: string[] = []
  constructor(private readonly max = 5000) {}
  write(line: string): void {
    this.lines.push(line)
    if (this.lines.length > this.max) this.lines.splice(0, this.lines.length - this.max)
  }
}
