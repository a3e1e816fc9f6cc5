import { type ReactNode, useEffect, useRef } from 'react'

/**
 * What an action came to (saved, refused, tested), said beside the button pressed, and given the focus when it
 * appears: it is scrolled into view where the eye is, a screen reader reads it, and the next Enter does not
 * press the button again on a result nobody has read. A new `sayKey` (another result) takes the focus again.
 */
export function SaidHere({
  children,
  className,
  role,
  sayKey,
}: {
  children: ReactNode
  className?: string
  /** None when what it holds says its own (an ErrorNote is an alert already). */
  role?: 'status' | 'alert'
  sayKey?: unknown
}) {
  const ref = useRef<HTMLDivElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: sayKey is what a new result is told by
  useEffect(() => {
    const box = ref.current
    if (!box) return
    box.focus({ preventScroll: true })
    box.scrollIntoView({ block: 'nearest' })
  }, [sayKey])
  return (
    <div ref={ref} tabIndex={-1} className={`said-here${className ? ` ${className}` : ''}`} role={role}>
      {children}
    </div>
  )
}
