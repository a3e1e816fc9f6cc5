import * as ResEdit from 'resedit'

/**
 * A Windows executable carrying a version resource as electron-builder writes it into the NSIS installer
 * (ProductVersion: the app's version), for tests of what the app reads from a downloaded installer.
 */
export function installerWithVersion(productVersion: string | null, padding = 4096): Buffer {
  const exe = ResEdit.NtExecutable.createEmpty(false, false)
  if (productVersion !== null) {
    const res = ResEdit.NtExecutableResource.from(exe)
    const info = ResEdit.Resource.VersionInfo.createEmpty()
    info.lang = 1033
    const [major = 0, minor = 0, patch = 0] = productVersion
      .split(/[.-]/)
      .map((n) => Number.parseInt(n, 10) || 0)
    info.setFileVersion(major, minor, patch, 0, 1033)
    info.setProductVersion(major, minor, patch, 0, 1033)
    info.setStringValues(
      { lang: 1033, codepage: 1200 },
      {
        ProductName: 'Reseller Desk',
        ProductVersion: productVersion,
        FileVersion: productVersion,
        FileDescription: 'Reseller Desk installer',
      },
    )
    info.outputToResourceEntries(res.entries)
    res.outputResource(exe)
  }
  // Some body after the headers, as an installer has (its payload).
  return Buffer.concat([Buffer.from(exe.generate()), Buffer.alloc(padding, 0x5a)])
}
