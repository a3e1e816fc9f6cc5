import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkOutputFile, checkOutputFolder } from '../../src/main/output-path'
import { windowsPaths } from '../helpers/windows-paths'

const DATA = '/home/shop/.config/reseller-desk'

describe('paths a caller names', () => {
  it('must be absolute, with the expected extension, and outside the data folder', async () => {
    expect(await checkOutputFile('/home/shop/Desktop/day.csv', ['.csv'], DATA)).toBe(
      '/home/shop/Desktop/day.csv',
    )
    await expect(checkOutputFile('day.csv', ['.csv'], DATA)).rejects.toThrow(/absolute/)
    await expect(checkOutputFile('/home/shop/day.exe', ['.csv'], DATA)).rejects.toThrow(/\.csv/)
    for (const victim of ['secrets.json', 'settings.json', 'logs/desk.log', '../reseller-desk/people.json']) {
      await expect(checkOutputFile(join(DATA, victim), ['.json', '.log'], DATA), victim).rejects.toThrow(
        /data folder/,
      )
    }
  })

  it('may not put a backup folder inside the data folder, nor around it', async () => {
    expect(await checkOutputFolder('/media/usb/backups', DATA)).toBe('/media/usb/backups')
    await expect(checkOutputFolder(join(DATA, 'backups'), DATA)).rejects.toThrow(/data folder/)
    await expect(checkOutputFolder('/home/shop', DATA)).rejects.toThrow(/data folder/)
    await expect(checkOutputFolder('backups', DATA)).rejects.toThrow(/absolute/)
  })

  it('refuses a file as a backup folder (every daily backup would fail on it), and takes a folder there', async () => {
    const place = mkdtempSync(join(tmpdir(), 'folder-or-file-'))
    try {
      writeFileSync(join(place, 'afile.txt'), 'x')
      mkdirSync(join(place, 'backups'))
      await expect(checkOutputFolder(join(place, 'afile.txt'), DATA)).rejects.toMatchObject({
        code: 'BAD_INPUT',
        details: { field: 'folder', reason: 'PATH_NOT_A_FOLDER' },
      })
      await expect(checkOutputFolder(join(place, 'afile.txt', 'Backups'), DATA)).rejects.toMatchObject({
        details: { reason: 'PATH_NOT_A_FOLDER' },
      })
      expect(await checkOutputFolder(join(place, 'backups'), DATA)).toBe(join(place, 'backups'))
      // Not there yet: the backup makes it.
      expect(await checkOutputFolder(join(place, 'new'), DATA)).toBe(join(place, 'new'))
    } finally {
      rmSync(place, { recursive: true, force: true })
    }
  })

  it('takes a name that merely starts with two dots for what it is: inside', async () => {
    await expect(checkOutputFile(`${DATA}/..name.csv`, ['.csv'], DATA)).rejects.toThrow(/data folder/)
    await expect(checkOutputFolder(`${DATA}/..backups`, DATA)).rejects.toThrow(/data folder/)
    // A sibling whose name begins like the data folder's is outside.
    expect(await checkOutputFile(`${DATA}-exports/day.csv`, ['.csv'], DATA)).toBe(`${DATA}-exports/day.csv`)
  })

  it('refuses . and .. parts, which a link before them would send elsewhere than the text says', async () => {
    await expect(checkOutputFile('/home/shop/Desktop/../day.csv', ['.csv'], DATA)).rejects.toThrow(
      /\.\. part/,
    )
    await expect(checkOutputFolder('/media/usb/./backups', DATA)).rejects.toThrow(/\.\. part/)
    // Doubled or trailing separators are only spelling.
    expect(await checkOutputFolder('/media//usb/backups/', DATA)).toBe('/media/usb/backups')
  })
})

describe('real paths on this machine (symbolic links)', () => {
  let root: string
  let data: string
  let out: string
  const settingsText = '{"mode":"training"}'

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'output-path-'))
    data = join(root, 'data')
    out = join(root, 'out')
    mkdirSync(join(data, 'sub'), { recursive: true })
    mkdirSync(join(root, 'elsewhere'))
    mkdirSync(out)
    writeFileSync(join(data, 'settings.json'), settingsText)
    symlinkSync(data, join(out, 'link'), 'dir')
    symlinkSync(join(data, 'sub'), join(out, 'sub-link'), 'dir')
    symlinkSync(join(data, 'settings.json'), join(out, 'settings-link.json'), 'file')
    symlinkSync(root, join(out, 'up'), 'dir')
    symlinkSync(join(root, 'elsewhere'), join(out, 'elsewhere-link'), 'dir')
    symlinkSync(data, join(root, 'data-link'), 'dir')
    symlinkSync(join(root, 'elsewhere'), join(data, 'outward'), 'dir')
    symlinkSync(join(data, 'not-yet.json'), join(out, 'dangling.json'), 'file')
    symlinkSync(join(data, 'not-yet'), join(out, 'dangling-dir'), 'dir')
  })

  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('refuses a file reached through a link into the data folder, existing or not', async () => {
    for (const path of [
      join(out, 'link', 'settings.json'),
      join(out, 'link', 'new-diagnostics.json'),
      join(out, 'link', 'logs', 'deeper', 'x.json'),
      join(out, 'sub-link', 'x.json'),
      join(out, 'settings-link.json'),
    ]) {
      await expect(checkOutputFile(path, ['.json'], data), path).rejects.toThrow(/data folder/)
    }
  })

  it('refuses .. after a link, where the system goes up from the target and the text from the link', async () => {
    // out/sub-link/.. is data to the system, out to the text.
    await expect(
      checkOutputFile(`${join(out, 'sub-link')}/../settings.json`, ['.json'], data),
    ).rejects.toThrow(/\.\. part/)
  })

  it('refuses a link that leads nowhere: writing through it would create its target', async () => {
    await expect(checkOutputFile(join(out, 'dangling.json'), ['.json'], data)).rejects.toThrow(
      /leads nowhere/,
    )
    await expect(checkOutputFile(join(out, 'dangling-dir', 'x.json'), ['.json'], data)).rejects.toThrow(
      /leads nowhere/,
    )
  })

  it('refuses a backup folder that is the data folder, inside it, or around it through a link', async () => {
    for (const folder of [join(out, 'link'), join(out, 'link', 'backups'), join(out, 'up')]) {
      await expect(checkOutputFolder(folder, data), folder).rejects.toThrow(/data folder/)
    }
  })

  it('knows the data folder by its real path too, and refuses a link inside it that leads out', async () => {
    await expect(checkOutputFile(join(data, 'x.json'), ['.json'], join(root, 'data-link'))).rejects.toThrow(
      /data folder/,
    )
    await expect(checkOutputFile(join(data, 'outward', 'x.csv'), ['.csv'], data)).rejects.toThrow(
      /data folder/,
    )
  })

  it('accepts places outside, through links that stay outside, and returns the path as named', async () => {
    expect(await checkOutputFile(join(out, 'day.csv'), ['.csv'], data)).toBe(join(out, 'day.csv'))
    expect(await checkOutputFile(join(out, 'elsewhere-link', 'day.csv'), ['.csv'], data)).toBe(
      join(out, 'elsewhere-link', 'day.csv'),
    )
    expect(await checkOutputFolder(join(out, 'elsewhere-link', 'backups'), data)).toBe(
      join(out, 'elsewhere-link', 'backups'),
    )
  })
})

describe('under Windows rules', () => {
  const DATA_W = 'C:\\Users\\shop\\AppData\\Roaming\\reseller-desk'
  const windows = windowsPaths({
    paths: [
      'C:\\Users\\shop\\AppData\\Roaming\\reseller-desk|RESELL~1\\settings.json',
      'C:\\Users\\shop\\AppData\\Roaming\\reseller-desk-exports|RESELL~2',
      'C:\\Program Files|PROGRA~1\\Reseller Desk|RESELL~1',
      'C:\\Users\\shop\\Desktop\\desk-junction',
      // What the PC sees through its own administrative share, as a mapped drive Z: leads there.
      '\\\\localhost\\C$\\Users\\shop\\AppData\\Roaming\\reseller-desk\\settings.json',
      '\\\\fileserver\\exports',
      'D:\\backups',
    ],
    links: {
      'C:\\Users\\shop\\Desktop\\desk-junction': DATA_W,
      'Z:': '\\\\localhost\\C$',
    },
    hostNames: ['SHOP-PC'],
  })
  const file = (path: string) => checkOutputFile(path, ['.json', '.csv'], DATA_W, 'path', windows)
  const folder = (path: string) => checkOutputFolder(path, DATA_W, 'folder', windows)

  it.each([
    ['the data folder itself', `${DATA_W}\\settings.json`, /data folder/],
    ['another letter case', 'c:\\users\\SHOP\\appdata\\roaming\\RESELLER-DESK\\settings.json', /data folder/],
    ['forward slashes', 'C:/Users/shop/AppData/Roaming/reseller-desk/settings.json', /data folder/],
    ['its 8.3 short name', 'C:\\Users\\shop\\AppData\\Roaming\\RESELL~1\\settings.json', /data folder/],
    ['a short name, a new file', 'C:\\Users\\shop\\AppData\\Roaming\\resell~1\\new.csv', /data folder/],
    ['a name starting with two dots', `${DATA_W}\\..name.csv`, /data folder/],
    ['a junction into it', 'C:\\Users\\shop\\Desktop\\desk-junction\\settings.json', /data folder/],
    ['an extended-length path', `\\\\?\\${DATA_W}\\settings.json`, /extended-length/],
    ['a device path', `\\\\.\\${DATA_W}\\settings.json`, /device/],
    ['a device path with forward slashes', `//?/${DATA_W.replace(/\\/g, '/')}/settings.json`, /device/],
    ['an NT object path', `\\??\\${DATA_W}\\settings.json`, /device/],
    [
      'an extended UNC path to this PC',
      '\\\\?\\UNC\\localhost\\C$\\Users\\shop\\AppData\\Roaming\\reseller-desk\\settings.json',
      /extended-length/,
    ],
    [
      'the admin share by localhost',
      '\\\\localhost\\C$\\Users\\shop\\AppData\\Roaming\\reseller-desk\\settings.json',
      /this PC/,
    ],
    ['the admin share by loopback address', '\\\\127.0.0.1\\c$\\Users\\shop\\x.csv', /this PC/],
    ['this PC by its name', '\\\\SHOP-PC\\Users\\shop\\AppData\\Roaming\\reseller-desk\\x.json', /this PC/],
    ['this PC by a longer name', '\\\\shop-pc.local\\shared\\x.json', /this PC/],
    ['IPv6 loopback as Windows spells it', '\\\\0--1.ipv6-literal.net\\C$\\x.json', /this PC/],
    ['an admin share on another PC', '\\\\fileserver\\C$\\x.csv', /administrative share/],
    [
      'a mapped drive leading to this PC',
      'Z:\\Users\\shop\\AppData\\Roaming\\reseller-desk\\settings.json',
      /leads to a share of this PC/,
    ],
    ['a trailing dot', 'C:\\Users\\shop\\AppData\\Roaming\\reseller-desk.\\settings.json', /dot or a space/],
    [
      'a trailing space',
      'C:\\Users\\shop\\AppData\\Roaming\\reseller-desk \\settings.json',
      /dot or a space/,
    ],
    ['a stream', 'C:\\Users\\shop\\Desktop\\day.csv:hidden.csv', /stream/],
    ['a .. part', `${DATA_W}\\..\\reseller-desk\\settings.json`, /\.\. part/],
    ['a device name', 'C:\\Users\\shop\\Desktop\\CON.csv', /device name/],
    ['a device name in a folder', 'C:\\Users\\shop\\nul\\day.csv', /device name/],
    ['a drive-relative path', 'C:day.csv', /absolute/],
    ['a path rooted on the current drive', '\\Users\\shop\\day.csv', /absolute/],
  ])('refuses %s', async (_label, path, reason) => {
    await expect(file(path)).rejects.toThrow(reason)
  })

  it('accepts real places outside the data folder, as named', async () => {
    expect(await file('C:\\Users\\shop\\Desktop\\day.csv')).toBe('C:\\Users\\shop\\Desktop\\day.csv')
    expect(await file('c:\\users\\shop\\desktop\\Day.CSV')).toBe('c:\\users\\shop\\desktop\\Day.CSV')
    expect(await file('C:/Users/shop/Desktop/day.csv')).toBe('C:\\Users\\shop\\Desktop\\day.csv')
    expect(await file('C:\\Users\\shop\\AppData\\Roaming\\RESELL~2\\day.csv')).toBe(
      'C:\\Users\\shop\\AppData\\Roaming\\RESELL~2\\day.csv',
    )
    // The program's own folder has the same short name in another folder: not the data folder.
    expect(await file('C:\\PROGRA~1\\RESELL~1\\day.csv')).toBe('C:\\PROGRA~1\\RESELL~1\\day.csv')
    expect(await file('\\\\fileserver\\exports\\day.csv')).toBe('\\\\fileserver\\exports\\day.csv')
    expect(await file('D:\\new folder\\day.csv')).toBe('D:\\new folder\\day.csv')
    expect(await file('Q:\\no such drive\\day.csv')).toBe('Q:\\no such drive\\day.csv')
  })

  it('keeps backup folders apart from the data folder by the same rules', async () => {
    expect(await folder('D:\\backups')).toBe('D:\\backups')
    expect(await folder('\\\\fileserver\\exports\\backups')).toBe('\\\\fileserver\\exports\\backups')
    for (const [path, reason] of [
      ['C:\\Users\\shop\\AppData\\Roaming', /data folder/],
      ['c:\\users\\shop', /data folder/],
      ['C:\\Users\\shop\\AppData\\Roaming\\RESELL~1\\backups', /data folder/],
      ['C:\\Users\\shop\\Desktop\\desk-junction\\backups', /data folder/],
      ['\\\\localhost\\D$\\backups', /this PC/],
      ['\\\\?\\D:\\backups', /extended-length/],
      ['Z:\\backups', /leads to a share of this PC/],
    ] as const) {
      await expect(folder(path), path).rejects.toThrow(reason)
    }
  })
})
