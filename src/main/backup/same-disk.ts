import { stat } from 'node:fs/promises'
import { dirname } from 'node:path'

/**
 * Whether a folder (made or still to be made) is on the disk that holds the app's data folder: the device of
 * its nearest existing place against the data folder's (on Windows, the volume). A backup there dies with the
 * journal it copies (a disk that fails, a PC stolen); the desk makes one only when a manager says "same disk,
 * I know". Unknown (the place cannot be read) counts as not the same: the backup's own checks say why.
 */
export async function onDataDisk(
  folder: string,
  dataDir: string,
  statOf: (path: string) => Promise<{ dev: number }> = stat,
): Promise<boolean> {
  const data = await statOf(dataDir).catch(() => null)
  if (!data) return false
  for (let place = folder; ; place = dirname(place)) {
    const found = await statOf(place).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined
      return null
    })
    if (found === null) return false
    if (found) return found.dev === data.dev
    if (dirname(place) === place) return false
  }
}
