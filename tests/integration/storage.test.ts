import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ConfigError, loadConfig, type S3Settings } from '../../server/env'
import { createLogger, type Logger } from '../../server/lib/log'
import { createStorage, type ServedStorage } from '../../server/storage/create-storage'
import { DiskStorage } from '../../server/storage/disk'
import { S3Storage } from '../../server/storage/s3'
import { attachmentDisposition, MIN_PART_BYTES, publicFilePath } from '../../server/storage/storage'
import { startS3rver } from '../support/s3rver'

interface Harness {
  storage: ServedStorage
  /** This server, answering the driver's routes. */
  url: string
  close(): Promise<void>
}

async function serveRoutes(storage: ServedStorage, log: Logger = createLogger('silent')) {
  const app = storage.routes(log)
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s))
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const harnesses = {
  async disk(): Promise<Harness> {
    const dir = mkdtempSync(path.join(tmpdir(), 'soko-storage-'))
    const storage = new DiskStorage(path.join(dir, 'files'), randomBytes(32))
    const server = await serveRoutes(storage)
    return {
      storage,
      url: server.url,
      async close() {
        await server.close()
        rmSync(dir, { recursive: true, force: true })
      },
    }
  },
  async s3(): Promise<Harness> {
    const s3rver = await startS3rver()
    const storage = new S3Storage(s3rver.settings, randomBytes(32))
    const server = await serveRoutes(storage)
    return {
      storage,
      url: server.url,
      async close() {
        await server.close()
        await s3rver.close()
      },
    }
  },
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex')
const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer())

const MWANGAZA = 'Mwangaza — beats.zip'
const MWANGAZA_DISPOSITION = `attachment; filename="Mwangaza - beats.zip"; filename*=UTF-8''Mwangaza%20%E2%80%94%20beats.zip`
const REFUSED = 'This link is not valid or has expired.'

describe.each(['disk', 's3'] as const)('%s storage', (kind) => {
  let h: Harness
  beforeAll(async () => {
    h = await harnesses[kind]()
  })
  afterAll(() => h?.close())
  afterEach(() => {
    vi.restoreAllMocks()
  })

  /** Upload URLs are paths on this server on disk, absolute URLs of the bucket on S3. */
  const absolute = (url: string) => new URL(url, h.url).href
  const newKey = (prefix: string, ext: string) => `${prefix}/${randomUUID()}.${ext}`
  /** A stored file and a download URL of it, on this server whichever the driver. */
  const stored = async (size: number, fileName?: string) => {
    const key = newKey('products', 'zip')
    const body = randomBytes(size)
    await h.storage.write(key, body, 'application/zip')
    const url = absolute(await h.storage.downloadUrl(key, { expiresInSeconds: 60, fileName }))
    return { key, body, url }
  }
  /** The ETag this server answers for a download URL now. */
  const etagOf = async (url: string) => (await fetch(url, { method: 'HEAD' })).headers.get('etag') ?? ''

  it('takes a PUT on an upload URL, then reads it back every way', async () => {
    const key = newKey('uploads', 'jpg')
    const body = randomBytes(2000)
    const url = await h.storage.uploadUrl(key, {
      contentType: 'image/jpeg',
      maxBytes: 10_000,
      expiresInSeconds: 60,
    })
    const put = await fetch(absolute(url), {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: new Uint8Array(body),
    })
    expect(put.status, await put.text()).toBe(200)

    expect(await h.storage.stat(key)).toEqual({ size: 2000, contentType: 'image/jpeg' })
    expect((await h.storage.read(key)).equals(body)).toBe(true)
    const streamed = Buffer.concat(await (await h.storage.readStream(key)).toArray())
    expect(streamed.equals(body)).toBe(true)

    // Downloads go through this server on both drivers, so it answers Range, If-Range and HEAD itself.
    const download = await h.storage.downloadUrl(key, { expiresInSeconds: 60 })
    expect(download).toMatch(new RegExp(`^/files/${key}\\?`))
    const get = await fetch(absolute(download))
    expect(get.status).toBe(200)
    expect(get.headers.get('content-type')).toBe('image/jpeg')
    expect(Buffer.from(await get.arrayBuffer()).equals(body)).toBe(true)
  })

  it('refuses an upload of another content type than the one signed', async () => {
    const key = newKey('uploads', 'jpg')
    const url = await h.storage.uploadUrl(key, {
      contentType: 'image/jpeg',
      maxBytes: 1000,
      expiresInSeconds: 60,
    })
    const put = await fetch(absolute(url), {
      method: 'PUT',
      headers: { 'content-type': 'text/html' },
      body: '<script>alert(1)</script>',
    })
    expect(put.status).toBe(403)
    expect(await h.storage.stat(key)).toBeNull()
  })

  it('refuses an upload URL once it has expired', async () => {
    const key = newKey('uploads', 'png')
    const url = await h.storage.uploadUrl(key, {
      contentType: 'image/png',
      maxBytes: 1000,
      expiresInSeconds: 1,
    })
    // Both drivers count from the whole second the URL was signed in, so it is dead after the next one.
    const deadline = (Math.floor(Date.now() / 1000) + 1) * 1000
    while (Date.now() <= deadline)
      await new Promise((resolve) => setTimeout(resolve, deadline - Date.now() + 1))
    const put = await fetch(absolute(url), {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(randomBytes(100)),
    })
    expect(put.status).toBe(403)
    expect(await h.storage.stat(key)).toBeNull()
  })

  it('joins a resumed multipart upload from the parts that arrived', async () => {
    const key = newKey('products', 'mp4')
    const chunks = [randomBytes(MIN_PART_BYTES), randomBytes(MIN_PART_BYTES), randomBytes(1024)]
    const multipartId = await h.storage.startMultipart(key, 'video/mp4')
    const sendPart = async (partNumber: number) => {
      const url = await h.storage.partUploadUrl(key, multipartId, partNumber, {
        bytes: chunks[partNumber - 1]?.length ?? 0,
        expiresInSeconds: 60,
      })
      const put = await fetch(absolute(url), {
        method: 'PUT',
        body: new Uint8Array(chunks[partNumber - 1] ?? []),
      })
      expect(put.status, await put.text()).toBe(200)
    }
    await sendPart(1)
    await sendPart(2)

    // The connection dropped: the server asks what arrived, and the upload goes on from there.
    const arrived = await h.storage.listParts(key, multipartId)
    expect(arrived.map((p) => [p.partNumber, p.size])).toEqual([
      [1, MIN_PART_BYTES],
      [2, MIN_PART_BYTES],
    ])
    await sendPart(arrived.length + 1)

    const parts = await h.storage.listParts(key, multipartId)
    expect(parts.map((p) => [p.partNumber, p.size])).toEqual([
      [1, MIN_PART_BYTES],
      [2, MIN_PART_BYTES],
      [3, 1024],
    ])
    await h.storage.completeMultipart(key, multipartId, parts)

    const whole = Buffer.concat(chunks)
    expect(sha256(await h.storage.read(key))).toBe(sha256(whole))
    expect(await h.storage.stat(key)).toEqual({ size: whole.length, contentType: 'video/mp4' })
    expect(await h.storage.listParts(key, multipartId)).toEqual([])
  })

  it('forgets an aborted multipart upload and refuses its parts', async () => {
    const key = newKey('products', 'zip')
    const multipartId = await h.storage.startMultipart(key, 'application/zip')
    const partUrl = async (partNumber: number) =>
      absolute(
        await h.storage.partUploadUrl(key, multipartId, partNumber, { bytes: 1024, expiresInSeconds: 60 }),
      )
    const first = await fetch(await partUrl(1), { method: 'PUT', body: new Uint8Array(randomBytes(1024)) })
    expect(first.status).toBe(200)
    const late = await partUrl(2)

    await h.storage.abortMultipart(key, multipartId)
    expect(await h.storage.listParts(key, multipartId)).toEqual([])
    const put = await fetch(late, { method: 'PUT', body: new Uint8Array(randomBytes(1024)) })
    expect(put.status).toBe(404)
    // Aborting twice is harmless.
    await h.storage.abortMultipart(key, multipartId)
    expect(await h.storage.stat(key)).toBeNull()
  })

  it('serves public files at /files/public/ on this server, cached for good', async () => {
    const key = newKey('public/avatars', 'webp')
    const body = randomBytes(3000)
    await h.storage.write(key, body, 'image/webp')
    const url = h.url + publicFilePath(key)

    const first = await fetch(url)
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toBe('image/webp')
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(Buffer.from(await first.arrayBuffer()).equals(body)).toBe(true)
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^"[^"]+"$/)

    const again = await fetch(url, { headers: { 'if-none-match': etag ?? '' } })
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(etag)

    const tail = await fetch(url, { headers: { range: 'bytes=-50' } })
    expect(tail.status).toBe(206)
    expect(tail.headers.get('content-range')).toBe('bytes 2950-2999/3000')
    expect(tail.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await bytesOf(tail)).equals(body.subarray(2950))).toBe(true)

    expect((await fetch(`${h.url}/files/public/avatars%2F..%2F..%2Fsecret`)).status).toBe(404)
    expect((await fetch(`${h.url}/files/public/%E0%A4%A`)).status).toBe(404)

    await h.storage.delete(key)
    expect(await h.storage.stat(key)).toBeNull()
    expect((await fetch(url)).status).toBe(404)
  })

  it('answers null for the stat of a missing key, and refuses to read it', async () => {
    const key = newKey('uploads', 'pdf')
    expect(await h.storage.stat(key)).toBeNull()
    await expect(h.storage.read(key)).rejects.toThrow()
    await expect(h.storage.readStream(key)).rejects.toThrow()
    const url = absolute(await h.storage.downloadUrl(key, { expiresInSeconds: 60 }))
    expect((await fetch(url)).status).toBe(404)
    expect((await fetch(url, { method: 'HEAD' })).status).toBe(404)
  })

  it('saves a download under the name it was signed with, and refuses another name', async () => {
    const { key, body, url } = await stored(500, MWANGAZA)
    const get = await fetch(url)
    expect(get.status).toBe(200)
    expect(get.headers.get('content-disposition')).toBe(MWANGAZA_DISPOSITION)
    expect(get.headers.get('content-type')).toBe('application/zip')
    expect(get.headers.get('cache-control')).toBe('private, no-store')
    expect((await bytesOf(get)).equals(body)).toBe(true)

    // The name travels in the query, under the signature.
    const tampered = new URL(url)
    tampered.searchParams.set('name', 'invoice.exe')
    expect((await fetch(tampered)).status).toBe(403)
    tampered.searchParams.delete('name')
    expect((await fetch(tampered)).status).toBe(403)

    const unnamed = await fetch(absolute(await h.storage.downloadUrl(key, { expiresInSeconds: 60 })))
    expect(unnamed.status).toBe(200)
    expect(unnamed.headers.get('content-disposition')).toBeNull()
    await unnamed.arrayBuffer()
  })

  it('refuses a download link whose key, name, expiry or signature was changed, or that has expired', async () => {
    const { url } = await stored(10, MWANGAZA)
    const other = await stored(10, MWANGAZA)
    const changed = (edit: (u: URL) => void) => {
      const u = new URL(url)
      edit(u)
      return u
    }
    const sig = new URL(url).searchParams.get('sig') ?? ''
    const expires = Number(new URL(url).searchParams.get('expires'))
    const refused = {
      'another key': changed((u) => {
        u.pathname = new URL(other.url).pathname
      }),
      'another name': changed((u) => u.searchParams.set('name', 'other.zip')),
      'no name': changed((u) => u.searchParams.delete('name')),
      'a later expiry': changed((u) => u.searchParams.set('expires', String(expires + 3600))),
      'another signature': changed((u) =>
        u.searchParams.set('sig', (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1)),
      ),
      'no signature': changed((u) => u.searchParams.delete('sig')),
      // Signed to end a second ago: as dead as one that ran out.
      expired: new URL(
        absolute(await h.storage.downloadUrl(other.key, { expiresInSeconds: -1, fileName: MWANGAZA })),
      ),
    }
    for (const [what, link] of Object.entries(refused)) {
      const get = await fetch(link)
      expect(get.status, what).toBe(403)
      expect(await get.text(), what).toBe(REFUSED)
      expect((await fetch(link, { method: 'HEAD' })).status, what).toBe(403)
    }
    // The same link untouched is good.
    const good = await fetch(url)
    expect(good.status).toBe(200)
    await good.arrayBuffer()
  })

  it('answers a byte range with 206 and its Content-Range', async () => {
    const { body, url } = await stored(1000)
    const ranged = async (range: string, from: number, to: number) => {
      const res = await fetch(url, { headers: { range } })
      expect(res.status, range).toBe(206)
      expect(res.headers.get('content-range'), range).toBe(`bytes ${from}-${to}/1000`)
      expect(res.headers.get('content-length'), range).toBe(String(to + 1 - from))
      expect(res.headers.get('accept-ranges'), range).toBe('bytes')
      expect((await bytesOf(res)).equals(body.subarray(from, to + 1)), range).toBe(true)
    }
    await ranged('bytes=100-199', 100, 199)
    await ranged('bytes=0-0', 0, 0)
    await ranged('bytes=999-999', 999, 999)
    await ranged('bytes=900-', 900, 999)
    await ranged('bytes=990-5000', 990, 999)
    await ranged('bytes=-100', 900, 999)
    await ranged('bytes=-5000', 0, 999)
  })

  it('refuses a range outside the file with 416 and the size', async () => {
    const { url } = await stored(1000)
    for (const range of ['bytes=1000-', 'bytes=5000-6000', 'bytes=5-2', 'bytes=-0', 'bytes=-', 'bytes=x-3']) {
      const res = await fetch(url, { headers: { range } })
      expect(res.status, range).toBe(416)
      expect(res.headers.get('content-range'), range).toBe('bytes */1000')
      await res.arrayBuffer()
    }
  })

  it('answers a request for several ranges with the whole file', async () => {
    const { body, url } = await stored(1000)
    const res = await fetch(url, { headers: { range: 'bytes=0-9,20-29' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-range')).toBeNull()
    expect((await bytesOf(res)).equals(body)).toBe(true)
  })

  it('serves a large file whole, and ranges at its end', async () => {
    const key = newKey('products', 'zip')
    const body = randomBytes(12 * 1024 * 1024)
    await h.storage.write(key, body, 'application/zip')
    const url = absolute(await h.storage.downloadUrl(key, { expiresInSeconds: 60 }))

    const whole = await fetch(url)
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-length')).toBe(String(body.length))
    expect(sha256(await bytesOf(whole))).toBe(sha256(body))

    const from = body.length - 3 * 1024 * 1024 - 17
    const tail = await fetch(url, { headers: { range: `bytes=${from}-` } })
    expect(tail.status).toBe(206)
    expect(tail.headers.get('content-range')).toBe(`bytes ${from}-${body.length - 1}/${body.length}`)
    expect(sha256(await bytesOf(tail))).toBe(sha256(body.subarray(from)))

    const last = await fetch(url, { headers: { range: `bytes=${body.length - 2}-${body.length + 10}` } })
    expect(last.status).toBe(206)
    expect((await bytesOf(last)).equals(body.subarray(body.length - 2))).toBe(true)
  })

  it('answers HEAD with the size, ETag and Accept-Ranges, and no body', async () => {
    const { body, url } = await stored(4321, MWANGAZA)
    const head = await fetch(url, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe('4321')
    expect(head.headers.get('accept-ranges')).toBe('bytes')
    expect(head.headers.get('etag')).toMatch(/^"[^"]+"$/)
    expect(new Date(head.headers.get('last-modified') ?? '').getTime()).not.toBeNaN()
    expect(head.headers.get('content-type')).toBe('application/zip')
    expect(head.headers.get('content-disposition')).toBe(MWANGAZA_DISPOSITION)
    expect(head.headers.get('cache-control')).toBe('private, no-store')
    expect((await bytesOf(head)).length).toBe(0)

    const get = await fetch(url)
    expect(get.headers.get('etag')).toBe(head.headers.get('etag'))
    expect((await bytesOf(get)).equals(body)).toBe(true)

    const ranged = await fetch(url, { method: 'HEAD', headers: { range: 'bytes=21-' } })
    expect(ranged.status).toBe(206)
    expect(ranged.headers.get('content-range')).toBe('bytes 21-4320/4321')
    expect(ranged.headers.get('content-length')).toBe('4300')
    expect(ranged.headers.get('content-disposition')).toBe(MWANGAZA_DISPOSITION)
    expect((await bytesOf(ranged)).length).toBe(0)

    const outside = await fetch(url, { method: 'HEAD', headers: { range: 'bytes=5000-' } })
    expect(outside.status).toBe(416)
    expect(outside.headers.get('content-range')).toBe('bytes */4321')
  })

  it('honours If-Range only while the file is unchanged, then sends the new file whole', async () => {
    const { key, url } = await stored(2048)
    const etag = await etagOf(url)
    expect(etag).toMatch(/^"[^"]+"$/)

    const resumed = await fetch(url, { headers: { range: 'bytes=1000-', 'if-range': etag } })
    expect(resumed.status).toBe(206)
    expect(resumed.headers.get('content-range')).toBe('bytes 1000-2047/2048')
    await resumed.arrayBuffer()

    // Other bytes of the same size.
    const changed = randomBytes(2048)
    await h.storage.write(key, changed, 'application/zip')

    const restarted = await fetch(url, { headers: { range: 'bytes=1000-', 'if-range': etag } })
    expect(restarted.status).toBe(200)
    expect(restarted.headers.get('content-range')).toBeNull()
    expect(restarted.headers.get('content-length')).toBe('2048')
    const newEtag = restarted.headers.get('etag')
    expect(newEtag).toMatch(/^"[^"]+"$/)
    expect(newEtag).not.toBe(etag)
    const version = await h.storage.fileSource.stat(key)
    expect(restarted.headers.get('last-modified')).toBe(version?.lastModified.toUTCString())
    expect((await bytesOf(restarted)).equals(changed)).toBe(true)

    // The new ETag resumes; a date or a weak tag is too coarse to resume on.
    const next = await fetch(url, { headers: { range: 'bytes=1000-', 'if-range': newEtag ?? '' } })
    expect(next.status).toBe(206)
    expect((await bytesOf(next)).equals(changed.subarray(1000))).toBe(true)
    const dated = await fetch(url, {
      headers: { range: 'bytes=1000-', 'if-range': restarted.headers.get('last-modified') ?? '' },
    })
    expect(dated.status).toBe(200)
    await dated.arrayBuffer()
    const weak = await fetch(url, { headers: { range: 'bytes=1000-', 'if-range': `W/${newEtag}` } })
    expect(weak.status).toBe(200)
    await weak.arrayBuffer()
  })

  it('answers 304 to If-None-Match with the current ETag, and the file to an old one', async () => {
    const { key, url } = await stored(100)
    const etag = await etagOf(url)
    const again = await fetch(url, { headers: { 'if-none-match': `"other", ${etag}` } })
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(etag)
    expect((await bytesOf(again)).length).toBe(0)

    const changed = randomBytes(100)
    await h.storage.write(key, changed, 'application/zip')
    const fresh = await fetch(url, { headers: { 'if-none-match': etag } })
    expect(fresh.status).toBe(200)
    expect(fresh.headers.get('etag')).not.toBe(etag)
    expect((await bytesOf(fresh)).equals(changed)).toBe(true)
  })

  /** Makes the file change right after the endpoint looked at it, as if another upload landed then. */
  const replaceAfterStat = (key: string, times: number, next: () => Buffer | null) => {
    const source = h.storage.fileSource
    const stat = source.stat.bind(source)
    let calls = 0
    return vi.spyOn(source, 'stat').mockImplementation(async (k) => {
      const version = await stat(k)
      if (k === key && calls++ < times) {
        const body = next()
        if (body) await h.storage.write(key, body, 'application/zip')
        else await h.storage.delete(key)
      }
      return version
    })
  }

  it('never sends bytes of a file replaced after it was looked at under the old ETag', async () => {
    const { key, url } = await stored(1000)
    const etag = await etagOf(url)
    const replacement = randomBytes(1000)
    const spy = replaceAfterStat(key, 1, () => replacement)

    // The ETag matched when looked at, so a range was due; the bytes are another file's, so look again.
    const res = await fetch(url, { headers: { range: 'bytes=100-199', 'if-range': etag } })
    expect(spy).toHaveBeenCalledTimes(2)
    expect(res.status).toBe(200)
    const newEtag = res.headers.get('etag')
    expect(newEtag).not.toBe(etag)
    expect(newEtag).toBe(await etagOf(url))
    expect((await bytesOf(res)).equals(replacement)).toBe(true)

    // Without If-Range the range is of the new file, under its ETag.
    vi.restoreAllMocks()
    const other = randomBytes(1000)
    replaceAfterStat(key, 1, () => other)
    const plain = await fetch(url, { headers: { range: 'bytes=100-199' } })
    expect(plain.status).toBe(206)
    expect(plain.headers.get('etag')).toBe(await etagOf(url))
    expect((await bytesOf(plain)).equals(other.subarray(100, 200))).toBe(true)
  })

  it('answers 503 for a file replaced on every look, and 404 for one deleted meanwhile', async () => {
    const { key, url } = await stored(1000)
    replaceAfterStat(key, 2, () => randomBytes(1000))
    const busy = await fetch(url)
    expect(busy.status).toBe(503)
    expect(busy.headers.get('retry-after')).toBe('1')
    await busy.arrayBuffer()
    vi.restoreAllMocks()

    replaceAfterStat(key, 1, () => null)
    const gone = await fetch(url, { headers: { range: 'bytes=0-9' } })
    expect(gone.status).toBe(404)
    await gone.arrayBuffer()
  })
})

describe('s3 storage when the bucket fails', () => {
  let s3rver: Awaited<ReturnType<typeof startS3rver>>
  let server: Awaited<ReturnType<typeof serveRoutes>>
  let storage: S3Storage
  const lines: string[] = []
  beforeAll(async () => {
    s3rver = await startS3rver()
    // The bucket refuses these credentials.
    storage = new S3Storage({ ...s3rver.settings, secretAccessKey: 'not-the-secret' }, randomBytes(32))
    server = await serveRoutes(
      storage,
      createLogger('error', (line) => lines.push(line)),
    )
  })
  afterAll(async () => {
    await server?.close()
    await s3rver?.close()
  })

  it('answers 502 with a short message, and logs why', async () => {
    const key = `products/${randomUUID()}.zip`
    const url = server.url + (await storage.downloadUrl(key, { expiresInSeconds: 60 }))
    for (const method of ['GET', 'HEAD']) {
      const res = await fetch(url, { method })
      expect(res.status, method).toBe(502)
      expect(res.headers.get('cache-control'), method).toBe('no-store')
      expect(await res.text(), method).toBe(
        method === 'GET' ? 'The file store did not answer: try again in a moment.' : '',
      )
    }
    expect(lines).toHaveLength(2)
    const [first] = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(first).toMatchObject({
      level: 'error',
      msg: 'file storage failed',
      key: expect.stringMatching(/^products\//),
    })
    expect(JSON.stringify(first?.error)).toMatch(/HeadObject products\/\S+ \(403\)/)
  })
})

describe('a download file name', () => {
  it('keeps quotes, backslashes and control characters out of the header', () => {
    expect(attachmentDisposition('say "hi"\\\r\nSet-Cookie: x.txt')).toBe(
      `attachment; filename="say _hi____Set-Cookie: x.txt"; filename*=UTF-8''say%20%22hi%22___Set-Cookie%3A%20x.txt`,
    )
    expect(attachmentDisposition("Café (remix)'s.mp3")).toBe(
      `attachment; filename="Cafe (remix)'s.mp3"; filename*=UTF-8''Caf%C3%A9%20%28remix%29%27s.mp3`,
    )
  })
})

describe('S3 storage configuration', () => {
  const s3Env = {
    STORAGE_S3_BUCKET: 'soko-files',
    STORAGE_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    STORAGE_S3_SECRET_ACCESS_KEY: 'very-secret-value',
  }

  it('keeps files on disk unless a bucket is set', () => {
    const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'soko-config-')) })
    expect(config.s3).toBeNull()
    expect(createStorage(config)).toBeInstanceOf(DiskStorage)
    rmSync(config.dataDir, { recursive: true, force: true })
  })

  it('uses the bucket when set, and needs both keys for it', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'soko-config-'))
    const config = loadConfig({ ...s3Env, DATA_DIR: dataDir, STORAGE_S3_FORCE_PATH_STYLE: 'on' })
    expect(config.s3).toMatchObject({ bucket: 'soko-files', region: 'us-east-1', forcePathStyle: true })
    // Its download URLs are this server's, signed with the same secret as the disk's.
    expect(createStorage(config)).toBeInstanceOf(S3Storage)
    rmSync(dataDir, { recursive: true, force: true })

    const noKeyId = () => loadConfig({ ...s3Env, STORAGE_S3_ACCESS_KEY_ID: '' })
    expect(noKeyId).toThrow(ConfigError)
    expect(noKeyId).toThrow(/STORAGE_S3_ACCESS_KEY_ID/)
    expect(noKeyId).not.toThrow(/very-secret-value/)
    expect(() => loadConfig({ STORAGE_S3_SECRET_ACCESS_KEY: 'x' })).toThrow(/Set STORAGE_S3_BUCKET/)
  })

  it.each([
    [{}, 'soko-files.s3.us-east-1.amazonaws.com'],
    [
      { STORAGE_S3_REGION: 'eu-west-1', STORAGE_S3_FORCE_PATH_STYLE: 'on' },
      's3.eu-west-1.amazonaws.com/soko-files/',
    ],
    [{ STORAGE_S3_ENDPOINT: 'https://s3.example.com:9000' }, 'soko-files.s3.example.com:9000'],
    [{ STORAGE_S3_ENDPOINT: 'http://127.0.0.1:9000' }, '127.0.0.1:9000/soko-files/'],
    [
      { STORAGE_S3_BUCKET: 'soko.files', STORAGE_S3_ENDPOINT: 'https://r2.example.com' },
      'r2.example.com/soko.files/',
    ],
  ])('makes the storage host of the presigned URLs (%o) its default STORAGE_HOST', async (env, host) => {
    const config = loadConfig({ ...s3Env, ...env })
    expect(config.storageHost).toBe(host)
    const storage = new S3Storage(config.s3 as S3Settings, randomBytes(32))
    const url = await storage.uploadUrl('uploads/a.jpg', {
      contentType: 'image/jpeg',
      maxBytes: 1000,
      expiresInSeconds: 60,
    })
    expect(url).toContain(`://${host}`)
  })
})
