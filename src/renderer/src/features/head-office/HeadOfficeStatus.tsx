import { useEffect } from 'react'
import { useStore } from 'zustand'
import type { HeadOfficeStatus } from '../../../../shared/head-office'
import type { Language } from '../../../../shared/types'
import { headOfficeStore } from '../../app/stores'
import { errorMessage } from '../../i18n'
import { useLanguage, useT } from '../../i18n/use'
import { formatTime } from '../../ui/format'
import { everyBetweenKeys } from '../../ui/when-quiet'

/**
 * How often the top bar (and Settings, which shows the same status) asks how far the head office is: the sync
 * is back within seconds of the head office, and the old error must not stay on screen longer than that (a turn
 * that falls while the clerk types waits for a pause in the keys, one more period at most).
 */
const POLL_MS = 2000

/** "Head office: 37 entries behind, last reached 10:42", with the state and the reason when it fails. */
export function HeadOfficeLine({ status, language }: { status: HeadOfficeStatus; language: Language }) {
  const t = useT()
  const h = t.headOffice
  const at = status.lastReachedAt ? formatTime(status.lastReachedAt, language) : h.never
  const tone =
    status.state === 'stopped' || status.state === 'refused'
      ? 'bad'
      : status.state === 'reconnecting'
        ? 'pending'
        : 'good'
  return (
    <div className={`notice-line notice-${tone}`} role="status">
      <strong>{h.state[status.state]}</strong> ·{' '}
      {status.entriesBehind > 0 || status.eventsBehind > 0
        ? h.behind(status.entriesBehind, at)
        : h.upToDate(at)}
      {/* Why, in the screen's language; the head office's own words are for support (the error's details). */}
      {status.error ? <div>{errorMessage(t, status.error)}</div> : null}
    </div>
  )
}

/**
 * The top bar's word on the head office, for everyone: nothing while it is off or up to date; how far
 * behind and since when while it is not (the desk sells on regardless).
 */
export function HeadOfficeChip() {
  const t = useT()
  const language = useLanguage()
  const status = useStore(headOfficeStore, (s) => s.status)
  useEffect(() => {
    void headOfficeStore.getState().refreshStatus()
    // Not while the clerk's keys are coming (ui/when-quiet.ts): a poll then was a key's wait.
    return everyBetweenKeys(() => void headOfficeStore.getState().refreshStatus(), POLL_MS)
  }, [])
  if (!status || status.state === 'off' || status.state === 'up-to-date') return null
  const trouble = status.state === 'reconnecting' || status.state === 'refused' || status.state === 'stopped'
  if (!trouble && status.entriesBehind === 0) return null
  const at = status.lastReachedAt ? formatTime(status.lastReachedAt, language) : t.headOffice.never
  return (
    <span
      className={`head-office-chip head-office-${trouble ? 'trouble' : 'behind'}`}
      role="status"
      title={status.error ? errorMessage(t, status.error) : t.headOffice.state[status.state]}
    >
      {status.entriesBehind > 0 || !trouble
        ? t.headOffice.chip(status.entriesBehind, at)
        : status.state === 'reconnecting'
          ? t.headOffice.chipReconnecting
          : t.headOffice.chipProblem}
    </span>
  )
}
