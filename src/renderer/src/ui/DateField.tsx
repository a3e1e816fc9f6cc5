import { type KeyboardEvent, useEffect, useId, useState } from 'react'
import { addDays } from '../../../shared/day'
import { useLanguage, useT } from '../i18n/use'
import { dayToText, formatDayLong, textToDay } from './format'

/**
 * A calendar day typed as day/month/year in either language — the browser's date input would show the
 * operating system's order (month first on many PCs). The day is spelled out under it in the screen's
 * language so a slip is seen; ArrowUp/ArrowDown move it by a day.
 */
export function DateField({
  label,
  value,
  onChange,
  optional = false,
}: {
  label: string
  value: number | null
  onChange(day: number | null): void
  /** Empty is a valid answer. */
  optional?: boolean
}) {
  const t = useT()
  const language = useLanguage()
  const id = useId()
  const [text, setText] = useState(dayToText(value))
  // Changed from outside (Today, a report's period): the field follows.
  useEffect(() => {
    setText((current) => (textToDay(current) === value ? current : dayToText(value)))
  }, [value])
  const parsed = textToDay(text)
  const empty = text.trim() === ''
  const wrong = !empty && parsed === null

  function change(next: string) {
    setText(next)
    const day = textToDay(next)
    if (day !== null) onChange(day)
    else if (next.trim() === '' && optional) onChange(null)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const step = event.key === 'ArrowUp' ? 1 : event.key === 'ArrowDown' ? -1 : 0
    if (step === 0 || parsed === null) return
    event.preventDefault()
    const next = addDays(parsed, step)
    setText(dayToText(next))
    onChange(next)
  }

  return (
    <div className="field field-date">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={text}
        dir="ltr"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t.date.placeholder}
        aria-invalid={wrong ? true : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(e) => change(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div id={`${id}-hint`} className={wrong ? 'problem' : 'hint'} role={wrong ? 'alert' : undefined}>
        {wrong ? t.date.wrong : parsed !== null ? formatDayLong(parsed, language) : t.date.format}
      </div>
    </div>
  )
}
