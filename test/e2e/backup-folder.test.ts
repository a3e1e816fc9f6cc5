import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../src/renderer/src/i18n'
import type { Language } from '../../src/shared/types'
import { BACKUP_PASSPHRASE } from '../helpers/desk'
import { watchErrors } from './support/browser'
import { type DeskInChromium, startDeskInChromium } from './support/desk'
import { screenshotsAtBothWidths } from './support/layout'

/**
 * "Back up now" with no folder typed or saved asks for one (the system's folder dialog in Electron; here the
 * browser shell's stand-in, answered by the test), and a folder on the data folder's disk is backed up into
 * only when the manager says "same disk, I know" (issue 30). English and Arabic, in Chromium.
 */
let desk: DeskInChromium
const work = mkdtempSync(join(tmpdir(), 'backup-folder-'))
/** What the folder dialog answers next, and how many times it was opened. */
let answer: string | null = null
let asked = 0

beforeAll(async () => {
  desk = await startDeskInChromium(
    'backup-folder',
    {
      chooseFolder: async () => {
        asked++
        return answer
      },
    },
    BACKUP_PASSPHRASE,
  )
}, 120_000)

afterAll(async () => {
  await desk?.close()
  rmSync(work, { recursive: true, force: true })
})

describe('Back up now without a folder', () => {
  it.each(['en', 'ar'] as const)(
    '%s: asks for a folder, and backs up on the data folder’s disk only when told "same disk, I know"',
    async (language: Language) => {
      const t = MESSAGES[language]
      const m = t.manager.backup
      const page = await desk.browser.newPage()
      const errors = watchErrors(page)
      await page.setViewportSize({ width: 1024, height: 768 })
      await page.goto(desk.shell.url)
      await page.locator('.denomination').first().waitFor()
      const other = page.getByRole('button', { name: language === 'ar' ? 'العربية' : 'English', exact: true })
      if ((await other.count()) > 0) await other.click()
      await page.keyboard.press('F5')
      await page.getByRole('tab', { name: t.manager.managerScreen.tabs.backup }).click()
      const now = page.getByRole('button', { name: m.now })
      expect(await page.getByLabel(m.folder).inputValue()).toBe('')

      // Cancelled: nothing made, nothing said.
      answer = null
      const before = asked
      await now.click()
      await expect.poll(() => asked).toBe(before + 1)
      await expect.poll(() => now.getAttribute('aria-disabled')).toBeNull()
      expect(await page.getByText(m.done).count()).toBe(0)

      // A folder chosen on the data folder's disk (the test's folders all are): refused, and why.
      const chosen = join(work, `chosen-${language}`)
      answer = chosen
      await now.click()
      await expect.poll(() => asked).toBe(before + 2)
      await page.getByText(t.errorReasons.SAME_DISK_AS_DATA).waitFor()
      expect(await page.locator('.same-disk .file-path').textContent()).toBe(chosen)
      expect(existsSync(chosen)).toBe(false)
      await screenshotsAtBothWidths(page, `backup-same-disk-${language}`)

      // "Same disk, I know": the folder chosen, not asked for again.
      await page.getByLabel(m.sameDiskKnown).check()
      await now.click()
      await page.getByText(m.done).waitFor()
      expect(asked).toBe(before + 2)
      expect(readdirSync(chosen).some((name) => name.startsWith('reseller-desk-backup-'))).toBe(true)
      expect(await page.getByText(t.errorReasons.SAME_DISK_AS_DATA).count()).toBe(0)
      expect(errors).toEqual([])
      await page.close()
    },
    90_000,
  )
})
