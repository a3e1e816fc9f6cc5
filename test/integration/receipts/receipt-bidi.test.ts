import { type Browser, chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadReceiptFonts, type ReceiptFonts } from '../../../src/main/receipts/fonts'
import { renderReceiptHtml } from '../../../src/main/receipts/layout'
import { issuedVoucher, OUTLET, receiptOptions } from '../../helpers/receipt-fixtures'

/**
 * The redemption hint laid out by Chromium, as the printer gets it: the characters read left to right in the
 * order the manager typed them (dial codes left to right, each line in the direction of its first letter).
 */
let browser: Browser
let fonts: ReceiptFonts
beforeAll(async () => {
  fonts = await loadReceiptFonts()
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  })
}, 60_000)
afterAll(async () => {
  await browser?.close()
})

/** Each printed line of the hint, its characters in the order they stand from left to right. */
const VISUAL_LINES = `(() => {
  const lines = []
  for (const line of document.querySelectorAll('.hint > div')) {
    const chars = []
    const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT)
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      for (let i = 0; i < n.textContent.length; i++) {
        const range = document.createRange()
        range.setStart(n, i)
        range.setEnd(n, i + 1)
        chars.push({ c: n.textContent[i], x: range.getBoundingClientRect().left })
      }
    }
    lines.push(chars.sort((a, b) => a.x - b.x).map((c) => c.c).join('').trim())
  }
  return lines
})()`

async function printedHint(hint: string, language: 'ar' | 'en'): Promise<string[]> {
  const page = await browser.newPage()
  try {
    await page.setContent(
      renderReceiptHtml(
        {
          entry: issuedVoucher(),
          outlet: OUTLET,
          options: receiptOptions({ language, redemptionHint: hint }),
        },
        fonts,
      ),
    )
    return (await page.evaluate(VISUAL_LINES)) as string[]
  } finally {
    await page.close()
  }
}

/** Arabic letters stand right to left: read from the left, a word's letters come reversed. */
const reversed = (word: string) => [...word].reverse().join('')

describe('the redemption hint on the receipt', () => {
  it('keeps a line that starts with the dial code in the order typed, on an Arabic receipt', async () => {
    expect(await printedHint('*123*code# للشحن', 'ar')).toEqual([`*123*code# ${reversed('للشحن')}`])
  })

  it('keeps a dial code with an Arabic word in it left to right inside an Arabic sentence', async () => {
    const [line] = await printedHint('للشحن اطلب *123*الرمز#', 'ar')
    expect(line).toBe(`*123*${reversed('الرمز')}# ${reversed('اطلب')} ${reversed('للشحن')}`)
  })

  it('gives each line its own direction, as the settings field shows them', async () => {
    expect(await printedHint('اطلب *123#\nDial *123# then the code', 'en')).toEqual([
      `*123# ${reversed('اطلب')}`,
      'Dial *123# then the code',
    ])
  })
})
