/** The session key of a window's page in main: its webContents id, never anything the page holds. */
export function senderKey(contents: { id: number }): string {
  return `webContents:${contents.id}`
}

export interface SessionContents {
  id: number
  on(event: 'did-navigate' | 'render-process-gone' | 'destroyed', listener: () => void): unknown
}

/**
 * A sign-in belongs to one page load: a reload, a crashed renderer or a closed window ends it, as a new
 * page in the browser shell starts signed out.
 */
export function endSessionsWithPage(contents: SessionContents, end: (sender: string) => void): void {
  const key = senderKey(contents)
  for (const event of ['did-navigate', 'render-process-gone', 'destroyed'] as const) {
    contents.on(event, () => end(key))
  }
}
