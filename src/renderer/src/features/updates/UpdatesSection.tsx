import { useEffect, useState } from 'react'
import { useStore } from 'zustand'
import { settingsStore, updatesStore } from '../../app/stores'
import { useLanguage, useT } from '../../i18n/use'
import { nowAndEvery } from '../../ui/after-paint'
import { Button, TextField } from '../../ui/controls'
import { ErrorNote } from '../../ui/ErrorNote'
import { formatDateTime } from '../../ui/format'
import { Ltr } from '../../ui/Ltr'

/** How often the card asks main for the update's state while it is on screen. */
const POLL_MS = 3_000

/**
 * Settings → Updates (managers): the version running, the update's state and why a ready one waits,
 * Check now, Install now, and the address updates come from.
 */
export function UpdatesSection() {
  const t = useT()
  const language = useLanguage()
  const status = useStore(updatesStore, (s) => s.status)
  const busy = useStore(updatesStore, (s) => s.busy)
  const error = useStore(updatesStore, (s) => s.error)
  const done = useStore(updatesStore, (s) => s.done)
  const settings = useStore(settingsStore, (s) => s.settings)
  const [feed, setFeed] = useState(settings?.updateFeedUrl ?? '')
  const store = updatesStore.getState()

  useEffect(() => nowAndEvery(() => void updatesStore.getState().refresh(), POLL_MS), [])
  useEffect(() => {
    setFeed(settings?.updateFeedUrl ?? '')
  }, [settings?.updateFeedUrl])

  const u = t.updates
  const state = status?.state
  const version = status?.availableVersion ?? ''
  const line =
    state === undefined
      ? t.common.loading
      : state === 'up-to-date'
        ? u.state.upToDate(status?.lastCheckAt ? formatDateTime(status.lastCheckAt, language) : '')
        : state === 'downloading'
          ? u.state.downloading(version, status?.downloadPercent ?? 0)
          : state === 'downloaded'
            ? u.state.downloaded(version)
            : state === 'installing'
              ? u.state.installing(version)
              : state === 'error'
                ? u.state.error
                : u.state[state]
  const updatable = state !== undefined && state !== 'unavailable'

  return (
    <section className="card" aria-labelledby="updates-title">
      <h2 id="updates-title">{u.title}</h2>
      <p className="strong">
        {u.version} <Ltr>{status?.currentVersion ?? '…'}</Ltr>
      </p>
      <p role="status" className={state === 'error' ? 'warning warning-pending' : undefined}>
        {line}
      </p>
      {state === 'error' && status?.error ? <p className="hint">{status.error}</p> : null}
      {status?.hold ? (
        <p className="warning warning-pending" role="status">
          {u.hold[status.hold]}
        </p>
      ) : null}
      {status?.feed ? (
        <p className="hint">
          {status.feed.source === 'build' ? u.feedBuilt : u.feedSet} <Ltr>{status.feed.url}</Ltr>
        </p>
      ) : null}
      {error ? <ErrorNote error={error} /> : null}
      {done === 'feed-saved' ? (
        <p className="notice-line notice-good" role="status">
          {t.settings.saved}
        </p>
      ) : null}
      {updatable ? (
        <>
          <div className="actions">
            <Button
              disabled={
                busy !== null || state === 'checking' || state === 'downloading' || state === 'installing'
              }
              onClick={() => void store.check()}
            >
              {busy === 'check' || state === 'checking' ? u.checking : u.check}
            </Button>
            {state === 'downloaded' || state === 'installing' ? (
              <Button
                variant="danger"
                disabled={busy !== null || state === 'installing' || status?.hold !== null}
                onClick={() => void store.install()}
              >
                {u.install(version)}
              </Button>
            ) : null}
          </div>
          <form
            className="updates-feed"
            onSubmit={(e) => {
              e.preventDefault()
              void store.saveFeed(feed)
            }}
          >
            <TextField
              label={u.feedLabel}
              hint={u.feedHint}
              value={feed}
              onChange={(e) => setFeed(e.target.value)}
              dir="ltr"
              inputMode="url"
              spellCheck={false}
              autoComplete="off"
              placeholder="https://…/reseller-desk/"
            />
            <div className="actions">
              <Button type="submit" disabled={busy !== null}>
                {busy === 'feed' ? t.common.working : u.saveFeed}
              </Button>
            </div>
          </form>
        </>
      ) : null}
    </section>
  )
}
