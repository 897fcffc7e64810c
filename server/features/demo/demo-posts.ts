import { eq } from 'drizzle-orm'
import type { MembershipDetails } from '../../../contract/catalog.contract'
import type { Tx } from '../../db/client'
import { membershipPosts, productAssets, products as productsTable } from '../../db/schema'
import { clock } from '../../lib/clock'
import { uuidv7 } from '../../lib/uuid'
import type { ProductRow } from '../catalog'

/**
 * The demo membership's first post, published a week ago for every member, so a member who joins reads
 * something at once (marked mailed: the demo has no members to mail it to); and its files given to every
 * tier, so a member finds them in their library.
 */
export async function seedDemoPosts(tx: Tx, sellerId: string, products: ProductRow[]) {
  const circle = products.find((p) => p.kind === 'membership')
  if (!circle) return
  const week = new Date(clock.ms() - 7 * 86_400_000)
  await tx.insert(membershipPosts).values({
    id: uuidv7(),
    productId: circle.id,
    sellerId,
    title: 'How the Nairobi Nights presets began',
    body:
      '<p>The first of these presets came from one night on Moi Avenue: sodium lights, a wet road and a ' +
      'matatu going past.</p><p>This month I show the raw photo, every slider I moved, and why.</p>' +
      '<ul><li>Start from the shadows, not the highlights</li><li>Keep the reds warm, the blues cool</li></ul>',
    status: 'published',
    publishedAt: week,
    mailedAt: week,
    createdAt: week,
    updatedAt: week,
  })
  const details = circle.details as MembershipDetails
  const given = await tx
    .select({ id: productAssets.id, role: productAssets.role })
    .from(productAssets)
    .where(eq(productAssets.productId, circle.id))
  const fileIds = given.filter((a) => a.role === 'file').map((a) => a.id)
  await tx
    .update(productsTable)
    .set({ details: { ...details, tiers: details.tiers.map((tier) => ({ ...tier, files: fileIds })) } })
    .where(eq(productsTable.id, circle.id))
}
