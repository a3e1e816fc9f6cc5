import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import {
  type BrowserShell,
  type BrowserShellOptions,
  startBrowserShell,
} from '../../../src/shells/browser/server'
import { setBackupPassphrase } from '../../helpers/desk'
import { type Browser, launchBrowser, watchErrors } from './browser'
import { buildRendererForTest } from './renderer'

/** What most screen tests start from, and how they put it away. */
export interface DeskInChromium {
  shell: BrowserShell
  browser: Browser
  /** The renderer built from today's sources (another shell in the test may serve it too). */
  rendererDir: string
  close(): Promise<void>
}

/**
 * The renderer built from the current sources, the browser shell on a fresh data folder (training mode),
 * and a headless Chromium. `close` stops both and removes the folders; a start that fails part way puts
 * away what it had started.
 */
export async function startDeskInChromium(
  name: string,
  shellOptions: Omit<BrowserShellOptions, 'dataDir' | 'rendererDir'> = {},
  /** A recovery passphrase set before the shell starts (encrypted backups can be made). */
  backupPassphrase?: string,
): Promise<DeskInChromium> {
  const rendererDir = await buildRendererForTest()
  const dataDir = mkdtempSync(join(tmpdir(), `desk-${name}-`))
  let shell: BrowserShell | undefined
  let browser: Browser | undefined
  const close = async () => {
    await browser?.close()
    await shell?.close()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(rendererDir, { recursive: true, force: true })
  }
  try {
    if (backupPassphrase) await setBackupPassphrase(dataDir, backupPassphrase, 'development-secrets.json')
    shell = await startBrowserShell({ ...shellOptions, dataDir, rendererDir })
    browser = await launchBrowser()
    return { shell, browser, rendererDir, close }
  } catch (error) {
    await close()
    throw error
  }
}

/** A page of the desk on its first screen (the denominations shown), and the errors it will log. */
export async function openFirstScreen(desk: DeskInChromium): Promise<{ page: Page; errors: string[] }> {
  const page = await desk.browser.newPage()
  const errors = watchErrors(page)
  await page.goto(desk.shell.url)
  await page.locator('.denomination').first().waitFor()
  return { page, errors }
}
