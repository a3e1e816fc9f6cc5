import { open } from 'node:fs/promises'
import type { Report } from '../../shared/reports'
import { closedAfter } from '../atomic-file'
import type { ExportRow } from './rows'

/** A CSV or XLSX file being written: rows a batch at a time, then the summary. */
export interface ExportWriter {
  rows(rows: ExportRow[]): Promise<void>
  /** The summary, then the file complete, synced to the disk and closed. */
  finish(report: Report): Promise<void>
  /** After a failure: the file closed, so it can be removed. */
  abort(): Promise<void>
}

/** Syncs a file another writer made (exceljs) to disk before it is renamed into place. */
export async function syncFile(path: string): Promise<void> {
  const file = await open(path, 'r+')
  await closedAfter(file, () => file.sync())
}
