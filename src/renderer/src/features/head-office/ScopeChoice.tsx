import { useEffect } from 'react'
import { useStore } from 'zustand'
import { headOfficeStore, reportsStore } from '../../app/stores'
import { useT } from '../../i18n/use'

/** This PC or the whole chain, for reports and exports; shown once a head office is set up and on. */
export function ScopeChoice() {
  const t = useT()
  const h = t.headOffice
  const enabled = useStore(headOfficeStore, (s) => s.view?.settings?.enabled === true)
  const scope = useStore(reportsStore, (s) => s.scope)
  useEffect(() => {
    if (headOfficeStore.getState().view === null) void headOfficeStore.getState().load()
  }, [])
  if (!enabled) return null
  return (
    <fieldset className="scope-choice">
      <legend>{h.scope}</legend>
      {(['pc', 'chain'] as const).map((value) => (
        <label key={value} className="check">
          <input
            type="radio"
            name="report-scope"
            value={value}
            checked={scope === value}
            onChange={() => reportsStore.getState().setScope(value)}
          />
          {value === 'pc' ? h.scopePc : h.scopeChain}
        </label>
      ))}
    </fieldset>
  )
}
