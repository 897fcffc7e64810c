import type { Tx } from '../../db/client'
import { membershipPosts } from '../../db/schema'
import { clock } from '../../lib/clock'
import { uuidv7 } from '../../lib/uuid'
import type { ProductRow } from '../catalog'

/**
 * The demo membership's first post, published a week ago for every member, so a member who joins reads
 * something at once. Marked mailed: the demo has no members to mail it to.
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
}
