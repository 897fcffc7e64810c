import { and, desc, eq, gt, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { MembershipDetails } from '../../../contract/catalog.contract'
import { MEMBERSHIPS } from '../../../contract/errors/memberships'
import type { MembershipPost, savePostInput } from '../../../contract/membership-posts.contract'
import type { Db, DbOrTx } from '../../db/client'
import { membershipPosts, memberships, products } from '../../db/schema'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { uuidv7 } from '../../lib/uuid'
import { type AssetRow, sanitizeDescription } from '../catalog'
import { checkMedia, dropUnused, mediaIdsOf, mediaOf, mediaView } from './post-media'

type PostRow = typeof membershipPosts.$inferSelect

export function postView(row: PostRow, media: Map<string, AssetRow>): MembershipPost {
  return {
    id: row.id,
    productId: row.productId,
    title: row.title,
    body: row.body,
    tierIds: row.tierIds,
    ...mediaView(row, media),
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    mailed: row.mailedAt !== null,
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** One of the seller's memberships; 404 for anyone else's, or a product of another kind. */
export async function sellersMembership(db: DbOrTx, sellerId: string, productId: string) {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.sellerId, sellerId), eq(products.kind, 'membership')))
  if (!row)
    throw new AppError(404, MEMBERSHIPS.noSuchMembershipProduct, {
      fields: { productId: MEMBERSHIPS.noSuchMembershipProduct },
    })
  return { row, details: row.details as MembershipDetails }
}

/** Posts as the contract gives them, with their pictures and files in one more query. */
async function postViews(db: DbOrTx, rows: PostRow[]): Promise<MembershipPost[]> {
  const media = await mediaOf(db, rows)
  return rows.map((row) => postView(row, media))
}

/**
 * Writes or changes a post. Publishing sets its time once (a published post changed later keeps it, and
 * is not mailed again); the memberships job mails it to its members. Pictures and files it no longer
 * names (and no other post does) are removed, rows here and their bytes by the caller.
 */
export async function savePost(
  db: Db,
  sellerId: string,
  input: z.output<typeof savePostInput>,
): Promise<{ post: MembershipPost; dropped: AssetRow[] }> {
  const { details } = await sellersMembership(db, sellerId, input.productId)
  const images = [...new Map(input.images.map((image) => [image.id, image])).values()]
  const fileIds = [...new Set(input.fileIds)]
  const known = new Set(details.tiers.map((t) => t.id))
  const unknown = input.tierIds.findIndex((id) => !known.has(id))
  if (unknown >= 0)
    throw new AppError(400, MEMBERSHIPS.unknownTier, {
      fields: { [`tierIds.${unknown}`]: MEMBERSHIPS.unknownTier },
    })
  const now = clock.now()
  const values = {
    title: input.title,
    body: sanitizeDescription(input.body),
    tierIds: [...new Set(input.tierIds)],
    images,
    fileIds,
    updatedAt: now,
  }
  if (!input.id) {
    await checkMedia(db, input.productId, images, fileIds)
    const [made] = await db
      .insert(membershipPosts)
      .values({
        id: uuidv7(),
        productId: input.productId,
        sellerId,
        ...values,
        status: input.publish ? 'published' : 'draft',
        publishedAt: input.publish ? now : null,
      })
      .returning()
    if (!made) throw new Error('post not written')
    return { post: (await postViews(db, [made]))[0] as MembershipPost, dropped: [] }
  }
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ images: membershipPosts.images, fileIds: membershipPosts.fileIds })
      .from(membershipPosts)
      .where(and(eq(membershipPosts.id, input.id as string), eq(membershipPosts.sellerId, sellerId)))
      .for('update')
    if (!before) throw new AppError(404, MEMBERSHIPS.noSuchPost, { fields: { id: MEMBERSHIPS.noSuchPost } })
    // Under the post's lock: an upload another save of it has just removed is not named again.
    await checkMedia(tx, input.productId, images, fileIds)
    const changed = await changePost(tx, input.id as string, sellerId, input, values, now)
    const dropped = await dropUnused(tx, input.productId, mediaIdsOf(before))
    return { post: (await postViews(tx, [changed]))[0] as MembershipPost, dropped }
  })
}

async function changePost(
  tx: DbOrTx,
  id: string,
  sellerId: string,
  input: z.output<typeof savePostInput>,
  values: Partial<PostRow>,
  now: Date,
): Promise<PostRow> {
  const [changed] = await tx
    .update(membershipPosts)
    .set({
      ...values,
      ...(input.publish
        ? { status: 'published' as const, publishedAt: sql`coalesce(${membershipPosts.publishedAt}, ${now})` }
        : {}),
    })
    .where(
      and(
        eq(membershipPosts.id, id),
        eq(membershipPosts.sellerId, sellerId),
        eq(membershipPosts.productId, input.productId),
      ),
    )
    .returning()
  if (!changed) throw new AppError(404, MEMBERSHIPS.noSuchPost, { fields: { id: MEMBERSHIPS.noSuchPost } })
  return changed
}

/** Deletes a post; its pictures and files no other post names go (rows here, bytes by the caller). */
export async function deletePost(db: Db, sellerId: string, id: string) {
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(membershipPosts)
      .where(and(eq(membershipPosts.id, id), eq(membershipPosts.sellerId, sellerId)))
      .returning()
    if (!deleted) throw new AppError(404, MEMBERSHIPS.noSuchPost, { fields: { id: MEMBERSHIPS.noSuchPost } })
    return { deleted: true, dropped: await dropUnused(tx, deleted.productId, mediaIdsOf(deleted)) }
  })
}

export async function listPosts(db: Db, sellerId: string, productId: string) {
  await sellersMembership(db, sellerId, productId)
  const rows = await db
    .select()
    .from(membershipPosts)
    .where(eq(membershipPosts.productId, productId))
    .orderBy(desc(membershipPosts.createdAt))
    .limit(200)
  return postViews(db, rows)
}

/** The posts a member reads: published, for all members or their tier, while the membership lasts. */
export async function memberPosts(db: Db, memberId: string, membershipId: string) {
  const [member] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.id, membershipId), eq(memberships.memberId, memberId)))
  if (!member)
    throw new AppError(404, MEMBERSHIPS.noSuchMembership, {
      fields: { membershipId: MEMBERSHIPS.noSuchMembership },
    })
  if (member.status === 'ended')
    throw new AppError(403, MEMBERSHIPS.ended, { fields: { membershipId: MEMBERSHIPS.ended } })
  if (member.status === 'paused')
    throw new AppError(403, MEMBERSHIPS.pausedPosts, { fields: { membershipId: MEMBERSHIPS.pausedPosts } })
  const [product] = await db
    .select({ title: products.title })
    .from(products)
    .where(eq(products.id, member.productId))
  const rows = await db
    .select()
    .from(membershipPosts)
    .where(
      and(
        eq(membershipPosts.productId, member.productId),
        eq(membershipPosts.status, 'published'),
        lte(membershipPosts.publishedAt, clock.now()),
        or(
          sql`cardinality(${membershipPosts.tierIds}) = 0`,
          sql`${member.tierId} = any(${membershipPosts.tierIds})`,
        ),
      ),
    )
    .orderBy(desc(membershipPosts.publishedAt))
    .limit(200)
  return { posts: await postViews(db, rows), title: product?.title ?? '', orderId: member.firstOrderId }
}

/** The next post whose mails are not all sent, and the next members of its tiers to mail (by id). */
export async function nextMailBatch(tx: DbOrTx, limit: number) {
  const [post] = await tx
    .select()
    .from(membershipPosts)
    .where(and(eq(membershipPosts.status, 'published'), isNull(membershipPosts.mailedAt)))
    .orderBy(membershipPosts.publishedAt)
    .limit(1)
    .for('update', { skipLocked: true })
  if (!post) return null
  const members = await tx
    .select()
    .from(memberships)
    .where(
      and(
        eq(memberships.productId, post.productId),
        // Paused members are not mailed: its posts are closed to them meanwhile.
        notInArray(memberships.status, ['ended', 'paused']),
        post.mailedThrough ? gt(memberships.id, post.mailedThrough) : undefined,
        post.tierIds.length > 0 ? inArray(memberships.tierId, post.tierIds) : undefined,
      ),
    )
    .orderBy(memberships.id)
    .limit(limit)
  const last = members.at(-1)
  await tx
    .update(membershipPosts)
    .set({
      mailedThrough: last?.id ?? post.mailedThrough,
      ...(members.length < limit ? { mailedAt: clock.now() } : {}),
    })
    .where(eq(membershipPosts.id, post.id))
  return { post, members }
}
