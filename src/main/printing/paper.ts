/**
 * Thermal receipt paper. Printers print at 203 dpi (8 dots per mm) across a printable width narrower than
 * the roll: 48 mm of a 58 mm roll (384 dots) and 72 mm of an 80 mm roll (576 dots). Receipts are laid out
 * in dots, at 1 CSS pixel per dot, so the rasterized page is exactly what the print head draws.
 */
export const PAPER_WIDTHS_MM = [58, 80] as const
export type PaperWidthMm = (typeof PAPER_WIDTHS_MM)[number]

export const DOTS_PER_MM = 8

const PRINTABLE_DOTS: Record<PaperWidthMm, number> = { 58: 384, 80: 576 }

export function printableWidthDots(widthMm: PaperWidthMm): number {
  return PRINTABLE_DOTS[widthMm]
}

/** 1 dot = 0.125 mm = 125 µm: page sizes for system printers are given in microns. */
export function dotsToMicrons(dots: number): number {
  return Math.ceil((dots * 1000) / DOTS_PER_MM)
}
