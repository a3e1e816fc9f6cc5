import { type BrowserWindow, dialog } from 'electron'

/** The save dialog behind the desk's "choose where to save" interface. */
export function saveDialog(window: () => BrowserWindow | null) {
  return async (defaultName: string): Promise<string | null> => {
    const win = window()
    const options = {
      defaultPath: defaultName,
      properties: ['createDirectory' as const, 'showOverwriteConfirmation' as const],
    }
    const result = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options)
    return result.canceled || !result.filePath ? null : result.filePath
  }
}

/** The folder dialog behind the backups' "choose a folder" interface. */
export function folderDialog(window: () => BrowserWindow | null) {
  return async (): Promise<string | null> => {
    const win = window()
    const options = { properties: ['openDirectory' as const, 'createDirectory' as const] }
    const result = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options)
    return result.canceled ? null : (result.filePaths[0] ?? null)
  }
}
