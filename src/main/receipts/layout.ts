import { bidiLines } from '../../shared/bidi-text'
import { AppError } from '../../shared/errors'
import { formatLyd } from '../../shared/money'
import { formatPhoneForDisplay } from '../../shared/phone'
import type { JournalEntry } from '../../shared/types'
import { codeGroups } from '../../shared/voucher-code'
import { printableWidthDots } from '../printing/paper'
import { type Barcode, code128Barcode, qrCode } from './barcode'
import { RECEIPT_FONT_FAMILY, type ReceiptFonts } from './fonts'
import { escapeHtml, formatTripoliDateTime } from './format'
import { RECEIPT_LABELS, type ReceiptLabels } from './labels'
import { type OutletInfo, type ReceiptInput, type ReceiptOptions, receiptProblem } from './model'

/** Side padding inside the printable width: the outermost dots of cheap heads print faintly. */
const PAD_X = 6
const BARCODE_HEIGHT = 72

interface Sizes {
  base: number
  small: number
  outlet: number
  banner: number
  amount: number
  codeMax: number
  /** Our ids are 36 characters: at this size the widest (all "d") fits one line of the printable width. */
  id: number
}

const SIZES_58: Sizes = { base: 22, small: 19, outlet: 28, banner: 25, amount: 38, codeMax: 44, id: 17 }
const SIZES_80: Sizes = { base: 25, small: 21, outlet: 34, banner: 30, amount: 46, codeMax: 56, id: 21 }

/** Nothing a person typed (outlet name, clerk, customer's name) may break out of its text node. */
function text(value: string): string {
  return escapeHtml(value)
}

/** Isolates a Latin run (figures, dates, codes) so it reads left to right inside Arabic text. */
function ltr(value: string): string {
  return `<bdi dir="ltr">${text(value)}</bdi>`
}

/** Isolates text whose direction is unknown (names typed in either script). */
function auto(value: string): string {
  return `<bdi>${text(value)}</bdi>`
}

function row(label: string, valueHtml: string): string {
  return `<div class="row"><span class="label">${text(label)}</span><span class="value">${valueHtml}</span></div>`
}

/** Label above value, for long identifiers that would not fit beside their label on 58 mm paper. */
function stacked(label: string, valueHtml: string): string {
  return `<div class="stacked"><div class="label">${text(label)}</div><div class="value">${valueHtml}</div></div>`
}

function amountLine(dirhams: number, labels: ReceiptLabels): string {
  return `<div class="amount">${ltr(formatLyd(dirhams))} ${text(labels.currency)}</div>`
}

function trainingBanner(labels: ReceiptLabels, options: ReceiptOptions): string {
  const other = RECEIPT_LABELS[options.language === 'ar' ? 'en' : 'ar'].training
  return `<div class="banner training"><div>${text(labels.training)}</div><div>${auto(other)}</div></div>`
}

function copyBanner(labels: ReceiptLabels, reprintedAt: string): string {
  return (
    `<div class="banner copy"><div class="copy-word">${text(labels.copy)}</div>` +
    `<div>${text(labels.reprinted)} ${ltr(formatTripoliDateTime(reprintedAt))}</div></div>`
  )
}

function isImageDataUrl(url: string): boolean {
  return /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=]+$/.test(url)
}

function header(outlet: OutletInfo, options: ReceiptOptions): string {
  const logo =
    options.logoDataUrl && isImageDataUrl(options.logoDataUrl)
      ? `<img class="logo" alt="" src="${escapeHtml(options.logoDataUrl)}">`
      : ''
  const lines = [
    logo,
    `<div class="outlet">${auto(outlet.name)}</div>`,
    outlet.address ? `<div class="address">${auto(outlet.address)}</div>` : '',
    outlet.phone ? `<div class="address">${ltr(outlet.phone)}</div>` : '',
  ]
  return `<header>${lines.join('')}</header>`
}

function commonRows(entry: JournalEntry, labels: ReceiptLabels, options: ReceiptOptions): string {
  const clerk = options.clerkName ?? entry.clerk
  return [
    row(labels.date, ltr(formatTripoliDateTime(entry.createdAt))),
    clerk ? row(labels.clerk, auto(clerk)) : '',
  ].join('')
}

/** A barcode placed on whole dots, centred on the paper. */
function barcodeBlock(barcode: Barcode, widthDots: number): string {
  // Offset in whole dots from the paper's left edge (CSS centring could land bars on half pixels), inside a
  // left-to-right box stretched over the side padding to the paper's full width, in either text direction.
  const left = Math.floor((widthDots - barcode.width) / 2)
  return (
    `<div class="barcode" dir="ltr" style="margin-left:-${PAD_X}px;margin-right:-${PAD_X}px">` +
    `<div style="margin-left:${left}px;width:${barcode.width}px">${barcode.svg}</div></div>`
  )
}

/**
 * The redemption hint in the order the manager typed it (see shared/bidi-text): each line in the direction of
 * its first letter, dial codes (`*123*code#`) isolated left to right.
 */
function hintHtml(hint: string, language: ReceiptOptions['language']): string {
  return bidiLines(hint, language === 'ar' ? 'rtl' : 'ltr')
    .map(
      (line) =>
        `<div dir="${line.dir}">${line.parts.map((p) => (p.ltr ? ltr(p.text) : text(p.text))).join('')}</div>`,
    )
    .join('')
}

/** Font size that fits the grouped code on one line; the groups may still wrap as a last resort. */
function codeFontSize(groups: string[], widthDots: number, sizes: Sizes): number {
  const digits = groups.reduce((n, g) => n + g.length, 0)
  const available = widthDots - 2 * PAD_X - 2 * 3 - 2 * 6
  const ems = digits * 0.6 + (groups.length - 1) * 0.62
  return Math.max(24, Math.min(sizes.codeMax, Math.floor(available / ems)))
}

/**
 * The receipt number, large, under the title: the one reference a customer reads aloud (on the phone, at the
 * counter). An entry made before numbers were given has none, and no line.
 */
function receiptNumber(entry: JournalEntry, labels: ReceiptLabels): string {
  if (!entry.receiptNo) return ''
  return (
    `<div class="receipt-no"><div class="caption">${text(labels.receiptNo)}</div>` +
    `<div class="number">${ltr(entry.receiptNo)}</div></div>`
  )
}

function voucherBody(
  entry: JournalEntry,
  labels: ReceiptLabels,
  options: ReceiptOptions,
  sizes: Sizes,
): string {
  const voucher = entry.voucher
  if (!voucher) return ''
  const widthDots = printableWidthDots(options.widthMm)
  const groups = codeGroups(voucher.code)
  const code = groups.map((g) => `<span class="group">${text(g)}</span>`).join(' ')
  const hint = options.redemptionHint?.trim()
  return [
    `<div class="title">${text(labels.voucherTitle)}</div>`,
    receiptNumber(entry, labels),
    commonRows(entry, labels, options),
    '<hr>',
    `<div class="caption">${text(labels.value)}</div>`,
    amountLine(entry.amountDirhams, labels),
    `<div class="caption">${text(labels.code)}</div>`,
    `<div class="code-box"><bdi dir="ltr" class="code" style="font-size:${codeFontSize(groups, widthDots, sizes)}px">${code}</bdi></div>`,
    // Grouped as on the screen and in the exports (shared/voucher-code).
    row(labels.serial, ltr(codeGroups(voucher.serialNumber).join(' '))),
    // A voucher resolved by a manager may have no dates: "not given", never a blank the customer wonders at.
    row(labels.activation, voucher.activationDate ? ltr(voucher.activationDate) : text(labels.notGiven)),
    row(labels.expiry, voucher.expiryDate ? ltr(voucher.expiryDate) : text(labels.notGiven)),
    barcodeBlock(code128Barcode(voucher.serialNumber, widthDots, BARCODE_HEIGHT), widthDots),
    hint ? `<hr><div class="hint">${hintHtml(hint, options.language)}</div>` : '',
  ].join('')
}

function depositBody(entry: JournalEntry, labels: ReceiptLabels, options: ReceiptOptions): string {
  const widthDots = printableWidthDots(options.widthMm)
  const reference = entry.externalTransactionId
  return [
    `<div class="title">${text(labels.depositTitle)}</div>`,
    receiptNumber(entry, labels),
    commonRows(entry, labels, options),
    '<hr>',
    row(labels.phone, ltr(formatPhoneForDisplay(entry.phone ?? ''))),
    entry.firstName ? row(labels.firstName, auto(entry.firstName)) : '',
    `<div class="caption">${text(labels.amount)}</div>`,
    amountLine(entry.amountDirhams, labels),
    stacked(
      labels.serviceTransaction,
      entry.serviceTransactionId ? ltr(entry.serviceTransactionId) : text(labels.notGiven),
    ),
    `<hr><div class="hint">${text(labels.keepReceipt)}</div>`,
    // For the provider's hotline, small, once, last: the customer reads the receipt number above.
    reference ? barcodeBlock(qrCode(reference), widthDots) : '',
    reference ? `<div class="reference">${stacked(labels.reference, ltr(reference))}</div>` : '',
  ].join('')
}

function styles(widthDots: number, sizes: Sizes): string {
  // Pure black on white only: greys dither into speckles on a 1-bit head. Layout is in dots (1 CSS px =
  // 1 dot); for a system printer the print stylesheet scales dots to millimetres at 203 dpi.
  return `
*{box-sizing:border-box;margin:0;padding:0}
html{background:#fff;color:#000}
html,body{width:${widthDots}px;overflow:hidden}
body{font-family:'${RECEIPT_FONT_FAMILY}';font-size:${sizes.base}px;line-height:1.3;font-weight:600;padding:8px ${PAD_X}px 20px;font-variant-numeric:tabular-nums}
bdi{unicode-bidi:isolate}
header{text-align:center;margin-bottom:8px}
.logo{display:block;margin:0 auto 6px;max-width:60%;max-height:120px;filter:grayscale(1)}
.outlet{font-size:${sizes.outlet}px;font-weight:800;line-height:1.2}
.address{font-size:${sizes.small}px}
hr{border:0;border-top:2px dashed #000;margin:10px 0}
.banner{text-align:center;font-weight:800;margin:8px 0;padding:4px 6px}
.training{background:#000;color:#fff;font-size:${sizes.banner}px;line-height:1.25}
.copy{border:3px solid #000;font-size:${sizes.base}px}
.copy-word{font-size:${sizes.banner + 4}px;letter-spacing:2px}
.title{text-align:center;font-size:${sizes.banner}px;font-weight:800;margin:4px 0 6px}
.row{display:flex;justify-content:space-between;align-items:baseline;gap:10px}
.row .label{flex:none}
.row .value{font-weight:700;text-align:end;min-width:0;overflow-wrap:anywhere}
/* Boxed, narrower than the paper: never read as the training banner's solid rows, nor as the code's box. */
.receipt-no{text-align:center;border:3px solid #000;padding:2px 4px 4px;margin:2px 6% 8px}
.receipt-no .caption{margin-top:0}
.receipt-no .number{font-size:${sizes.amount}px;font-weight:800;line-height:1.15;white-space:nowrap}
.reference{font-size:${sizes.small}px;text-align:center}
.stacked{margin-top:4px}
.stacked .value{font-weight:700;font-size:${sizes.id}px}
.stacked .value{word-break:break-all}
.caption{text-align:center;margin-top:6px}
.amount{text-align:center;font-size:${sizes.amount}px;font-weight:800;line-height:1.15;margin-bottom:4px}
.code-box{border:3px solid #000;padding:6px;margin:2px 0 8px;text-align:center}
.code{display:block;font-weight:800;line-height:1.2;word-spacing:0.3em}
.code .group{white-space:nowrap}
.barcode{margin-top:12px;margin-bottom:4px}
.barcode svg{display:block}
.hint{text-align:center;font-size:${sizes.small}px}
@media print{@page{margin:0}html{width:auto;zoom:${(96 / 25.4 / 8).toFixed(5)}}html,body{overflow:visible}body{margin:0 auto}}
`
}

/**
 * The receipt for a finished entry as one self-contained HTML document (fonts embedded, no external
 * references), laid out at the printer's exact printable width in dots. Pure: the same input gives the
 * same document.
 */
export function renderReceiptHtml(input: ReceiptInput, fonts: ReceiptFonts): string {
  const { entry, outlet, options } = input
  const problem = receiptProblem(entry)
  if (problem) throw new AppError('BAD_INPUT', problem, { entryId: entry.id })
  const labels = RECEIPT_LABELS[options.language]
  const widthDots = printableWidthDots(options.widthMm)
  const sizes = options.widthMm === 58 ? SIZES_58 : SIZES_80
  const training = options.training || entry.mode === 'training'
  const body =
    entry.kind === 'voucher'
      ? voucherBody(entry, labels, options, sizes)
      : depositBody(entry, labels, options)
  return [
    '<!doctype html>',
    `<html lang="${options.language}" dir="${options.language === 'ar' ? 'rtl' : 'ltr'}">`,
    '<head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; font-src data:; style-src 'unsafe-inline'">`,
    `<title>${text(labels[entry.kind === 'voucher' ? 'voucherTitle' : 'depositTitle'])}</title>`,
    `<style>${fonts.css}${styles(widthDots, sizes)}</style></head>`,
    '<body>',
    header(outlet, options),
    training ? trainingBanner(labels, options) : '',
    options.copy ? copyBanner(labels, options.copy.reprintedAt) : '',
    body,
    training ? trainingBanner(labels, options) : '',
    '</body></html>',
  ].join('')
}
