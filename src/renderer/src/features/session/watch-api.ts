import type { DeskApi } from '../../../../shared/contract'
import { isAppErrorData } from '../../../../shared/errors'

/**
 * `window.api` with one addition: a call main refused with NOT_SIGNED_IN (the session ended in main: idle,
 * deactivated, signed out in another way) sends the window back to the sign-in screen, whichever feature
 * made the call.
 */
export function watchSignIn(api: DeskApi, onSignedOut: (expired: boolean) => void): DeskApi {
  const watched: Record<string, (input?: unknown) => Promise<unknown>> = {}
  for (const [name, call] of Object.entries(api) as [string, (input?: unknown) => Promise<unknown>][]) {
    watched[name] = async (input) => {
      try {
        return await call(input)
      } catch (error) {
        if (isAppErrorData(error) && error.code === 'NOT_SIGNED_IN')
          onSignedOut(error.details?.expired === true)
        throw error
      }
    }
  }
  return watched as unknown as DeskApi
}
