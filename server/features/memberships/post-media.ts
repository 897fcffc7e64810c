import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import { MEMBERSHIPS } from '../../../contract/errors/memberships'
import type { MembershipPost } from '../../../contract/membership-posts.contract'
import type { DbOrTx } from '../../db/client'
import { membershipPosts, productAssets } from '../../db/schema'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import type { Logger } from '../../lib/log'
import type { Storage } from '../../storage/storage'
import { type AssetRow, deleteAssetObjects, toFile, toImage } from '../catalog'

/**
 * A post's pictures and files are uploads of its membership (roles `post-image` and `post-file`), named by
 * the post. Pictures become WebP variants at addresses nobody can guess, like product photos, so the app,
 * the offline cache and a mail client show them; files stay private, and a member downloads them through
 * the order that started the membership, with a link that expires. What no post uses any more is removed.
 */

type PostRow = typeof membershipPosts.$inferSelect

/** Uploads made for a post and never saved in one are removed after this long. */
const UNSAVED_MEDIA_MS = 24 * 60 * 60 * 1000

/** The ready uploads these posts name, by id. */
export async function mediaOf(db: DbOrTx, rows: PostRow[]): Promise<Map<string, AssetRow>> {
  const ids = [...new Set(rows.flatMap((row) => [...row.images.map((image) => image.id), ...row.fileIds]))]
  if (ids.length === 0) return new Map()
  const found = await db
    .select()
    .from(productAssets)
    .where(and(inArray(productAssets.id, ids), eq(productAssets.status, 'ready')))
  return new Map(found.map((asset) => [asset.id, asset]))
}

/** A post's pictures (with their words) and files as the contract gives them, in the post's order. */
export function mediaView(
  row: PostRow,
  media: Map<string, AssetRow>,
): Pick<MembershipPost, 'images' | 'files'> {
  return {
    images: row.images.flatMap(({ id, alt }) => {
      const asset = media.get(id)
      return asset ? [{ ...toImage(asset), alt }] : []
    }),
    files: row.fileIds.flatMap((id) => {
      const asset = media.get(id)
      return asset ? [toFile(asset)] : []
    }),
  }
}

/**
 * Checks that each picture and file is a finished upload for this membership's posts, of its kind: any
 * other id (another membership's, a product photo, an upload still under way) is a 400 at its field.
 */
export async function checkMedia(
  db: DbOrTx,
  productId: string,
  images: { id: string }[],
  fileIds: string[],
): Promise<void> {
  const ids = [...images.map((image) => image.id), ...fileIds]
  if (ids.length === 0) return
  const rows = await db
    .select({ id: productAssets.id, role: productAssets.role })
    .from(productAssets)
    .where(
      and(
        eq(productAssets.productId, productId),
        inArray(productAssets.id, ids),
        eq(productAssets.status, 'ready'),
      ),
    )
  const roles = new Map(rows.map((row) => [row.id, row.role]))
  const image = images.findIndex(({ id }) => roles.get(id) !== 'post-image')
  if (image >= 0)
    throw new AppError(400, MEMBERSHIPS.notPostUpload, {
      fields: { [`images.${image}.id`]: MEMBERSHIPS.notPostUpload },
    })
  const file = fileIds.findIndex((id) => roles.get(id) !== 'post-file')
  if (file >= 0)
    throw new AppError(400, MEMBERSHIPS.notPostUpload, {
      fields: { [`fileIds.${file}`]: MEMBERSHIPS.notPostUpload },
    })
}

/** Of these uploads, the ones no post of the membership names any more: their rows go, and are returned. */
export async function dropUnused(db: DbOrTx, productId: string, ids: string[]): Promise<AssetRow[]> {
  if (ids.length === 0) return []
  return db
    .delete(productAssets)
    .where(
      and(
        eq(productAssets.productId, productId),
        inArray(productAssets.id, ids),
        inArray(productAssets.role, ['post-image', 'post-file']),
        sql`not exists (select 1 from ${membershipPosts} p where p.product_id = ${productAssets.productId}
          and (${productAssets.id} = any(p.file_ids)
            or p.images @> jsonb_build_array(jsonb_build_object('id', ${productAssets.id}::text))))`,
      ),
    )
    .returning()
}

/** Every upload a post names, its pictures' and its files'. */
export function mediaIdsOf(row: Pick<PostRow, 'images' | 'fileIds'>): string[] {
  return [...row.images.map((image) => image.id), ...row.fileIds]
}

/**
 * Removes uploads made for posts that no post has named for a day (picked in the editor, never saved),
 * rows then stored bytes. Run by the memberships job; returns how many went.
 */
export async function sweepUnsavedMedia(db: DbOrTx, storage: Storage, log: Logger): Promise<number> {
  const gone = await db
    .delete(productAssets)
    .where(
      and(
        inArray(productAssets.role, ['post-image', 'post-file']),
        lt(productAssets.createdAt, new Date(clock.ms() - UNSAVED_MEDIA_MS)),
        sql`not exists (select 1 from ${membershipPosts} p where p.product_id = ${productAssets.productId}
          and (${productAssets.id} = any(p.file_ids)
            or p.images @> jsonb_build_array(jsonb_build_object('id', ${productAssets.id}::text))))`,
      ),
    )
    .returning()
  await deleteAssetObjects(storage, log, gone)
  return gone.length
}
