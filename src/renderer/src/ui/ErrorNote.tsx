import type { AppErrorData } from '../../../shared/errors'
import { errorMessage } from '../i18n'
import { useT } from '../i18n/use'

/**
 * A refusal in words the clerk can act on. The code and HTTP status are for support: folded away under
 * "Details for support", never the first thing a clerk reads.
 */
export function ErrorNote({
  error,
  httpStatus,
  text,
}: {
  error: Pick<AppErrorData, 'code'> | { code: string }
  httpStatus?: number | undefined
  /** Other words than the error's own, where the reader stands somewhere its advice does not fit. */
  text?: string | undefined
}) {
  const t = useT()
  return (
    <div className="error-note" role="alert">
      <p>{text ?? errorMessage(t, error)}</p>
      <SupportDetails code={error.code} httpStatus={httpStatus} />
    </div>
  )
}

export function SupportDetails({ code, httpStatus }: { code: string; httpStatus?: number | undefined }) {
  const t = useT()
  return (
    <details className="support-details">
      <summary>{t.common.forSupport}</summary>
      <p className="error-code">{t.common.errorDetails(code, httpStatus ? String(httpStatus) : '')}</p>
    </details>
  )
}
