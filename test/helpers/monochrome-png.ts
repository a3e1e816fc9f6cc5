import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { PNG } from 'pngjs'
import { isBlack, type MonochromeImage } from '../../src/main/printing/monochrome'

/** Writes a 1-bit image as a black-and-white PNG, to look at what the printer would print. */
export async function writeMonochromePng(path: string, image: MonochromeImage): Promise<void> {
  const png = new PNG({
    width: image.width,
    height: image.height,
    colorType: 0,
    inputColorType: 0,
    bitDepth: 8,
  })
  const grey = Buffer.alloc(image.width * image.height)
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) grey[y * image.width + x] = isBlack(image, x, y) ? 0 : 255
  }
  png.data = grey
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, PNG.sync.write(png, { colorType: 0, inputColorType: 0 }))
}
