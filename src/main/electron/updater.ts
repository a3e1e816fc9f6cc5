import type { Logger } from '../log'
import type { Updater } from '../updates/update-controller'
import { authenticodeVerifier, updateRequestRefusal } from '../updates/update-policy'

/** The part of electron-updater's HTTP executor (builder-util-runtime's HttpExecutor) the rules hook into. */
interface RequestOptions {
  protocol?: string
  hostname?: string
  port?: string | number
  path?: string
}
interface HttpExecutorLike {
  maxRedirects: number
  createRequest(options: RequestOptions, callback: (response: unknown) => void): unknown
  addRedirectHandlers(
    request: unknown,
    options: RequestOptions,
    reject: (error: Error) => void,
    redirectCount: number,
    handler: (options: RequestOptions) => void,
  ): void
}
interface ExecutorClass {
  reconstructOriginalUrl(options: RequestOptions): URL
}

export interface NsisUpdaterOptions {
  /** electron-updater's `verifyUpdateCodeSignature`; the fail-closed Authenticode check by default. */
  verifySignature?: (publishers: string[], file: string) => Promise<string | null>
}

/**
 * electron-updater's Windows updater (NSIS), loaded only by the installed app, with the update rules of
 * updates/update-policy.ts put into it: every request and every redirect only over https to the feed's own
 * host (a redirect anywhere else is refused, not followed), and the installer's signature checked by a check
 * that refuses when it cannot run. Its own log lines go to the desk's log (redacted like every other line).
 */
export async function loadNsisUpdater(log: Logger, options: NsisUpdaterOptions = {}): Promise<Updater> {
  const module = await import('electron-updater')
  const { NsisUpdater } = (module.default ?? module) as typeof import('electron-updater')
  const updater = new NsisUpdater()
  updater.logger = {
    info: (message: unknown) => log.info(String(message)),
    warn: (message: unknown) => log.warn(String(message)),
    error: (message: unknown) => log.error(String(message)),
    debug: (message: unknown) => log.debug(String(message)),
  }
  updater.verifyUpdateCodeSignature = options.verifySignature ?? authenticodeVerifier()
  let feedUrl: string | null = null
  const setFeedURL = updater.setFeedURL.bind(updater)
  updater.setFeedURL = (feed) => {
    feedUrl = typeof feed === 'object' && feed !== null && 'url' in feed ? String(feed.url) : null
    setFeedURL(feed)
  }
  keepToFeedHost((updater as unknown as { httpExecutor: HttpExecutorLike }).httpExecutor, () => feedUrl, log)
  return updater as unknown as Updater
}

/**
 * Every request the updater's executor makes, and every redirect it would follow, is checked against the feed
 * first. Electron's net reports a redirect as an event (electron-updater asks for manual redirects), which the
 * executor answers with a new request: the check stands between the two.
 */
function keepToFeedHost(executor: HttpExecutorLike, feed: () => string | null, log: Logger): void {
  const Executor = executor.constructor as unknown as ExecutorClass
  const refusal = (url: string) => {
    const f = feed()
    return f === null ? 'no update feed is set' : updateRequestRefusal(f, url)
  }
  const createRequest = executor.createRequest.bind(executor)
  executor.createRequest = (options, callback) => {
    // Called inside the executor's promises: a throw is the request's failure.
    const refused = refusal(Executor.reconstructOriginalUrl(options).href)
    if (refused !== null) {
      log.warn('update request refused', { reason: refused })
      throw new Error(`Update request refused: ${refused}.`)
    }
    return createRequest(options, callback)
  }
  const addRedirectHandlers = executor.addRedirectHandlers.bind(executor)
  executor.addRedirectHandlers = (request, options, reject, redirectCount, handler) =>
    addRedirectHandlers(request, options, reject, redirectCount, (next) => {
      const refused = refusal(Executor.reconstructOriginalUrl(next).href)
      if (refused === null) return handler(next)
      log.warn('update redirect refused', { reason: refused })
      reject(new Error(`Update redirect refused: ${refused}.`))
    })
}
