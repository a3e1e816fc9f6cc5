import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { NtExecutable, NtExecutableResource, Resource } from 'resedit'

/**
 * A stand-in for Electron's Windows distribution, for packaging offline (the real zip comes from the
 * internet). electron-builder needs from `electron.exe` only what it edits: a PE file with one version-info
 * language (it adds the asar integrity as an INTEGRITY/ELECTRONASAR resource) and Electron's fuse wire, which
 * @electron/fuses finds by its sentinel. Everything else in the folder is a few bytes with the real names.
 */

/** @electron/fuses' sentinel: the fuse wire follows it (version byte, length byte, one byte per fuse). */
export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
export const FUSE_WIRE_VERSION = 1
/** The fuse order of wire version 1 (@electron/fuses' FuseV1Options). */
export const FUSES = [
  'RunAsNode',
  'EnableCookieEncryption',
  'EnableNodeOptionsEnvironmentVariable',
  'EnableNodeCliInspectArguments',
  'EnableEmbeddedAsarIntegrityValidation',
  'OnlyLoadAppFromAsar',
  'LoadBrowserProcessSpecificV8Snapshot',
  'GrantFileProtocolExtraPrivileges',
] as const
export type FuseName = (typeof FUSES)[number]
/** What a stock Electron ships: '1' on, '0' off (ASCII, as in the binary). */
export const ELECTRON_DEFAULT_FUSES = '10110001'

const RT_RCDATA = 10
const EN_US = { lang: 1033, codepage: 1200 }

export function standInElectronExe(version: string): Buffer {
  const exe = NtExecutable.createEmpty(false, false)
  const resources = NtExecutableResource.from(exe)
  const info = Resource.VersionInfo.createEmpty()
  info.lang = EN_US.lang
  info.setStringValues(EN_US, {
    CompanyName: 'GitHub, Inc.',
    FileDescription: 'Electron (stand-in for offline packaging)',
    ProductName: 'Electron',
    FileVersion: version,
    ProductVersion: version,
    OriginalFilename: 'electron.exe',
  })
  info.setFileVersion(version)
  info.setProductVersion(version)
  info.outputToResourceEntries(resources.entries)
  const wire = Buffer.concat([
    Buffer.from(FUSE_SENTINEL, 'latin1'),
    Buffer.from([FUSE_WIRE_VERSION, FUSES.length]),
    Buffer.from(ELECTRON_DEFAULT_FUSES, 'latin1'),
  ])
  resources.entries.push({
    type: RT_RCDATA,
    id: 'FUSES',
    ...EN_US,
    bin: wire.buffer.slice(wire.byteOffset, wire.byteOffset + wire.byteLength),
  })
  resources.outputResource(exe)
  return Buffer.from(exe.generate())
}

/** Writes the stand-in distribution (electron.exe, locales/, licences) into `dir`. */
export function writeStandInElectronDist(dir: string, version: string): void {
  mkdirSync(join(dir, 'resources'), { recursive: true })
  mkdirSync(join(dir, 'locales'), { recursive: true })
  writeFileSync(join(dir, 'electron.exe'), standInElectronExe(version))
  for (const locale of ['ar', 'en-US', 'fr', 'de'])
    writeFileSync(join(dir, 'locales', `${locale}.pak`), locale)
  for (const file of ['LICENSE', 'LICENSES.chromium.html', 'version']) writeFileSync(join(dir, file), version)
}

/** The fuse wire of an executable, fuse by fuse: '1' on, '0' off, 'r' removed, or the raw byte. */
export function readFuses(exePath: string): Record<FuseName, string> {
  const file = readFileSync(exePath)
  const at = file.indexOf(FUSE_SENTINEL, 0, 'latin1')
  if (at < 0) throw new Error(`${exePath}: no fuse sentinel`)
  const wire = at + FUSE_SENTINEL.length
  if (file[wire] !== FUSE_WIRE_VERSION) throw new Error(`${exePath}: fuse wire version ${file[wire]}`)
  const length = file[wire + 1] as number
  return Object.fromEntries(
    FUSES.map((name, i) => [name, i < length ? String.fromCharCode(file[wire + 2 + i] as number) : '']),
  ) as Record<FuseName, string>
}

/** The INTEGRITY/ELECTRONASAR resource electron-builder writes: which archive, which hash of its header. */
export function readAsarIntegrity(exePath: string): { file: string; alg: string; value: string }[] {
  const exe = NtExecutable.from(readFileSync(exePath))
  const entry = NtExecutableResource.from(exe).entries.find(
    (e) => e.type === 'INTEGRITY' && e.id === 'ELECTRONASAR',
  )
  if (!entry) return []
  return JSON.parse(Buffer.from(entry.bin).toString('utf8'))
}
