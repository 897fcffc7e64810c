import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
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
import { MIN_PART_BYTES, publicFilePath } from '../../server/storage/storage'
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
