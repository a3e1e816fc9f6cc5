import { describe, expect, it } from 'vitest'
import { authenticodeVerifier, updateRequestRefusal } from '../../../src/main/updates/update-policy'

const FEED = 'https://updates.example.ly/reseller-desk/'

describe("the updater's requests", () => {
  it('go over https to the feed’s own host and port only', () => {
    expect(updateRequestRefusal(FEED, 'https://updates.example.ly/reseller-desk/latest.yml')).toBeNull()
    expect(updateRequestRefusal(FEED, 'https://UPDATES.example.ly/other/x.exe')).toBeNull()
    expect(updateRequestRefusal(FEED, 'http://updates.example.ly/reseller-desk/x.exe')).toMatch(/https only/)
    expect(updateRequestRefusal(FEED, 'https://cdn.example.ly/x.exe')).toMatch(/not cdn\.example\.ly/)
    expect(updateRequestRefusal(FEED, 'https://updates.example.ly:8443/x.exe')).toMatch(
      /not updates\.example\.ly:8443/,
    )
    expect(updateRequestRefusal(FEED, 'file:///C:/x.exe')).toMatch(/https only/)
  })
})

describe("an installer's signature", () => {
  const subject = 'CN=Reseller Desk Ltd, O=Reseller Desk Ltd, L=Tripoli, C=LY'
  const answer = (json: unknown) => async () => JSON.stringify(json)

  it('is accepted only valid and by the publisher named, by its CN or its whole name', async () => {
    const valid = authenticodeVerifier(answer({ Status: 0, SignerCertificate: { Subject: subject } }))
    expect(await valid(['Reseller Desk Ltd'], 'C:\\u.exe')).toBeNull()
    expect(await valid(['CN=Reseller Desk Ltd, O=Reseller Desk Ltd, C=LY'], 'C:\\u.exe')).toBeNull()
    expect(await valid(['CN=Reseller Desk Ltd, O=Someone Else'], 'C:\\u.exe')).toMatch(/not by/)
    expect(await valid(['Reseller Desk'], 'C:\\u.exe')).toMatch(/is signed by "CN=Reseller Desk Ltd/)
  })

  it('is refused when not valid, or when it cannot be checked at all', async () => {
    const hashMismatch = authenticodeVerifier(answer({ Status: 2, SignerCertificate: { Subject: subject } }))
    expect(await hashMismatch(['Reseller Desk Ltd'], 'u.exe')).toMatch(/not validly signed \(status 2\)/)
    const unsigned = authenticodeVerifier(answer({ Status: 1, SignerCertificate: null }))
    expect(await unsigned(['Reseller Desk Ltd'], 'u.exe')).toMatch(/not validly signed/)
    const noPowerShell = authenticodeVerifier(async () => {
      throw new Error('spawn powershell.exe ENOENT')
    })
    expect(await noPowerShell(['Reseller Desk Ltd'], 'u.exe')).toBe(
      "The installer's signature could not be checked (spawn powershell.exe ENOENT): not installed.",
    )
    expect(await authenticodeVerifier(async () => 'not json')(['A'], 'u.exe')).toMatch(/could not be read/)
  })

  it('passes the file to PowerShell through the environment, never inside the command', async () => {
    const calls: { command: string; env: Record<string, string> }[] = []
    const file = "C:\\Users\\x\\AppData\\Local\\it's';calc;'.exe"
    await authenticodeVerifier(async (command, env) => {
      calls.push({ command, env })
      return '{}'
    })(['A'], file)
    expect(calls[0]?.command).not.toContain('calc')
    expect(calls[0]?.env).toEqual({ RESELLER_DESK_UPDATE_FILE: file })
  })
})
