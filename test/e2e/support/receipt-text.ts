import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Locator } from 'playwright-core'

const run = promisify(execFile)

/**
 * What a person reads on a receipt image (the preview's 1-bit raster, the very dots the printer gets), by
 * optical character recognition: Tesseract (Debian's tesseract-ocr, installed by .ci/run), English model. It
 * reads Latin letters and figures (receipt numbers, amounts, codes) whatever the receipt's language; Arabic
 * words come back as noise. Spaces are kept as Tesseract found them.
 */
export async function receiptImageText(image: Locator): Promise<string> {
  const src = (await image.getAttribute('src')) ?? ''
  const match = /^data:image\/png;base64,(.+)$/.exec(src)
  if (!match?.[1]) throw new Error(`not a PNG data URL: ${src.slice(0, 40)}`)
  const dir = mkdtempSync(join(tmpdir(), 'receipt-ocr-'))
  try {
    const file = join(dir, 'receipt.png')
    writeFileSync(file, Buffer.from(match[1], 'base64'))
    // --psm 4: a single column of text of variable sizes (a receipt). --dpi: 203 dots per inch, as printed.
    const { stdout } = await run('tesseract', [file, 'stdout', '--psm', '4', '--dpi', '203', '-l', 'eng'])
    return stdout
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
