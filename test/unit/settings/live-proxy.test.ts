import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createLogger, MemorySink } from '../../../src/main/log'
import { parseProxyUrl, withoutCredentials } from '../../../src/main/reseller/address'
import { LiveProxy } from '../../../src/main/settings/live-proxy'
import { DevelopmentSecretStore, UnavailableSecretStore } from '../../../src/main/settings/secrets'
import { JsonFileSettings } from '../../../src/main/settings/settings'

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'live-proxy-'))
  dirs.push(dir)
  return dir
}

const LIVE = { baseUrl: 'https://service.example/api/v1/reseller', username: 'shop' }

describe('a proxy address as typed', () => {
  it('splits into the address settings keep and the credentials, unescaped', () => {
    expect(parseProxyUrl('http://relay:p%40ss%3Aword@10.0.0.5:3128/')).toEqual({
      url: 'http://10.0.0.5:3128',
      credentials: { username: 'relay', password: 'p@ss:word' },
    })
    expect(parseProxyUrl(' https://relay.example:8443 ')).toEqual({
      url: 'https://relay.example:8443',
      credentials: null,
    })
    expect(parseProxyUrl('')).toBeNull()
    expect(() => parseProxyUrl('socks5://relay:1080')).toThrow(/http/)
    expect(() => parseProxyUrl('http://relay:3128/?user=x')).toThrow(/query/)
    expect(withoutCredentials('http://a:b@relay:3128')).toBe('http://relay:3128')
    expect(withoutCredentials('http://relay:3128/x@y')).toBe('http://relay:3128/x@y')
  })
})

describe('the live proxy', () => {
  it('moves credentials out of settings at start even where nothing can keep them: this run only', async () => {
    const dir = folder()
    const settings = new JsonFileSettings(join(dir, 'settings.json'))
    settings.update({ live: { ...LIVE, proxyUrl: 'http://relay:secret-9@10.0.0.5:3128' } })
    const sink = new MemorySink()
    const proxy = new LiveProxy(settings, new UnavailableSecretStore(), createLogger(sink))
    await proxy.load()
    expect(readFileSync(join(dir, 'settings.json'), 'utf8')).not.toContain('secret-9')
    expect(settings.get().live?.proxyUrl).toBe('http://10.0.0.5:3128')
    expect(proxy.current()).toEqual({
      url: 'http://10.0.0.5:3128',
      credentials: { username: 'relay', password: 'secret-9' },
    })
    expect(sink.lines.join('\n')).toMatch(/cannot be kept/)
    expect(sink.lines.join('\n')).not.toContain('secret-9')
    // The next start has the address only.
    const next = new LiveProxy(settings, new UnavailableSecretStore(), createLogger(sink))
    await next.load()
    expect(next.current()).toEqual({ url: 'http://10.0.0.5:3128', credentials: null })
    expect(next.hasCredentials()).toBe(false)
  })

  it('reads kept credentials back, and gives them only to the address they were saved with', async () => {
    const dir = folder()
    const settings = new JsonFileSettings(join(dir, 'settings.json'))
    const secrets = new DevelopmentSecretStore(join(dir, 'secrets.json'))
    settings.update({ live: { ...LIVE, proxyUrl: 'http://10.0.0.5:3128' } })
    await secrets.set('proxy-credentials', JSON.stringify({ username: 'relay', password: 'secret-9' }))
    const proxy = new LiveProxy(settings, secrets, createLogger(new MemorySink()))
    await proxy.load()
    expect(proxy.hasCredentials()).toBe(true)
    expect(proxy.forTyped('http://10.0.0.5:3128')?.credentials?.password).toBe('secret-9')
    expect(proxy.forTyped('http://10.0.0.6:3128')?.credentials).toBeNull()
    expect(proxy.forTyped('http://other:typed@10.0.0.5:3128')?.credentials).toEqual({
      username: 'other',
      password: 'typed',
    })
    expect(proxy.forTyped(null)).toBeNull()
    await proxy.keep(null)
    expect(readFileSync(join(dir, 'secrets.json'), 'utf8')).not.toContain('secret-9')
    // A secret that is not what this store writes counts as none.
    await secrets.set('proxy-credentials', 'not json')
    await proxy.load()
    expect(proxy.hasCredentials()).toBe(false)
  })

  it('never gives kept credentials to another address, even when forgetting them could not be written', async () => {
    const dir = folder()
    const settings = new JsonFileSettings(join(dir, 'settings.json'))
    const secrets = new DevelopmentSecretStore(join(dir, 'secrets.json'))
    settings.update({ live: { ...LIVE, proxyUrl: 'http://10.0.0.5:3128' } })
    const proxy = new LiveProxy(settings, secrets, createLogger(new MemorySink()))
    await proxy.keep({ username: 'relay', password: 'secret-9' })
    // The address changes to a proxy without credentials, and the store refuses to delete (a locked file).
    settings.update({ live: { ...LIVE, proxyUrl: 'http://10.0.0.6:3128' } })
    const stuck = Object.assign(Object.create(secrets) as DevelopmentSecretStore, {
      delete: async () => {
        throw new Error('locked')
      },
    })
    await new LiveProxy(settings, stuck, createLogger(new MemorySink())).keep(null)
    expect(readFileSync(join(dir, 'secrets.json'), 'utf8')).toContain('secret-9')
    // At the next start they are not used for the new address, and go.
    const next = new LiveProxy(settings, secrets, createLogger(new MemorySink()))
    await next.load()
    expect(next.hasCredentials()).toBe(false)
    expect(next.forTyped('http://10.0.0.6:3128')?.credentials).toBeNull()
    expect(readFileSync(join(dir, 'secrets.json'), 'utf8')).not.toContain('secret-9')
  })
})
