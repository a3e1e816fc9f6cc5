import { copyOffThread } from './off-thread'

/**
 * An online copy of a journal (or people) file, safe while the app or another process writes it: made in a
 * worker thread, so neither the copy nor its final sync of the whole file holds up the main thread.
 */
export async function copyDatabaseFile(path: string, destination: string): Promise<void> {
  await copyOffThread(path, destination)
}
