import { isErrorCode } from '../../../shared/errors'
import type { Language } from '../../../shared/types'
import { ar } from './ar'
import { en, type Messages } from './en'

export type { Messages }

export const MESSAGES: Record<Language, Messages> = { en, ar }
export const LANGUAGES: readonly Language[] = ['ar', 'en']

/** The operating system's language when the clerk has not chosen one: Arabic for any Arabic locale. */
export function languageFromLocale(locale: string | undefined): Language {
  return locale?.toLowerCase().startsWith('ar') ? 'ar' : 'en'
}

export function directionOf(language: Language): 'rtl' | 'ltr' {
  return language === 'ar' ? 'rtl' : 'ltr'
}

/**
 * What the clerk reads for a refusal: the translated advice, never main's English message. Entry errors
 * carry the code as a plain string; one this version does not know reads as a service error. A reason that
 * says more than the code (a request refused on this PC is NOT_SENT, but no connection is at fault) has its
 * own advice.
 */
export function errorMessage(
  t: Messages,
  error: { code: string; details?: Record<string, unknown> | undefined },
): string {
  // A lookup or other call the service did not answer at all (main: SERVICE_ERROR, outcome unknown) — not
  // "the service answered with an error".
  if (error.code === 'SERVICE_ERROR' && error.details?.outcome === 'unknown') return t.common.serviceSilent
  const reason = error.details?.reason
  if (typeof reason === 'string' && Object.hasOwn(t.errorReasons, reason)) {
    return t.errorReasons[reason as keyof Messages['errorReasons']]
  }
  return isErrorCode(error.code) ? t.errors[error.code] : t.errors.SERVICE_ERROR
}
