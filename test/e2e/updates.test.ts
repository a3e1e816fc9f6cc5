import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { silentLogger } from '../../src/main/log'
import { effectiveFeed } from '../../src/main/updates/feed'
import { type MoneyActivity, UpdateController } from '../../src/main/updates/update-controller'
import { type BrowserShell, startBrowserShell } from '../../src/shells/browser/server'
import { FakeUpdater } from '../helpers/fake-updater'
import { type Browser, launchBrowser, screenshot, watchErrors } from './support/browser'
import { buildRendererForTest } from './support/renderer'

/**
 * Settings → Updates as a manager sees it: the real renderer in Chromium through the browser shell, the
 * real update controller and desk, electron-updater replaced by a fake that offers version 1.1.0.
 */
let shell: BrowserShell
let browser: Browser
let page: Page
let errors: string[]
let dataDir: string
let rendererDir: string
const updater = new FakeUpdater()
const installs: string[] = []
let moneyOverride: Partial<MoneyActivity> | null = null
const IDLE: MoneyActivity = { inFlight: 0, pending: 0, resending: 0 }

beforeAll(async () => {
  rendererDir = await buildRendererForTest()
  dataDir = mkdtempSync(join(tmpdir(), 'desk-e2e-updates-'))
  updater.offer = '1.1.0'
  shell = await startBrowserShell({
    dataDir,
    rendererDir,
    updates: (desk, settings) =>
      new UpdateController({
        currentVersion: '1.0.0',
        updater,
        feed: () => effectiveFeed(settings.get().updateFeedUrl, 'https://updates.example.ly/reseller-desk/'),
        money: () => (moneyOverride ? { ...IDLE, ...moneyOverride } : desk.moneyActivity()),
        stopDesk: async () => {
          installs.push('stop-desk')
          return IDLE
        },
        quit: () => installs.push('quit'),
        marker: { read: () => null, write: () => {} },
        log: silentLogger,
      }),
  })
  browser = await launchBrowser()
  page = await browser.newPage()
  errors = watchErrors(page)
  await page.goto(shell.url)
  await page.locator('.denomination').first().waitFor()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await shell?.close()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(rendererDir, { recursive: true, force: true })
})

const card = () =>
  page.locator('section', { has: page.getByRole('heading', { name: /^(Updates|التحديثات)$/ }) })

async function shots(name: string) {
  for (const width of [1024, 1366]) {
    await page.setViewportSize({ width, height: 768 })
    await screenshot(page, `${name}-${width}`)
  }
  await page.setViewportSize({ width: 1366, height: 860 })
}

describe('Settings → Updates', () => {
  it('shows the version and that nobody has looked yet, with the address from the installer', async () => {
    await page.keyboard.press('F4')
    // The card says "Loading…" until main answers (it is drawn a render after the screen's top, and asks then).
    await card()
      .getByText(/Version 1\.0\.0/)
      .waitFor()
    expect(await card().textContent()).toContain('Version 1.0.0')
    expect(await card().getByRole('status').first().textContent()).toContain('Not looked yet')
    expect(await card().textContent()).toContain('https://updates.example.ly/reseller-desk/')
  })

  it('looks on request, downloads in the background and offers to install', async () => {
    await card().getByRole('button', { name: 'Look for updates' }).click()
    await card().getByText('Version 1.1.0 is ready').waitFor()
    expect(await card().getByRole('button', { name: 'Install version 1.1.0 now' }).isEnabled()).toBe(true)
  })

  it('says why it waits while a deposit is being re-sent, and will not install', async () => {
    moneyOverride = { resending: 1 }
    await card().getByText('It waits: a deposit with an unknown outcome is being re-sent.').waitFor()
    expect(await card().getByRole('button', { name: 'Install version 1.1.0 now' }).isDisabled()).toBe(true)
    await shots('en-40-updates-waiting')
    await page.getByLabel('Language', { exact: true }).selectOption('ar')
    await page.getByRole('heading', { name: 'التحديثات' }).waitFor()
    await card().getByText('التثبيت ينتظر: إيداع نتيجته غير معروفة يُعاد إرساله.').waitFor()
    await shots('ar-40-updates-waiting')
    await page.getByLabel('اللغة', { exact: true }).selectOption('en')
    await page.getByRole('heading', { name: 'Updates' }).waitFor()
    expect(installs).toEqual([])
  })

  it('refuses an address that is not https, keeps one that is', async () => {
    const field = card().getByLabel('Update address (https)')
    await field.fill('http://updates.example.ly/desk/')
    await card().getByRole('button', { name: 'Save the address' }).click()
    await card().getByRole('alert').waitFor()
    expect(await card().getByRole('alert').textContent()).toContain('The address must start with https://')
    await field.fill('https://mirror.example.ly/desk')
    await card().getByRole('button', { name: 'Save the address' }).click()
    await card().getByText('Saved').waitFor()
    expect(await field.inputValue()).toBe('https://mirror.example.ly/desk/')
    expect(await card().textContent()).toContain('address set here: https://mirror.example.ly/desk/')
  })

  it('installs when nothing moves: the desk stops first, the app restarts on the new version', async () => {
    moneyOverride = null
    const install = card().getByRole('button', { name: 'Install version 1.1.0 now' })
    await expect.poll(() => install.isEnabled(), { timeout: 10_000 }).toBe(true)
    await install.click()
    await card().getByText('Installing version 1.1.0').waitFor()
    await expect.poll(() => installs, { timeout: 10_000 }).toEqual(['stop-desk'])
    expect(updater.installs).toEqual([{ silent: true, restart: true }])
    await shots('en-41-updates-installing')
    expect(errors).toEqual([])
  })
})
