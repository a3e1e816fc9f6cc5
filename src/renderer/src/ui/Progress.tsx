import { type ReactNode, useEffect, useState } from 'react'
import { useT } from '../i18n/use'
import { Facts } from './controls'

/** An operation in flight: announced, and visibly busy. */
export function Progress({ text }: { text: string }) {
  return (
    <div className="progress" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  )
}

/** Whole seconds since an instant (epoch ms), ticking every second. */
function useSecondsSince(since: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  return Math.max(0, Math.floor((now - since) / 1000))
}

/**
 * Money on its way to the service: what was sent, and how long the answer has been awaited, so a clerk
 * facing a waiting customer knows what is going on and that the screen is not stuck. The seconds are not
 * announced at each tick (only the text is, once).
 */
export function Waiting({
  text,
  since,
  facts,
}: {
  text: string
  since: number | null
  facts: [string, ReactNode][]
}) {
  const t = useT()
  const seconds = useSecondsSince(since ?? Date.now())
  return (
    <section className="panel panel-info waiting" aria-labelledby="waiting-text">
      <div className="progress" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        <span id="waiting-text">{text}</span>
      </div>
      <Facts
        items={[
          ...facts,
          [
            t.common.waited,
            <span key="w" className="waited">
              {t.common.seconds(seconds)}
            </span>,
          ],
        ]}
      />
    </section>
  )
}
