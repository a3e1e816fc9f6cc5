import { useStore } from 'zustand'
import { settingsStore } from '../../app/stores'
import { useT } from '../../i18n/use'
import { ErrorNote } from '../../ui/ErrorNote'
import { SaidHere } from '../../ui/SaidHere'
import { settingsRefusal } from './refusals'
import type { SettingsForm } from './store'

/**
 * The outcome of a settings action, shown in the form it came from, beside its button, with the focus (see
 * SaidHere); a refusal in the words for its cause, for a manager who is in Settings.
 */
export function FormFeedback({ form }: { form: SettingsForm }) {
  const t = useT()
  const actedIn = useStore(settingsStore, (s) => s.actedIn)
  const busy = useStore(settingsStore, (s) => s.busy)
  const done = useStore(settingsStore, (s) => s.done)
  const error = useStore(settingsStore, (s) => s.error)
  const path = useStore(settingsStore, (s) => s.diagnosticsPath)
  if (actedIn !== form || busy !== null) return null
  if (error)
    return (
      <SaidHere sayKey={error}>
        <ErrorNote error={error} text={settingsRefusal(t, error)} />
      </SaidHere>
    )
  if (!done) return null
  const text = {
    configured: t.settings.configured,
    training: t.settings.switchedTraining,
    live: t.settings.switchedLive,
    saved: t.settings.saved,
    diagnostics: t.settings.diagnosticsSaved(path ?? ''),
  }[done]
  return (
    <SaidHere role="status" sayKey={done}>
      <p className="notice-line notice-good form-feedback">{text}</p>
    </SaidHere>
  )
}
