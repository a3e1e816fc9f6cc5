import type { MonochromeImage } from './monochrome'

/**
 * Turns a receipt's HTML into the dots a thermal printer burns. Implementations: Chromium through
 * playwright-core (tests, the browser shell) and an offscreen Electron window (the app). Both lay the page
 * out at `widthDots` CSS pixels with a device scale factor of 1, screenshot the whole page, and threshold
 * it with `toMonochrome`, so the same HTML gives the same image.
 */
export interface ReceiptRasterizer {
  /** Resolves with a 1-bit image exactly `widthDots` wide and as tall as the page's content. */
  rasterize(html: string, widthDots: number): Promise<MonochromeImage>
}

/** Runs in the page: waits for the embedded fonts, then reports the content height in CSS pixels. */
export const MEASURE_PAGE_SCRIPT =
  'document.fonts.ready.then(() => Math.ceil(document.body.getBoundingClientRect().height))'

/** The tallest receipt rasterized: Chromium cannot capture much more than 16k pixels in one go. */
export const MAX_RECEIPT_HEIGHT_DOTS = 16_000

export function checkRasterSize(width: number, height: number, widthDots: number): void {
  if (width !== widthDots) {
    throw new Error(`Rasterized page is ${width} pixels wide, expected exactly ${widthDots}`)
  }
  if (height < 1 || height > MAX_RECEIPT_HEIGHT_DOTS) {
    throw new Error(`Rasterized page is ${height} pixels tall, outside 1..${MAX_RECEIPT_HEIGHT_DOTS}`)
  }
}
