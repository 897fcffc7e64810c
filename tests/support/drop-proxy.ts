import { createServer, request as httpRequest, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * An HTTP proxy in front of a Soko server for download tests and the bench: it counts the file bytes the
 * server sends (`/files/` bodies), slows them to a phone's link if asked, and can break a download off
 * like a dropped connection: after a given number of file bytes the socket is destroyed mid-body.
 */
export interface DropProxy {
  url: string
  /** File bytes sent to clients so far. */
  served(): number
  /** Destroys the connection carrying file bytes once `served()` reaches `at`. */
  dropAt(at: number): void
  /** Resolves when `served()` reaches `at` (or at once if it has). */
  reached(at: number): Promise<void>
  /** Breaks off every file body under way now, as a lost network does. */
  cut(): void
  /** Bytes per second for file bodies (0: as fast as they come). */
  setRate(bytesPerSecond: number): void
  /** Every RPC subject asked through the proxy, in order (for "how many links were asked for"). */
  subjects(): { subject: string; downloadId?: string }[]
  /** How each file request ended: its status and the Range asked for. */
  requests(): { status: number; range: string | null; ifRange: string | null }[]
  close(): Promise<void>
}

const isFile = (url: string) => url.startsWith('/files/')
const SLICE = 16 * 1024

export async function startDropProxy(
  target: string,
  opts: { bytesPerSecond?: number } = {},
): Promise<DropProxy> {
  const upstream = new URL(target)
  let served = 0
  let rate = opts.bytesPerSecond ?? 0
  let drops: number[] = []
  const waiters: { at: number; resolve: () => void }[] = []
  const subjects: { subject: string; downloadId?: string }[] = []
  const fileRequests: { status: number; range: string | null; ifRange: string | null }[] = []
  const inFlight = new Set<() => void>()

  const count = (bytes: number) => {
    served += bytes
    for (const waiter of waiters.filter((w) => served >= w.at)) {
      waiters.splice(waiters.indexOf(waiter), 1)
      waiter.resolve()
    }
  }

  const server = createServer((req, res) => {
    const url = req.url ?? '/'
    const body: Buffer[] = []
    req.on('data', (chunk: Buffer) => body.push(chunk))
    req.on('end', () => {
      const sent = Buffer.concat(body)
      if (req.method === 'POST' && url === '/') {
        try {
          const parsed = JSON.parse(sent.toString()) as { subject?: string; downloadId?: string }
          if (parsed.subject) subjects.push({ subject: parsed.subject, downloadId: parsed.downloadId })
        } catch {
          // Not JSON: the server answers it.
        }
      }
      const headers = { ...req.headers, host: upstream.host }
      const out = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: url,
          method: req.method,
          headers,
          agent: false,
        },
        (answer: IncomingMessage) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          if (!isFile(url) || req.method !== 'GET') {
            answer.pipe(res)
            return
          }
          fileRequests.push({
            status: answer.statusCode ?? 0,
            range: (req.headers.range as string | undefined) ?? null,
            ifRange: (req.headers['if-range'] as string | undefined) ?? null,
          })
          void relay(answer, res)
        },
      )
      out.on('error', () => res.destroy())
      out.end(sent)
    })
  })

  /** Sends a file body a slice at a time, at the rate, breaking off where a drop is set. */
  async function relay(answer: IncomingMessage, res: import('node:http').ServerResponse) {
    let started = Date.now()
    let sentHere = 0
    const breakOff = () => {
      answer.destroy()
      res.socket?.destroy()
    }
    inFlight.add(breakOff)
    try {
      for await (const chunk of answer as AsyncIterable<Buffer>) {
        for (let at = 0; at < chunk.length; at += SLICE) {
          let slice = chunk.subarray(at, at + SLICE)
          const drop = drops.find((d) => d > served && d <= served + slice.length)
          if (drop !== undefined) slice = slice.subarray(0, drop - served)
          if (slice.length && !res.write(slice)) await new Promise((resolve) => res.once('drain', resolve))
          count(slice.length)
          sentHere += slice.length
          if (drop !== undefined) {
            drops = drops.filter((d) => d !== drop)
            answer.destroy()
            res.socket?.destroy()
            return
          }
          if (rate > 0) {
            const due = started + (sentHere * 1000) / rate
            const wait = due - Date.now()
            if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
          } else started = Date.now()
        }
      }
      res.end()
    } catch {
      res.destroy()
    } finally {
      inFlight.delete(breakOff)
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    served: () => served,
    dropAt: (at) => {
      drops.push(at)
    },
    cut: () => {
      for (const breakOff of inFlight) breakOff()
    },
    reached: (at) =>
      served >= at ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ at, resolve })),
    setRate: (bytesPerSecond) => {
      rate = bytesPerSecond
    },
    subjects: () => [...subjects],
    requests: () => [...fileRequests],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
