/** An operation in flight: announced, and visibly busy. */
export function Progress({ text }: { text: string }) {
  return (
    <div className="progress" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  )
}
