import { Fragment, useEffect, useLayoutEffect, useState } from 'react'
import {
  CUSTOMER_VIEW_EVENT,
  CUSTOMER_YES_FRAGMENT,
  type CustomerHolder,
  type CustomerView,
} from '../../../shared/customer-view'
import { DIRHAMS_PER_LYD, formatLyd } from '../../../shared/money'
import type { Language } from '../../../shared/types'
import { customerAr } from '../i18n/customer-ar'
import { type CustomerMessages, customerEn } from '../i18n/customer-en'

const TEXTS: Record<Language, CustomerMessages> = { ar: customerAr, en: customerEn }

/**
 * The customer display: what main decided, drawn large, in the customer's language (or both side by side).
 * The page calls nothing and holds nothing: a view arrives as a DOM event (pushed by main in Electron, by the
 * browser shell's script there), and the one thing it can say — "Yes, this is me" — goes into its own
 * address's fragment, which main reads.
 */
export function CustomerPage() {
  const [view, setView] = useState<CustomerView | null>(null)

  useEffect(() => {
    const onView = (event: Event) => setView((event as CustomEvent<CustomerView>).detail)
    window.addEventListener(CUSTOMER_VIEW_EVENT, onView)
    return () => window.removeEventListener(CUSTOMER_VIEW_EVENT, onView)
  }, [])

  const languages: Language[] =
    !view || view.language === 'ar' ? ['ar'] : view.language === 'en' ? ['en'] : ['ar', 'en']
  useLayoutEffect(() => {
    const first = languages[0] ?? 'ar'
    document.documentElement.lang = first
    document.documentElement.dir = TEXTS[first].direction
  })

  if (!view) return <main className="customer customer-blank" />
  return (
    <main className={languages.length > 1 ? 'customer customer-both' : 'customer'} data-state={view.state}>
      {view.training ? (
        <div className="customer-training" role="status">
          {languages.map((l) => (
            <span key={l} lang={l} dir={TEXTS[l].direction}>
              {TEXTS[l].training}
            </span>
          ))}
        </div>
      ) : null}
      <div className="customer-columns">
        {languages.map((l, i) => (
          <Fragment key={l}>
            {i > 0 ? <div className="customer-divider" /> : null}
            <section className="customer-column" lang={l} dir={TEXTS[l].direction}>
              <Screen view={view} t={TEXTS[l]} />
            </section>
          </Fragment>
        ))}
      </div>
      {view.state === 'name' && view.confirm ? (
        <YesButton nonce={view.confirm.nonce} labels={languages.map((l) => TEXTS[l].yesThisIsMe)} />
      ) : null}
    </main>
  )
}

/** The customer's own "Yes, this is me": said in the page's address, where main reads it. */
function YesButton({ nonce, labels }: { nonce: string; labels: string[] }) {
  return (
    <button
      type="button"
      className="customer-yes"
      tabIndex={-1}
      onClick={() => {
        location.hash = `${CUSTOMER_YES_FRAGMENT}${nonce}`
      }}
    >
      {labels.join(' · ')}
    </button>
  )
}

function Screen({ view, t }: { view: CustomerView; t: CustomerMessages }) {
  switch (view.state) {
    case 'idle':
      return (
        <>
          {view.outletName ? (
            <p className="customer-outlet">
              <bdi>{view.outletName}</bdi>
            </p>
          ) : null}
          <h1 className="customer-huge">{t.welcome}</h1>
        </>
      )
    case 'wait':
      return <h1 className="customer-huge">{t.wait}</h1>
    case 'name':
      return (
        <>
          <p className="customer-caption">{t.deposit}</p>
          <Holder holder={view.holder} />
          <h1 className="customer-large">{t.isThisYou}</h1>
          {view.confirm ? null : <p className="customer-hint">{t.tellTheClerk}</p>}
        </>
      )
    case 'amount':
      return (
        <>
          <Holder holder={view.holder} small />
          <p className="customer-caption">{t.amount}</p>
          {view.amountDirhams === null ? (
            <p className="customer-hint">{t.amountComing}</p>
          ) : (
            <Amount dirhams={view.amountDirhams} t={t} />
          )}
        </>
      )
    case 'review':
      return (
        <>
          <p className="customer-caption">{t.deposit}</p>
          <Holder holder={view.holder} small />
          <Amount dirhams={view.amountDirhams} t={t} />
          <h1 className="customer-large">{t.willSend}</h1>
        </>
      )
    case 'voucher':
      return (
        <>
          <p className="customer-caption">{t.voucher}</p>
          <Amount dirhams={view.valueDirhams} t={t} />
          <h1 className="customer-large">{t.codeOnReceipt}</h1>
        </>
      )
    case 'result':
      return (
        <>
          <p className="customer-caption">{view.kind === 'deposit' ? t.deposit : t.voucher}</p>
          <h1 className={`customer-huge customer-outcome-${view.outcome}`}>
            {view.outcome === 'done' ? t.done : view.outcome === 'not-sent' ? t.notSent : t.checking}
          </h1>
          <Amount dirhams={view.amountDirhams} t={t} />
          {view.outcome === 'done' && view.time ? (
            <p className="customer-caption">
              {t.at}{' '}
              <bdi dir="ltr" className="customer-time">
                {view.time}
              </bdi>
            </p>
          ) : null}
          {view.outcome === 'done' && view.kind === 'voucher' ? (
            <p className="customer-large">{t.codeOnReceipt}</p>
          ) : null}
          {view.outcome === 'not-sent' ? (
            <p className="customer-hint">{view.kind === 'deposit' ? t.notSentDeposit : t.notSentVoucher}</p>
          ) : null}
          {view.outcome === 'checking' ? <p className="customer-hint">{t.checkingHint}</p> : null}
        </>
      )
    default:
      return null
  }
}

function Holder({ holder, small = false }: { holder: CustomerHolder; small?: boolean }) {
  return (
    <div className={small ? 'customer-holder customer-holder-small' : 'customer-holder'}>
      <p className="customer-name">
        <bdi>{holder.firstName}</bdi>
      </p>
      <p className="customer-phone">
        <bdi dir="ltr">{holder.maskedPhone}</bdi>
      </p>
    </div>
  )
}

/** "12.500 LYD" and, under it, "12 dinars and 500 dirhams". */
function Amount({ dirhams, t }: { dirhams: number; t: CustomerMessages }) {
  return (
    <div className="customer-amount">
      <p className="customer-figure">
        <bdi dir="ltr">{formatLyd(dirhams)}</bdi> <span className="customer-currency">{t.currency}</span>
      </p>
      <p className="customer-words">
        {t.amountInWords(Math.floor(dirhams / DIRHAMS_PER_LYD), dirhams % DIRHAMS_PER_LYD)}
      </p>
    </div>
  )
}
