import { createHash } from 'node:crypto'
import { and, eq, ne, sql } from 'drizzle-orm'
import { fileTypeOf, IMAGE_TYPES, POST_MEDIA, UPLOAD_LIMITS } from '../../../contract/catalog.constants'
import type { UploadRole, UploadTicket } from '../../../contract/catalog.contract'
import { CATALOG, CATALOG_FIELD } from '../../../contract/errors/catalog'
import type { Message, MessageParams } from '../../../contract/i18n'
import type { Db } from '../../db/client'
import { productAssets, products } from '../../db/schema'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import type { Logger } from '../../lib/log'
import { uuidv7 } from '../../lib/uuid'
import { FileChangedError } from '../../storage/file-response'
import { MAX_PARTS, MIN_PART_BYTES, type Storage, type UploadedPart } from '../../storage/storage'
import type { AssetRow } from './catalog.service'

/** Part URLs live this long; a client whose URL has expired asks for fresh ones and goes on. */
const PART_URL_TTL_SECONDS = 30 * 60
/** Part URLs signed per request: enough to keep going, few enough that the answer stays small. */
const PARTS_PER_TICKET = 8
/**
 * Widths of a photo's WebP variants, from a phone's list thumbnail to a wide screen, close enough together
 * that a phone gets little more than it shows: a card on a 390 px phone is 180 px (320), a product's photo
 * 390 px (480) and at twice the pixels 780 px (800).
 */
export const IMAGE_WIDTHS = [320, 480, 640, 800, 1024, 1600] as const

const MiB = 1024 * 1024

/** Parts of at least 5 MiB, and few enough that even 2 GB stays within S3's part count. */
export function partSizeFor(size: number): number {
  return Math.max(MIN_PART_BYTES, Math.ceil(size / (MAX_PARTS / 10) / MiB) * MiB)
}

export const partCountOf = (asset: Pick<AssetRow, 'size' | 'partSize'>) =>
  Math.max(1, Math.ceil(asset.size / asset.partSize))

const expectedPartSize = (asset: AssetRow, partNumber: number) =>
  partNumber < partCountOf(asset) ? asset.partSize : asset.size - asset.partSize * (partCountOf(asset) - 1)

/** Photos, a product's or a post's: made into WebP variants when they arrive. */
export const isPhoto = (role: UploadRole) => role === 'image' || role === 'post-image'
const forPost = (role: UploadRole) => role === 'post-image' || role === 'post-file'

export interface NewUpload {
  productId: string
  role: UploadRole
  fileName: string
  contentType: string
  size: number
}

/** Checks what a seller is about to upload before any byte is sent: type, size, room on the product. */
export async function startUpload(
  db: Db,
  storage: Storage,
  sellerId: string,
  input: NewUpload,
): Promise<AssetRow> {
  const [product] = await db
    .select({ id: products.id, kind: products.kind })
    .from(products)
    .where(
      and(eq(products.id, input.productId), eq(products.sellerId, sellerId), ne(products.status, 'archived')),
    )
  if (!product)
    throw new AppError(404, CATALOG.noSuchProduct, { fields: { productId: CATALOG_FIELD.notYours } })
  const isImage = isPhoto(input.role)
  const contentType = isImage
    ? (IMAGE_TYPES as readonly string[]).includes(input.contentType)
      ? input.contentType
      : null
    : fileTypeOf(input.fileName, input.contentType)
  if (!contentType)
    throw new AppError(400, isImage ? CATALOG.photoTypes : CATALOG.fileTypeRefused, {
      fields: { contentType: isImage ? CATALOG_FIELD.usePhotoType : CATALOG_FIELD.fileTypeRefused },
    })
  if (input.role === 'file' && product.kind !== 'digital' && product.kind !== 'membership')
    throw new AppError(400, CATALOG.onlyDigitalHasFiles, {
      fields: { role: CATALOG_FIELD.onlyDigitalHasFiles },
    })
  if (forPost(input.role) && product.kind !== 'membership')
    throw new AppError(400, CATALOG.onlyMembershipsPost, {
      fields: { role: CATALOG_FIELD.onlyMembershipsPost },
    })
  const limit = isImage ? UPLOAD_LIMITS.imageBytes : UPLOAD_LIMITS.fileBytes
  if (input.size > limit)
    throw new AppError(413, isImage ? CATALOG.photoTooLarge : CATALOG.fileTooLarge, {
      fields: { size: isImage ? CATALOG_FIELD.photoTooLarge : CATALOG_FIELD.fileTooLarge },
    })
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(productAssets)
    .where(and(eq(productAssets.productId, product.id), eq(productAssets.role, input.role)))
  const room = forPost(input.role)
    ? POST_MEDIA.perMembership
    : isImage
      ? UPLOAD_LIMITS.imagesPerProduct
      : UPLOAD_LIMITS.filesPerProduct
  if ((counted?.n ?? 0) >= room)
    throw new AppError(
      400,
      forPost(input.role) ? CATALOG.postsFull : isImage ? CATALOG.tooManyPhotos : CATALOG.tooManyFiles,
      {
        params: { room },
        fields: { role: CATALOG_FIELD.noRoom },
      },
    )

  const id = uuidv7()
  const storageKey = isImage ? `uploads/products/${product.id}/${id}` : `products/${product.id}/files/${id}`
  const multipartId = await storage.startMultipart(storageKey, contentType)
  const [asset] = await db
    .insert(productAssets)
    .values({
      id,
      productId: product.id,
      sellerId,
      role: input.role,
      storageKey,
      multipartId,
      partSize: partSizeFor(input.size),
      fileName: input.fileName,
      contentType,
      size: input.size,
      position: counted?.n ?? 0,
    })
    .returning()
  if (!asset) throw new Error('insert returned no row')
  return asset
}

/** One of the seller's uploads still under way (or just finished); anyone else's is not found. */
export async function ownUpload(db: Db, sellerId: string, uploadId: string): Promise<AssetRow> {
  const [asset] = await db
    .select()
    .from(productAssets)
    .where(and(eq(productAssets.id, uploadId), eq(productAssets.sellerId, sellerId)))
  if (!asset)
    throw new AppError(404, CATALOG.noSuchUpload, { fields: { uploadId: CATALOG_FIELD.notUploadYours } })
  return asset
}

/** The parts in storage that are whole: a part of another size (cut short) counts as not arrived. */
async function arrivedParts(storage: Storage, asset: AssetRow): Promise<UploadedPart[]> {
  const parts = await storage.listParts(asset.storageKey, asset.multipartId as string)
  return parts.filter((part) => part.size === expectedPartSize(asset, part.partNumber))
}

/** Which parts have arrived and signed URLs for the next ones still to send. */
export async function uploadTicket(storage: Storage, asset: AssetRow): Promise<UploadTicket> {
  const expiresAt = new Date(clock.ms() + PART_URL_TTL_SECONDS * 1000).toISOString()
  const base = { uploadId: asset.id, partSize: asset.partSize, partCount: partCountOf(asset), expiresAt }
  if (asset.status === 'ready' || !asset.multipartId)
    return { ...base, received: Array.from({ length: base.partCount }, (_, i) => i + 1), parts: [] }
  const received = (await arrivedParts(storage, asset)).map((part) => part.partNumber)
  const missing = Array.from({ length: base.partCount }, (_, i) => i + 1).filter((n) => !received.includes(n))
  const parts = await Promise.all(
    missing.slice(0, PARTS_PER_TICKET).map(async (partNumber) => ({
      partNumber,
      url: await storage.partUploadUrl(asset.storageKey, asset.multipartId as string, partNumber, {
        bytes: expectedPartSize(asset, partNumber),
        expiresInSeconds: PART_URL_TTL_SECONDS,
      }),
    })),
  )
  return { ...base, received, parts }
}

/** First bytes of the types that have a signature; types without one are taken as declared. */
const SIGNATURES: Record<string, (head: Buffer) => boolean> = {
  'application/pdf': (h) => h.subarray(0, 5).toString('latin1') === '%PDF-',
  'application/zip': isZip,
  'application/epub+zip': isZip,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': isZip,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': isZip,
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': isZip,
  'application/vnd.rar': (h) => h.subarray(0, 4).toString('latin1') === 'Rar!',
  'application/x-7z-compressed': (h) => h.subarray(0, 2).toString('latin1') === '7z',
  'image/png': (h) => h.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff,
  'image/gif': (h) => h.subarray(0, 4).toString('latin1') === 'GIF8',
  'image/webp': (h) => riff(h, 'WEBP'),
  'audio/wav': (h) => riff(h, 'WAVE'),
  'audio/flac': (h) => h.subarray(0, 4).toString('latin1') === 'fLaC',
  'audio/ogg': (h) => h.subarray(0, 4).toString('latin1') === 'OggS',
  'audio/mpeg': (h) =>
    h.subarray(0, 3).toString('latin1') === 'ID3' || (h[0] === 0xff && ((h[1] ?? 0) & 0xe0) === 0xe0),
  'audio/mp4': isoMedia,
  'video/mp4': isoMedia,
  'video/quicktime': isoMedia,
  'video/webm': (h) => h.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])),
  'image/vnd.adobe.photoshop': (h) => h.subarray(0, 4).toString('latin1') === '8BPS',
}

function isZip(h: Buffer) {
  return h[0] === 0x50 && h[1] === 0x4b && (h[2] === 3 || h[2] === 5) && (h[3] === 4 || h[3] === 6)
}
function riff(h: Buffer, form: string) {
  return h.subarray(0, 4).toString('latin1') === 'RIFF' && h.subarray(8, 12).toString('latin1') === form
}
function isoMedia(h: Buffer) {
  return h.subarray(4, 8).toString('latin1') === 'ftyp'
}

/** Whether a file's first bytes agree with its type. */
export function looksLike(contentType: string, head: Buffer): boolean {
  return SIGNATURES[contentType]?.(head) ?? true
}

/**
 * Reads a stored file once: its SHA-256, first 16 bytes, size and the ETag of the version read (all of it
 * one version: a file replaced while it is read fails with FileChangedError). Null when it is missing.
 */
export async function digest(
  storage: Storage,
  key: string,
): Promise<{ sha256: string; head: Buffer; size: number; etag: string } | null> {
  const version = await storage.fileSource.stat(key)
  if (!version) return null
  const hash = createHash('sha256')
  const chunks: Buffer[] = []
  let headBytes = 0
  const bytes =
    version.size === 0
      ? []
      : await storage.fileSource.stream(key, { start: 0, end: version.size - 1, ifMatch: version.etag })
  for await (const chunk of bytes) {
    const bytes = chunk as Buffer
    hash.update(bytes)
    if (headBytes < 16) {
      chunks.push(bytes.subarray(0, 16 - headBytes))
      headBytes += Math.min(bytes.length, 16 - headBytes)
    }
  }
  return { sha256: hash.digest('hex'), head: Buffer.concat(chunks), size: version.size, etag: version.etag }
}

/**
 * The size and SHA-256 of a file as it is stored now. They were recorded at upload with the version's
 * ETag; a file replaced where it is kept since (a re-upload to the same key, an operator's restore) is
 * digested again, once, so a download is checked against the bytes it gets, not the old ones.
 */
export async function currentDigest(
  db: Db,
  storage: Storage,
  file: AssetRow,
): Promise<{ size: number; sha256: string | null }> {
  const version = await storage.fileSource.stat(file.storageKey)
  if (!version) throw new AppError(404, CATALOG.fileMissing)
  if (version.etag === file.digestEtag) return { size: file.size, sha256: file.sha256 }
  let read: Awaited<ReturnType<typeof digest>>
  try {
    read = await digest(storage, file.storageKey)
  } catch (error) {
    if (error instanceof FileChangedError) throw new AppError(503, CATALOG.fileBeingReplaced)
    throw error
  }
  if (!read) throw new AppError(404, CATALOG.fileMissing)
  await db
    .update(productAssets)
    .set({ size: read.size, sha256: read.sha256, digestEtag: read.etag })
    .where(eq(productAssets.id, file.id))
  return { size: read.size, sha256: read.sha256 }
}

/**
 * Decodes a photo (so a file that only claims to be one is refused), turns it upright, strips its
 * metadata (a phone's photo carries its GPS position) and makes WebP variants no wider than the original.
 */
export async function imageVariants(
  input: Buffer,
): Promise<{ width: number; height: number; variants: { width: number; body: Buffer }[] } | null> {
  try {
    // sharp is a native library: loaded on the first photo, not at every start.
    const { default: sharp } = await import('sharp')
    const image = sharp(input, { limitInputPixels: 60_000_000, failOn: 'error' }).rotate()
    const meta = await image.metadata()
    if (!meta.width || !meta.height || !['jpeg', 'png', 'webp'].includes(meta.format ?? '')) return null
    const upright = (meta.orientation ?? 1) >= 5
    const width = upright ? meta.height : meta.width
    const height = upright ? meta.width : meta.height
    const widths: number[] = IMAGE_WIDTHS.filter((w) => w < width)
    if (widths.length < IMAGE_WIDTHS.length) widths.push(Math.min(width, IMAGE_WIDTHS.at(-1) ?? width))
    const variants = await Promise.all(
      widths.map(async (w) => ({
        width: w,
        body: await image.clone().resize({ width: w }).webp({ quality: 78 }).toBuffer(),
      })),
    )
    return { width, height, variants }
  } catch {
    return null
  }
}

/**
 * Joins an upload whose parts have all arrived, checks its size and type, and makes it ready: a photo
 * becomes WebP variants under public/, a file stays where it is with its SHA-256 recorded.
 */
export async function finishUpload(db: Db, storage: Storage, log: Logger, asset: AssetRow): Promise<void> {
  if (asset.status === 'ready') return
  const parts = await arrivedParts(storage, asset)
  const partCount = partCountOf(asset)
  const missing = partCount - parts.length
  if (missing > 0)
    throw new AppError(409, CATALOG.partsMissing, {
      params: { missing, partCount },
      fields: { uploadId: CATALOG_FIELD.notAllPartsArrived },
    })
  await storage.completeMultipart(asset.storageKey, asset.multipartId as string, parts)
  const refuse = async (status: number, message: Message, field: Message, params?: MessageParams) => {
    await storage.delete(asset.storageKey)
    await db.delete(productAssets).where(eq(productAssets.id, asset.id))
    throw new AppError(status, message, { ...(params ? { params } : {}), fields: { uploadId: field } })
  }
  const stored = await storage.stat(asset.storageKey)
  if (stored?.size !== asset.size) await refuse(400, CATALOG.sizeDiffers, CATALOG_FIELD.sizeDiffers)

  if (isPhoto(asset.role)) {
    const image = await imageVariants(await storage.read(asset.storageKey))
    if (!image) await refuse(400, CATALOG.notAPhoto, CATALOG_FIELD.notAPhoto)
    const { width, height, variants } = image as NonNullable<typeof image>
    const prefix = `public/products/${asset.productId}/${asset.id}`
    for (const variant of variants)
      await storage.write(`${prefix}-${variant.width}.webp`, variant.body, 'image/webp')
    await storage.delete(asset.storageKey)
    await markReady(db, asset, {
      storageKey: prefix,
      image: { width, height, widths: variants.map((v) => v.width) },
    })
    return
  }

  const read = await digest(storage, asset.storageKey)
  if (!read) throw new Error(`the upload of ${asset.id} is missing from storage once joined`)
  const { sha256, head, etag } = read
  if (!looksLike(asset.contentType, head))
    await refuse(400, CATALOG.typeDiffers, CATALOG_FIELD.typeDiffers, { contentType: asset.contentType })
  await markReady(db, asset, { sha256, digestEtag: etag })
  log.info('product file uploaded', { productId: asset.productId, assetId: asset.id, size: asset.size })
}

async function markReady(db: Db, asset: AssetRow, changes: Partial<AssetRow>) {
  await db
    .update(productAssets)
    .set({ ...changes, status: 'ready', multipartId: null, completedAt: clock.now() })
    .where(eq(productAssets.id, asset.id))
}

/** Removes photos and files from storage after their rows are gone; a failure only leaves litter. */
export async function deleteAssetObjects(storage: Storage, log: Logger, assets: AssetRow[]) {
  for (const asset of assets) {
    const keys =
      isPhoto(asset.role) && asset.image
        ? asset.image.widths.map((w) => `${asset.storageKey}-${w}.webp`)
        : [asset.storageKey]
    for (const key of keys)
      await storage.delete(key).catch((error: unknown) => {
        log.warn('a removed product file could not be deleted', { key, error })
      })
    if (asset.multipartId)
      await storage.abortMultipart(asset.storageKey, asset.multipartId).catch(() => undefined)
  }
}
