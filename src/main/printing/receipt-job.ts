import { type EscPosJobOptions, encodeReceiptJob } from './escpos'
import type { MonochromeImage } from './monochrome'
import type { PaperWidthMm } from './paper'
import { printableWidthDots } from './paper'
import type { ReceiptRasterizer } from './rasterizer'

export interface EscPosReceiptJob {
  /** What the paper will show, for a preview that is the print. */
  image: MonochromeImage
  bytes: Uint8Array
}

/** Receipt HTML → 1-bit raster at the roll's printable width → ESC/POS bytes for a network printer. */
export async function buildEscPosReceiptJob(
  html: string,
  widthMm: PaperWidthMm,
  rasterizer: ReceiptRasterizer,
  options?: EscPosJobOptions,
): Promise<EscPosReceiptJob> {
  const image = await rasterizer.rasterize(html, printableWidthDots(widthMm))
  return { image, bytes: encodeReceiptJob(image, options) }
}
