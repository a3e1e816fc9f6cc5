import { AppError } from '../../shared/errors'
import type { EntryRecord } from '../journal/journal'
import type { Workspace } from './workspace'

/**
 * The two guards that keep a money call from sending twice: once per requestId (the clerk's double click, an
 * answer lost on the way to the page) and one send per entry at a time (the clerk, the background retry and
 * start-up recovery asking at once).
 */

/**
 * Runs a money call once per requestId: a repeat while it runs waits for it, a repeat after it returns the
 * journaled entry. A requestId reused for a different operation is refused.
 */
export async function oncePerRequest(
  ws: Workspace,
  requestId: string | undefined,
  matches: (earlier: EntryRecord) => boolean,
  run: () => Promise<EntryRecord>,
): Promise<EntryRecord> {
  if (requestId === undefined) return run()
  const running = ws.requests.get(requestId)
  const earlier = running ? await running : ws.journal.findByRequestId(requestId)
  if (earlier) {
    if (!matches(earlier)) {
      throw new AppError('BAD_INPUT', 'requestId: already used for a different operation.', {
        entryId: earlier.id,
      })
    }
    return ws.journal.get(earlier.id) ?? earlier
  }
  const promise = run()
  ws.requests.set(requestId, promise)
  try {
    return await promise
  } finally {
    ws.requests.delete(requestId)
  }
}

/** Runs one send for an entry at a time: a second caller gets the first caller's result. */
export function exclusiveSend(
  ws: Workspace,
  entryId: string,
  send: () => Promise<EntryRecord>,
): Promise<EntryRecord> {
  const running = ws.sending.get(entryId)
  if (running) return running
  const promise = send().finally(() => ws.sending.delete(entryId))
  ws.sending.set(entryId, promise)
  return promise
}
