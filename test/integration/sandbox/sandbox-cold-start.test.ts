import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

/**
 * The training service starts on the desk's main thread at every start of the app in training mode. Fastify
 * loads Ajv and fast-json-stringify's compiler when a server is built unless told otherwise — one task of
 * about 60 ms on a cold start's main thread (2 cores), for schemas the sandbox never declares. Checked in a
 * fresh process, where nothing else has loaded them yet.
 */
describe('sandbox: a cold start', () => {
  it('serves requests, errors included, without loading a schema compiler', () => {
    const script = `
      import { createRequire } from 'node:module'
      import { startSandbox } from './src/sandbox/index.ts'
      const sandbox = await startSandbox()
      const token = await fetch(sandbox.baseUrl + '/token', {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo', password: 'demo-pass', expires_at: new Date(Date.now() + 3600000).toISOString() }),
      })
      const malformed = await fetch(sandbox.baseUrl + '/token', {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: '{',
      })
      const missing = await fetch(sandbox.baseUrl + '/no-such-route')
      const answers = [
        [token.status, Boolean((await token.json()).data?.token)],
        [malformed.status, (await malformed.json()).message ?? null],
        [missing.status, typeof (await missing.json()).message],
      ]
      await sandbox.close()
      const loaded = Object.keys(createRequire(import.meta.url).cache)
        // (Fastify itself loads fast-json-stringify's small runtime for its error serializer; not the compiler.)
        .filter((file) => /[\\\\/]node_modules[\\\\/](ajv|ajv-formats|@fastify[\\\\/](ajv-compiler|fast-json-stringify-compiler))[\\\\/]|[\\\\/]fast-json-stringify[\\\\/]index\\.js$/.test(file))
        .map((file) => file.replace(/^.*node_modules[\\\\/]/, ''))
      console.log(JSON.stringify({ answers, loaded }))
    `
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], {
      encoding: 'utf8',
    })
    const { answers, loaded } = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as {
      answers: unknown[]
      loaded: string[]
    }
    expect(answers).toEqual([
      [200, true],
      [400, 'Malformed JSON body.'],
      [404, 'string'],
    ])
    expect(loaded).toEqual([])
  })
})
