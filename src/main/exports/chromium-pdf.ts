import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, chromium } from 'playwright-core'
import { CHROMIUM_ARGS } from '../printing/chromium-rasterizer'
import { PDF_READY_SCRIPT, type PdfRenderer } from './pdf-renderer'

export interface ChromiumPdfRenderer extends PdfRenderer {
  close(): Promise<void>
}

/**
 * A PdfRenderer on headless Chromium (playwright-core), for the browser shell and tests: launched on the first
 * PDF, offline (the report embeds its fonts and loads nothing), one page per PDF.
 */
export function chromiumPdfRenderer(
  executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
): ChromiumPdfRenderer {
  let launching: Promise<{ context: BrowserContext; profile: string }> | null = null
  let closed = false

  async function launch(): Promise<{ context: BrowserContext; profile: string }> {
    const profile = await mkdtemp(join(tmpdir(), 'report-pdf-chromium-'))
    try {
      const context = await chromium.launchPersistentContext(profile, {
        executablePath,
        headless: true,
        args: CHROMIUM_ARGS,
        offline: true,
      })
      return { context, profile }
    } catch (error) {
      await rm(profile, { recursive: true, force: true })
      throw error
    }
  }

  return {
    async renderPdf(html) {
      if (closed) throw new Error('The PDF renderer is closed.')
      launching ??= launch().catch((error: unknown) => {
        launching = null
        throw error
      })
      const { context } = await launching
      const page = await context.newPage()
      try {
        await page.setContent(html, { waitUntil: 'load' })
        await page.evaluate(PDF_READY_SCRIPT)
        return await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true })
      } finally {
        await page.close()
      }
    },
    async close() {
      closed = true
      const running = await launching?.catch(() => null)
      if (running) {
        await running.context.close()
        await rm(running.profile, { recursive: true, force: true })
      }
    },
  }
}
