import { EventEmitter } from 'node:events'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { Agent, request as httpsRequest } from 'node:https'

/**
 * Electron's `net.request` as electron-updater uses it, over Node's http/https (trusting `ca`): the `response`
 * event with a readable response, and a redirect reported as Electron reports it — a `redirect` event
 * (statusCode, method, url, headers) whatever the redirect mode; in `manual` mode the request dies unless
 * `followRedirect()` is called during the event, in `follow` mode it follows unless it was aborted.
 */
export function fakeNet(ca: string | Buffer) {
  const agent = new Agent({ ca, rejectUnauthorized: true })
  return {
    request(options: {
      protocol?: string
      hostname?: string
      port?: string | number
      path?: string
      method?: string
      headers?: Record<string, string>
      redirect?: 'follow' | 'manual' | 'error'
    }) {
      const emitter = new EventEmitter() as EventEmitter & {
        abort(): void
        end(data?: unknown): void
        setHeader(name: string, value: string): void
        followRedirect(): void
      }
      const headers: Record<string, string> = { ...(options.headers ?? {}) }
      let aborted = false
      let current: ReturnType<typeof httpsRequest> | null = null
      let follow: (() => void) | null = null
      emitter.abort = () => {
        if (aborted) return
        aborted = true
        current?.destroy()
        emitter.emit('abort')
      }
      emitter.setHeader = (name, value) => {
        headers[name] = value
      }
      emitter.followRedirect = () => follow?.()
      const send = (url: URL, data?: unknown) => {
        const make = url.protocol === 'https:' ? httpsRequest : httpRequest
        const req = make(
          url,
          { method: options.method ?? 'GET', headers, ...(url.protocol === 'https:' ? { agent } : {}) },
          (res: IncomingMessage) => {
            if (aborted) return res.resume()
            const location = res.headers.location
            const status = res.statusCode ?? 0
            if (status >= 300 && status < 400 && location) {
              res.resume()
              const next = new URL(location, url)
              let followed = options.redirect !== 'manual'
              follow = () => {
                followed = true
              }
              try {
                emitter.emit('redirect', status, options.method ?? 'GET', next.href, res.headers)
              } finally {
                follow = null
              }
              if (aborted) return
              if (!followed) emitter.emit('error', new Error('Redirect was cancelled'))
              else send(next)
              return
            }
            emitter.emit('response', res)
          },
        )
        current = req
        req.on('error', (error) => {
          if (!aborted) emitter.emit('error', error)
        })
        req.end(data as Buffer | undefined)
      }
      emitter.end = (data) => {
        const base = `${options.protocol ?? 'https:'}//${options.hostname}${options.port ? `:${options.port}` : ''}`
        send(new URL(options.path ?? '/', base), data)
      }
      return emitter
    },
  }
}
