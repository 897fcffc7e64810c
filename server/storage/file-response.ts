import { Readable } from 'node:stream'
import type { Hono } from 'hono'
import type { Logger } from '../lib/log'
import type { UrlSigner } from './signed-url'
import { attachmentDisposition, decodedKey, type FileSource, SAFE_KEY } from './storage'
import { storageWords } from './words'

/** The file is no longer the version asked for (replaced or removed since it was looked at). */
export class FileChangedError extends Error {}

/** The storage behind a driver failed: the bucket did not answer, or answered something unusable. */
export class StorageUnavailableError extends Error {}

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

/**
 * GET and HEAD /files/{key}: private files on signed URLs, `public/` keys for anyone. Answers with a strong
 * ETag, Last-Modified, single byte ranges (If-Range restarts a client whose copy changed), 304 and 416,
 * the same whichever driver holds the bytes. Hono answers HEAD with this handler and drops the body; the
 * bytes are not read for it.
 */
export function serveFiles(
  app: Hono,
  { source, signer, log }: { source: FileSource; signer: UrlSigner; log: Logger },
) {
  app.get('/files/*', async (c) => {
    const key = decodedKey(c.req.path.slice('/files/'.length))
    if (!key || !SAFE_KEY.test(key)) return c.text(storageWords(c, 'notFound'), 404)
    const isPublic = key.startsWith('public/')
    const fileName = isPublic ? undefined : c.req.query('name') || undefined
    if (
      !isPublic &&
      !signer.verify(
        { method: 'GET', key, expires: Number(c.req.query('expires')), fileName },
        c.req.query('sig') ?? '',
      )
    )
      return c.text(storageWords(c, 'linkExpired'), 403)
    // Public keys are never reused (they carry a UUID), so they can be kept for good.
    const cacheControl = isPublic ? 'public, max-age=31536000, immutable' : 'private, no-store'

    try {
      // A second look when the file was replaced between its stat and its bytes; a third change that fast
      // is answered 503 rather than chased.
      for (let look = 0; look < 2; look++) {
        const file = await source.stat(key)
        if (!file) return c.text(storageWords(c, 'notFound'), 404, { 'cache-control': 'no-store' })
        const { size, etag } = file
        const headers: Record<string, string> = {
          'content-type': file.contentType,
          etag,
          'last-modified': file.lastModified.toUTCString(),
          'accept-ranges': 'bytes',
          'cache-control': cacheControl,
        }
        if (fileName) headers['content-disposition'] = attachmentDisposition(fileName)
        if (noneMatch(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers)

        const range = requestedRange(c.req.header('range'), c.req.header('if-range'), etag, size)
        if (range === 'unsatisfiable')
          return c.text(storageWords(c, 'rangeOutside', { size }), 416, {
            'content-range': `bytes */${size}`,
            'accept-ranges': 'bytes',
            'cache-control': cacheControl,
          })
        const { start, end } = range ?? { start: 0, end: size - 1 }
        const status = range ? 206 : 200
        headers['content-length'] = String(end + 1 - start)
        if (range) headers['content-range'] = `bytes ${start}-${end}/${size}`
        if (c.req.method === 'HEAD' || size === 0) return c.body(null, status, headers)

        try {
          const bytes = await source.stream(key, { start, end, ifMatch: etag })
          // Cancelled when the client goes away, which destroys the stream and frees the file or connection.
          return c.body(Readable.toWeb(bytes) as ReadableStream<Uint8Array<ArrayBuffer>>, status, headers)
        } catch (error) {
          if (!(error instanceof FileChangedError)) throw error
        }
      }
      return c.text(storageWords(c, 'replacing'), 503, {
        'retry-after': '1',
        'cache-control': 'no-store',
      })
    } catch (error) {
      if (!(error instanceof StorageUnavailableError)) throw error
      const { requestId } = c.var as { requestId?: string }
      log.error('file storage failed', { requestId, key, error })
      return c.text(storageWords(c, 'storeDown'), 502, {
        'retry-after': '5',
        'cache-control': 'no-store',
      })
    }
  })
}
