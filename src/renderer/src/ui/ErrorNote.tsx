import type { AppErrorData } from '../../../shared/errors'
import { errorMessage } from '../i18n'
import { useT } from '../i18n/use'

/** A refusal in words the clerk can act on, with the code small for support. */
export function ErrorNote({
  error,
  httpStatus,
}: {
  error: Pick<AppErrorData, 'code'> | { code: string }
  httpStatus?: number | undefined
}) {
  const t = useT()
  return (
    <div className="error-note" role="alert">
      <p>{errorMessage(t, error)}</p>
      <p className="error-code">{t.common.errorDetails(error.code, httpStatus ? String(httpStatus) : '')}</p>
    </div>
  )
}
