import { useEffect, useState } from 'react'
import { useStore } from 'zustand'
import { toLatinDigits } from '../../../../shared/digits'
import { backupStore, settingsStore } from '../../app/stores'
import { useLanguage, useT } from '../../i18n/use'
import { Button, TextField } from '../../ui/controls'
import { ErrorNote } from '../../ui/ErrorNote'
import { formatDateTime, formatTime } from '../../ui/format'
import { Ltr } from '../../ui/Ltr'
import { FormFeedback } from '../settings/FormFeedback'
import { useSettingsForm } from '../settings/use-settings-form'

/**
 * Where backups go, whether one is made daily, how many are kept and whether they are plain (a manager's
 * explicit choice: encrypted by default); the recovery passphrase; a verified backup on demand.
 */
export function BackupPanel() {
  const t = useT()
  const m = t.manager.backup
  const settings = useStore(settingsStore, (s) => s.settings)
  const settingsBusy = useStore(settingsStore, (s) => s.busy)
  const busy = useStore(backupStore, (s) => s.busy)
  const error = useStore(backupStore, (s) => s.error)
  const result = useStore(backupStore, (s) => s.result)
  const lastDaily = useStore(backupStore, (s) => s.daily)
  const sameDisk = useStore(backupStore, (s) => s.sameDisk)
  const language = useLanguage()
  useEffect(() => {
    void backupStore.getState().loadDaily()
    void backupStore.getState().loadProtection()
  }, [])
  const { form, change, save } = useSettingsForm(
    settings,
    (s) => ({
      folder: s.backup.folder ?? '',
      daily: s.backup.daily,
      keep: String(s.backup.keep),
      plain: s.backup.plain,
    }),
    'backup',
  )
  const folder = form?.folder ?? ''
  const daily = form?.daily ?? false
  const keep = form?.keep ?? '7'
  const plain = form?.plain ?? false
  const setFolder = (folder: string) => change({ folder })
  const setDaily = (daily: boolean) => change({ daily })
  const setKeep = (keep: string) => change({ keep })

  const keepN = Number(toLatinDigits(keep))
  const keepOk = Number.isInteger(keepN) && keepN >= 1 && keepN <= 365

  return (
    <div className="manager-grid">
      <form
        className="card"
        aria-labelledby="backup-title"
        onSubmit={(e) => {
          e.preventDefault()
          if (!keepOk) return
          // Another folder, or the daily backup off, can end what the tab says of the daily backup.
          void save(() =>
            settingsStore.getState().update(
              {
                backup: { folder: folder.trim() === '' ? null : folder.trim(), daily, keep: keepN, plain },
              },
              'backup',
            ),
          ).then(() => backupStore.getState().loadDaily())
        }}
      >
        <h2 id="backup-title">{m.title}</h2>
        <p className="hint">{m.intro}</p>
        {/* First on the card: a daily backup that failed is the first thing a manager must see here. */}
        {lastDaily?.error ? (
          <div className="warning warning-pending" role="alert">
            <p className="strong">{m.dailyFailed(formatTime(lastDaily.at, language))}</p>
            <ErrorNote error={lastDaily.error} />
            {typeof lastDaily.error.details?.reason === 'string' &&
            !Object.hasOwn(t.errorReasons, lastDaily.error.details.reason) ? (
              // The system's own words (a folder missing, no access…): what to look at on the disk.
              <p className="hint file-path" dir="ltr">
                {lastDaily.error.details.reason}
              </p>
            ) : null}
          </div>
        ) : lastDaily?.made ? (
          <div className="notice-line notice-good" role="status">
            {m.dailyMade(formatTime(lastDaily.at, language))}
            <div className="file-path" dir="ltr">
              {lastDaily.made}
            </div>
          </div>
        ) : null}
        <TextField
          label={m.folder}
          hint={
            <>
              {m.folderHint} <Ltr>{'D:\\Backups\\ResellerDesk'}</Ltr>
            </>
          }
          value={folder}
          dir="ltr"
          onChange={(e) => setFolder(e.target.value)}
        />
        <label className="check">
          <input type="checkbox" checked={daily} onChange={(e) => setDaily(e.target.checked)} />
          {m.daily}
        </label>
        <TextField
          label={m.keep}
          value={keep}
          inputMode="numeric"
          dir="ltr"
          onChange={(e) => setKeep(e.target.value)}
          problem={keep && !keepOk ? '1 – 365' : null}
        />
        <label className="check">
          <input
            type="checkbox"
            checked={plain}
            aria-describedby="backup-plain-warning"
            onChange={(e) => change({ plain: e.target.checked })}
          />
          {m.plain}
        </label>
        <p id="backup-plain-warning" className={plain ? 'warning' : 'hint'}>
          {m.plainWarning}
        </p>
        <div className="actions">
          <Button type="submit" disabled={!keepOk} aria-disabled={settingsBusy !== null || undefined}>
            {m.save}
          </Button>
          <Button
            variant="primary"
            aria-disabled={busy || undefined}
            onClick={() => void backupStore.getState().backupNow(folder.trim() === '' ? null : folder.trim())}
          >
            {busy ? m.working : m.now}
          </Button>
        </div>
        <FormFeedback form="backup" />
        {error ? <ErrorNote error={error} /> : null}
        {sameDisk && error?.details?.reason === 'SAME_DISK_AS_DATA' ? (
          // The folder asked for (or typed) is on the data folder's disk: backed up there only when the
          // manager says so.
          <div className="same-disk">
            <p className="hint file-path" dir="ltr">
              {sameDisk.folder}
            </p>
            <label className="check">
              <input
                type="checkbox"
                checked={sameDisk.known}
                onChange={(e) => backupStore.getState().knowSameDisk(e.target.checked)}
              />
              {m.sameDiskKnown}
            </label>
          </div>
        ) : null}
      </form>
      <div className="manager-column">
        <PassphraseCard />
        {result ? (
          <section className="card" aria-labelledby="backup-done-title">
            <div id="backup-done-title" className="notice-line notice-good" role="status">
              {m.done}
              <div className="file-path" dir="ltr">
                {result.folder}
              </div>
            </div>
            <p className={result.encrypted ? 'muted' : 'warning'}>
              {result.encrypted ? m.encrypted : m.plainMade}
            </p>
            <table className="report-table">
              <thead>
                <tr>
                  <th>{m.file}</th>
                  <th className="num">{m.size}</th>
                </tr>
              </thead>
              <tbody>
                {result.files.map((f) => (
                  <tr key={f.name}>
                    <td>
                      <Ltr>{f.name}</Ltr>
                    </td>
                    <td className="num">
                      <Ltr>{`${Math.ceil(f.bytes / 1024)} KB`}</Ltr>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {result.pruned > 0 ? <p className="muted">{m.pruned(result.pruned)}</p> : null}
          </section>
        ) : null}
      </div>
    </div>
  )
}

/** The recovery passphrase: whether one is set, and a new one typed twice (never shown back, never kept here). */
function PassphraseCard() {
  const t = useT()
  const m = t.manager.backup
  const language = useLanguage()
  const protection = useStore(backupStore, (s) => s.protection)
  const working = useStore(backupStore, (s) => s.settingPassphrase)
  const error = useStore(backupStore, (s) => s.passphraseError)
  const justSet = useStore(backupStore, (s) => s.passphraseJustSet)
  const [passphrase, setPassphrase] = useState('')
  const [again, setAgain] = useState('')
  const [tried, setTried] = useState(false)
  const long = [...passphrase.normalize('NFC').trim()].length >= 12
  const same = passphrase === again
  const unavailable = protection?.keyStorage === 'unavailable'
  return (
    <form
      className="card"
      aria-labelledby="backup-passphrase-title"
      onSubmit={(e) => {
        e.preventDefault()
        setTried(true)
        if (!long || !same || working) return
        void backupStore
          .getState()
          .setPassphrase(passphrase)
          .then((ok) => {
            if (!ok) return
            setPassphrase('')
            setAgain('')
            setTried(false)
          })
      }}
    >
      <h2 id="backup-passphrase-title">{m.passphraseTitle}</h2>
      <p className="hint">{m.passphraseIntro}</p>
      {protection === null ? null : unavailable ? (
        <p className="warning">{m.passphraseUnavailable}</p>
      ) : protection.passphraseSet && protection.setAt ? (
        <p className="notice-line notice-good">
          {m.passphraseSetAt(formatDateTime(protection.setAt, language))}
        </p>
      ) : (
        <p className="warning">{m.passphraseNone}</p>
      )}
      {justSet ? (
        <p className="notice-line notice-good" role="status">
          {m.passphraseDone}
        </p>
      ) : null}
      <TextField
        label={m.passphrase}
        hint={m.passphraseHint}
        type="password"
        autoComplete="new-password"
        value={passphrase}
        disabled={unavailable}
        onChange={(e) => setPassphrase(e.target.value)}
        problem={tried && !long ? m.passphraseShort : null}
      />
      <TextField
        label={m.passphraseAgain}
        type="password"
        autoComplete="new-password"
        value={again}
        disabled={unavailable}
        onChange={(e) => setAgain(e.target.value)}
        problem={tried && long && !same ? m.passphraseMismatch : null}
      />
      <div className="actions">
        <Button type="submit" aria-disabled={working || unavailable || undefined}>
          {working ? m.passphraseWorking : protection?.passphraseSet ? m.passphraseReplace : m.passphraseSave}
        </Button>
      </div>
      {error ? <ErrorNote error={error} /> : null}
    </form>
  )
}
