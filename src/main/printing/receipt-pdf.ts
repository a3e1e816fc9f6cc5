import { deflateSync } from 'node:zlib'
import type { MonochromeImage } from './monochrome'
import { DOTS_PER_MM, type PaperWidthMm } from './paper'

const POINTS_PER_MM = 72 / 25.4

function points(mm: number): string {
  return (mm * POINTS_PER_MM).toFixed(3)
}

/**
 * A one-page PDF holding the receipt's raster, for outlets without a receipt printer ("Save as PDF"). The
 * page is as wide as the roll and as tall as the receipt; the image sits at the printable width, centred,
 * at the printer's 8 dots per mm. It holds the very dots a thermal printer would burn (so it matches the
 * preview and the printed receipt, in every shell) rather than a second rendering through a PDF engine.
 */
export function receiptPdf(image: MonochromeImage, widthMm: PaperWidthMm): Buffer {
  const imageWidthMm = image.width / DOTS_PER_MM
  const heightMm = image.height / DOTS_PER_MM
  const left = (widthMm - imageWidthMm) / 2
  const pixels = deflateSync(image.data, { level: 9 })
  const content = Buffer.from(
    `q ${points(imageWidthMm)} 0 0 ${points(heightMm)} ${points(left)} 0 cm /Receipt Do Q\n`,
    'latin1',
  )
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>', 'latin1'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>', 'latin1'),
    Buffer.from(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${points(widthMm)} ${points(heightMm)}] ` +
        '/Resources << /XObject << /Receipt 4 0 R >> >> /Contents 5 0 R >>',
      'latin1',
    ),
    // 1 bit per dot, rows padded to whole bytes as in the raster; /Decode [1 0] makes a 1 black.
    Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} ` +
          '/ColorSpace /DeviceGray /BitsPerComponent 1 /Decode [1 0] /Interpolate false ' +
          `/Filter /FlateDecode /Length ${pixels.length} >>\nstream\n`,
        'latin1',
      ),
      pixels,
      Buffer.from('\nendstream', 'latin1'),
    ]),
    Buffer.concat([
      Buffer.from(`<< /Length ${content.length} >>\nstream\n`, 'latin1'),
      content,
      Buffer.from('endstream', 'latin1'),
    ]),
  ]
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')]
  let offset = parts[0]?.length ?? 0
  const offsets: number[] = []
  objects.forEach((body, i) => {
    const object = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      body,
      Buffer.from('\nendobj\n', 'latin1'),
    ])
    offsets.push(offset)
    parts.push(object)
    offset += object.length
  })
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n')
  parts.push(Buffer.from(xref, 'latin1'))
  return Buffer.concat(parts)
}
