import { useEffect, useLayoutEffect, useRef } from 'react'
import { useStore } from 'zustand'
import type { JournalEntry } from '../../../../shared/types'
import { openAttentionList, sellStore } from '../../app/stores'
import { useLanguage, useT } from '../../i18n/use'
import { afterNextPaint } from '../../ui/after-paint'
import { Badge, Button, Facts, Kbd, Panel, SettledButton } from '../../ui/controls'
import { ErrorNote } from '../../ui/ErrorNote'
import { failedUnsent, isLimitRefusal } from '../../ui/entry'
import { formatDateTime, formatLyd, formatPlainDate, formatTime } from '../../ui/format'
import { useScreenKeys } from '../../ui/keys'
import { LastOperationLine } from '../../ui/LastOperation'
import { LimitRefusal, LimitWarning } from '../../ui/LimitNotes'
import { Code, Ltr, Money, ReceiptNo } from '../../ui/Ltr'
import { Waiting } from '../../ui/Progress'
import { SecondOneQuestion } from '../../ui/SecondOneQuestion'
import { PrintButtons, PrintOutcomeNote } from '../printing/PrintControls'
import { saleOutcome } from './store'

export function SellScreen() {
  const t = useT()
  const step = useStore(sellStore, (s) => s.step)
  const denominations = useStore(sellStore, (s) => s.denominations)

  useEffect(() => {
    // Leaving the screen puts a finished sale away (app/stores.ts, on the screen change): coming back offers a
    // fresh sale, never the last code. The list is asked for each time: main fetches it again when it is some
    // minutes old, so a change by the provider reaches the screen (sell/store.ts). With a list on screen, after
    // F1's frame (ui/after-paint.ts): the list kept shows meanwhile, a change replaces it as before, and it is
    // asked even when the screen was left meanwhile. With none yet, at once: there is nothing to show first.
    const load = () => void sellStore.getState().loadDenominations()
    if (sellStore.getState().denominations) afterNextPaint(load)
    else load()
  }, [])

  useScreenKeys((event) => {
    const s = sellStore.getState()
    if (event.key === 'Escape') {
      if (s.step === 'confirm') s.cancel()
      else if (s.step === 'result') s.newSale()
      else return false
      return true
    }
    if (s.step === 'choose' && /^[1-9]$/.test(event.key) && !event.altKey && !event.ctrlKey) {
      const d = denominations?.items[Number(event.key) - 1]
      if (d) s.choose(d)
      return Boolean(d)
    }
    return false
  })

  return (
    <main className="screen sell-screen" aria-labelledby="sell-title">
      <h1 id="sell-title">{t.sell.title}</h1>
      {step === 'choose' ? <Choose /> : null}
      {step === 'confirm' ? <Confirm /> : null}
      {step === 'sending' ? <Sending /> : null}
      {step === 'result' ? <Result /> : null}
    </main>
  )
}

function Choose() {
  const t = useT()
  const language = useLanguage()
  const list = useStore(sellStore, (s) => s.denominations)
  const loading = useStore(sellStore, (s) => s.loadingDenominations)
  const error = useStore(sellStore, (s) => s.denominationsError)
  const last = useStore(sellStore, (s) => s.last)
  const changed = useStore(sellStore, (s) => s.listChanged)
  const listRef = useRef<HTMLUListElement>(null)
  const firstId = list?.items[0]?.id
  // The first value takes the focus when the screen is shown: kept hidden while the clerk was away (App.tsx), its
  // autoFocus had nothing to focus, and a layout effect runs when it is shown. Again when another value is first
  // (the list the screen was left with is replaced as it is shown: a value the provider dropped meanwhile took the
  // focus with it), unless the clerk has put the focus elsewhere on the screen (the list's Refresh button, say).
  // autoFocus gives it when the list comes later.
  // biome-ignore lint/correctness/useExhaustiveDependencies: another first value is the one to focus
  useLayoutEffect(() => {
    const values = listRef.current
    const active = document.activeElement
    if (!values || (active && values.closest('main')?.contains(active) && !values.contains(active))) return
    values.querySelector<HTMLElement>('.denomination')?.focus()
  }, [firstId])

  return (
    <>
      <div className="row">
        <h2>{t.sell.chooseValue}</h2>
        <span className="spacer" />
        {list?.fetchedAt ? (
          <span className="hint">{t.sell.fetchedAt(formatDateTime(list.fetchedAt, language))}</span>
        ) : null}
        <Button onClick={() => void sellStore.getState().loadDenominations(true)} disabled={loading}>
          {loading ? t.common.loading : t.sell.refresh}
        </Button>
      </div>
      {changed ? (
        <p className="warning warning-pending list-changed" role="status">
          {t.sell.listChanged}
        </p>
      ) : null}
      {list?.stale ? (
        <p className="warning warning-pending" role="status">
          {t.sell.stale}
        </p>
      ) : null}
      {error && !list ? <ErrorNote error={error} /> : null}
      {list && list.items.length === 0 ? <p>{t.sell.none}</p> : null}
      {list && list.items.length > 0 ? (
        <>
          <p className="hint">{t.sell.keyHint}</p>
          <ul className="denominations" ref={listRef}>
            {list.items.map((d, i) => (
              <li key={d.id}>
                <button
                  type="button"
                  className="denomination"
                  // biome-ignore lint/a11y/noAutofocus: the first value takes focus so the clerk can press Enter at once
                  autoFocus={i === 0}
                  aria-keyshortcuts={i < 9 ? String(i + 1) : undefined}
                  onClick={() => sellStore.getState().choose(d)}
                >
                  {i < 9 ? <Kbd>{i + 1}</Kbd> : null}
                  <Money dirhams={d.valueDirhams} className="denomination-value" />
                  <bdi className="denomination-name">{d.name}</bdi>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {!list && loading ? <p>{t.common.loading}</p> : null}
      <LastOperationLine last={last} label={t.sell.last} />
    </>
  )
}

function Confirm() {
  const t = useT()
  const language = useLanguage()
  const selected = useStore(sellStore, (s) => s.selected)
  const error = useStore(sellStore, (s) => s.error)
  const limit = useStore(sellStore, (s) => s.limit)
  const open = useStore(sellStore, (s) => s.openVoucher)
  if (!selected) return null
  return (
    <Panel tone="info" title={t.sell.confirmTitle}>
      <p className="big-figure">
        <Money dirhams={selected.valueDirhams} />
      </p>
      <p>
        <bdi>{selected.name}</bdi>
      </p>
      <LimitWarning amountDirhams={selected.valueDirhams} limit={limit} />
      {open ? (
        <SecondOneQuestion
          title={t.sell.openVoucherTitle}
          body={t.sell.openVoucherBody}
          facts={[
            [t.sell.value, <Money key="v" dirhams={open.valueDirhams} />],
            [t.sell.openVoucherSoldAt, formatTime(open.at, language)],
            [t.journal.clerk, open.clerk ?? t.sell.openVoucherNoClerk],
          ]}
          confirm={t.sell.openVoucherConfirm(formatLyd(open.valueDirhams))}
          onConfirm={() => void sellStore.getState().confirm(true)}
          onCancel={() => sellStore.getState().cancel()}
        />
      ) : null}
      {error && !open ? <ErrorNote error={error} /> : null}
      {open ? null : <ConfirmSale />}
    </Panel>
  )
}

/** The confirm step's own buttons: the Enter that chose the value, bouncing, does not sell it. */
function ConfirmSale() {
  const t = useT()
  return (
    <div className="actions">
      {/* The Enter that chose the value, bouncing, must not sell it: a press counts after a moment. */}
      <SettledButton
        variant="primary"
        shortcut="Enter"
        autoFocus
        onClick={() => void sellStore.getState().confirm()}
      >
        {t.sell.confirm}
      </SettledButton>
      <Button shortcut="Esc" onClick={() => sellStore.getState().cancel()}>
        {t.common.cancel}
      </Button>
    </div>
  )
}

/** Waiting for the service: the value on its way and the seconds waited. */
function Sending() {
  const t = useT()
  const selected = useStore(sellStore, (s) => s.selected)
  const since = useStore(sellStore, (s) => s.sentAt)
  return (
    <Waiting
      text={t.sell.sending}
      since={since}
      facts={selected ? [[t.sell.value, <Money key="v" dirhams={selected.valueDirhams} />]] : []}
    />
  )
}

function Result() {
  const entry = useStore(sellStore, (s) => s.result)
  if (!entry) return null
  const outcome = saleOutcome(entry)
  if (outcome === 'issued') return <Issued entry={entry} />
  if (outcome === 'failed') return <Failed entry={entry} />
  return <Unknown entry={entry} />
}

function NewSale({ focus = false }: { focus?: boolean }) {
  const t = useT()
  const Action = focus ? SettledButton : Button
  return (
    <Action shortcut="Esc" autoFocus={focus} onClick={() => sellStore.getState().newSale()}>
      {t.sell.newSale}
    </Action>
  )
}

function Issued({ entry }: { entry: JournalEntry }) {
  const t = useT()
  const language = useLanguage()
  const v = entry.voucher
  if (!v) return null
  const confirmed = entry.confirmedValueDirhams
  return (
    <Panel
      tone={confirmed === undefined ? 'good' : 'pending'}
      title={confirmed === undefined ? t.sell.issuedTitle : t.sell.otherValueTitle}
      role="status"
      className="voucher-card"
    >
      {confirmed === undefined ? null : (
        <p className="other-value" role="alert">
          {t.sell.otherValueBody(formatLyd(entry.amountDirhams), formatLyd(confirmed))}
        </p>
      )}
      <div className="code-block">
        <div className="code-label">{t.sell.code}</div>
        <Code value={v.code} className="code-big" />
      </div>
      <Facts
        items={[
          entry.receiptNo ? [t.receipt.number, <ReceiptNo key="n" value={entry.receiptNo} />] : null,
          [t.sell.serial, <Code key="s" value={v.serialNumber} />],
          [t.sell.value, <Money key="v" dirhams={entry.amountDirhams} />],
          [
            t.sell.soldAt,
            <span key="t" className="cell-time">
              {formatTime(entry.createdAt, language)}
            </span>,
          ],
          [t.sell.activation, formatPlainDate(v.activationDate, language)],
          [t.sell.expiry, formatPlainDate(v.expiryDate, language)],
        ]}
      />
      <div className="actions">
        <PrintButtons entry={entry} primary autoFocus />
        <NewSale />
      </div>
      <PrintOutcomeNote entryId={entry.id} />
    </Panel>
  )
}

function Unknown({ entry }: { entry: JournalEntry }) {
  const t = useT()
  return (
    <Panel tone="bad" title={t.sell.unknownTitle} role="alert">
      <p className="strong">{t.sell.unknownBody}</p>
      <Facts
        items={[
          [t.sell.value, <Money key="v" dirhams={entry.amountDirhams} />],
          [
            t.journal.status,
            <Badge key="b" tone="bad">
              {t.entryStatus[entry.status]}
            </Badge>,
          ],
          entry.receiptNo
            ? [t.receipt.number, <ReceiptNo key="n" value={entry.receiptNo} />]
            : [t.journal.id, <Ltr key="i">{entry.id}</Ltr>],
        ]}
      />
      <div className="actions">
        <SettledButton variant="primary" autoFocus onClick={openAttentionList}>
          {t.sell.openAttention}
        </SettledButton>
        <NewSale />
      </div>
    </Panel>
  )
}

function Failed({ entry }: { entry: JournalEntry }) {
  const t = useT()
  const limit = useStore(sellStore, (s) => s.limit)
  if (isLimitRefusal(entry)) {
    return (
      <Panel tone="bad" title={t.sell.limitRefusedTitle} role="alert">
        <LimitRefusal entry={entry} limit={limit} />
        <div className="actions">
          <SettledButton
            variant="primary"
            shortcut="Esc"
            autoFocus
            onClick={() => sellStore.getState().newSale()}
          >
            {t.sell.chooseAnother}
          </SettledButton>
        </div>
      </Panel>
    )
  }
  return (
    <Panel tone="bad" title={t.sell.failedTitle} role="alert">
      <p>{failedUnsent(entry) ? t.sell.notSentBody : t.sell.failedBody}</p>
      {entry.error ? <ErrorNote error={entry.error} httpStatus={entry.error.httpStatus} /> : null}
      <div className="actions">
        <NewSale focus />
      </div>
    </Panel>
  )
}
