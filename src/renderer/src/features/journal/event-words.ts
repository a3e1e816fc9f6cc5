import { errorLabel } from '../../../../shared/error-labels'
import { formatLyd } from '../../../../shared/money'
import type { JournalEvent, Language } from '../../../../shared/types'
import type { Messages } from '../../i18n'

/** Why an app stopped, as main records it at recovery, in words of the screen's language. */
function recoveredReason(t: Messages, reason: string): string {
  if (reason.includes('before sending')) return t.eventDetail.stoppedBeforeSending
  if (reason.includes('before the outcome')) return t.eventDetail.stoppedBeforeOutcome
  return reason
}

/** A code main records, in words; one this version does not know (a newer app's) as it was recorded. */
function wordFor(words: Readonly<Record<string, string>>, code: string): string {
  return Object.hasOwn(words, code) ? (words[code] as string) : code
}

/** An event's details in words: each technical field main records, said in the screen's language. */
export function describeEvent(t: Messages, language: Language, event: JournalEvent): string[] {
  const parts: string[] = []
  const d = t.eventDetail
  for (const [key, value] of Object.entries(event.detail ?? {})) {
    const text = String(value)
    switch (key) {
      case 'attempt':
        parts.push(d.attempt(Number(value)))
        break
      case 'code':
        parts.push(errorLabel(text, language))
        break
      case 'by':
        parts.push(wordFor(d.by, text))
        break
      case 'duplicate':
        if (value === true) parts.push(d.duplicate)
        break
      case 'echoMismatch':
        if (value === true) parts.push(d.echoMismatch)
        break
      case 'transactionId':
        parts.push(d.transactionId(text))
        break
      case 'serialNumber':
        parts.push(d.serialNumber(text))
        break
      case 'codeLast4':
        parts.push(d.codeLast4(text))
        break
      case 'reason':
        parts.push(
          event.type === 'recovered'
            ? recoveredReason(t, text)
            : text in t.printing.reasons
              ? t.printing.reasons[text as keyof Messages['printing']['reasons']]
              : errorLabel(text, language),
        )
        break
      case 'outcome':
        parts.push(
          text in t.manager.resolve.outcome
            ? t.manager.resolve.outcome[text as keyof Messages['manager']['resolve']['outcome']]
            : text,
        )
        break
      case 'access':
        parts.push(text === 'TOKEN_NO_ANSWER' ? d.accessNoAnswer : d.accessAnswer(errorLabel(text, language)))
        break
      case 'note':
        parts.push(`“${text}”`)
        break
      case 'via':
        parts.push(wordFor(d.via, text))
        break
      case 'printer':
        parts.push(d.printer(text))
        break
      case 'copy':
        if (value === true) parts.push(d.copy)
        break
      case 'widthMm':
        parts.push(t.printing.settings.widthMm(Number(value)))
        break
      case 'language':
        parts.push(wordFor(d.language, text))
        break
      case 'limit': {
        // The service's figures when it refused for the daily limit.
        const f = (value ?? {}) as { remainingDirhams?: unknown; dailyMaxDirhams?: unknown }
        if (typeof f.remainingDirhams === 'number' && typeof f.dailyMaxDirhams === 'number')
          parts.push(d.limitLeft(formatLyd(f.remainingDirhams), formatLyd(f.dailyMaxDirhams)))
        break
      }
      default:
        parts.push(`${key}: ${typeof value === 'object' ? JSON.stringify(value) : text}`)
    }
  }
  if (event.clerk) parts.push(d.who(event.clerk))
  return parts
}
