import { createServer, type Server } from 'node:net'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../src/renderer/src/i18n'
import { type Sandbox, startSandbox } from '../../src/sandbox/index'
import type { Language } from '../../src/shared/types'
import { deskSeed } from '../helpers/desk'
import { watchErrors } from './support/browser'
import { type DeskInChromium, startDeskInChromium } from './support/desk'
import { screenshotsAtBothWidths } from './support/layout'

/**
 * Messages where the eye is (issue 30): in Settings, what a Test or a Save came to is said beside the button
 * pressed, scrolled into view and given the focus (a screen reader reads it), in words for its cause: a wrong
 * password, an address that is not a reseller service, a head office that cannot be reached (one message, not
 * "could not be reached" beside "answered with an error"). 1024×768, English and Arabic.
 */
let desk: DeskInChromium
let live: Sandbox
/** A port where something listens and drops every connection before it is PostgreSQL's. */
let dropper: Server
let dropperPort: number

beforeAll(async () => {
  desk = await startDeskInChromium('settings-messages')
  live = await startSandbox({ seed: deskSeed() })
  dropper = createServer((socket) => socket.destroy())
  await new Promise<void>((resolve) => dropper.listen(0, '127.0.0.1', resolve))
  dropperPort = (dropper.address() as { port: number }).port
}, 120_000)

afterAll(async () => {
  await new Promise((resolve) => dropper?.close(resolve))
  await desk?.close()
  await live?.close()
})

/** The element with the focus holds `text`, and the whole of it is inside the window. */
async function focusedAndInView(page: Page, text: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''), { message: text })
    .toContain(text)
  const box = await page.evaluate(() => {
    const r = (document.activeElement as HTMLElement).getBoundingClientRect()
    return { top: r.top, bottom: r.bottom, height: window.innerHeight }
  })
  // (Within a pixel: a box of a fractional height, scrolled to the edge.)
  expect(box.top).toBeGreaterThanOrEqual(-1)
  expect(box.bottom).toBeLessThanOrEqual(box.height + 1)
}

describe('Settings says what a Test or a Save came to beside its button, with the focus', () => {
  it.each(['en', 'ar'] as const)(
    '%s',
    async (language: Language) => {
      const t = MESSAGES[language]
      const page = await desk.browser.newPage()
      const errors = watchErrors(page)
      await page.setViewportSize({ width: 1024, height: 768 })
      await page.goto(desk.shell.url)
      await page.locator('.denomination').first().waitFor()
      const switchTo = page.getByRole('button', {
        name: language === 'ar' ? 'العربية' : 'English',
        exact: true,
      })
      if ((await switchTo.count()) > 0) await switchTo.click()
      await page.keyboard.press('F4')
      const liveCard = page.locator('section.card', {
        has: page.getByRole('heading', { name: t.settings.liveTitle }),
      })
      const field = (card: Locator, label: string) => card.getByLabel(label, { exact: true })

      // A wrong password: said as such, beside Test, with the focus — not "check them in Settings".
      await field(liveCard, t.settings.baseUrl).fill(live.baseUrl)
      await field(liveCard, t.settings.username).fill('demo')
      await field(liveCard, t.settings.password).fill('not-the-password')
      await liveCard.getByRole('button', { name: t.settings.test }).click()
      await focusedAndInView(page, t.settings.refusals.INVALID_CREDENTIALS)
      expect(await liveCard.textContent()).not.toContain(t.errors.INVALID_CREDENTIALS)
      await screenshotsAtBothWidths(page, `settings-wrong-password-${language}`)

      // An address where no reseller service answers: check the address, not "try again in a moment".
      await field(liveCard, t.settings.baseUrl).fill(
        live.baseUrl.replace(/\/api\/v1\/reseller\/?$/, '/api/v2/x'),
      )
      await field(liveCard, t.settings.password).fill('demo-pass')
      await liveCard.getByRole('button', { name: t.settings.test }).click()
      await focusedAndInView(page, t.settings.refusals.NOT_A_RESELLER_SERVICE)
      expect(await liveCard.textContent()).not.toContain(t.errors.SERVICE_ERROR)

      // Save and switch to live without the password: the field saying so has the focus.
      await field(liveCard, t.settings.baseUrl).fill(live.baseUrl)
      await field(liveCard, t.settings.password).fill('')
      await liveCard.getByRole('button', { name: t.settings.configure }).click()
      await liveCard.getByText(t.settings.passwordRequired).waitFor()
      await expect
        .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type))
        .toBe('password')

      // A saved preference: "Saved." beside its button, with the focus (the next Enter saves nothing again).
      const prefs = page.locator('section.card', {
        has: page.getByRole('heading', { name: t.settings.generalTitle }),
      })
      await field(prefs, t.settings.tokenLifetime).fill('12')
      await prefs.getByRole('button', { name: t.settings.save }).click()
      await focusedAndInView(page, t.settings.saved)

      // The head office with nothing there that answers as one: one message for that cause.
      const h = t.headOffice
      const ho = page.locator('section.card', { has: page.getByRole('heading', { name: h.title }) })
      await field(ho, h.host).fill('127.0.0.1')
      await field(ho, h.port).fill(String(dropperPort))
      await field(ho, h.database).fill('chain')
      await field(ho, h.user).fill('desk_souq')
      await field(ho, h.password).fill('secret')
      await field(ho, h.terminal).fill('Souq')
      await ho.getByRole('button', { name: h.test }).click()
      await focusedAndInView(page, t.errorReasons.HO_NOT_REACHED)
      const said = (await ho.textContent()) ?? ''
      expect(said).toContain(h.testUnreachable)
      for (const other of [t.errorReasons.HO_ERROR, t.errorReasons.HO_NO_ANSWER])
        expect(said).not.toContain(other)
      await screenshotsAtBothWidths(page, `settings-head-office-unreachable-${language}`)
      expect(errors).toEqual([])
      await page.close()
    },
    120_000,
  )
})
