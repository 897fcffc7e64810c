import type { Readable } from 'node:stream'
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  type HeadObjectCommandOutput,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { Hono } from 'hono'
import type { S3Settings } from '../env'
import type { Logger } from '../lib/log'
import { FileChangedError, StorageUnavailableError, serveFiles } from './file-response'
import { UrlSigner } from './signed-url'
import {
  assertSafeKey,
  type DownloadOptions,
  type FileSource,
  type FileVersion,
  type Storage,
  type StoredObject,
  type UploadedPart,
} from './storage'

/** The HTTP status of a failed S3 call: S3-compatible services agree on statuses more than on error names. */
function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode
}

/** A failed bucket call as the log reads it: the call, the key, the status and what the bucket said. */
function unavailable(call: string, key: string, error: unknown): StorageUnavailableError {
  const status = statusOf(error)
  const said = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  return new StorageUnavailableError(`${call} ${key}${status ? ` (${status})` : ''}: ${said}`, {
    cause: error,
  })
}

/**
 * Files in an S3 bucket (AWS or any S3-compatible service). The browser uploads on presigned URLs straight
 * to the bucket (absolute URLs, unlike the disk's same-origin paths). Downloads go through this server's
 * /files/ on URLs it signs, as on disk, and it streams them from the bucket: so Range, If-Range (which
 * GetObject lacks), HEAD and the ETag answer the same on both drivers, and `public/` addresses never
 * depend on the driver.
 *
 * A presigned PUT cannot cap the size of what is sent (`maxBytes` is not enforced here, unlike on disk):
 * callers check `stat().size` once the upload is in, as setAvatar does.
 */
export class S3Storage implements Storage {
  private readonly client: S3Client
  private readonly bucket: string
  private readonly signer: UrlSigner
  /** What the /files/ endpoint reads: HeadObject, then GetObject of that version. */
  readonly fileSource: FileSource = {
    stat: (key) => this.version(key),
    stream: (key, opts) => this.bytes(key, opts),
  }

  /** `secret` signs the download URLs of this server's /files/, as the disk driver's do. */
  constructor(settings: S3Settings, secret: Buffer) {
    this.bucket = settings.bucket
    this.signer = new UrlSigner(secret)
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint ?? undefined,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // The SDK's default checksums end up in presigned URLs as the checksum of an empty body, so real
      // uploads would be refused; many S3-compatible services do not support them either.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    })
  }

  async uploadUrl(key: string, opts: { contentType: string; maxBytes: number; expiresInSeconds: number }) {
    assertSafeKey(key)
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: opts.contentType })
    // The presigner leaves Content-Type out of the signature unless told: signing it makes S3 refuse a
    // PUT of any other type, as the disk driver does.
    return getSignedUrl(this.client, command, {
      expiresIn: opts.expiresInSeconds,
      signableHeaders: new Set(['content-type']),
    })
  }

  async downloadUrl(key: string, opts: DownloadOptions) {
    return this.signer.downloadPath(key, opts)
  }

  async stat(key: string): Promise<StoredObject | null> {
    assertSafeKey(key)
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }))
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? 'application/octet-stream' }
    } catch (error) {
      if (statusOf(error) === 404) return null
      throw error
    }
  }

  private async get(key: string) {
    assertSafeKey(key)
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }))
    if (!object.Body) throw new Error(`storage answered no body for ${key}`)
    return object.Body
  }

  async read(key: string) {
    return Buffer.from(await (await this.get(key)).transformToByteArray())
  }

  async readStream(key: string) {
    // In Node the SDK's body is the HTTP response itself, a Readable.
    return (await this.get(key)) as Readable
  }

  async write(key: string, body: Buffer, contentType: string) {
    assertSafeKey(key)
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
      }),
    )
  }

  async delete(key: string) {
    assertSafeKey(key)
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))
  }

  async startMultipart(key: string, contentType: string) {
    assertSafeKey(key)
    const upload = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
    )
    if (!upload.UploadId) throw new Error(`storage started no multipart upload for ${key}`)
    return upload.UploadId
  }

  async partUploadUrl(
    key: string,
    multipartId: string,
    partNumber: number,
    opts: { bytes: number; expiresInSeconds: number },
  ) {
    assertSafeKey(key)
    const command = new UploadPartCommand({
      Bucket: this.bucket,
      Key: key,
      UploadId: multipartId,
      PartNumber: partNumber,
      ContentLength: opts.bytes,
    })
    // The length is signed, so the part must be exactly this size: a presigned URL has no other limit.
    return getSignedUrl(this.client, command, {
      expiresIn: opts.expiresInSeconds,
      signableHeaders: new Set(['content-length']),
    })
  }

  async listParts(key: string, multipartId: string): Promise<UploadedPart[]> {
    assertSafeKey(key)
    const parts: UploadedPart[] = []
    let marker: string | undefined
    try {
      // S3 answers at most 1,000 parts a page; an upload may have up to 10,000.
      for (;;) {
        const page = await this.client.send(
          new ListPartsCommand({
            Bucket: this.bucket,
            Key: key,
            UploadId: multipartId,
            PartNumberMarker: marker,
          }),
        )
        for (const part of page.Parts ?? [])
          if (part.PartNumber !== undefined)
            parts.push({ partNumber: part.PartNumber, size: part.Size ?? 0, etag: part.ETag ?? '' })
        if (!page.IsTruncated || !page.NextPartNumberMarker) break
        marker = page.NextPartNumberMarker
      }
    } catch (error) {
      // NoSuchUpload: finished, aborted or never started.
      if (statusOf(error) === 404) return []
      throw error
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber)
  }

  async completeMultipart(key: string, multipartId: string, parts: UploadedPart[]) {
    assertSafeKey(key)
    await this.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: this.bucket,
        Key: key,
        UploadId: multipartId,
        MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) },
      }),
    )
  }

  async abortMultipart(key: string, multipartId: string) {
    assertSafeKey(key)
    try {
      await this.client.send(
        new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: multipartId }),
      )
    } catch (error) {
      // Already gone: aborting is idempotent, as on disk.
      if (statusOf(error) !== 404) throw error
    }
  }

  /** The object's version from HeadObject, or null when there is none. */
  private async version(key: string): Promise<FileVersion | null> {
    assertSafeKey(key)
    let head: HeadObjectCommandOutput
    try {
      head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }))
    } catch (error) {
      if (statusOf(error) === 404) return null
      throw unavailable('HeadObject', key, error)
    }
    if (!head.ETag || head.ContentLength === undefined)
      throw new StorageUnavailableError(`HeadObject ${key}: the bucket answered no ETag or no length`)
    return {
      size: head.ContentLength,
      // S3's ETag is quoted and strong (an MD5, or for multipart uploads an MD5 of the parts' MD5s).
      etag: head.ETag.startsWith('"') ? head.ETag : `"${head.ETag}"`,
      lastModified: head.LastModified ?? new Date(0),
      contentType: head.ContentType ?? 'application/octet-stream',
    }
  }

  /**
   * Bytes of the version tagged `ifMatch`: GetObject with If-Match, so an object replaced since the HEAD
   * is a 412 (a 404 once deleted) and not the new object's bytes; the range is always `bytes=a-b`, as
   * the endpoint resolved it against the size it answers with.
   */
  private async bytes(key: string, opts: { start: number; end: number; ifMatch: string }) {
    assertSafeKey(key)
    let object: GetObjectCommandOutput
    try {
      object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: `bytes=${opts.start}-${opts.end}`,
          IfMatch: opts.ifMatch,
        }),
      )
    } catch (error) {
      const status = statusOf(error)
      if (status === 412 || status === 404) throw new FileChangedError(`${key} was replaced or removed`)
      throw unavailable('GetObject', key, error)
    }
    // In Node the SDK's body is the HTTP response itself, a Readable.
    const body = object.Body as Readable | undefined
    const length = opts.end + 1 - opts.start
    // Services that ignore If-Match still say which version they sent; and a body of another length would
    // break the Content-Length already promised.
    if (object.ETag && object.ETag.replace(/^"|"$/g, '') !== opts.ifMatch.replace(/^"|"$/g, '')) {
      body?.destroy()
      throw new FileChangedError(`${key} was replaced`)
    }
    if (!body || object.ContentLength !== length) {
      body?.destroy()
      throw new StorageUnavailableError(
        `GetObject ${key}: asked for ${length} bytes (${opts.start}-${opts.end}), the bucket answered ${object.ContentLength ?? 'none'}`,
      )
    }
    return body
  }

  /** GET /files/{key}: downloads and public files through this server, streamed from the bucket. */
  routes(log: Logger): Hono {
    const app = new Hono()
    serveFiles(app, { source: this.fileSource, signer: this.signer, log })
    return app
  }
}
