import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Hono } from 'hono'
import { uuidv7 } from '../lib/uuid'
import { assertSafeKey, SAFE_KEY, type Storage, type StoredObject } from './storage'

/**
 * The signing secret: STORAGE_SIGNING_SECRET when set (several instances sharing a disk need the same
 * one), else made once and kept in DATA_DIR/storage-secret, readable by this user only.
 */
export function storageSecret(dataDir: string, fromEnv?: string): Buffer {
  if (fromEnv) return Buffer.from(fromEnv, 'utf8')
  const file = path.join(dataDir, 'storage-secret')
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' })
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8')
}

interface Grant {
  method: 'PUT' | 'GET'
  key: string
  expires: number
  contentType?: string
  maxBytes?: number
}

/** Files in DATA_DIR/files, served by this server under /files/ (so its URLs are paths on the same origin). */
export class DiskStorage implements Storage {
  constructor(
    private readonly root: string,
    private readonly secret: Buffer,
  ) {}

  private file(key: string): string {
    assertSafeKey(key)
    return path.join(this.root, ...key.split('/'))
  }

  private sign(grant: Grant): string {
    const payload = [
      grant.method,
      grant.key,
      grant.expires,
      grant.contentType ?? '',
      grant.maxBytes ?? '',
    ].join('\n')
    return createHmac('sha256', this.secret).update(payload).digest('base64url')
  }

  /** Whether a request carries a valid, unexpired signature for this grant. */
  verify(grant: Grant, signature: string): boolean {
    if (!Number.isFinite(grant.expires) || grant.expires * 1000 < Date.now()) return false
    const expected = Buffer.from(this.sign(grant))
    const given = Buffer.from(signature)
    return expected.length === given.length && timingSafeEqual(expected, given)
  }

  async uploadUrl(key: string, opts: { contentType: string; maxBytes: number; expiresInSeconds: number }) {
    assertSafeKey(key)
    const expires = Math.floor(Date.now() / 1000) + opts.expiresInSeconds
    const grant: Grant = {
      method: 'PUT',
      key,
      expires,
      contentType: opts.contentType,
      maxBytes: opts.maxBytes,
    }
    const query = new URLSearchParams({
      expires: String(expires),
      max: String(opts.maxBytes),
      sig: this.sign(grant),
    })
    return `/files/${key}?${query}`
  }

  async downloadUrl(key: string, opts: { expiresInSeconds: number }) {
    assertSafeKey(key)
    const expires = Math.floor(Date.now() / 1000) + opts.expiresInSeconds
    const query = new URLSearchParams({
      expires: String(expires),
      sig: this.sign({ method: 'GET', key, expires }),
    })
    return `/files/${key}?${query}`
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const [info, meta] = await Promise.all([
        stat(this.file(key)),
        readFile(`${this.file(key)}.meta.json`, 'utf8'),
      ])
      return { size: info.size, contentType: (JSON.parse(meta) as { contentType: string }).contentType }
    } catch {
      return null
    }
  }

  read(key: string) {
    return readFile(this.file(key))
  }

  async write(key: string, body: Buffer, contentType: string) {
    const file = this.file(key)
    mkdirSync(path.dirname(file), { recursive: true })
    await writeFile(`${file}.meta.json`, JSON.stringify({ contentType }))
    await writeFile(file, body)
  }

  async delete(key: string) {
    const file = this.file(key)
    await rm(file, { force: true })
    await rm(`${file}.meta.json`, { force: true })
  }

  /** PUT and GET /files/{key}: the storage end of signed URLs. */
  routes(app: Hono<never>) {
    app.put('/files/*', async (c) => {
      const key = decodeURIComponent(c.req.path.slice('/files/'.length))
      const expires = Number(c.req.query('expires'))
      const maxBytes = Number(c.req.query('max'))
      const contentType = c.req.header('content-type') ?? ''
      if (
        !SAFE_KEY.test(key) ||
        !this.verify({ method: 'PUT', key, expires, contentType, maxBytes }, c.req.query('sig') ?? '')
      )
        return c.text('This upload link is not valid or has expired: ask for a new one.', 403)
      const declared = Number(c.req.header('content-length') ?? Number.NaN)
      if (declared > maxBytes) return c.text(`The file is larger than ${maxBytes} bytes.`, 413)
      const body = c.req.raw.body
      if (!body) return c.text('The upload has no body.', 400)
      const file = this.file(key)
      mkdirSync(path.dirname(file), { recursive: true })
      const partial = `${file}.${uuidv7()}.part`
      let received = 0
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          received += chunk.length
          done(received > maxBytes ? new Error('too large') : null, chunk)
        },
      })
      try {
        await pipeline(Readable.fromWeb(body as never), limit, createWriteStream(partial))
      } catch {
        await rm(partial, { force: true })
        return received > maxBytes
          ? c.text(`The file is larger than ${maxBytes} bytes.`, 413)
          : c.text('The upload was interrupted: try again.', 400)
      }
      await writeFile(`${file}.meta.json`, JSON.stringify({ contentType }))
      await rename(partial, file)
      return c.body(null, 200, { etag: `"${received}-${expires}"` })
    })

    app.get('/files/*', async (c) => {
      const key = decodeURIComponent(c.req.path.slice('/files/'.length))
      if (!SAFE_KEY.test(key)) return c.text('Not found', 404)
      const isPublic = key.startsWith('public/')
      if (
        !isPublic &&
        !this.verify(
          { method: 'GET', key, expires: Number(c.req.query('expires')) },
          c.req.query('sig') ?? '',
        )
      )
        return c.text('This link is not valid or has expired.', 403)
      const object = await this.stat(key)
      if (!object) return c.text('Not found', 404)
      const etag = `"${object.size.toString(16)}-${Buffer.from(key).toString('base64url').slice(-16)}"`
      const headers = {
        'content-type': object.contentType,
        etag,
        // Public keys are never reused (they carry a UUID), so they can be kept for good.
        'cache-control': isPublic ? 'public, max-age=31536000, immutable' : 'private, no-store',
      }
      if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers)
      const data = await this.read(key)
      return c.body(
        new Uint8Array(data.buffer, data.byteOffset, data.byteLength) as Uint8Array<ArrayBuffer>,
        200,
        headers,
      )
    })
  }
}
