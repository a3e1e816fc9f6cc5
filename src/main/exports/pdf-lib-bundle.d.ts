/** pdf-lib's one-file build (exports/entries-pdf.ts loads it): the same API as the package's own entry. */
declare module 'pdf-lib/dist/pdf-lib.min.js' {
  const pdfLib: typeof import('pdf-lib')
  export default pdfLib
}
