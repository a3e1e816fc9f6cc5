/**
 * A 1-bit image as a thermal head prints it: rows of `rowBytes = ceil(width / 8)` bytes, most significant
 * bit leftmost, 1 = black (a burnt dot), padding bits at the end of a row 0. This is byte for byte the
 * payload of ESC/POS `GS v 0`, so an image goes to the printer without conversion.
 */
export interface MonochromeImage {
  width: number
  height: number
  data: Uint8Array
}

export function rowBytes(width: number): number {
  return Math.ceil(width / 8)
}

/**
 * Luminance (0–255) below which a pixel prints black. Above the midpoint on purpose: the antialiased
 * edges of thin Arabic strokes are mid-grey, and dropping them makes letters break up on paper.
 */
export const DEFAULT_THRESHOLD = 160

export type ChannelOrder = 'rgba' | 'bgra'

/**
 * Thresholds 8-bit colour pixels to a MonochromeImage. Shared by every rasterizer (Chromium screenshots
 * are RGBA; Electron's NativeImage.toBitmap() is BGRA) so the same page gives the same dots. Transparent
 * pixels count as white paper. No dithering: receipts are text and bars, and dithered greys print as
 * speckles.
 */
export function toMonochrome(
  pixels: Uint8Array,
  width: number,
  height: number,
  threshold: number = DEFAULT_THRESHOLD,
  order: ChannelOrder = 'rgba',
): MonochromeImage {
  if (pixels.length < width * height * 4) {
    throw new RangeError(`Expected ${width * height * 4} bytes of pixels, got ${pixels.length}`)
  }
  const stride = rowBytes(width)
  const data = new Uint8Array(stride * height)
  const [ri, bi] = order === 'rgba' ? [0, 2] : [2, 0]
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4
      const luminance =
        0.299 * (pixels[p + ri] as number) +
        0.587 * (pixels[p + 1] as number) +
        0.114 * (pixels[p + bi] as number)
      const alpha = (pixels[p + 3] as number) / 255
      const onWhite = 255 - alpha * (255 - luminance)
      if (onWhite < threshold) {
        const i = y * stride + (x >> 3)
        data[i] = (data[i] as number) | (0x80 >> (x & 7))
      }
    }
  }
  return { width, height, data }
}

export function isBlack(image: MonochromeImage, x: number, y: number): boolean {
  const byte = image.data[y * rowBytes(image.width) + (x >> 3)] as number
  return (byte & (0x80 >> (x & 7))) !== 0
}

/** Counts black dots (used to check an image is not blank, and by the bench). */
export function blackDotCount(image: MonochromeImage): number {
  let count = 0
  for (const byte of image.data) {
    let b = byte
    while (b) {
      b &= b - 1
      count++
    }
  }
  return count
}
