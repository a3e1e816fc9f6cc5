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

/** How many causes deep an error is written (a chain may loop). */
const MAX_CAUSES = 5

/**
 * An error as the log keeps it: its name, code, message, where it happened (its stack) and what caused it,
 * cause after cause. Nothing else of it (a field of an error may hold anything); the line it ends up in is
 * redacted whole, the stack and the causes' messages with it.
 */
function errorFields(error: Error, depth = 0): Record<string, unknown> {
  const code = (error as { code?: unknown }).code
  const out: Record<string, unknown> = {
    name: error.name,
    ...(typeof code === 'string' ? { code } : {}),
    message: error.message,
  }
  if (typeof error.stack === 'string') out.stack = error.stack
  const cause: unknown = error.cause
  if (cause !== undefined && depth < MAX_CAUSES) out.cause = safeValue(cause, depth + 1)
  return out
}

function safeValue(v: unknown, depth: number): unknown {
  if (v instanceof Error) return errorFields(v, depth)
  if (v && typeof v === 'object' && !Array.isArray(v)) return safeFields(v as Record<string, unknown>, depth)
  return v
}

function safeFields(fields: Record<string, unknown>, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(fields)) {
    out[k] = SECRET_KEYS.test(k) ? '[redacted]' : safeValue(v, depth)
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
