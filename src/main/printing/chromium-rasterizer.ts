import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, chromium, type Page } from 'playwright-core'
import { PNG } from 'pngjs'
import { DEFAULT_THRESHOLD, type MonochromeImage, toMonochrome } from './monochrome'
import { checkRasterSize, MEASURE_PAGE_SCRIPT, type ReceiptRasterizer } from './rasterizer'

/** Chromium flags for a headless run with no network side trips (no updates, sync or QUIC probing). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export interface ChromiumRasterizerOptions {
  executablePath?: string
  threshold?: number
}

export interface ChromiumRasterizer extends ReceiptRasterizer {
  close(): Promise<void>
}

/**
 * A ReceiptRasterizer on headless Chromium (playwright-core), for tests and the browser shell. One page is
 * reused for every receipt; calls are queued because a page lays out one document at a time.
 */
export async function launchChromiumRasterizer(
  options: ChromiumRasterizerOptions = {},
): Promise<ChromiumRasterizer> {
  const profileDir = await mkdtemp(join(tmpdir(), 'receipt-chromium-'))
  let context: BrowserContext
  try {
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: options.executablePath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 384, height: 100 },
      deviceScaleFactor: 1,
      colorScheme: 'light',
      offline: true,
    })
  } catch (error) {
    await rm(profileDir, { recursive: true, force: true })
    throw error
  }
  const page: Page = context.pages()[0] ?? (await context.newPage())
  const threshold = options.threshold ?? DEFAULT_THRESHOLD
  let queue: Promise<unknown> = Promise.resolve()

  async function rasterizeNow(html: string, widthDots: number): Promise<MonochromeImage> {
    await page.setViewportSize({ width: widthDots, height: 100 })
    await page.setContent(html, { waitUntil: 'load' })
    const height = (await page.evaluate(MEASURE_PAGE_SCRIPT)) as number
    // A viewport exactly the size of the content: the screenshot is the whole receipt and nothing else.
    await page.setViewportSize({ width: widthDots, height })
    const png = PNG.sync.read(await page.screenshot({ type: 'png', animations: 'disabled', caret: 'hide' }))
    checkRasterSize(png.width, png.height, widthDots)
    return toMonochrome(png.data, png.width, png.height, threshold)
  }

  return {
    rasterize(html, widthDots) {
      const result = queue.then(() => rasterizeNow(html, widthDots))
      queue = result.catch(() => undefined)
      return result
    },
    async close() {
      await context.close()
      await rm(profileDir, { recursive: true, force: true })
    },
  }
}
