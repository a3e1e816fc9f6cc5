import { describe, expect, it } from 'vitest'
import { pdfWindowOptions } from '../../../src/main/electron/pdf-window'
import { receiptWindowOptions } from '../../../src/main/electron/receipt-window'
import { mainWindowOptions } from '../../../src/main/electron/window'

const SECURE = {
  sandbox: true,
  contextIsolation: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  navigateOnDragDrop: false,
}

describe('every window of the app', () => {
  it.each([
    ['the main window', mainWindowOptions('/app/preload.cjs', false)],
    ['the main window in development', mainWindowOptions('/app/preload.cjs', true)],
    ['the PDF window', pdfWindowOptions()],
    ['the offscreen receipt window', receiptWindowOptions(576, 100, true)],
    ['the receipt print window', receiptWindowOptions(576, 100, false)],
  ])('%s starts from the same secure preferences', (_name, options) => {
    expect(options.webPreferences).toMatchObject(SECURE)
  })

  it('gives a preload and devtools only to the main window, devtools only in development', () => {
    expect(mainWindowOptions('/p', false).webPreferences).toMatchObject({ preload: '/p', devTools: false })
    expect(mainWindowOptions('/p', true).webPreferences?.devTools).toBe(true)
    for (const options of [pdfWindowOptions(), receiptWindowOptions(384, 10, true)]) {
      expect(options.webPreferences?.preload).toBeUndefined()
      expect(options.webPreferences?.devTools).toBe(false)
    }
  })
})
