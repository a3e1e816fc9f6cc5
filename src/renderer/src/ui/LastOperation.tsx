import { openEntry } from '../app/stores'
import { useLanguage, useT } from '../i18n/use'
import { Badge, Button } from './controls'
import { type LastOperation, statusTone } from './entry'
import { formatTime } from './format'
import { Money } from './Ltr'

/**
 * The last sale or deposit of this screen once the clerk has moved on: when, how much, how it ended, and the
 * way to it in the journal (where a voucher's code is masked, as for every entry).
 */
export function LastOperationLine({ last, label }: { last: LastOperation | null; label: string }) {
  const t = useT()
  const language = useLanguage()
  if (!last) return null
  return (
    <p className="last-operation">
      <span className="muted">{label}:</span> <Money dirhams={last.amountDirhams} />{' '}
      <span className="cell-time">{formatTime(last.createdAt, language)}</span>{' '}
      <Badge tone={statusTone(last.status)}>{t.entryStatus[last.status]}</Badge>
      <Button variant="quiet" className="btn-small" onClick={() => openEntry(last.id)}>
        {t.common.openInJournal}
      </Button>
    </p>
  )
}
