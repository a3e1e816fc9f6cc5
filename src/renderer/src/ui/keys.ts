import { useEffect, useRef } from 'react'

function typingTarget(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  )
}

/**
 * A screen's own keys (Esc, digits…). Plain characters are ignored while the clerk types in a field; keys
 * are left to an open dialog (the receipt preview) when there is one.
 */
export function useScreenKeys(handler: (event: KeyboardEvent) => boolean | undefined): void {
  const ref = useRef(handler)
  ref.current = handler
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || document.querySelector('dialog[open]')) return
      if (event.key.length === 1 && typingTarget(event.target)) return
      if (ref.current(event)) event.preventDefault()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])
}
