import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'

/** The family every receipt uses; nothing falls back to whatever fonts the PC happens to have. */
export const RECEIPT_FONT_FAMILY = 'Receipt Sans'

export interface ReceiptFonts {
  /** @font-face rules with the fonts embedded as data: URLs, so the receipt renders offline anywhere. */
  css: string
}

/** Noto Sans Arabic (variable weight) covers Arabic and, in its Latin subset, Latin letters and digits. */
const SUBSETS = [
  {
    file: '@fontsource-variable/noto-sans-arabic/files/noto-sans-arabic-arabic-wght-normal.woff2',
    unicodeRange:
      'U+0600-06FF,U+0750-077F,U+0870-088E,U+0890-0891,U+0897-08E1,U+08E3-08FF,U+200C-200E,U+2010-2011,U+204F,U+2E41,U+FB50-FDFF,U+FE70-FE74,U+FE76-FEFC',
  },
  {
    file: '@fontsource-variable/noto-sans-arabic/files/noto-sans-arabic-latin-wght-normal.woff2',
    unicodeRange:
      'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  },
] as const

/**
 * The A4 report's faces: static instances (regular, bold, extra bold) of the same family, in the same two
 * parts. Chromium's PDF writer embeds a variable font as Type 3 drawings of each glyph; static ones go in as
 * TrueType (about a tenth smaller, and what readers expect), and the entry list drawn outside Chromium
 * (exports/entries-pdf.ts) uses the same files.
 */
const REPORT_WEIGHTS = [400, 700, 800] as const
const REPORT_SUBSETS = SUBSETS.map((s) => ({
  part: s.file.includes('-arabic-wght') ? 'arabic' : 'latin',
  unicodeRange: s.unicodeRange,
}))

/** A loader that reads its fonts once per process (and again after a failure). */
function once(read: () => Promise<string[]>): () => Promise<ReceiptFonts> {
  let loading: Promise<ReceiptFonts> | null = null
  return () => {
    loading ??= read().then(
      (rules) => ({ css: rules.join('\n') }),
      (error: unknown) => {
        loading = null
        throw error
      },
    )
    return loading
  }
}

/** One font file as an @font-face rule of the family, embedded as a data: URL. */
async function fontFace(file: string, weight: string, unicodeRange: string): Promise<string> {
  const data = await readFile(createRequire(import.meta.url).resolve(file))
  return (
    `@font-face{font-family:'${RECEIPT_FONT_FAMILY}';font-style:normal;font-weight:${weight};` +
    `src:url(data:font/woff2;base64,${data.toString('base64')}) format('woff2');` +
    `unicode-range:${unicodeRange};}`
  )
}

/** Reads the report's static font files once per process. */
export const loadReportFonts = once(() =>
  Promise.all(
    REPORT_WEIGHTS.flatMap((weight) =>
      REPORT_SUBSETS.map(({ part, unicodeRange }) =>
        fontFace(
          `@fontsource/noto-sans-arabic/files/noto-sans-arabic-${part}-${weight}-normal.woff2`,
          String(weight),
          unicodeRange,
        ),
      ),
    ),
  ),
)

/** Reads the bundled font files once per process. */
export const loadReceiptFonts = once(() =>
  Promise.all(SUBSETS.map(({ file, unicodeRange }) => fontFace(file, '100 900', unicodeRange))),
)
