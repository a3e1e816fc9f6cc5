import { useStore } from 'zustand'
import { settingsStore } from '../../app/stores'
import { useT } from '../../i18n/use'
import { ErrorNote } from '../../ui/ErrorNote'
import type { SettingsForm } from './store'

/** The outcome of a settings action, shown in the form it came from, beside its button. */
export function FormFeedback({ form }: { form: SettingsForm }) {
  const t = useT()
  const actedIn = useStore(settingsStore, (s) => s.actedIn)
  const busy = useStore(settingsStore, (s) => s.busy)
  const done = useStore(settingsStore, (s) => s.done)
  const error = useStore(settingsStore, (s) => s.error)
  const path = useStore(settingsStore, (s) => s.diagnosticsPath)
  if (actedIn !== form || busy !== null) return null
  if (error) return <ErrorNote error={error} />
  if (!done) return null
  const text = {
    configured: t.settings.configured,
    training: t.settings.switchedTraining,
    live: t.settings.switchedLive,
    saved: t.settings.saved,
    diagnostics: t.settings.diagnosticsSaved(path ?? ''),
  }[done]
  return (
    <p className="notice-line notice-good form-feedback" role="status">
      {text}
    </p>
  )
}
