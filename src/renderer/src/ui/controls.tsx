import {
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  useId,
} from 'react'
import { useSettledPress } from './deliberate'
import type { Tone } from './entry'

/** A visible key hint; hidden from screen readers, which get aria-keyshortcuts on the control instead. */
export function Kbd({ children }: { children: ReactNode }) {
  return (
    <span className="kbd" aria-hidden="true">
      {children}
    </span>
  )
}

type Variant = 'primary' | 'secondary' | 'danger' | 'quiet'

export function Button({
  variant = 'secondary',
  shortcut,
  children,
  className,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant
  shortcut?: string
  ref?: Ref<HTMLButtonElement>
}) {
  return (
    <button
      type={type}
      className={`btn btn-${variant}${className ? ` ${className}` : ''}`}
      aria-keyshortcuts={shortcut}
      {...rest}
    >
      <span>{children}</span>
      {shortcut ? <Kbd>{shortcut}</Kbd> : null}
    </button>
  )
}

/**
 * A button that takes a press only once it has been on screen a moment (see useSettledPress): a money
 * confirmation, or the focused action of an outcome or a stop, which the bounce of the Enter that led to it
 * must not press — it would sell, send, or sweep away what the clerk has not read yet.
 */
export function SettledButton({
  onClick,
  ...rest
}: Omit<Parameters<typeof Button>[0], 'onClick'> & { onClick: () => void }) {
  const settle = useSettledPress(onClick)
  return (
    <Button
      {...rest}
      {...settle.props}
      aria-disabled={settle.props['aria-disabled'] ?? rest['aria-disabled']}
    />
  )
}

export function TextField({
  label,
  hint,
  problem,
  className,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  label: string
  hint?: ReactNode
  problem?: string | null
  ref?: Ref<HTMLInputElement>
}) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const problemId = problem ? `${id}-problem` : undefined
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={problem ? true : undefined}
        aria-describedby={[hintId, problemId].filter(Boolean).join(' ') || undefined}
        {...input}
      />
      {hint ? (
        <div id={hintId} className="hint">
          {hint}
        </div>
      ) : null}
      {problem ? (
        <div id={problemId} className="problem" role="alert">
          {problem}
        </div>
      ) : null}
    </div>
  )
}

export function SelectField({
  label,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; children: ReactNode }) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} {...select}>
        {children}
      </select>
    </div>
  )
}

/** An outcome or warning box; its colour always comes with a title in words. */
export function Panel({
  tone,
  title,
  children,
  role,
  className,
}: {
  tone: Tone | 'info'
  title: ReactNode
  children?: ReactNode
  role?: 'alert' | 'status'
  className?: string
}) {
  return (
    <section className={`panel panel-${tone}${className ? ` ${className}` : ''}`} role={role}>
      <h2 className="panel-title">{title}</h2>
      {children}
    </section>
  )
}

/** A status word on its outcome colour. */
export function Badge({ tone, children }: { tone: Tone | 'info' | 'training'; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>
}

/** Label/value pairs (receipts, reviews, entry details). */
export function Facts({ items }: { items: Array<[ReactNode, ReactNode] | null | false> }) {
  return (
    <dl className="facts">
      {items.map((item, i) =>
        item ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed per render and never reordered
          <div key={i} className="fact">
            <dt>{item[0]}</dt>
            <dd>{item[1]}</dd>
          </div>
        ) : null,
      )}
    </dl>
  )
}
