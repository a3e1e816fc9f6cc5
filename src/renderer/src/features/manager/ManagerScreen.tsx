import { useDeferredValue, useEffect, useState } from 'react'
import { useT } from '../../i18n/use'
import { BackupPanel } from './BackupPanel'
import { PeoplePanel } from './PeoplePanel'
import { ReportsPanel } from './ReportsPanel'

const TABS = ['reports', 'people', 'backup'] as const
type Tab = (typeof TABS)[number]

/** The manager's screen: reports (X, Z, exports), people, backups. Main refuses all of it to a clerk. */
export function ManagerScreen() {
  const t = useT()
  const m = t.manager.managerScreen
  const [tab, setTab] = useState<Tab>('reports')
  // The tabs and the focus in the key's frame (F5, an arrow), the panel's content a render later, one React may
  // put off while a key is handled: on a slow PC the key's frame then waits for the tabs, not for a panel and its
  // report (as Settings does with its lower sections). Meanwhile the panel is the chosen tab's (its name and
  // label), busy, and what it still shows of the tab before is inert: Tab cannot land in what is about to go.
  const panel = useDeferredValue<Tab | null>(tab, null)
  const coming = panel !== tab
  // F5 (or a click) opens the screen with the focus on its tabs: the arrows pick one, Tab goes into it.
  // (The People tab's rules and the Backup tab save through the settings: their "Saved." is put away when the
  // screen is left, app/stores.ts.)
  useEffect(() => {
    document.getElementById('manager-tab-reports')?.focus()
  }, [])

  function onTabKey(event: React.KeyboardEvent) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
    const rtl = document.documentElement.dir === 'rtl'
    const step = (event.key === 'ArrowRight') !== rtl ? 1 : -1
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length] ?? 'reports'
    setTab(next)
    document.getElementById(`manager-tab-${next}`)?.focus()
    event.preventDefault()
  }

  return (
    <main className="screen manager-screen" aria-labelledby="manager-title">
      <h1 id="manager-title">{m.title}</h1>
      <div className="manager-tabs" role="tablist" aria-label={m.title} onKeyDown={onTabKey}>
        {TABS.map((name) => (
          <button
            key={name}
            id={`manager-tab-${name}`}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls={`manager-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
          >
            {m.tabs[name]}
          </button>
        ))}
      </div>
      <div
        id={`manager-panel-${tab}`}
        role="tabpanel"
        aria-labelledby={`manager-tab-${tab}`}
        aria-busy={coming}
        inert={coming}
      >
        {panel === 'reports' ? <ReportsPanel /> : null}
        {panel === 'people' ? <PeoplePanel /> : null}
        {panel === 'backup' ? <BackupPanel /> : null}
      </div>
    </main>
  )
}
