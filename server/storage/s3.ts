import type { Readable } from 'node:stream'
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import type { Hono } from 'hono'
import type { S3Settings } from '../env'
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

/** The HTTP status of a failed S3 call: S3-compatible services agree on statuses more than on error names. */
function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode
}

/**
 * Files in an S3 bucket (AWS or any S3-compatible service). The browser uploads and downloads on presigned
 * URLs straight to the bucket (absolute URLs, unlike the disk's same-origin paths); `public/` keys are
 * still served by this server under /files/public/, so their addresses never depend on the driver.
 *
 * A presigned PUT cannot cap the size of what is sent (`maxBytes` is not enforced here, unlike on disk):
 * callers check `stat().size` once the upload is in, as setAvatar does.
 */
export class S3Storage implements Storage {
  private readonly client: S3Client
  private readonly bucket: string

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket
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
    assertSafeKey(key)
    // S3 answers with this Content-Disposition; it is in the signed query, so it cannot be changed. Ranges,
    // If-Range and the ETag are S3's own.
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: opts.fileName ? attachmentDisposition(opts.fileName) : undefined,
    })
    return getSignedUrl(this.client, command, { expiresIn: opts.expiresInSeconds })
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

  /** GET /files/public/{key}: public files through this server, streamed from the bucket. */
  routes(app: Hono<never>) {
    app.get('/files/public/*', async (c) => {
      const key = decodedKey(c.req.path.slice('/files/'.length))
      if (!key || !SAFE_KEY.test(key)) return c.text('Not found', 404)
      const ifNoneMatch = c.req.header('if-none-match')
      // Public keys are never reused (they carry a UUID), so they can be kept for good.
      const cacheControl = 'public, max-age=31536000, immutable'
      try {
        const object = await this.client.send(
          new GetObjectCommand({ Bucket: this.bucket, Key: key, IfNoneMatch: ifNoneMatch }),
        )
        if (!object.Body) return c.text('Not found', 404)
        const headers: Record<string, string> = {
          'content-type': object.ContentType ?? 'application/octet-stream',
          'cache-control': cacheControl,
        }
        if (object.ETag) headers.etag = object.ETag
        if (object.ContentLength !== undefined) headers['content-length'] = String(object.ContentLength)
        return c.body(
          object.Body.transformToWebStream() as ReadableStream<Uint8Array<ArrayBuffer>>,
          200,
          headers,
        )
      } catch (error) {
        const status = statusOf(error)
        // S3 checked If-None-Match itself: the browser's copy is current.
        if (status === 304) {
          // S3 sends the object's ETag along; some compatible services do not, and then the one tag the
          // browser sent is it.
          const sent = (error as { $response?: { headers?: Record<string, string> } }).$response?.headers
            ?.etag
          const etag = sent ?? (ifNoneMatch && !ifNoneMatch.includes(',') ? ifNoneMatch : undefined)
          return c.body(null, 304, { 'cache-control': cacheControl, ...(etag ? { etag } : {}) })
        }
        if (status === 404) return c.text('Not found', 404)
        throw error
      }
    })
  }
}
