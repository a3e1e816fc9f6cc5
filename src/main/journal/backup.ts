import Database from 'better-sqlite3'

/** An online copy of a journal (or people) file that is not open here, safe while another process writes. */
export async function copyDatabaseFile(path: string, destination: string): Promise<void> {
  const db = new Database(path, { readonly: true, fileMustExist: true })
  try {
    await db.backup(destination)
  } finally {
    db.close()
  }
}
