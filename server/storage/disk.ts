import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs'
import {
  type FileHandle,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Hono } from 'hono'
import { uuidv7 } from '../lib/uuid'
import {
  assertSafeKey,
  attachmentDisposition,
  type DownloadOptions,
  decodedKey,
  SAFE_KEY,
  type Storage,
  type StoredObject,
  type UploadedPart,
} from './storage'

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
  /** `{multipartId}:{partNumber}` for a part of a resumable upload. */
  part?: string
  /** The name a download is saved under. */
  fileName?: string
}

const MULTIPART_ID = /^[0-9a-f-]{36}$/
/** Refused uploads up to this size are read to their end (and dropped) so their connection stays usable. */
const DRAIN_BYTES = 1024 * 1024

/** An open file to serve, with what the answer says about it. */
interface OpenedFile {
  handle: FileHandle
  size: number
  contentType: string
  etag: string
  lastModified: string
}

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for it). */
function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t.replace(/^W\//, '') === etag
  })
}

/**
 * The one byte range a request asks for, as first and last byte: null for the whole file (no Range, a unit
 * other than bytes, several ranges, or an If-Range that is not the current ETag, so a client whose copy is
 * out of date starts again), 'unsatisfiable' for a 416.
 */
function requestedRange(
  range: string | undefined,
  ifRange: string | undefined,
  etag: string,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!range || !/^bytes=/i.test(range.trim()) || range.includes(',')) return null
  // Only the strong ETag matches: an If-Range date is too coarse to be sure the bytes are the same.
  if (ifRange !== undefined && ifRange.trim() !== etag) return null
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)$/i.exec(range.trim())
  if (!match || (match[1] === '' && match[2] === '')) return 'unsatisfiable'
  const [, first = '', last = ''] = match
  if (first === '') {
    // `bytes=-n`: the last n bytes.
    const suffix = Number(last)
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(first)
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  if (start >= size || (last !== '' && Number(last) < start)) return 'unsatisfiable'
  return { start, end }
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
      grant.part ?? '',
      // Only when there is one, so the links given out before names were signed stay good.
      ...(grant.fileName === undefined ? [] : [grant.fileName]),
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

  async downloadUrl(key: string, opts: DownloadOptions) {
    assertSafeKey(key)
    const expires = Math.floor(Date.now() / 1000) + opts.expiresInSeconds
    const fileName = opts.fileName || undefined
    const query = new URLSearchParams({
      expires: String(expires),
      ...(fileName ? { name: fileName } : {}),
      sig: this.sign({ method: 'GET', key, expires, fileName }),
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
    // A new file moved into place: a download under way goes on reading the bytes its ETag names.
    const partial = `${file}.${uuidv7()}.part`
    try {
      await writeFile(partial, body)
      await rename(partial, file)
    } catch (error) {
      await rm(partial, { force: true })
      throw error
    }
  }

  async delete(key: string) {
    const file = this.file(key)
    await rm(file, { force: true })
    await rm(`${file}.meta.json`, { force: true })
  }

  async readStream(key: string) {
    await stat(this.file(key))
    return createReadStream(this.file(key))
  }

  /**
   * Opens a stored file to serve it, or null when there is none. What is served is read from this handle,
   * so it is the file the ETag describes even if another is moved into its place meanwhile.
   */
  private async openFile(key: string): Promise<OpenedFile | null> {
    const file = this.file(key)
    let contentType: string
    try {
      contentType = (JSON.parse(await readFile(`${file}.meta.json`, 'utf8')) as { contentType: string })
        .contentType
    } catch {
      return null
    }
    let handle: FileHandle
    try {
      handle = await open(file, 'r')
    } catch {
      return null
    }
    try {
      const info = await handle.stat({ bigint: true })
      if (!info.isFile()) {
        await handle.close()
        return null
      }
      // Size, modification time to the nanosecond and inode: bytes rewritten at the same size change it.
      const etag = `"${[info.size, info.mtimeNs, info.ino].map((n) => n.toString(16)).join('-')}"`
      return {
        handle,
        size: Number(info.size),
        contentType,
        etag,
        lastModified: new Date(Number(info.mtimeMs)).toUTCString(),
      }
    } catch (error) {
      await handle.close()
      throw error
    }
  }

  /** Parts wait in DATA_DIR/files/.multipart/{id}/ (no key starts with a dot, so none can reach them). */
  private partsDir(multipartId: string): string {
    if (!MULTIPART_ID.test(multipartId)) throw new Error(`not a multipart upload id: ${multipartId}`)
    return path.join(this.root, '.multipart', multipartId)
  }

  async startMultipart(key: string, contentType: string) {
    assertSafeKey(key)
    const id = uuidv7()
    await mkdir(this.partsDir(id), { recursive: true })
    await writeFile(path.join(this.partsDir(id), 'upload.json'), JSON.stringify({ key, contentType }))
    return id
  }

  async partUploadUrl(
    key: string,
    multipartId: string,
    partNumber: number,
    opts: { bytes: number; expiresInSeconds: number },
  ) {
    assertSafeKey(key)
    this.partsDir(multipartId)
    const expires = Math.floor(Date.now() / 1000) + opts.expiresInSeconds
    const part = `${multipartId}:${partNumber}`
    const query = new URLSearchParams({
      part,
      expires: String(expires),
      max: String(opts.bytes),
      sig: this.sign({ method: 'PUT', key, expires, maxBytes: opts.bytes, part }),
    })
    return `/files/${key}?${query}`
  }

  private async upload(multipartId: string): Promise<{ key: string; contentType: string } | null> {
    try {
      return JSON.parse(await readFile(path.join(this.partsDir(multipartId), 'upload.json'), 'utf8'))
    } catch {
      return null
    }
  }

  async listParts(key: string, multipartId: string): Promise<UploadedPart[]> {
    const upload = await this.upload(multipartId)
    if (upload?.key !== key) return []
    const dir = this.partsDir(multipartId)
    const names = (await readdir(dir)).filter((name) => /^\d+$/.test(name))
    const parts = await Promise.all(
      names.map(async (name) => {
        const size = (await stat(path.join(dir, name))).size
        return { partNumber: Number(name), size, etag: `"${size}-${name}"` }
      }),
    )
    return parts.sort((a, b) => a.partNumber - b.partNumber)
  }

  async completeMultipart(key: string, multipartId: string, parts: UploadedPart[]) {
    const upload = await this.upload(multipartId)
    if (upload?.key !== key) throw new Error(`no multipart upload ${multipartId} for ${key}`)
    const dir = this.partsDir(multipartId)
    const file = this.file(key)
    mkdirSync(path.dirname(file), { recursive: true })
    const joined = `${file}.${uuidv7()}.part`
    const out = createWriteStream(joined)
    try {
      for (const part of parts)
        await pipeline(createReadStream(path.join(dir, String(part.partNumber))), out, { end: false })
      await new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      )
    } catch (error) {
      out.destroy()
      await rm(joined, { force: true })
      throw error
    }
    await writeFile(`${file}.meta.json`, JSON.stringify({ contentType: upload.contentType }))
    await rename(joined, file)
    await rm(dir, { recursive: true, force: true })
  }

  async abortMultipart(_key: string, multipartId: string) {
    await rm(this.partsDir(multipartId), { recursive: true, force: true })
  }

  /** Streams a request body into `target` (via a temporary file), refusing more than maxBytes. */
  private async receive(
    body: ReadableStream,
    target: string,
    maxBytes: number,
  ): Promise<{ ok: true; received: number } | { ok: false; tooLarge: boolean }> {
    mkdirSync(path.dirname(target), { recursive: true })
    const partial = `${target}.${uuidv7()}.part`
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
      return { ok: false, tooLarge: received > maxBytes }
    }
    await rename(partial, target)
    return { ok: true, received }
  }

  /** PUT and GET /files/{key}: the storage end of signed URLs. */
  routes(app: Hono<never>) {
    app.put('/files/*', async (c) => {
      /**
       * Refuses an upload before storing it. A small body is read to its end and dropped, so the client
       * gets the answer on a connection it can go on using; a large one is not read at all, and the
       * connection is closed after the answer.
       */
      const refuse = async (message: string, status: 400 | 403 | 404 | 413) => {
        const declared = Number(c.req.header('content-length') ?? Number.NaN)
        const body = declared <= DRAIN_BYTES ? c.req.raw.body : null
        if (body) for await (const _ of body as unknown as AsyncIterable<Uint8Array>);
        return c.text(message, status, body ? {} : { connection: 'close' })
      }
      const key = decodeURIComponent(c.req.path.slice('/files/'.length))
      const expires = Number(c.req.query('expires'))
      const maxBytes = Number(c.req.query('max'))
      const part = c.req.query('part')
      // A part carries no content type of its own: the upload was given one when it started.
      const contentType = part ? undefined : (c.req.header('content-type') ?? '')
      if (
        !SAFE_KEY.test(key) ||
        !this.verify({ method: 'PUT', key, expires, contentType, maxBytes, part }, c.req.query('sig') ?? '')
      )
        return refuse('This upload link is not valid or has expired: ask for a new one.', 403)
      const declared = Number(c.req.header('content-length') ?? Number.NaN)
      if (declared > maxBytes) return refuse(`The file is larger than ${maxBytes} bytes.`, 413)
      const body = c.req.raw.body
      if (!body) return c.text('The upload has no body.', 400)
      let target = this.file(key)
      if (part) {
        const [multipartId = '', partNumber = ''] = part.split(':')
        if ((await this.upload(multipartId))?.key !== key)
          return refuse('This upload was finished or cancelled: start it again.', 404)
        target = path.join(this.partsDir(multipartId), String(Number(partNumber)))
      }
      const result = await this.receive(body, target, maxBytes)
      if (!result.ok)
        return result.tooLarge
          ? c.text(`The file is larger than ${maxBytes} bytes.`, 413)
          : c.text('The upload was interrupted: try again.', 400)
      if (part && result.received !== maxBytes) {
        await rm(target, { force: true })
        return c.text(`This part must be ${maxBytes} bytes long: send it again.`, 400)
      }
      if (!part) await writeFile(`${target}.meta.json`, JSON.stringify({ contentType }))
      return c.body(null, 200, { etag: `"${result.received}-${expires}"` })
    })

    /**
     * Reads, with a strong ETag, Last-Modified and single byte ranges (If-Range restarts a client whose
     * copy changed). Hono answers HEAD with this handler too, then drops the body; the file is not read.
     */
    app.get('/files/*', async (c) => {
      const key = decodedKey(c.req.path.slice('/files/'.length))
      if (!key || !SAFE_KEY.test(key)) return c.text('Not found', 404)
      const isPublic = key.startsWith('public/')
      const fileName = isPublic ? undefined : c.req.query('name') || undefined
      if (
        !isPublic &&
        !this.verify(
          { method: 'GET', key, expires: Number(c.req.query('expires')), fileName },
          c.req.query('sig') ?? '',
        )
      )
        return c.text('This link is not valid or has expired.', 403)
      const opened = await this.openFile(key)
      if (!opened) return c.text('Not found', 404)
      const { handle, size, etag } = opened
      // Public keys are never reused (they carry a UUID), so they can be kept for good.
      const cacheControl = isPublic ? 'public, max-age=31536000, immutable' : 'private, no-store'
      let streaming = false
      try {
        const headers: Record<string, string> = {
          'content-type': opened.contentType,
          etag,
          'last-modified': opened.lastModified,
          'accept-ranges': 'bytes',
          'cache-control': cacheControl,
        }
        if (fileName) headers['content-disposition'] = attachmentDisposition(fileName)
        if (noneMatch(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers)

        const range = requestedRange(c.req.header('range'), c.req.header('if-range'), etag, size)
        if (range === 'unsatisfiable')
          return c.text(`This file has ${size} bytes: ask for a range within them.`, 416, {
            'content-range': `bytes */${size}`,
            'accept-ranges': 'bytes',
            'cache-control': cacheControl,
          })
        const { start, end } = range ?? { start: 0, end: size - 1 }
        const status = range ? 206 : 200
        headers['content-length'] = String(end + 1 - start)
        if (range) headers['content-range'] = `bytes ${start}-${end}/${size}`
        if (c.req.method === 'HEAD' || size === 0) return c.body(null, status, headers)

        // The stream closes the handle when it ends, fails, or the client goes away.
        const stream = handle.createReadStream({ start, end })
        streaming = true
        return c.body(Readable.toWeb(stream) as ReadableStream<Uint8Array<ArrayBuffer>>, status, headers)
      } finally {
        if (!streaming) await handle.close()
      }
    })
  }
}
