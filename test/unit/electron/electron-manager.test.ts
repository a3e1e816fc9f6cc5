import { EventEmitter } from 'node:events'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  createElectronPdfRenderer,
  type PdfWindow,
  pdfWindowOptions,
} from '../../../src/main/electron/pdf-window'
import { endSessionsWithPage, senderKey } from '../../../src/main/electron/window-sessions'

describe('Electron adapters of the manager tools', () => {
  it('end a window’s sign-in when its page reloads, crashes or closes', () => {
    for (const event of ['did-navigate', 'render-process-gone', 'destroyed'] as const) {
      const contents = Object.assign(new EventEmitter(), { id: 7 })
      const ended: string[] = []
      endSessionsWithPage(contents, (sender) => ended.push(sender))
      expect(ended).toEqual([])
      contents.emit(event)
      expect(ended).toEqual([senderKey({ id: 7 })])
    }
  })

  it('render a report PDF in a hidden sandboxed window, A4, and leave no temp file or window behind', async () => {
    const asked: unknown[] = []
    let loaded = ''
    let html = ''
    let destroyed = false
    const renderer = createElectronPdfRenderer((options) => {
      asked.push(options)
      const win: PdfWindow = {
        destroy: () => {
          destroyed = true
        },
        webContents: {
          loadFile: async (path) => {
            loaded = path
            html = readFileSync(path, 'utf8')
          },
          executeJavaScript: async () => true,
          printToPDF: async (options) => {
            asked.push(options)
            return new Uint8Array([37, 80, 68, 70])
          },
        },
      }
      return win
    })
    const pdf = await renderer.renderPdf('<p>تقرير</p>')
    expect([...pdf]).toEqual([37, 80, 68, 70])
    expect(html).toBe('<p>تقرير</p>')
    expect(asked).toEqual([
      pdfWindowOptions(),
      { pageSize: 'A4', printBackground: true, preferCSSPageSize: true },
    ])
    expect(pdfWindowOptions()).toMatchObject({
      show: false,
      webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false },
    })
    expect(destroyed).toBe(true)
    expect(() => readFileSync(loaded)).toThrow()
  })
})
