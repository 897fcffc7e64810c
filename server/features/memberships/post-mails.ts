import { eq, inArray } from 'drizzle-orm'
import { DEFAULT_LANG, type Lang } from '../../../contract/i18n'
import { products, users } from '../../db/schema'
import { postSms } from '../../sms/templates'
import { plainText } from '../catalog'
import { resolveUserSettings, userLanguage } from '../settings'
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
    const people = await peopleOf(
      deps,
      batch.members.map((member) => member.memberId),
    )
    for (const member of batch.members) {
      const person = people.get(member.memberId)
      const lang = person ? userLanguage(person) : DEFAULT_LANG
      if (person) await textPost(deps, batch.post.id, member.id, person, product?.title ?? '', lang)
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

type Person = Pick<
  typeof users.$inferSelect,
  'id' | 'phone' | 'phoneVerifiedAt' | 'emailVerifiedAt' | 'settings'
>

async function peopleOf(deps: MembershipServices, ids: string[]): Promise<Map<string, Person>> {
  if (ids.length === 0) return new Map()
  const rows = await deps.db
    .select({
      id: users.id,
      phone: users.phone,
      phoneVerifiedAt: users.phoneVerifiedAt,
      emailVerifiedAt: users.emailVerifiedAt,
      settings: users.settings,
    })
    .from(users)
    .where(inArray(users.id, ids))
  return new Map(rows.map((row) => [row.id, row]))
}

/**
 * A member Soko may not reach by mail (their e-mail address is not confirmed) but whose phone is: a text
 * with the link to the membership's posts, once per post and member (its event key), unless they turned
 * these texts off. A text that cannot be queued is logged; the member still reads the post in the app.
 */
async function textPost(
  deps: MembershipServices,
  postId: string,
  membershipId: string,
  person: Person,
  membership: string,
  lang: Lang,
) {
  if (person.emailVerifiedAt || !person.phone || !person.phoneVerifiedAt) return
  if (!resolveUserSettings(person).smsPosts) return
  try {
    await deps.sms.queue(deps.db, {
      eventKey: `post:${postId}:${membershipId}`,
      kind: 'post',
      phone: person.phone,
      text: postSms({
        membership,
        link: `${deps.config.publicUrl}/account/memberships?posts=${membershipId}`,
        lang,
      }),
    })
  } catch (error) {
    deps.log.error('post SMS not queued', { postId, membershipId, error })
  }
}
