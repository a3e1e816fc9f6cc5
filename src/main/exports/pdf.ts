/**
 * Turns a report's HTML into a PDF with Chromium's own print engine, so the PDF is the same HTML report
 * (Arabic shaped and right to left by the browser). Electron: an offscreen window's printToPDF; the browser
 * shell and tests: playwright-core's page.pdf. A4, backgrounds printed, the page's own @page margins.
 */
export interface PdfRenderer {
  renderPdf(html: string): Promise<Uint8Array>
}
