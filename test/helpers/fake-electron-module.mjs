// The `electron` module as the main bundle sees it under the main harness (see fake-electron.ts): whatever
// installFakeElectron put on globalThis, as named exports for `import { app } from 'electron'`, as the
// default export for `import electron from 'electron'`, and as the namespace `require('electron')` returns.
const electron = globalThis.__resellerDeskFakeElectron
if (!electron) throw new Error('fake electron: call installFakeElectron() before loading the main bundle')

export const {
  app,
  autoUpdater,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  nativeImage,
  net,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
} = electron
export default electron
