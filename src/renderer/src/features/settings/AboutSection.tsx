import { useEffect } from 'react'
import { useStore } from 'zustand'
import { aboutStore } from '../../app/stores'
import { useT } from '../../i18n/use'
import { afterThisTask } from '../../ui/after-paint'
import { Facts } from '../../ui/controls'
import { Ltr } from '../../ui/Ltr'

/** What this copy of the app is and runs on: what support asks first. */
export function AboutSection() {
  const t = useT()
  const versions = useStore(aboutStore, (s) => s.versions)
  // Asked in the task after the key that shows the screen (its frame first: ui/after-paint.ts).
  useEffect(() => afterThisTask(() => void aboutStore.getState().load()), [])
  if (!versions) return null
  const version = (v: string | null) => (v === null ? t.settings.aboutNotElectron : <Ltr>{v}</Ltr>)
  return (
    <section className="card" aria-labelledby="about-title">
      <h2 id="about-title">{t.settings.aboutTitle}</h2>
      <Facts
        items={[
          [t.appTitle, <Ltr key="app">{versions.app}</Ltr>],
          [
            t.settings.aboutMode,
            versions.mode === 'training' ? t.settings.aboutTraining : t.settings.aboutLive,
          ],
          ['Electron', version(versions.electron)],
          ['Chromium', version(versions.chrome)],
          ['Node.js', <Ltr key="node">{versions.node}</Ltr>],
          [t.settings.aboutSystem, <Ltr key="os">{versions.os}</Ltr>],
        ]}
      />
    </section>
  )
}
