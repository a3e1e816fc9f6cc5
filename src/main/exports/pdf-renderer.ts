/**
 * Turns a report's HTML into a PDF with Chromium's own print engine, so the PDF is the same HTML report
 * (Arabic shaped and right to left by the browser). Electron: an offscreen window's printToPDF; the browser
 * shell and tests: playwright-core's page.pdf. A4, backgrounds printed, the page's own @page margins.
 */
export interface PdfRenderer {
  renderPdf(html: string): Promise<Uint8Array>
}

/**
 * What a renderer evaluates in the report page before printing it: every font the report declares, loaded.
 * The report is hidden on screen (it is laid out for print only), so nothing would ask for its fonts before
 * the print layout, which would then fall back to whatever the PC has.
 */
export const PDF_READY_SCRIPT =
  'Promise.all([...document.fonts].map((face) => face.load())).then(() => document.fonts.ready).then(() => true)'
