import type { AppErrorData } from '../../../../shared/errors'
import { errorMessage, type Messages } from '../../i18n'
import { printerFailureReason } from './store'

/**
 * What the clerk does about a printer failure, in words: the reason main gave, or the error's advice. In
 * Settings (the printer test), a wrong address is the one typed just above, not one to look for "in
 * Settings".
 */
export function printFailureText(
  t: Messages,
  error: AppErrorData,
  where: 'work' | 'settings' = 'work',
): string {
  const reason = printerFailureReason(error)
  if (reason === 'bad-address' && where === 'settings') return t.printing.settings.badAddressHere
  if (reason && reason in t.printing.reasons) {
    return t.printing.reasons[reason as keyof Messages['printing']['reasons']]
  }
  return errorMessage(t, error)
}
