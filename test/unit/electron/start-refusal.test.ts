import { describe, expect, it } from 'vitest'
import {
  ALLOWED_SWITCHES,
  refusedArguments,
  TEST_BUILD_SWITCHES,
} from '../../../src/main/electron/start-refusal'

describe("the installed app's command line", () => {
  it('takes only its installer’s --updated; anything else is named as Chromium would read it', () => {
    expect(refusedArguments([], ALLOWED_SWITCHES, 'win32')).toEqual([])
    expect(refusedArguments(['--updated'], ALLOWED_SWITCHES, 'win32')).toEqual([])
    expect(
      refusedArguments(
        ['--remote-debugging-port=9222', '-Inspect', '/no-sandbox', '--js-flags=--allow-natives-syntax'],
        ALLOWED_SWITCHES,
        'win32',
      ),
    ).toEqual(['--remote-debugging-port', '--inspect', '--no-sandbox', '--js-flags'])
  })

  it('reads /name as a switch only on Windows, as Chromium does; elsewhere it is an argument, refused too', () => {
    expect(refusedArguments(['/remote-debugging-pipe'], ALLOWED_SWITCHES, 'linux')).toEqual([
      '/remote-debugging-pipe',
    ])
    expect(refusedArguments(['--', 'C:\\page.html'], ALLOWED_SWITCHES, 'win32')).toEqual([
      '--',
      'C:\\page.html',
    ])
  })

  it('lets a test build have the DevTools protocol over a pipe, never over a port', () => {
    expect(refusedArguments(['--remote-debugging-pipe'], TEST_BUILD_SWITCHES, 'win32')).toEqual([])
    expect(refusedArguments(['--remote-debugging-port=0'], TEST_BUILD_SWITCHES, 'win32')).toEqual([
      '--remote-debugging-port',
    ])
    expect(refusedArguments(['--remote-debugging-pipe'], ALLOWED_SWITCHES, 'win32')).toEqual([
      '--remote-debugging-pipe',
    ])
  })
})
