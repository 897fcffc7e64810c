import { type BigIntStats, createReadStream, createWriteStream, mkdirSync } from 'node:fs'
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
import { Hono } from 'hono'
import { clock } from '../lib/clock'
import type { Logger } from '../lib/log'
import { uuidv7 } from '../lib/uuid'
import { FileChangedError, serveFiles } from './file-response'
import { type Grant, UrlSigner } from './signed-url'
import {
  assertSafeKey,
  type DownloadOptions,
  decodedKey,
  type FileSource,
  type FileVersion,
  SAFE_KEY,
  type Storage,
  type StoredObject,
  type UploadedPart,
} from './storage'
import { storageWords } from './words'

const MULTIPART_ID = /^[0-9a-f-]{36}$/
/** Refused uploads up to this size are read to their end (and dropped) so their connection stays usable. */
const DRAIN_BYTES = 1024 * 1024
/** How much of a file is read at a time for a download. */
const READ_CHUNK_BYTES = 256 * 1024

/** Size, modification time to the nanosecond and inode: bytes rewritten at the same size change it. */
function etagOf(info: { size: bigint; mtimeNs: bigint; ino: bigint }): string {
  return `"${[info.size, info.mtimeNs, info.ino].map((n) => n.toString(16)).join('-')}"`
}

/** Files in DATA_DIR/files, served by this server under /files/ (so its URLs are paths on the same origin). */
export class DiskStorage implements Storage {
  private readonly signer: UrlSigner
  /** What the /files/ endpoint reads. */
  readonly fileSource: FileSource = {
    stat: (key) => this.version(key),
    stream: (key, opts) => this.bytes(key, opts),
  }

  constructor(
    private readonly root: string,
    secret: Buffer,
  ) {
    this.signer = new UrlSigner(secret)
  }

  private file(key: string): string {
    assertSafeKey(key)
    return path.join(this.root, ...key.split('/'))
  }

  async uploadUrl(key: string, opts: { contentType: string; maxBytes: number; expiresInSeconds: number }) {
    assertSafeKey(key)
    const expires = Math.floor(clock.ms() / 1000) + opts.expiresInSeconds
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
      sig: this.signer.sign(grant),
    })
    return `/files/${key}?${query}`
  }

  async downloadUrl(key: string, opts: DownloadOptions) {
    return this.signer.downloadPath(key, opts)
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

  /** The stored file's version, or null when there is none. */
  private async version(key: string): Promise<FileVersion | null> {
    const file = this.file(key)
    let contentType: string
    try {
      contentType = (JSON.parse(await readFile(`${file}.meta.json`, 'utf8')) as { contentType: string })
        .contentType
    } catch {
      return null
    }
    let info: BigIntStats
    try {
      info = await stat(file, { bigint: true })
    } catch {
      return null
    }
    if (!info.isFile()) return null
    return {
      size: Number(info.size),
      etag: etagOf(info),
      lastModified: new Date(Number(info.mtimeMs)),
      contentType,
    }
  }

  /**
   * Bytes of the version tagged `ifMatch`, read from one open file: its ETag is checked on that handle, so
   * what is sent is that version even if another file is moved into its place meanwhile.
   */
  private async bytes(key: string, opts: { start: number; end: number; ifMatch: string }) {
    let handle: FileHandle
    try {
      handle = await open(this.file(key), 'r')
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'ENOENT' || code === 'ENOTDIR') throw new FileChangedError(`${key} is gone`)
      throw error
    }
    try {
      if (etagOf(await handle.stat({ bigint: true })) !== opts.ifMatch)
        throw new FileChangedError(`${key} was replaced`)
    } catch (error) {
      await handle.close()
      throw error
    }
    // The stream closes the handle when it ends, fails, or is destroyed. Each chunk then crosses into the
    // web stream the response is sent from, which costs more than reading it: in quarter-megabyte chunks a
    // download runs about as fast as from a plain file server (in the default 64 KB ones, a third as fast).
    return handle.createReadStream({ start: opts.start, end: opts.end, highWaterMark: READ_CHUNK_BYTES })
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
    const expires = Math.floor(clock.ms() / 1000) + opts.expiresInSeconds
    const part = `${multipartId}:${partNumber}`
    const query = new URLSearchParams({
      part,
      expires: String(expires),
      max: String(opts.bytes),
      sig: this.signer.sign({ method: 'PUT', key, expires, maxBytes: opts.bytes, part }),
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
  routes(log: Logger): Hono {
    const app = new Hono()
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
      const key = decodedKey(c.req.path.slice('/files/'.length)) ?? ''
      const expires = Number(c.req.query('expires'))
      const maxBytes = Number(c.req.query('max'))
      const part = c.req.query('part')
      // A part carries no content type of its own: the upload was given one when it started.
      const contentType = part ? undefined : (c.req.header('content-type') ?? '')
      if (
        !SAFE_KEY.test(key) ||
        !this.signer.verify(
          { method: 'PUT', key, expires, contentType, maxBytes, part },
          c.req.query('sig') ?? '',
        )
      )
        return refuse(storageWords(c, 'uploadLinkExpired'), 403)
      const declared = Number(c.req.header('content-length') ?? Number.NaN)
      if (declared > maxBytes) return refuse(storageWords(c, 'tooLarge', { max: maxBytes }), 413)
      const body = c.req.raw.body
      if (!body) return c.text(storageWords(c, 'noBody'), 400)
      let target = this.file(key)
      if (part) {
        const [multipartId = '', partNumber = ''] = part.split(':')
        if ((await this.upload(multipartId))?.key !== key) return refuse(storageWords(c, 'uploadGone'), 404)
        target = path.join(this.partsDir(multipartId), String(Number(partNumber)))
      }
      const result = await this.receive(body, target, maxBytes)
      if (!result.ok)
        return result.tooLarge
          ? c.text(storageWords(c, 'tooLarge', { max: maxBytes }), 413)
          : c.text(storageWords(c, 'interrupted'), 400)
      if (part && result.received !== maxBytes) {
        await rm(target, { force: true })
        return c.text(storageWords(c, 'partSize', { size: maxBytes }), 400)
      }
      if (!part) await writeFile(`${target}.meta.json`, JSON.stringify({ contentType }))
      return c.body(null, 200, { etag: `"${result.received}-${expires}"` })
    })

    serveFiles(app, { source: this.fileSource, signer: this.signer, log })
    return app
  }
}
