import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { queuedConnections } from '../../../server/web/accept-queue'

// A process that listens, says its port (a write to a pipe is synchronous on Linux), then holds its event
// loop for a while before taking anything.
const BUSY_LISTENER = `
const server = require('node:net').createServer((socket) => socket.end())
server.listen(0, '127.0.0.1', () => {
  console.log(server.address().port)
  const until = Date.now() + 3000
  while (Date.now() < until);
})
process.on('SIGTERM', () => process.exit(0))`

describe.skipIf(!existsSync('/proc/net/tcp'))('the accept queue of a listening port (Linux)', () => {
  it('counts connections the system completed that a busy process has not taken, and none once taken', async () => {
    const child = spawn(process.execPath, ['-e', BUSY_LISTENER], { stdio: ['ignore', 'pipe', 'inherit'] })
    const sockets: Socket[] = []
    try {
      const port = await new Promise<number>((resolve) =>
        child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
      )
      // The listener is busy now: the system completes these connections and queues them.
      await Promise.all(
        Array.from(
          { length: 5 },
          () =>
            new Promise<void>((resolve) => {
              sockets.push(connect(port, '127.0.0.1', resolve))
            }),
        ),
      )
      expect(queuedConnections(port)).toBe(5)
      // Once its loop turns again, it takes them all.
      const deadline = Date.now() + 10_000
      while (queuedConnections(port) > 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50))
      expect(queuedConnections(port)).toBe(0)
      expect(queuedConnections(0)).toBe(0)
    } finally {
      for (const socket of sockets) socket.destroy()
      child.kill('SIGTERM')
    }
  })
})
