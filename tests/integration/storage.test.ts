import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { utimes } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, type S3Settings } from '../../server/env'
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

async function serveRoutes(storage: ServedStorage) {
  const app = new Hono()
  storage.routes(app as unknown as Hono<never>)
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
    const storage = new S3Storage(s3rver.settings)
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

describe.each(['disk', 's3'] as const)('%s storage', (kind) => {
  let h: Harness
  beforeAll(async () => {
    h = await harnesses[kind]()
  })
  afterAll(() => h?.close())

  /** Disk URLs are paths on this server; S3 URLs are absolute. */
  const absolute = (url: string) => new URL(url, h.url).href
  const newKey = (prefix: string, ext: string) => `${prefix}/${randomUUID()}.${ext}`

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

    const get = await fetch(absolute(await h.storage.downloadUrl(key, { expiresInSeconds: 60 })))
    expect(get.status).toBe(200)
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
    expect(etag).toBeTruthy()

    const again = await fetch(url, { headers: { 'if-none-match': etag ?? '' } })
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(etag)

    expect((await fetch(`${h.url}/files/public/avatars%2F..%2F..%2Fsecret`)).status).toBe(404)
    if (kind === 's3') expect((await fetch(`${h.url}/files/public/%E0%A4%A`)).status).toBe(404)

    await h.storage.delete(key)
    expect(await h.storage.stat(key)).toBeNull()
    expect((await fetch(url)).status).toBe(404)
  })

  it('answers null for the stat of a missing key, and refuses to read it', async () => {
    const key = newKey('uploads', 'pdf')
    expect(await h.storage.stat(key)).toBeNull()
    await expect(h.storage.read(key)).rejects.toThrow()
    await expect(h.storage.readStream(key)).rejects.toThrow()
    const get = await fetch(absolute(await h.storage.downloadUrl(key, { expiresInSeconds: 60 })))
    expect(get.status).toBe(404)
  })

  it('saves a download under the name it was signed with, and refuses another name', async () => {
    const key = newKey('products', 'zip')
    const body = randomBytes(500)
    await h.storage.write(key, body, 'application/zip')
    const url = absolute(await h.storage.downloadUrl(key, { expiresInSeconds: 60, fileName: MWANGAZA }))

    if (kind === 'disk') {
      const get = await fetch(url)
      expect(get.status).toBe(200)
      expect(get.headers.get('content-disposition')).toBe(MWANGAZA_DISPOSITION)
      expect(get.headers.get('content-type')).toBe('application/zip')
      expect((await bytesOf(get)).equals(body)).toBe(true)
    } else {
      // s3rver 4.0.4 encodes query values with encodeURIComponent to check a signature, where S3 and the
      // presigner use RFC 3986, so it refuses every signed value holding `'` or `*`, as `filename*=UTF-8''…`
      // does. S3 answers the signed response-content-disposition as it is, so that is what is checked.
      expect(new URL(url).searchParams.get('response-content-disposition')).toBe(MWANGAZA_DISPOSITION)
    }

    // The name travels in the query (S3: response-content-disposition), under the signature.
    const tampered = new URL(url)
    const param = kind === 'disk' ? 'name' : 'response-content-disposition'
    tampered.searchParams.set(param, kind === 'disk' ? 'invoice.exe' : 'attachment; filename="invoice.exe"')
    expect((await fetch(tampered)).status).toBe(403)
    tampered.searchParams.delete(param)
    expect((await fetch(tampered)).status).toBe(403)

    const unnamed = await fetch(absolute(await h.storage.downloadUrl(key, { expiresInSeconds: 60 })))
    expect(unnamed.status).toBe(200)
    expect(unnamed.headers.get('content-disposition')).toBeNull()
  })

  it('answers a byte range with 206 and its Content-Range', async () => {
    const key = newKey('products', 'bin')
    const body = randomBytes(1000)
    await h.storage.write(key, body, 'application/octet-stream')
    const url = absolute(await h.storage.downloadUrl(key, { expiresInSeconds: 60 }))
    const ranged = async (range: string, from: number, to: number) => {
      const res = await fetch(url, { headers: { range } })
      expect(res.status, range).toBe(206)
      expect(res.headers.get('content-range'), range).toBe(`bytes ${from}-${to}/1000`)
      expect(res.headers.get('content-length'), range).toBe(String(to + 1 - from))
      expect(res.headers.get('accept-ranges'), range).toBe('bytes')
      expect((await bytesOf(res)).equals(body.subarray(from, to + 1)), range).toBe(true)
    }
    await ranged('bytes=100-199', 100, 199)
    await ranged('bytes=900-', 900, 999)
    await ranged('bytes=990-5000', 990, 999)
    // s3rver reads `bytes=-n` as `bytes=0-n` (S3 itself serves the last n bytes), so this one is on disk only.
    if (kind === 'disk') await ranged('bytes=-100', 900, 999)
  })

  it('refuses a range outside the file with 416', async () => {
    const key = newKey('products', 'bin')
    await h.storage.write(key, randomBytes(1000), 'application/octet-stream')
    const url = absolute(await h.storage.downloadUrl(key, { expiresInSeconds: 60 }))
    for (const range of ['bytes=1000-', 'bytes=5000-6000', 'bytes=5-2']) {
      const res = await fetch(url, { headers: { range } })
      expect(res.status, range).toBe(416)
      // s3rver leaves Content-Range out of its 416.
      if (kind === 'disk') expect(res.headers.get('content-range'), range).toBe('bytes */1000')
      await res.arrayBuffer()
    }
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
})

/**
 * What the disk driver's /files/ route answers itself. On S3 the bucket answers these, and s3rver has no
 * If-Range (it serves the range whatever the tag), no HEAD on a presigned GET and no suffix ranges.
 */
describe('disk storage downloads', () => {
  let dir: string
  let storage: DiskStorage
  let server: Awaited<ReturnType<typeof serveRoutes>>
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'soko-downloads-'))
    storage = new DiskStorage(path.join(dir, 'files'), randomBytes(32))
    server = await serveRoutes(storage)
  })
  afterAll(async () => {
    await server?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const stored = async (size: number, fileName?: string) => {
    const key = `products/${randomUUID()}.zip`
    const body = randomBytes(size)
    await storage.write(key, body, 'application/zip')
    const url = server.url + (await storage.downloadUrl(key, { expiresInSeconds: 60, fileName }))
    return { key, body, url }
  }

  it('answers HEAD with the size, ETag and Accept-Ranges, and no body', async () => {
    const { body, url } = await stored(4321, MWANGAZA)
    const head = await fetch(url, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe('4321')
    expect(head.headers.get('accept-ranges')).toBe('bytes')
    expect(head.headers.get('etag')).toMatch(/^"[0-9a-f-]+"$/)
    expect(head.headers.get('last-modified')).toBeTruthy()
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
  })

  it('refuses a HEAD on a link that is not valid', async () => {
    const { url } = await stored(10, MWANGAZA)
    const tampered = new URL(url)
    tampered.searchParams.set('name', 'other.zip')
    const head = await fetch(tampered, { method: 'HEAD' })
    expect(head.status).toBe(403)
    const get = await fetch(tampered)
    expect(await get.text()).toBe('This link is not valid or has expired.')
  })

  it('answers a request for several ranges with the whole file', async () => {
    const { body, url } = await stored(1000)
    const res = await fetch(url, { headers: { range: 'bytes=0-9,20-29' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-range')).toBeNull()
    expect((await bytesOf(res)).equals(body)).toBe(true)
  })

  it('honours If-Range only while the file is unchanged, then sends the new file whole', async () => {
    const { key, url } = await stored(2048)
    const etag = (await fetch(url, { method: 'HEAD' })).headers.get('etag') ?? ''
    expect(etag).toMatch(/^"/)

    const resumed = await fetch(url, { headers: { range: 'bytes=1000-', 'if-range': etag } })
    expect(resumed.status).toBe(206)
    expect(resumed.headers.get('content-range')).toBe('bytes 1000-2047/2048')
    await resumed.arrayBuffer()

    // Other bytes of the same size, with a modification time of its own.
    const changed = randomBytes(2048)
    await storage.write(key, changed, 'application/zip')
    const later = new Date(Date.now() + 60_000)
    await utimes(path.join(dir, 'files', ...key.split('/')), later, later)

    const restarted = await fetch(url, { headers: { range: 'bytes=1000-', 'if-range': etag } })
    expect(restarted.status).toBe(200)
    expect(restarted.headers.get('content-range')).toBeNull()
    const newEtag = restarted.headers.get('etag')
    expect(newEtag).toMatch(/^"/)
    expect(newEtag).not.toBe(etag)
    expect(restarted.headers.get('last-modified')).toBe(later.toUTCString())
    expect((await bytesOf(restarted)).equals(changed)).toBe(true)

    const dated = await fetch(url, { headers: { range: 'bytes=1000-', 'if-range': later.toUTCString() } })
    expect(dated.status).toBe(200)
    await dated.arrayBuffer()
    const weak = await fetch(url, { headers: { range: 'bytes=1000-', 'if-range': `W/${newEtag}` } })
    expect(weak.status).toBe(200)
    await weak.arrayBuffer()
  })

  it('answers 304 to If-None-Match with the current ETag', async () => {
    const { url } = await stored(100)
    const etag = (await fetch(url, { method: 'HEAD' })).headers.get('etag') ?? ''
    const again = await fetch(url, { headers: { 'if-none-match': `"other", ${etag}` } })
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(etag)
  })

  it('serves ranges of public files too', async () => {
    const key = `public/avatars/${randomUUID()}.webp`
    const body = randomBytes(300)
    await storage.write(key, body, 'image/webp')
    const res = await fetch(server.url + publicFilePath(key), { headers: { range: 'bytes=-50' } })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-range')).toBe('bytes 250-299/300')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await bytesOf(res)).equals(body.subarray(250))).toBe(true)
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
    const config = loadConfig({ ...s3Env, STORAGE_S3_FORCE_PATH_STYLE: 'on' })
    expect(config.s3).toMatchObject({ bucket: 'soko-files', region: 'us-east-1', forcePathStyle: true })
    expect(createStorage(config)).toBeInstanceOf(S3Storage)

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
    const storage = new S3Storage(config.s3 as S3Settings)
    const url = await storage.uploadUrl('uploads/a.jpg', {
      contentType: 'image/jpeg',
      maxBytes: 1000,
      expiresInSeconds: 60,
    })
    expect(url).toContain(`://${host}`)
  })
})
