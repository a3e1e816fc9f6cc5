/**
 * An HTTP proxy on 127.0.0.1 that tunnels (CONNECT) only for the right Proxy-Authorization, as a relay with a
 * whitelisted address does: proof that the desk really sends the proxy's credentials, wherever it keeps them.
 */
import { createServer } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { connect } from 'node:net'

export interface AuthProxy {
  /** `http://127.0.0.1:port`, without credentials. */
  address: string
  port: number
  /** Tunnels opened, refused for want of the right credentials, and opened without any (when not required). */
  seen: { tunnels: number; refused: number; withoutCredentials: number }
  /** False: tunnels without credentials too, as a relay does once it no longer asks for them. */
  requireCredentials: boolean
  close(): Promise<void>
}

export async function startAuthProxy(username: string, password: string): Promise<AuthProxy> {
  const expected = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`
  const seen = { tunnels: 0, refused: 0, withoutCredentials: 0 }
  const state = { requireCredentials: true }
  const sockets = new Set<Socket>()
  const server = createServer((_req, res) => {
    res.writeHead(405).end()
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  server.on('connect', (req, client: Socket, head: Buffer) => {
    const given = req.headers['proxy-authorization']
    if (given === undefined && !state.requireCredentials) seen.withoutCredentials++
    else if (given !== expected) {
      seen.refused++
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic\r\n\r\n')
      return
    }
    const [host, port] = (req.url ?? '').split(':')
    if (host !== '127.0.0.1' && host !== 'localhost') {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n')
      return
    }
    seen.tunnels++
    const upstream = connect(Number(port), '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      if (head.length > 0) upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    sockets.add(upstream)
    upstream.on('close', () => sockets.delete(upstream))
    upstream.on('error', () => client.destroy())
    client.on('error', () => upstream.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    address: `http://127.0.0.1:${port}`,
    port,
    seen,
    get requireCredentials() {
      return state.requireCredentials
    },
    set requireCredentials(value: boolean) {
      state.requireCredentials = value
    },
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
