import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkOutputFile, checkOutputFolder } from '../../src/main/output-path'

const DATA = '/home/shop/.config/reseller-desk'

describe('paths a caller names', () => {
  it('must be absolute, with the expected extension, and outside the data folder', () => {
    expect(checkOutputFile('/home/shop/Desktop/day.csv', ['.csv'], DATA)).toBe('/home/shop/Desktop/day.csv')
    expect(() => checkOutputFile('day.csv', ['.csv'], DATA)).toThrow(/absolute/)
    expect(() => checkOutputFile('/home/shop/day.exe', ['.csv'], DATA)).toThrow(/\.csv/)
    for (const victim of ['secrets.json', 'settings.json', 'logs/desk.log', '../reseller-desk/people.json']) {
      expect(() => checkOutputFile(join(DATA, victim), ['.json', '.log'], DATA), victim).toThrow(
        /data folder/,
      )
    }
  })

  it('may not put a backup folder inside the data folder, nor around it', () => {
    expect(checkOutputFolder('/media/usb/backups', DATA)).toBe('/media/usb/backups')
    expect(() => checkOutputFolder(join(DATA, 'backups'), DATA)).toThrow(/data folder/)
    expect(() => checkOutputFolder('/home/shop', DATA)).toThrow(/data folder/)
    expect(() => checkOutputFolder('backups', DATA)).toThrow(/absolute/)
  })
})
