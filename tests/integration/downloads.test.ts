import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type LibraryFile, PART_BYTES, queuedFile } from '../../contract/downloads'
import type { Storage } from '../../server/storage/storage'
import { downloadFile, type EngineDeps, type Link, LinkRefused } from '../../sw/downloads/engine'
import { type RunningApp, startApp } from '../support/app'
import { type DropProxy, startDropProxy } from '../support/drop-proxy'

/**
 * The offline library's download engine (what the service worker runs) against the server's real file
 * endpoint, through a proxy that counts the bytes served and breaks connections off: drops resume where
 * they stopped, expired links are replaced, a file replaced on the server starts over cleanly.
 */

const MB = 1024 * 1024
const KEY = 'products/engine/files/course.zip'
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

let app: RunningApp
let storage: Storage
let proxy: DropProxy

beforeAll(async () => {
  app = await startApp('pglite')
  const { createStorage } = await import('../../server/storage/create-storage')
  storage = createStorage(app.config)
  proxy = await startDropProxy(app.url)
})

afterAll(async () => {
  await proxy.close()
  await app.close()
})

/** A record as the worker starts one. */
const record = (size: number) =>
  queuedFile({
    orderId: 'order',
    fileId: 'file',
    fileName: 'course.zip',
    contentType: 'application/zip',
    size,
    apiBase: '',
  })

/** The engine's surroundings in memory: parts in a map, links signed by the storage, no waiting. */
function surroundings(current: () => Buffer, linkSeconds = 600, clockSkewSeconds = 0) {
  const parts = new Map<number, Uint8Array>()
  const links: Link[] = []
  let saved: LibraryFile | null = null
  const deps: EngineDeps = {
    fetch: (url, init) => fetch(url, init),
    async freshLink() {
      const body = current()
      const path = await storage.downloadUrl(KEY, { expiresInSeconds: linkSeconds, fileName: 'course.zip' })
      const link = {
        url: new URL(path, proxy.url).href,
        // A phone whose clock is behind thinks the link lives longer than it does.
        expiresAt: Date.now() + (linkSeconds + clockSkewSeconds) * 1000,
        size: body.length,
        sha256: sha(body),
        downloadId: 'download-1',
      }
      links.push(link)
      return link
    },
    async putPart(_file, offset, bytes) {
      parts.set(offset, bytes.slice())
    },
    async clearParts() {
      parts.clear()
    },
    async save(file) {
      saved = structuredClone(file)
    },
    progress() {},
    wait: (_ms, signal) => (signal.aborted ? Promise.reject(signal.reason) : Promise.resolve()),
  }
  /** The kept parts, in order, as one file. */
  const assembled = (file: LibraryFile) => {
    const out: Buffer[] = []
    let at = 0
    for (const length of file.parts) {
      const part = parts.get(at)
      if (!part || part.length !== length) throw new Error(`part at ${at} is missing`)
      out.push(Buffer.from(part))
      at += length
    }
    return Buffer.concat(out)
  }
  return { deps, links, assembled, saved: () => saved }
}

beforeEach(() => {
  proxy.setRate(0)
})

describe('the library download engine', () => {
  it('resumes a 20 MB download cut off three times, re-sending less than a part per drop', async () => {
    const body = randomBytes(20 * MB)
    await storage.write(KEY, body, 'application/zip')
    const { deps, assembled } = surroundings(() => body)
    const start = proxy.served()
    // Three drops at random points of the file.
    const points = Array.from({ length: 3 }, () => start + Math.floor(Math.random() * body.length))
    for (const point of points.sort((a, b) => a - b)) proxy.dropAt(point)
    const done = await downloadFile(record(body.length), deps, new AbortController().signal)
    expect(done.status).toBe('done')
    expect(done.received).toBe(body.length)
    expect(sha(assembled(done))).toBe(sha(body))
    const resent = proxy.served() - start - body.length
    expect(resent).toBeGreaterThanOrEqual(0)
    expect(resent).toBeLessThanOrEqual(3 * PART_BYTES)
    // Every request after the first went on from where the last stopped, with If-Range.
    const resumed = proxy.requests().filter((r) => r.range && !r.range.startsWith('bytes=0-'))
    expect(resumed.length).toBeGreaterThanOrEqual(3)
    expect(resumed.every((r) => r.ifRange?.startsWith('"'))).toBe(true)
  }, 60_000)

  it('goes on after the tab closed: a second run continues from the record', async () => {
    const body = randomBytes(6 * MB)
    await storage.write(KEY, body, 'application/zip')
    const { deps, assembled, saved } = surroundings(() => body)
    proxy.setRate(4 * MB)
    const start = proxy.served()
    const stop = new AbortController()
    void proxy.reached(start + 3 * MB).then(() => stop.abort('closed'))
    await expect(downloadFile(record(body.length), deps, stop.signal)).rejects.toBe('closed')
    const left = saved()
    expect(left?.received).toBeGreaterThan(2 * MB)
    expect(left?.received).toBeLessThan(body.length)
    proxy.setRate(0)
    const done = await downloadFile(left as LibraryFile, deps, new AbortController().signal)
    expect(sha(assembled(done))).toBe(sha(body))
    expect(proxy.served() - start - body.length).toBeLessThanOrEqual(PART_BYTES)
  }, 60_000)

  it('asks for a fresh link when the server refuses the one in use as expired', async () => {
    const body = randomBytes(10 * MB)
    await storage.write(KEY, body, 'application/zip')
    // Links live 1 s, on a phone whose clock is a minute behind, so only the server's 403 says they
    // expired; at 4 MB/s each 8 MB request outlives the link it started on.
    const { deps, links, assembled } = surroundings(() => body, 1, 60)
    proxy.setRate(4 * MB)
    const before = proxy.requests().length
    const done = await downloadFile(record(body.length), deps, new AbortController().signal)
    expect(sha(assembled(done))).toBe(sha(body))
    expect(links.length).toBeGreaterThanOrEqual(2)
    // The server refused the expired link (403), and the next request went on with a fresh one.
    const statuses = proxy
      .requests()
      .slice(before)
      .map((r) => r.status)
    expect(statuses).toContain(403)
    expect(statuses.at(-1)).toBe(206)
  }, 60_000)

  it('starts over cleanly when the file is replaced mid-download, never splicing the two', async () => {
    const first = randomBytes(6 * MB)
    const second = randomBytes(5 * MB)
    await storage.write(KEY, first, 'application/zip')
    let current = first
    const { deps, assembled } = surroundings(() => current)
    const start = proxy.served()
    // Cut the first request at 3 MB and replace the file before the download goes on.
    proxy.dropAt(start + 3 * MB)
    const replaced = proxy.reached(start + 3 * MB).then(async () => {
      current = second
      await storage.write(KEY, second, 'application/zip')
    })
    const wait = deps.wait
    deps.wait = async (ms, signal) => {
      await replaced
      return wait(ms, signal)
    }
    const before = proxy.requests().length
    const done = await downloadFile(record(first.length), deps, new AbortController().signal)
    expect(done.restarts).toBe(1)
    expect(done.size).toBe(second.length)
    expect(sha(assembled(done))).toBe(sha(second))
    // The resume asked with If-Range and got the whole new file (200), not a range of it.
    const after = proxy.requests().slice(before)
    expect(after.some((r) => r.ifRange && r.status === 200)).toBe(true)
  }, 60_000)

  it('gives up with a message when the file never matches its SHA-256', async () => {
    const body = randomBytes(MB)
    await storage.write(KEY, body, 'application/zip')
    const { deps } = surroundings(() => body)
    const freshLink = deps.freshLink
    deps.freshLink = async (file) => ({ ...(await freshLink(file)), sha256: '0'.repeat(64) })
    const failure = downloadFile(record(body.length), deps, new AbortController().signal)
    await expect(failure).rejects.toBeInstanceOf(LinkRefused)
    await expect(failure).rejects.toThrow(/did not arrive intact/)
    // Its id goes with it, so the page shows it in the reader's language.
    await expect(failure).rejects.toMatchObject({ code: 'downloads.library.damaged' })
  }, 60_000)
})
