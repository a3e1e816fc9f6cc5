import { type FileHandle, open } from 'node:fs/promises'
import type { Report } from '../../shared/manager'
import type { ExportRow } from './rows'

/** A CSV or XLSX file being written: rows a batch at a time, then the summary. */
export interface ExportWriter {
  rows(rows: ExportRow[]): Promise<void>
  /** The summary, then the file complete, synced to the disk and closed. */
  finish(report: Report): Promise<void>
  /** After a failure: the file closed, so it can be removed. */
  abort(): Promise<void>
}

/**
 * Writes a file and syncs it to disk before it is renamed into place. Asynchronous, as every file call of an
 * export: the manager's folder may be a USB stick or a share, whose sync can take seconds.
 */
export async function writeDurably(path: string, bytes: Uint8Array): Promise<void> {
  const file = await open(path, 'w')
  await closedAfter(file, async () => {
    await file.writeFile(bytes)
    await file.sync()
  })
}

/** Syncs a file another writer made (exceljs) to disk before it is renamed into place. */
export async function syncFile(path: string): Promise<void> {
  const file = await open(path, 'r+')
  await closedAfter(file, () => file.sync())
}

/** Runs work on an open file, then closes it; when the work failed, its error is the one told, not close's. */
export async function closedAfter(file: FileHandle, work: () => Promise<void>): Promise<void> {
  try {
    await work()
  } catch (error) {
    await file.close().catch(() => undefined)
    throw error
  }
  await file.close()
}
