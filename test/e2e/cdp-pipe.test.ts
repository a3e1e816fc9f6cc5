/**
 * The Windows workflow drives the test build of the installed app over `--remote-debugging-pipe` (no TCP
 * port) with its own small protocol client, test/windows/cdp-pipe.ts. Here that client drives this machine's
 * Chromium the same way, so what runs only on Windows was run here first.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { PipeCdp } from '../windows/cdp-pipe'

const profile = mkdtempSync(join(tmpdir(), 'cdp-pipe-'))
afterAll(() => rmSync(profile, { recursive: true, force: true }))

const PAGE = `data:text/html,${encodeURIComponent(
  '<title>t</title><h1>No manager is set up on this PC</h1><button onclick="document.body.dataset.sold=1">Confirm sale</button>',
)}`

describe('the DevTools protocol over a pipe', () => {
  it('attaches to the page, reads it, clicks in it and takes a screenshot, then closes the browser', async () => {
    const browser = spawn(
      process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      [
        '--headless=new',
        '--remote-debugging-pipe',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        `--user-data-dir=${profile}`,
        PAGE,
      ],
      { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
    )
    const exited = new Promise<number | null>((resolve) => browser.once('exit', resolve))
    try {
      const cdp = new PipeCdp(browser)
      let page = null
      for (let i = 0; i < 100 && page === null; i++) {
        page = await cdp.attachToPage((url) => url.startsWith('data:text/html')).catch(() => null)
        if (page === null) await new Promise((resolve) => setTimeout(resolve, 100))
      }
      if (page === null) throw new Error('no page')
      await page.waitFor(
        'the heading',
        `document.querySelector('h1')?.textContent === 'No manager is set up on this PC'`,
      )
      expect(await page.evaluate('typeof require')).toBe('undefined')
      await page.evaluate(
        `[...document.querySelectorAll('button')].find((b) => b.textContent === 'Confirm sale').click()`,
      )
      expect(await page.evaluate('document.body.dataset.sold')).toBe('1')
      const png = await page.screenshot()
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
      await cdp.send('Browser.close').catch(() => undefined)
      expect(await exited).toBe(0)
    } finally {
      if (browser.exitCode === null) browser.kill()
    }
  }, 60_000)
})
