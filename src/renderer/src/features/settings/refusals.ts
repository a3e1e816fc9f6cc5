import type { AppErrorData } from '../../../../shared/errors'
import type { Messages } from '../../i18n/en'

/**
 * A refusal in Settings, in the words for its cause as a manager in Settings reads them: what to change here
 * (the address above, the password typed again), not "check them in Settings". Undefined: the refusal's own
 * words (errorMessage) fit as they are.
 */
export function settingsRefusal(
  t: Messages,
  error: Pick<AppErrorData, 'code'> & { details?: Record<string, unknown> | undefined },
): string | undefined {
  const reason = error.details?.reason
  if (typeof reason === 'string' && Object.hasOwn(t.settings.refusals, reason))
    return t.settings.refusals[reason as keyof Messages['settings']['refusals']]
  return Object.hasOwn(t.settings.refusals, error.code)
    ? t.settings.refusals[error.code as keyof Messages['settings']['refusals']]
    : undefined
}
