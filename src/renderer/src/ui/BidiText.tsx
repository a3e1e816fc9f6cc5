import { bidiLines, type TextDirection } from '../../../shared/bidi-text'

/** Mixed Arabic and Latin text shown exactly as the receipt prints it (see shared/bidi-text). */
export function BidiText({ text, fallback }: { text: string; fallback: TextDirection }) {
  return (
    <div className="bidi-text">
      {bidiLines(text, fallback).map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one text, in order
        <div key={i} dir={line.dir}>
          {line.parts.map((part, j) =>
            part.ltr ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one line, in order
              <bdi key={j} dir="ltr">
                {part.text}
              </bdi>
            ) : (
              part.text
            ),
          )}
        </div>
      ))}
    </div>
  )
}
