import { AppError, toAppErrorData } from '../../shared/errors'
import type { ConnectionTest } from '../../shared/status'
import { normalizeBaseUrl, parseProxyUrl } from '../reseller/address'
import { ServiceError } from '../reseller/outcomes'
import type { FeatureHandlers } from './core'
import type { LiveAccount } from './live-account'
import type { Workspaces } from './workspaces'

/**
 * The desk's status, its modes, and the live service's configuration: a new address, username or password is
 * proven by obtaining a token before anything is kept, and a connection test never sends the stored password
 * anywhere but where it is stored for.
 */
export function serviceHandlers(
  workspaces: Workspaces,
  live: LiveAccount,
): FeatureHandlers<'getStatus' | 'configureService' | 'useTraining' | 'useLive' | 'testConnection'> {
  return {
    getStatus: async () => workspaces.status(),

    configureService: async (args) => {
      const baseUrl = normalizeBaseUrl(args.baseUrl)
      const proxy = live.proxy.forTyped(args.proxyUrl, args.forgetProxyCredentials === true)
      // An open deposit is re-sent with its reference only to the account it went to; while one is open, the
      // live service may get a new password but not become another account.
      const account = `${baseUrl}|${args.username}`
      const stranded = workspaces
        .get('live')
        ?.journal.listOpen('deposit')
        .find((e) => e.serviceAccount !== null && e.serviceAccount !== account)
      if (stranded) {
        throw new AppError(
          'UNRESOLVED_DEPOSIT',
          'A deposit sent with the current account has no known outcome yet: resolve it before changing the account.',
          { entryId: stranded.id },
        )
      }
      const credentials = { username: args.username, password: args.password }
      const session = await workspaces.probe(baseUrl, credentials, proxy).catch((error: unknown) => {
        throw asReached(error)
      })
      await live.save({ baseUrl, username: args.username, proxy, password: args.password })
      workspaces.adoptLiveSession(session)
      await workspaces.switchTo('live')
      return workspaces.status()
    },

    useTraining: async () => {
      await workspaces.switchTo('training')
      return workspaces.status()
    },

    useLive: async () => {
      if (!live.credentials()) {
        throw new AppError(
          'NOT_CONFIGURED',
          'Configure the live service (address, username, password) first.',
        )
      }
      await workspaces.switchTo('live')
      return workspaces.status()
    },

    testConnection: async (args): Promise<ConnectionTest> => {
      // What is wrong with the addresses typed is told first: it is what the manager must mend.
      try {
        normalizeBaseUrl(args.baseUrl)
        parseProxyUrl(args.proxyUrl)
      } catch (error) {
        return { ok: false, error: toAppErrorData(error) }
      }
      // The stored password goes only where it is stored for: never to an address or proxy typed here. The
      // proxy's kept credentials likewise go only to the proxy address they were saved with.
      const password = args.password ?? live.passwordFor(args)
      if (password === null) {
        return {
          ok: false,
          error: {
            code: 'NOT_CONFIGURED',
            message: 'Enter the password to test the connection.',
            details: { field: 'password', reason: 'PASSWORD_NEEDED' },
          },
        }
      }
      try {
        const session = await workspaces.probe(
          args.baseUrl,
          { username: args.username, password },
          live.proxy.forTyped(args.proxyUrl, args.forgetProxyCredentials === true),
        )
        const result: ConnectionTest = {
          ok: true,
          tokenExpiresAt: session.tokens.expiresAt ?? '',
          clockOffsetMs: session.clock.offsetMs,
        }
        await session.close()
        return result
      } catch (error) {
        return { ok: false, error: toAppErrorData(asReached(error)) }
      }
    },
  }
}

/**
 * What a token request at a typed address came to, named for the manager: an answer there that no reseller
 * service gives (a 404 or 405, an HTML page, a JSON without a token) means the address is not the service's
 * (details.reason NOT_A_RESELLER_SERVICE), not "the service answered with an error, try again in a moment".
 * A 5xx, or no answer, stays what it is.
 */
function asReached(error: unknown): unknown {
  if (!(error instanceof ServiceError) || error.code !== 'SERVICE_ERROR' || error.outcome !== 'rejected')
    return error
  if (error.httpStatus === undefined || error.httpStatus >= 500) return error
  return new ServiceError(error.code, error.message, error.outcome, error.httpStatus, {
    ...error.details,
    reason: 'NOT_A_RESELLER_SERVICE',
  })
}
