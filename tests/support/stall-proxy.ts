import type { AddressInfo } from 'node:net'
import { connect, createServer, type Socket } from 'node:net'

/**
 * A TCP proxy in front of a database server that can stop passing bytes, as a database that hangs does:
 * connections stay open, queries sent go unanswered until `resume()` (or for ever).
 */
export interface StallProxy {
  host: string
  port: number
  /** Hold every byte from now on, in both directions. */
  stall(): void
  /** Pass on what was held, and everything after. */
  resume(): void
  close(): Promise<void>
}

export async function startStallProxy(target: { host: string; port: number }): Promise<StallProxy> {
  let stalled = false
  const held: (() => void)[] = []
  const sockets = new Set<Socket>()
  const pass = (from: Socket, to: Socket) =>
    from.on('data', (chunk) => {
      if (stalled) held.push(() => to.write(chunk))
      else to.write(chunk)
    })
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => {})
    }
    pass(client, upstream)
    pass(upstream, client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    host: '127.0.0.1',
    port,
    stall() {
      stalled = true
    },
    resume() {
      stalled = false
      for (const send of held.splice(0)) send()
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
