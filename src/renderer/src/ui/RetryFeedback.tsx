import type { AppErrorData } from '../../../shared/errors'
import type { JournalEntry } from '../../../shared/types'
import { errorMessage } from '../i18n'
import { useLanguage, useT } from '../i18n/use'
import { isOpen } from './entry'
import { formatTime } from './format'

/**
 * What a "Retry safely" did, where the clerk pressed it: that it is trying, then when it tried and what came
 * of it; and whether and when the desk tries again by itself. Shown under every Retry safely button.
 */
export function RetryFeedback({
  entry,
  retrying,
  tried,
  error,
}: {
  entry: JournalEntry
  retrying: boolean
  /** The clerk pressed Retry safely for this entry in this view. */
  tried: boolean
  /** The retry was refused before anything was sent. */
  error: AppErrorData | null
}) {
  const t = useT()
  const language = useLanguage()
  const auto = entry.automaticRetry
  const open = isOpen(entry)
  return (
    <div className="retry-feedback" role="status" aria-live="polite">
      {retrying ? <p className="strong">{t.retry.trying}</p> : null}
      {!retrying && tried && error ? (
        <p className="problem">
          {t.retry.refused(formatTime(new Date().toISOString(), language))} {errorMessage(t, error)}
        </p>
      ) : null}
      {!retrying && tried && !error ? (
        <p>
          <span className="strong">
            {t.retry.tried(formatTime(entry.updatedAt, language), entry.attempts)}
          </span>
          {open ? ` ${t.retry.stillOpen}` : null}
        </p>
      ) : null}
      {open && auto ? (
        <p className="hint">
          {auto.nextAt
            ? t.retry.next(formatTime(auto.nextAt, language))
            : Date.parse(auto.until) <= Date.parse(entry.updatedAt) || Date.parse(auto.until) <= Date.now()
              ? t.retry.noMore(formatTime(auto.until, language))
              : t.retry.none}
        </p>
      ) : null}
    </div>
  )
}
