import { eq } from 'drizzle-orm'
import { products } from '../../db/schema'
import { plainText } from '../catalog'
import { userLanguageOf } from '../settings'
import type { MembershipServices } from './deps'
import { postMail } from './mails'
import { nextMailBatch } from './posts.service'

/** Members mailed per claim; a post to thousands goes out over several runs of the job. */
const BATCH = 50
/** Batches per run, so one large post never holds up the renewals behind it for long. */
const RUN_BATCHES = 10

/**
 * Mails published posts to their members, a batch at a time: each batch is claimed under the post's lock
 * (the cursor moved on before any mail goes), so two instances never mail one member twice; a mail that
 * fails is logged, and the member still reads the post on their page.
 */
export async function mailPosts(deps: MembershipServices): Promise<number> {
  let sent = 0
  for (let i = 0; i < RUN_BATCHES; i++) {
    const batch = await deps.db.transaction((tx) => nextMailBatch(tx, BATCH))
    if (!batch) break
    const [product] = await deps.db
      .select({ title: products.title })
      .from(products)
      .where(eq(products.id, batch.post.productId))
    const words = plainText(batch.post.body)
    const excerpt = words.length > 280 ? `${words.slice(0, 279)}…` : words
    for (const member of batch.members) {
      const lang = await userLanguageOf(deps.db, member.memberId)
      try {
        await deps.mailer.send(
          postMail(
            deps,
            { email: member.email, membershipId: member.id, lang },
            {
              title: batch.post.title,
              excerpt,
              membership: product?.title ?? '',
              images: batch.post.images.length,
              files: batch.post.fileIds.length,
            },
          ),
        )
        sent++
      } catch (error) {
        deps.log.error('post mail not sent', { postId: batch.post.id, membershipId: member.id, error })
      }
    }
  }
  return sent
}
