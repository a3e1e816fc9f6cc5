import { readFileSync } from 'node:fs'

/**
 * The names a Windows DLL (a PE file, such as a `.node` addon) exports, read from its export directory.
 * Enough of the PE format to answer "which module entry point does this addon have" without Windows.
 */
export function peExportNames(path: string): { machine: number; names: string[] } {
  const file = readFileSync(path)
  if (file.readUInt16LE(0) !== 0x5a4d) throw new Error(`${path}: not a PE file (no MZ header)`)
  const pe = file.readUInt32LE(0x3c)
  if (file.readUInt32LE(pe) !== 0x4550) throw new Error(`${path}: no PE signature`)
  const machine = file.readUInt16LE(pe + 4)
  const sectionCount = file.readUInt16LE(pe + 6)
  const optionalSize = file.readUInt16LE(pe + 20)
  const optional = pe + 24
  const magic = file.readUInt16LE(optional)
  // The data directories start after the standard and Windows-specific fields (PE32+ is 16 bytes longer).
  const directories = optional + (magic === 0x20b ? 112 : 96)
  const exportRva = file.readUInt32LE(directories)
  if (exportRva === 0) return { machine, names: [] }
  const sections = optional + optionalSize
  const toOffset = (rva: number): number => {
    for (let i = 0; i < sectionCount; i++) {
      const s = sections + i * 40
      const virtualSize = file.readUInt32LE(s + 8)
      const virtualAddress = file.readUInt32LE(s + 12)
      const rawSize = file.readUInt32LE(s + 16)
      const rawPointer = file.readUInt32LE(s + 20)
      if (rva >= virtualAddress && rva < virtualAddress + Math.max(virtualSize, rawSize)) {
        return rva - virtualAddress + rawPointer
      }
    }
    throw new Error(`${path}: RVA ${rva.toString(16)} is in no section`)
  }
  const exportDir = toOffset(exportRva)
  const nameCount = file.readUInt32LE(exportDir + 24)
  const namesTable = toOffset(file.readUInt32LE(exportDir + 32))
  const names: string[] = []
  for (let i = 0; i < nameCount; i++) {
    const at = toOffset(file.readUInt32LE(namesTable + i * 4))
    const end = file.indexOf(0, at)
    names.push(file.toString('latin1', at, end))
  }
  return { machine, names }
}

export const PE_MACHINE = { x64: 0x8664, arm64: 0xaa64 } as const
