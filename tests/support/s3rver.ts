import {
  createReadStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import type { S3Settings } from '../../server/env'

export const S3RVER_BUCKET = 'soko-test'

/** The parts of s3rver (CommonJS, untyped) these tests use. */
interface KoaContext {
  method: string
  path: string
  query: Record<string, string | undefined>
  status: number
  type: string
  body: unknown
  /** A request header. */
  get(field: string): string
  response: { get(field: string): string }
}
type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>
interface S3Object {
  content: Readable | null
  range?: { start: number; end: number }
}
interface FilesystemStore {
  getObject(bucket: string, key: string, options?: { start?: number; end?: number }): Promise<S3Object | null>
  getResourcePath(bucket: string, key: string, resource: string): string
}
interface S3rver {
  middleware: KoaMiddleware[]
  store: FilesystemStore
  run(): Promise<AddressInfo>
  close(): Promise<void>
}
const requireCjs = createRequire(import.meta.url)
const S3rver = requireCjs('@20minutes/s3rver') as new (options: Record<string, unknown>) => S3rver
const S3Error = requireCjs('@20minutes/s3rver/lib/models/error') as new (
  code: string,
  message: string,
) => Error

/**
 * s3rver 4.0.4 has no ListParts or AbortMultipartUpload (it answers 405 MethodNotAllowed once the request's
 * signature has been checked), and it takes parts and completions for uploads that do not exist. This fills
 * those gaps as S3 behaves, from s3rver's own upload folders, so the driver's real calls are exercised.
 */
function multipartGaps(root: string): KoaMiddleware {
  return async (ctx, next) => {
    const uploadId = ctx.query.uploadId
    if (uploadId === undefined || ctx.method === 'OPTIONS') return next()
    const [, bucket = '', ...rest] = ctx.path.split('/')
    const key = decodeURIComponent(rest.join('/'))
    const dir = path.join(root, bucket, '._S3rver_uploads', uploadId)
    const known = () =>
      /^[0-9a-f]+$/.test(uploadId) &&
      existsSync(path.join(dir, 'key')) &&
      readFileSync(path.join(dir, 'key'), 'utf8') === key
    const noSuchUpload = () =>
      new S3Error(
        'NoSuchUpload',
        'The specified upload does not exist. It may have been aborted or completed.',
      )
    if (ctx.method === 'PUT' || ctx.method === 'POST') {
      if (!known()) throw noSuchUpload()
      return next()
    }
    try {
      await next()
    } catch (error) {
      if ((error as { code?: string }).code !== 'MethodNotAllowed') throw error
      if (!known()) throw noSuchUpload()
      if (ctx.method === 'DELETE') {
        rmSync(dir, { recursive: true, force: true })
        ctx.status = 204
        ctx.body = null
        return
      }
      const parts = readdirSync(dir)
        .filter((name) => /^\d+$/.test(name))
        .map(Number)
        .sort((a, b) => a - b)
        .map((n) => {
          const etag = readFileSync(path.join(dir, `${n}.md5`), 'utf8')
          const size = statSync(path.join(dir, String(n))).size
          return `<Part><PartNumber>${n}</PartNumber><ETag>"${etag}"</ETag><Size>${size}</Size></Part>`
        })
      ctx.status = 200
      ctx.type = 'application/xml'
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`
    }
  }
}

/**
 * s3rver 4.0.4 ignores If-Match on GetObject. S3 answers 412 when the object's ETag is another, and the
 * driver relies on it to never stream a replaced object under the old ETag; this checks it as S3 does.
 */
function ifMatch(): KoaMiddleware {
  return async (ctx, next) => {
    const wanted = ctx.get('if-match')
    await next()
    if (!wanted || wanted === '*' || (ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.status >= 300)
      return
    const etag = ctx.response.get('etag')
    if (etag === wanted) return
    ;(ctx.body as Readable | null)?.destroy?.()
    throw new S3Error('PreconditionFailed', 'At least one of the pre-conditions you specified did not hold')
  }
}

/**
 * s3rver 4.0.4 reads a range's last byte with `end || Infinity`, so `bytes=0-0` sends the whole object (S3
 * sends the first byte). This reads that one byte as S3 does.
 */
function firstByteRange(store: FilesystemStore) {
  const getObject = store.getObject.bind(store)
  store.getObject = async (bucket, key, options) => {
    const object = await getObject(bucket, key, options)
    if (options?.end !== 0 || !object?.content) return object
    object.content.destroy()
    object.content = createReadStream(store.getResourcePath(bucket, key, 'object'), { start: 0, end: 0 })
    object.range = { start: 0, end: 0 }
    return object
  }
}

/** A local S3 server (s3rver) on a free port with one empty bucket, and the settings that reach it. */
export async function startS3rver(): Promise<{ settings: S3Settings; close(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'soko-s3rver-'))
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: dir,
    silent: true,
    configureBuckets: [{ name: S3RVER_BUCKET }],
  })
  s3rver.middleware.unshift(multipartGaps(dir), ifMatch())
  firstByteRange(s3rver.store)
  const { port } = await s3rver.run()
  return {
    settings: {
      bucket: S3RVER_BUCKET,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      // s3rver's built-in account.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async close() {
      await s3rver.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
