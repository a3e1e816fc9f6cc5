import { type FileHandle, open } from 'node:fs/promises'

/**
 * The version a Windows executable says it is: the `ProductVersion` string of its version resource (what
 * electron-builder writes into the NSIS installer: the app's version as in package.json), read from the file
 * itself. Enough of the PE format for that, reading only the few hundred bytes it needs of an installer of
 * ~100 MB. Null when the file is not a PE file or has no such string.
 */
export async function readProductVersion(path: string): Promise<string | null> {
  const file = await open(path, 'r')
  try {
    return await productVersion(file)
  } catch (error) {
    if (error instanceof NotReadable) return null
    throw error
  } finally {
    await file.close()
  }
}

class NotReadable extends Error {}

const RT_VERSION = 16
/** A version resource is small; anything much larger is not one. */
const MAX_VERSION_BYTES = 64 * 1024

async function read(file: FileHandle, position: number, length: number): Promise<Buffer> {
  if (position < 0 || length < 0 || length > 16 * 1024 * 1024) throw new NotReadable('out of range')
  const buffer = Buffer.alloc(length)
  const { bytesRead } = await file.read(buffer, 0, length, position)
  if (bytesRead !== length) throw new NotReadable('truncated')
  return buffer
}

async function productVersion(file: FileHandle): Promise<string | null> {
  const dos = await read(file, 0, 64)
  if (dos.readUInt16LE(0) !== 0x5a4d) return null
  const pe = dos.readUInt32LE(0x3c)
  const head = await read(file, pe, 24)
  if (head.readUInt32LE(0) !== 0x4550) return null
  const sectionCount = head.readUInt16LE(6)
  const optionalSize = head.readUInt16LE(20)
  const optional = await read(file, pe + 24, optionalSize)
  const magic = optional.readUInt16LE(0)
  // The data directories follow the standard and Windows-specific fields (PE32+ is 16 bytes longer); the
  // resource table is the third.
  const directories = magic === 0x20b ? 112 : 96
  if (optional.length < directories + 24) return null
  const resourceRva = optional.readUInt32LE(directories + 16)
  if (resourceRva === 0) return null
  const sections = await read(file, pe + 24 + optionalSize, sectionCount * 40)
  const toOffset = (rva: number): number => {
    for (let i = 0; i < sectionCount; i++) {
      const virtualSize = sections.readUInt32LE(i * 40 + 8)
      const virtualAddress = sections.readUInt32LE(i * 40 + 12)
      const rawSize = sections.readUInt32LE(i * 40 + 16)
      const rawPointer = sections.readUInt32LE(i * 40 + 20)
      if (rva >= virtualAddress && rva < virtualAddress + Math.max(virtualSize, rawSize))
        return rva - virtualAddress + rawPointer
    }
    throw new NotReadable(`RVA ${rva} is in no section`)
  }
  const root = toOffset(resourceRva)
  /** The first entry of a resource directory (with `id`, when given), as [isDirectory, offset]. */
  const entry = async (directory: number, id?: number): Promise<[boolean, number] | null> => {
    const header = await read(file, root + directory, 16)
    const count = header.readUInt16LE(12) + header.readUInt16LE(14)
    const entries = await read(file, root + directory + 16, count * 8)
    for (let i = 0; i < count; i++) {
      const name = entries.readUInt32LE(i * 8)
      const target = entries.readUInt32LE(i * 8 + 4)
      if (id !== undefined && name !== id) continue
      return [(target & 0x80000000) !== 0, target & 0x7fffffff]
    }
    return null
  }
  const type = await entry(0, RT_VERSION)
  if (!type?.[0]) return null
  const name = await entry(type[1])
  if (!name?.[0]) return null
  const language = await entry(name[1])
  if (!language || language[0]) return null
  const data = await read(file, root + language[1], 8)
  const size = data.readUInt32LE(4)
  if (size > MAX_VERSION_BYTES) return null
  return findString(await read(file, toOffset(data.readUInt32LE(0)), size), 'ProductVersion')
}

/**
 * A value of the version resource's StringFileInfo. Every block (VS_VERSIONINFO, StringFileInfo, a
 * StringTable, a String) is: its length, its value's length, its type, its key (UTF-16, NUL-ended), padding
 * to 32 bits, its value, padding, then its children up to its length.
 */
function findString(info: Buffer, wanted: string): string | null {
  const align = (n: number) => (n + 3) & ~3
  const walk = (start: number, end: number, depth: number): string | null => {
    for (let at = start; at + 6 <= end; ) {
      const length = info.readUInt16LE(at)
      if (length < 6 || at + length > end) return null
      const valueLength = info.readUInt16LE(at + 2)
      const isText = info.readUInt16LE(at + 4) === 1
      let keyEnd = at + 6
      while (keyEnd + 1 < at + length && info.readUInt16LE(keyEnd) !== 0) keyEnd += 2
      const key = info.toString('utf16le', at + 6, keyEnd)
      const valueStart = align(keyEnd + 2)
      const valueBytes = isText ? valueLength * 2 : valueLength
      if (depth === 3 && key === wanted && isText) {
        return info.toString('utf16le', valueStart, valueStart + valueBytes).replace(/\0+$/, '')
      }
      // VS_VERSIONINFO → StringFileInfo → StringTable → String.
      const descend = depth === 0 || (depth === 1 && key === 'StringFileInfo') || depth === 2
      if (descend) {
        const found = walk(align(valueStart + valueBytes), at + length, depth + 1)
        if (found !== null) return found
      }
      at = align(at + length)
    }
    return null
  }
  return walk(0, info.length, 0)
}
