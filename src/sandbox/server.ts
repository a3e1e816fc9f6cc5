import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify'
import { registerControlRoutes } from './control-routes'
import type { SandboxControls } from './controls'
import type { ActiveFaultRule } from './faults'
import { MESSAGES, sendError } from './replies'
import { registerResellerRoutes } from './reseller-routes'
import { resellerPath, type SandboxState } from './state'

const BODY_LIMIT_BYTES = 64 * 1024

/** Destroys the connection without a byte of response, as a network cut would. */
function dropConnection(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.hijack()
  request.raw.socket.destroy()
  return reply
}

function respondWith(reply: FastifyReply, rule: ActiveFaultRule): FastifyReply {
  for (const [name, value] of Object.entries(rule.headers ?? {})) reply.header(name, value)
  reply.code(rule.status)
  if (typeof rule.body === 'string')
    return reply.type(rule.content_type ?? 'text/plain; charset=utf-8').send(rule.body)
  if (rule.content_type) return reply.type(rule.content_type).send(JSON.stringify(rule.body))
  return reply.send(rule.body)
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'Unsupported content type: send application/json.'
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body too large.'
    case 'SANDBOX_MALFORMED_JSON':
      return 'Malformed JSON body.'
    default:
      return 'Bad request.'
  }
}

/**
 * The routes declare no JSON schemas (each handler checks its own body), so Fastify is given compilers that
 * refuse one instead of loading Ajv and fast-json-stringify's compiler, which it does when a server is built:
 * one synchronous task of about 60 ms on the desk's main thread at a cold start in training mode (the
 * start-up bench's start → desk core up: 107 ms before, 40–50 ms after). In the packed Electron app
 * electron-store has loaded Ajv itself while the bundle loads, before any window: there only
 * fast-json-stringify's compiler (about 20 ms) is saved, within the ship bench's noise.
 */
const NO_SCHEMA_COMPILERS = {
  buildValidator: () => {
    throw new Error('The sandbox declares no request schemas: a route checks its own body.')
  },
  buildSerializer: () => {
    throw new Error('The sandbox declares no response schemas: a route answers with its own JSON.')
  },
}

/**
 * The HTTP server. Request order on the reseller area:
 * 1. count POST /token; 2. fault rules (method + path): `respond` and `drop-before-commit` act here;
 * 3. an address no reseller may use → 403; 4. JSON body; 5. the wait of `delay` / `drop-after-commit`;
 * 6. the route's gate (identity, allowed_ips, rate limit, disabled); 7. the handler; 8. `drop-after-commit`
 * cuts the connection instead of answering.
 * Every answer, errors included, is JSON unless a fault says otherwise, and carries the service clock's Date.
 */
export function buildServer(
  state: SandboxState,
  controls: SandboxControls,
  control: boolean,
): FastifyInstance {
  const app = Fastify({
    logger: false,
    forceCloseConnections: true,
    bodyLimit: BODY_LIMIT_BYTES,
    schemaController: { compilersFactory: NO_SCHEMA_COMPILERS },
  })
  const delayed = new WeakMap<FastifyRequest, ActiveFaultRule>()

  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    const source = String(text)
    if (source.trim() === '') return done(null, undefined)
    try {
      done(null, JSON.parse(source))
    } catch {
      done(
        Object.assign(new Error('Malformed JSON body.'), { statusCode: 400, code: 'SANDBOX_MALFORMED_JSON' }),
      )
    }
  })

  app.addHook('onRequest', async (request, reply) => {
    const path = resellerPath(request.url)
    if (path === null) return
    if (request.method === 'POST' && path === '/token') state.tokenRequests += 1

    const rule = state.faults.take(request.method, path)
    switch (rule?.action) {
      case 'respond':
      case 'drop-before-commit':
        if (rule.delay_ms > 0) await state.sleep(rule.delay_ms)
        if (state.closing || rule.action === 'drop-before-commit') return dropConnection(request, reply)
        return respondWith(reply, rule)
      case 'delay':
      case 'drop-after-commit':
        // Processed once the body is in, so a client that gives up while waiting does not stop the work.
        delayed.set(request, rule)
        break
    }
    if (!state.store.anyResellerAllows(request.socket.remoteAddress))
      return sendError(reply, 403, MESSAGES.accessDenied)
  })

  app.addHook('preValidation', async (request, reply) => {
    const rule = delayed.get(request)
    if (!rule) return
    if (rule.delay_ms > 0) await state.sleep(rule.delay_ms)
    if (state.closing) return dropConnection(request, reply)
  })

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('date', new Date(state.clock.now()).toUTCString())
    // The handler has committed; the client never learns it.
    if (delayed.get(request)?.action === 'drop-after-commit') request.raw.socket.destroy()
    return payload
  })

  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) return sendError(reply, status, clientErrorMessage(error))
    return sendError(reply, 500, MESSAGES.serverError)
  })
  app.setNotFoundHandler((_request, reply) => sendError(reply, 404, MESSAGES.notFound))

  registerResellerRoutes(app, state)
  if (control) registerControlRoutes(app, state, controls)
  return app
}
