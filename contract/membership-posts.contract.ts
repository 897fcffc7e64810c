import { z } from 'zod'
import { MAX_TIERS, POST_MEDIA } from './catalog.constants'
import { CHOOSE_MEMBERSHIP } from './memberships.contract'
import { money } from './money'
import { description, productFile, productImage } from './product.schema'
import { defineSubject } from './rpc'
import { say } from './say'

/**
 * What a membership's seller does with it beyond selling it: posts for members (all, or chosen tiers),
 * and the members themselves, with what they bring in each month (MRR) and who joined and left when.
 */

const productId = z.uuid({ error: say(CHOOSE_MEMBERSHIP) })
const POST_TITLE = /*i18n*/ { id: 'memberships.postTitle', message: 'Give the post a title' }
const CHOOSE_UPLOAD = /*i18n*/ { id: 'memberships.chooseUpload', message: 'Upload it again' }
const postId = z.uuid({ error: say(/*i18n*/ { id: 'memberships.choosePost', message: 'Choose a post' }) })

export const membershipPost = z.object({
  id: z.string(),
  productId: z.string(),
  title: z.string(),
  /** Rich text (bold, headings, lists, quotes, links), cleaned by the server. */
  body: z.string(),
  /** The tiers it is for; empty for every member. */
  tierIds: z.array(z.string()),
  /** Pictures shown under its words, in order, each with the words that describe it. */
  images: z.array(productImage.extend({ alt: z.string() })),
  /** Files its members download (resumably, into their library on the device). */
  files: z.array(productFile),
  status: z.enum(['draft', 'published']),
  publishedAt: z.string().nullable(),
  /** Published: whether every member it is for has been mailed. */
  mailed: z.boolean(),
  updatedAt: z.string(),
})
export type MembershipPost = z.infer<typeof membershipPost>

export const savePostInput = z.strictObject({
  /** Left out to write a new post; given to change one. */
  id: postId.optional(),
  productId,
  title: z
    .string({ error: say(POST_TITLE) })
    .trim()
    .min(2, say(POST_TITLE))
    .max(
      140,
      say(/*i18n*/ { id: 'memberships.postTitleLength', message: 'Keep the title under 140 characters' }),
    ),
  body: description.refine(
    (text) => text.replace(/<[^>]*>/g, '').trim().length > 0,
    say(/*i18n*/ { id: 'memberships.postBody', message: 'Write what members will read' }),
  ),
  tierIds: z.array(z.string().max(40)).max(MAX_TIERS).default([]),
  /** Pictures uploaded for posts of this membership (`post-image`), in the order shown. */
  images: z
    .array(
      z.strictObject({
        id: z.uuid({ error: say(CHOOSE_UPLOAD) }),
        alt: z
          .string()
          .trim()
          .max(
            300,
            say(
              /*i18n*/ {
                id: 'memberships.altLength',
                message: 'Describe the picture in under 300 characters',
              },
            ),
          )
          .default(''),
      }),
    )
    .max(
      POST_MEDIA.imagesPerPost,
      say(
        /*i18n*/ { id: 'memberships.postImages', message: 'A post can have up to {room} pictures' },
        {
          room: POST_MEDIA.imagesPerPost,
        },
      ),
    )
    .default([]),
  /** Files uploaded for posts of this membership (`post-file`). */
  fileIds: z
    .array(z.uuid({ error: say(CHOOSE_UPLOAD) }))
    .max(
      POST_MEDIA.filesPerPost,
      say(
        /*i18n*/ { id: 'memberships.postFiles', message: 'A post can have up to {room} files' },
        {
          room: POST_MEDIA.filesPerPost,
        },
      ),
    )
    .default([]),
  /** Publish now (members read it and are mailed); otherwise kept as a draft. */
  publish: z.boolean().default(false),
})

export const memberRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  tier: z.string(),
  interval: z.enum(['month', 'year']),
  price: money,
  state: z.enum(['active', 'past_due', 'paused', 'cancelled', 'ended']),
  joinedAt: z.string(),
  periodEnd: z.string(),
  endedAt: z.string().nullable(),
})
export type MemberRow = z.infer<typeof memberRow>

export const membersOverview = z.object({
  product: z.object({ id: z.string(), title: z.string(), slug: z.string() }),
  /**
   * What members not yet ended pay per month, by currency (a yearly price counts a twelfth); members in a
   * free trial pay nothing yet and are not in it.
   */
  mrr: z.array(money),
  /** Members whose membership has not ended, and those past due or in a free trial among them. */
  current: z.number().int(),
  pastDue: z.number().int(),
  inTrial: z.number().int(),
  /** The last twelve months (in Nairobi time), oldest first: who joined, and whose membership ended. */
  months: z.array(z.object({ month: z.string(), joined: z.number().int(), lost: z.number().int() })),
  members: z.array(memberRow),
})
export type MembersOverview = z.infer<typeof membersOverview>

export const membershipPostsContract = {
  saveMembershipPost: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary:
      'Writes a post for one of your memberships’ members, or changes one: to all of them or to tiers you ' +
      'name. Published, its members read it on their Memberships page and each is mailed once.',
    input: savePostInput,
    output: z.object({ post: membershipPost }),
  }),
  deleteMembershipPost: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary: 'Deletes one of your posts: members no longer see it.',
    input: z.strictObject({ id: postId }),
    output: z.object({ deleted: z.boolean() }),
  }),
  listMembershipPosts: defineSubject({
    kind: 'query',
    access: 'seller',
    summary: 'The posts of one of your memberships, newest first, drafts too.',
    input: z.strictObject({ productId }),
    output: z.object({ posts: z.array(membershipPost) }),
  }),
  listMemberPosts: defineSubject({
    kind: 'query',
    access: 'user',
    summary:
      'The posts of a membership of yours that are for your tier, newest first, while it has not ended.',
    input: z.strictObject({
      membershipId: z.uuid({ error: say(CHOOSE_MEMBERSHIP) }),
    }),
    // `orderId`: the order that started the membership, through which its posts' files download.
    output: z.object({ posts: z.array(membershipPost), title: z.string(), orderId: z.string() }),
  }),
  getMembersOverview: defineSubject({
    kind: 'query',
    access: 'seller',
    summary:
      'The members of one of your memberships (newest first, ended ones too), what they bring in each ' +
      'month by currency, and who joined and left in each of the last twelve months.',
    input: z.strictObject({ productId }),
    output: membersOverview,
  }),
}
