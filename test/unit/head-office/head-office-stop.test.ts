/**
 * Closing the app while the head office sync is connecting: the stop cuts the connection being opened and
 * returns, whatever the server does. (pg's connect() never settles once its client is ended mid-connect: the
 * stop used to wait on it for ever — a desk that would not close after its head office came back from a crash.)
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HeadOfficeSync } from '../../../src/main/head-office/sync'
import { Journal } from '../../../src/main/journal/journal'
import { silentLogger } from '../../../src/main/log'
import { until } from '../../helpers/realtime'

let dir: string
let journal: Journal
let server: Server
let accepted: Socket[]

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ho-stop-'))
  journal = Journal.open(join(dir, 'journal.sqlite'))
  accepted = []
  // A server that takes the connection and says nothing: a PostgreSQL still coming up, or a slow link.
  server = createServer((socket) => {
    accepted.push(socket)
    socket.on('error', () => undefined)
    socket.resume()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
})

afterEach(async () => {
  for (const socket of accepted) socket.destroy()
  await new Promise((resolve) => server.close(resolve))
  journal.close()
  rmSync(dir, { recursive: true, force: true })
})

function sync(): HeadOfficeSync {
  const port = (server.address() as AddressInfo).port
  return new HeadOfficeSync({
    journal: () => journal,
    settings: () => ({
      enabled: true,
      host: '127.0.0.1',
      port,
      database: 'chain',
      user: 'desk_souq',
      terminal: 'Souq',
      caFile: null,
    }),
    password: () => 'secret',
    log: silentLogger,
    now: () => Date.now(),
    // Far longer than the test: only the stop can end this connection.
    connectTimeoutMs: () => 60_000,
  })
}

/** 'stopped', or 'still stopping' if stop() has not returned after 5 s (it used to never return). */
async function stopWithin(s: HeadOfficeSync): Promise<string> {
  const late = new Promise<string>((resolve) => setTimeout(resolve, 5000, 'still stopping').unref())
  return Promise.race([s.stop().then(() => 'stopped'), late])
}

describe('closing the app while the head office sync is connecting', () => {
  it('cuts the connection being opened and returns', async () => {
    const s = sync()
    s.start()
    await until(() => accepted.length === 1, 5000, 'the sync connected')
    expect(await stopWithin(s)).toBe('stopped')
    // The head office is not left holding a half-open connection.
    await until(() => accepted[0]?.closed === true, 5000, 'the connection being opened was closed')
    expect(s.status().lastReachedAt).toBeNull()
  })

  it('opens no connection once it has stopped', async () => {
    const s = sync()
    s.start()
    await until(() => accepted.length === 1, 5000, 'the sync connected')
    expect(await stopWithin(s)).toBe('stopped')
    await expect(s.syncOnce()).rejects.toThrow('the head office sync has stopped')
    await new Promise((r) => setTimeout(r, 100))
    expect(accepted).toHaveLength(1)
  })
})
