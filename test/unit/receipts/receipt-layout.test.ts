import bwipjs from 'bwip-js/node'
import { beforeAll, describe, expect, it } from 'vitest'
import { code128Barcode } from '../../../src/main/receipts/barcode'
import { loadReceiptFonts, type ReceiptFonts } from '../../../src/main/receipts/fonts'
import { formatTripoliDateTime } from '../../../src/main/receipts/format'
import { renderReceiptHtml } from '../../../src/main/receipts/layout'
import type { ReceiptInput } from '../../../src/main/receipts/model'
import { AppError } from '../../../src/shared/errors'
import { codeGroups } from '../../../src/shared/voucher-code'
import { confirmedDeposit, issuedVoucher, OUTLET, receiptOptions } from '../../helpers/receipt-fixtures'

let fonts: ReceiptFonts
beforeAll(async () => {
  fonts = await loadReceiptFonts()
})

function html(input: Partial<ReceiptInput> & Pick<ReceiptInput, 'entry'>): string {
  return renderReceiptHtml({ outlet: OUTLET, options: receiptOptions(), ...input }, fonts)
}

/** The document's text as a reader sees it, tags and styles removed. */
function visibleText(document: string): string {
  return document
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<svg[\s\S]*?<\/svg>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
}

function count(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1
}

describe('voucher receipt', () => {
  it('shows the code grouped in fours from the end, left to right, with serial, value and dates, in Arabic', () => {
    const doc = html({ entry: issuedVoucher() })
    expect(doc).toContain('<html lang="ar" dir="rtl">')
    expect(doc).toMatch(
      /<bdi dir="ltr" class="code"[^>]*><span class="group">001<\/span> <span class="group">1100<\/span> <span class="group">1681<\/span> <span class="group">2345<\/span><\/bdi>/,
    )
    const text = visibleText(doc)
    expect(text).toContain('مكتبة النور')
    expect(text).toContain('قسيمة شحن مسبقة الدفع')
    expect(text).toContain('100.000 د.ل')
    // The serial grouped as on the screen: in fours from the end.
    expect(text).toContain('الرقم التسلسلي 987 1234 5678')
    expect(text).toContain('2026-11-27')
    expect(text).toContain('2027-11-27')
    expect(text).toContain('فاطمة الزهراء')
    // 22:05 UTC is five past midnight the next day in Tripoli.
    expect(text).toContain('2026-11-27 00:05')
    expect(text).not.toContain('TRAINING')
    expect(text).not.toContain('COPY')
  })

  it('says "not given" for dates a manager’s resolution left out, never a blank line, in Arabic and English', () => {
    const resolved = issuedVoucher({
      voucher: { code: '001110016812345', serialNumber: '98712345678', activationDate: '', expiryDate: '' },
    })
    const ar = visibleText(html({ entry: resolved }))
    expect(ar).toContain('تاريخ التفعيل غير متوفر')
    expect(ar).toContain('تاريخ الانتهاء غير متوفر')
    const en = visibleText(html({ entry: resolved, options: receiptOptions({ language: 'en' }) }))
    expect(en).toContain('Valid from not given')
    expect(en).toContain('Expires not given')
  })

  it('is laid out at exactly 384 dots for 58 mm and 576 dots for 80 mm', () => {
    expect(html({ entry: issuedVoucher(), options: receiptOptions({ widthMm: 58 }) })).toContain(
      'width:384px',
    )
    const wide = html({ entry: issuedVoucher(), options: receiptOptions({ widthMm: 80, language: 'en' }) })
    expect(wide).toContain('width:576px')
    expect(wide).toContain('<html lang="en" dir="ltr">')
    expect(visibleText(wide)).toContain('100.000 LYD')
    // Printed through a driver, the dots are scaled to 203 dpi: 96 CSS px per inch / 8 dots per mm.
    expect(wide).toContain('zoom:0.47244')
  })

  it('prints the redemption hint and the clerk given in the options', () => {
    const text = visibleText(
      html({
        entry: issuedVoucher(),
        options: receiptOptions({ language: 'en', redemptionHint: 'Dial *123*code#', clerkName: 'Salem' }),
      }),
    )
    expect(text).toContain('Dial *123*code#')
    expect(text).toContain('Salem')
    expect(text).not.toContain('فاطمة')
  })

  it('keeps a USSD code in an Arabic hint left to right', () => {
    const doc = html({
      entry: issuedVoucher(),
      options: receiptOptions({ redemptionHint: 'للشحن اطلب *123*الرمز#\nشكراً' }),
    })
    expect(doc).toContain(
      '<div dir="rtl">للشحن اطلب <bdi dir="ltr">*123*الرمز#</bdi></div><div dir="rtl">شكراً</div>',
    )
  })
})

describe('the receipt number', () => {
  it('is printed large under the title of every receipt, in both languages; the entry id is not printed', () => {
    for (const [entry, number] of [
      [issuedVoucher(), 'R-1127-0012'],
      [confirmedDeposit(), 'R-1126-0173'],
    ] as const) {
      for (const language of ['ar', 'en'] as const) {
        const doc = html({ entry, options: receiptOptions({ language }) })
        expect(doc).toContain(`<div class="number"><bdi dir="ltr">${number}</bdi></div>`)
        const label = language === 'en' ? 'Receipt no.' : 'رقم الإيصال'
        const text = visibleText(doc)
        expect(text).toContain(`${label} ${number}`)
        // Under the title, before the date.
        expect(text.indexOf(number)).toBeLessThan(text.indexOf(language === 'en' ? 'Date' : 'التاريخ'))
        expect(text).not.toContain(entry.id)
      }
    }
  })

  it('is left out for an entry made before numbers were given, never a blank', () => {
    const text = visibleText(html({ entry: issuedVoucher({ receiptNo: undefined }) }))
    expect(text).not.toContain('رقم الإيصال')
  })
})

describe('deposit receipt', () => {
  it('shows phone, first name, amount, the provider’s transaction id, and our reference small, once, for the hotline', () => {
    const doc = html({ entry: confirmedDeposit(), options: receiptOptions({ language: 'en' }) })
    const text = visibleText(doc)
    expect(text).toContain('Wallet deposit')
    expect(text).toContain('091 234 5678')
    expect(text).toContain('محمد')
    expect(text).toContain('50.250 LYD')
    expect(text).toContain('Provider transaction ID TX-20261126-778812')
    expect(count(text, '019ac1a0-9f0e-7d1c-9a2b-3c4d5e6f7a8b')).toBe(1)
    expect(text).toContain('Our reference (for the provider’s hotline) 019ac1a0-9f0e-7d1c-9a2b-3c4d5e6f7a8b')
    expect(doc).toMatch(/<div class="reference"><div class="stacked">/)
    expect(text).toContain('2026-11-26 11:30')
    const ar = visibleText(html({ entry: confirmedDeposit() }))
    expect(ar).toContain('رقم عملية المزوّد TX-20261126-778812')
    expect(ar).toContain('مرجعنا (لخدمة عملاء المزوّد) 019ac1a0-9f0e-7d1c-9a2b-3c4d5e6f7a8b')
  })

  it('says the service id was not given for a deposit confirmed by duplicate', () => {
    const entry = confirmedDeposit({ serviceTransactionId: undefined, confirmedByDuplicate: true })
    expect(visibleText(html({ entry }))).toContain('غير متوفر')
  })
})

describe('markings', () => {
  it('marks a training receipt at the top and the bottom, in both languages', () => {
    const text = visibleText(html({ entry: issuedVoucher(), options: receiptOptions({ training: true }) }))
    expect(count(text, 'TRAINING — NOT VALID')).toBe(2)
    expect(count(text, 'تدريب — غير صالح')).toBe(2)
  })

  it('marks an entry made in training mode even when the caller forgot to', () => {
    const text = visibleText(html({ entry: confirmedDeposit({ mode: 'training' }) }))
    expect(text).toContain('TRAINING — NOT VALID')
  })

  it('marks a reprint COPY with the reprint time in Tripoli', () => {
    const copy = { reprintedAt: '2026-11-26T13:00:00.000Z' }
    const en = visibleText(
      html({ entry: issuedVoucher(), options: receiptOptions({ language: 'en', copy }) }),
    )
    expect(en).toContain('COPY')
    expect(en).toContain('Reprinted 2026-11-26 15:00')
    const ar = visibleText(html({ entry: issuedVoucher(), options: receiptOptions({ copy }) }))
    expect(ar).toContain('نسخة')
    expect(ar).toContain('2026-11-26 15:00')
  })
})

describe('safety', () => {
  it('escapes whatever people typed', () => {
    const doc = html({
      entry: confirmedDeposit({ firstName: '<img src=x onerror=alert(1)>' }),
      outlet: { ...OUTLET, name: '"><script>alert(1)</script>' },
    })
    expect(doc.includes('<script>')).toBe(false)
    expect(doc.includes('<img src=x')).toBe(false)
    expect(visibleText(doc)).toContain('<img src=x onerror=alert(1)>')
  })

  it('is self-contained: fonts embedded, nothing fetched, a strict CSP', () => {
    const doc = html({
      entry: issuedVoucher(),
      options: receiptOptions({ logoDataUrl: 'https://evil.example/x.png' }),
    })
    expect(doc.includes("default-src 'none'")).toBe(true)
    expect(doc.includes('src:url(data:font/woff2;base64,')).toBe(true)
    // Every reference to another resource is a data: URL; no <link>, no <script>, no <img> from the web.
    const references = [...doc.matchAll(/(?:url\(|src=")([^)"]{0,12})/g)].map((m) => m[1])
    expect(references.length).toBeGreaterThan(0)
    expect(references.filter((r) => !r?.startsWith('data:'))).toEqual([])
    expect(/<link|<script|<img/.test(doc)).toBe(false)
  })

  it('embeds a logo given as an image data URL', () => {
    const logo = 'data:image/png;base64,iVBORw0KGgo='
    expect(html({ entry: issuedVoucher(), options: receiptOptions({ logoDataUrl: logo }) })).toContain(
      `src="${logo}"`,
    )
  })

  it.each([
    issuedVoucher({ status: 'unknown' }),
    issuedVoucher({ status: 'failed', voucher: undefined }),
    confirmedDeposit({ status: 'pending' }),
    confirmedDeposit({ status: 'unknown' }),
  ])('refuses a receipt for an entry that is not finished ($kind, $status)', (entry) => {
    expect(() => html({ entry })).toThrow(AppError)
    try {
      html({ entry })
    } catch (error) {
      expect((error as AppError).code).toBe('BAD_INPUT')
    }
  })
})

describe('formatting', () => {
  it.each([
    ['001110016812345', ['001', '1100', '1681', '2345']],
    ['1234567890123456', ['1234', '5678', '9012', '3456']],
    ['98712345678', ['987', '1234', '5678']],
    ['12345', ['1', '2345']],
  ])('groups %s in fours from the end, as the screen does', (code, groups) => {
    expect(codeGroups(code)).toEqual(groups)
  })

  it('formats instants in Tripoli time', () => {
    expect(formatTripoliDateTime('2026-06-30T23:59:00Z')).toBe('2026-07-01 01:59')
  })
})

describe('barcode', () => {
  /** Bar and space widths read back from the SVG, along the barcode. */
  function runsOf(svg: string, vertical: boolean): number[] {
    const rects = [...svg.matchAll(/<rect x="(\d+)" y="(\d+)" width="(\d+)" height="(\d+)"\/>/g)].map((m) =>
      vertical ? [Number(m[2]), Number(m[4])] : [Number(m[1]), Number(m[3])],
    ) as [number, number][]
    const runs: number[] = []
    rects.forEach(([start, size], i) => {
      if (i > 0) {
        const [prevStart, prevSize] = rects[i - 1] as [number, number]
        runs.push(start - (prevStart + prevSize))
      }
      runs.push(size)
    })
    return runs
  }

  function modulesOf(text: string): number[] {
    const [symbol] = bwipjs.raw('code128', text, {})
    return symbol && 'sbs' in symbol ? symbol.sbs : []
  }

  it('draws the serial across 58 mm paper with 3-dot modules and a quiet zone each side', () => {
    const barcode = code128Barcode('98712345678', 384, 72)
    expect(barcode.vertical).toBe(false)
    expect(barcode.width).toBeLessThanOrEqual(384)
    const modules = modulesOf('98712345678')
    expect(runsOf(barcode.svg, false)).toEqual(modules.map((m) => m * 3))
    const quiet = (barcode.width - modules.reduce((a, b) => a + b, 0) * 3) / 2
    expect(quiet).toBeGreaterThanOrEqual(10)
    expect(barcode.svg).toContain(`<rect x="${quiet}" `)
  })

  it('turns a long reference down the paper rather than printing bars thinner than 2 dots', () => {
    const reference = '0192f6a4-7c1e-7b2a-9d3e-5f6a7b8c9d0e'
    const barcode = code128Barcode(reference, 384, 72)
    expect(barcode.vertical).toBe(true)
    expect(barcode.width).toBeLessThanOrEqual(384)
    expect(runsOf(barcode.svg, true)).toEqual(modulesOf(reference).map((m) => m * 2))
  })
})
