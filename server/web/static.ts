import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** A file ready to send: bytes, its precompressed variants, strong ETag and caching rule. */
export interface Asset {
  body: Buffer
  br?: Buffer
  gzip?: Buffer
  etag: string
  type: string
  cacheControl: string
  /** Made at run time: compressed on first request, in the encoding asked for, and kept. */
  lazy?: boolean
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
}

const IMMUTABLE = 'public, max-age=31536000, immutable'
/** May be stored, but asked about again before each use (a 304 costs a few bytes). */
const REVALIDATE = 'no-cache'

/**
 * How long a file may be kept. Hashed names never change content, so they are kept a year; the files
 * that say which build is current (HTML, service worker, manifest, build pointer) and pages' data are always
 * revalidated.
 */
export function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/assets/') || urlPath.startsWith('/builds/meta/')) return IMMUTABLE
  if (urlPath === '/builds/latest.json') return 'no-store'
  if (/\.(html|webmanifest)$/.test(urlPath) || urlPath === '/sw.js' || urlPath === '/registerSW.js')
    return REVALIDATE
  // Pages' data: some state the platform's terms, which an admin changes at any time.
  if (urlPath.endsWith('/_payload.json')) return REVALIDATE
  return 'public, max-age=3600, must-revalidate'
}

export function makeAsset(
  urlPath: string,
  body: Buffer,
  variants: { br?: Buffer; gzip?: Buffer } = {},
): Asset {
  return {
    body,
    ...variants,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    type: types[path.extname(urlPath)] ?? 'application/octet-stream',
    cacheControl: cacheControlFor(urlPath),
  }
}

/** Compressed variants for text worth compressing; the build writes them ahead, this is for the HTML. */
export function compressVariants(body: Buffer, brotliQuality = 11): { br?: Buffer; gzip?: Buffer } {
  if (body.length < 512) return {}
  return {
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } }),
    gzip: gzipSync(body, { level: 9 }),
  }
}

/**
 * An answer made at run time (a rendered page, a payload) that is kept and sent many times: compressed
 * when a client first asks for an encoding, once per encoding.
 */
export function makeLazyAsset(urlPath: string, body: Buffer, cacheControl?: string): Asset {
  const asset = makeAsset(urlPath, body)
  if (cacheControl) asset.cacheControl = cacheControl
  if (body.length >= 512) asset.lazy = true
  return asset
}

/**
 * Reads the built PWA into memory once at start (a few hundred kilobytes): every request is then a map
 * lookup, and the `.br`/`.gz` files the build wrote beside each asset are used as they are.
 */
export function loadAssets(clientDir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>()
  if (!existsSync(clientDir)) return assets
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name)
      if (statSync(file).isDirectory()) {
        walk(file)
        continue
      }
      if (name.endsWith('.br') || name.endsWith('.gz')) continue
      const urlPath = `/${path.relative(clientDir, file).split(path.sep).join('/')}`
      const read = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : undefined)
      const br = read('.br')
      const gzip = read('.gz')
      assets.set(
        urlPath,
        makeAsset(urlPath, readFileSync(file), { ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) }),
      )
    }
  }
  walk(clientDir)
  return assets
}

/** Picks the smallest encoding the client accepts. */
export function negotiate(asset: Asset, acceptEncoding: string): { body: Buffer; encoding?: 'br' | 'gzip' } {
  const accepts = (coding: string) =>
    acceptEncoding.split(',').some((part) => {
      const [name, ...params] = part.trim().split(';')
      return name?.trim() === coding && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))
    })
  if (asset.lazy) {
    if (accepts('br'))
      asset.br ??= brotliCompressSync(asset.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    else if (accepts('gzip')) asset.gzip ??= gzipSync(asset.body, { level: 6 })
  }
  if (asset.br && accepts('br')) return { body: asset.br, encoding: 'br' }
  if (asset.gzip && accepts('gzip')) return { body: asset.gzip, encoding: 'gzip' }
  return { body: asset.body }
}
