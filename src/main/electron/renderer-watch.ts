import type { Logger } from '../log'

/**
 * A renderer that crashes or hangs is only the screen: the desk core lives in main, so a sale or deposit in
 * flight carries on and is journaled whatever happens to the page. The page is reloaded (the sign-in ends
 * with it), the clerk is told why, and the log says what Chromium reported. A page that keeps failing is
 * not reloaded in a loop: the clerk is told to restart the app.
 */
export interface WatchedContents {
  on(
    event: 'render-process-gone',
    listener: (event: unknown, details: { reason: string; exitCode: number }) => void,
  ): unknown
  on(event: 'unresponsive' | 'responsive' | 'destroyed', listener: () => void): unknown
  forcefullyCrashRenderer(): void
  isDestroyed(): boolean
}

export type ScreenTrouble = 'crashed' | 'hung' | 'keeps-failing'

export interface RendererWatchOptions {
  /** Loads the app's page again. */
  reload(): void
  /** Tells the person at the counter what happened (a dialog over the reloaded page). */
  notify(trouble: ScreenTrouble): void
  log: Logger
  /** How long a page Chromium reports unresponsive may take to come back before it is restarted. */
  hangGraceMs?: number
  /** At most this many reloads within `reloadWindowMs`; one more means the page keeps failing. */
  maxReloads?: number
  reloadWindowMs?: number
  now?: () => number
  timers?: {
    setTimeout(fn: () => void, ms: number): unknown
    clearTimeout(handle: unknown): void
  }
}

export const HANG_GRACE_MS = 10_000
export const MAX_RELOADS = 3
export const RELOAD_WINDOW_MS = 5 * 60_000

export function watchRenderer(contents: WatchedContents, options: RendererWatchOptions): void {
  const now = options.now ?? Date.now
  const timers = options.timers ?? {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  }
  const hangGraceMs = options.hangGraceMs ?? HANG_GRACE_MS
  const maxReloads = options.maxReloads ?? MAX_RELOADS
  const windowMs = options.reloadWindowMs ?? RELOAD_WINDOW_MS
  const reloads: number[] = []
  let hangTimer: unknown = null
  let restartingHung = false

  const clearHang = () => {
    if (hangTimer !== null) timers.clearTimeout(hangTimer)
    hangTimer = null
  }

  contents.on('render-process-gone', (_event, details) => {
    clearHang()
    const trouble: ScreenTrouble = restartingHung ? 'hung' : 'crashed'
    restartingHung = false
    if (details.reason === 'clean-exit' || contents.isDestroyed()) return
    const at = now()
    while (reloads.length > 0 && at - (reloads[0] as number) > windowMs) reloads.shift()
    if (reloads.length >= maxReloads) {
      options.log.error('the screen keeps failing; not reloading it again', {
        reason: details.reason,
        exitCode: details.exitCode,
        reloads: reloads.length,
      })
      options.notify('keeps-failing')
      return
    }
    reloads.push(at)
    options.log.error('the screen stopped; reloading it', {
      reason: details.reason,
      exitCode: details.exitCode,
      hung: trouble === 'hung',
    })
    options.reload()
    options.notify(trouble)
  })

  contents.on('unresponsive', () => {
    if (hangTimer !== null) return
    options.log.warn('the screen is not responding', { graceMs: hangGraceMs })
    hangTimer = timers.setTimeout(() => {
      hangTimer = null
      if (contents.isDestroyed()) return
      options.log.error('the screen did not come back; restarting it')
      restartingHung = true
      // Chromium then reports render-process-gone ('killed'), which reloads the page as for a crash.
      contents.forcefullyCrashRenderer()
    }, hangGraceMs)
  })

  contents.on('responsive', () => {
    if (hangTimer === null) return
    clearHang()
    options.log.info('the screen is responding again')
  })

  contents.on('destroyed', clearHang)
}

/** What the dialog says, in the desk's language. */
export const SCREEN_TROUBLE_TEXT: Record<'ar' | 'en', Record<ScreenTrouble, string>> = {
  en: {
    crashed:
      'The screen stopped working and was reloaded. A sale or deposit that was under way carried on: check it in the Journal after signing in.',
    hung: 'The screen stopped responding and was restarted. A sale or deposit that was under way carried on: check it in the Journal after signing in.',
    'keeps-failing':
      'The screen keeps failing. Everything already sent is kept in the journal. Close Reseller Desk and start it again; if this happens again, call support.',
  },
  ar: {
    crashed:
      'توقفت الشاشة عن العمل وأُعيد تحميلها. أي عملية بيع أو إيداع كانت جارية استمرت: راجعها في السجل بعد تسجيل الدخول.',
    hung: 'توقفت الشاشة عن الاستجابة وأُعيد تشغيلها. أي عملية بيع أو إيداع كانت جارية استمرت: راجعها في السجل بعد تسجيل الدخول.',
    'keeps-failing':
      'الشاشة تتعطل مرة بعد مرة. كل ما أُرسل محفوظ في السجل. أغلق البرنامج وافتحه من جديد، وإن تكرر ذلك فاتصل بالدعم.',
  },
}
