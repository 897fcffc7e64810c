import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../../server/db/schema'
import { mailPosts } from '../../server/features/memberships'
import { apiOf, keyOf } from '../support/api'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { joinedByCard } from '../support/memberships'
import { readOutbox } from '../support/outbox'
import { data } from '../support/payouts'
import { productOnSale, sellerOf } from '../support/shop'

/**
 * Members' posts and the seller's view of members: a post is for every member or chosen tiers, cleaned of
 * hostile markup, read only by members whose membership lasts, and mailed once to each (two instances
 * mailing at once included); the seller sees members, MRR by currency and the months' joins and losses,
 * in the app and the seller API.
 */

const kes = (amount: number) => ({ amount, currency: 'KES' as const })

describe.each(databaseKinds)('membership posts and members, on %s', (kind) => {
  let app: RunningApp
  let second: RunningApp | null = null
  let seller: { id: string; token: string }
  let productId = ''
  const tiers: Record<string, string> = {}
  const members: Record<string, { id: string; token: string; email: string }> = {}

  async function join(name: string, tier: string, interval: 'month' | 'year' = 'month') {
    const email = `${name}@example.com`
    const { person, membership } = await joinedByCard(app, email, productId, tiers[tier] ?? '', interval)
    members[name] = { id: membership.id, token: person.token, email }
  }

  beforeAll(async () => {
    app = await startApp(kind)
    if (kind === 'postgres') second = await startApp(kind, {}, { sharing: app })
    seller = await sellerOf(app, 'posts-seller')
    productId = await productOnSale(app, seller.id, {
      kind: 'membership',
      title: 'Poetry circle',
      slug: 'poetry-circle',
      price: kes(300_00),
      details: {
        tiers: [
          {
            name: 'Reader',
            prices: [
              { interval: 'month', price: kes(300_00) },
              { interval: 'year', price: kes(3_000_00) },
            ],
          },
          { name: 'Patron', prices: [{ interval: 'month', price: kes(1_000_00) }] },
        ],
      },
    })
    const [row] = await app.database.db.select().from(products).where(eq(products.id, productId))
    const saved = (row?.details as { tiers?: { id: string; name: string }[] } | undefined)?.tiers ?? []
    for (const tier of saved) tiers[tier.name] = tier.id
    await join('reader-one', 'Reader')
    await join('reader-two', 'Reader', 'year')
    await join('patron', 'Patron')
  }, 90_000)
  afterAll(async () => {
    await second?.close()
    await app?.close()
  })

  it('shows a post to the members it is for, cleaned, and mails each of them once', async () => {
    const draft = await app.call(
      'saveMembershipPost',
      { productId, title: 'Draft thoughts', body: '<p>Not yet</p>' },
      seller.token,
    )
    expect(data(draft).post).toMatchObject({ status: 'draft', publishedAt: null })
    // A draft is nobody's to read.
    expect(
      data(await app.call('listMemberPosts', { membershipId: members.patron?.id }, members.patron?.token))
        .posts,
    ).toEqual([])

    const hostile =
      '<p>New stanza <strong>tonight</strong><script>alert(1)</script><img src=x onerror=alert(2)></p>'
    const forPatrons = await app.call(
      'saveMembershipPost',
      { productId, title: 'For patrons', body: hostile, tierIds: [tiers.Patron], publish: true },
      seller.token,
    )
    expect(forPatrons.status, JSON.stringify(forPatrons.body)).toBe(200)
    expect(data(forPatrons).post.body).toBe('<p>New stanza <strong>tonight</strong></p>')
    const forAll = await app.call(
      'saveMembershipPost',
      { productId, title: 'For everyone', body: '<p>Hello, circle</p>', publish: true },
      seller.token,
    )
    expect(forAll.status).toBe(200)

    const titles = async (who: string) =>
      data(
        await app.call('listMemberPosts', { membershipId: members[who]?.id }, members[who]?.token),
      ).posts.map((p: { title: string }) => p.title)
    expect(await titles('patron')).toEqual(['For everyone', 'For patrons'])
    expect(await titles('reader-one')).toEqual(['For everyone'])
    // Another member's membership is not theirs to read.
    expect(
      (await app.call('listMemberPosts', { membershipId: members.patron?.id }, members['reader-one']?.token))
        .status,
    ).toBe(404)

    // Mailed by the job on two instances at once: once to each member it is for.
    const before = (await readOutbox(app.database.db)).length
    await Promise.all([mailPosts(app.services), mailPosts((second ?? app).services), mailPosts(app.services)])
    const mails = (await readOutbox(app.database.db)).slice(before)
    const sent = mails.map((m) => `${m.to} ${m.subject}`).sort()
    expect(sent).toEqual(
      [
        'patron@example.com Poetry circle: For everyone',
        'patron@example.com Poetry circle: For patrons',
        'reader-one@example.com Poetry circle: For everyone',
        'reader-two@example.com Poetry circle: For everyone',
      ].sort(),
    )
    expect(mails[0]?.text).toContain('/account/memberships?posts=')
    await mailPosts(app.services)
    expect((await readOutbox(app.database.db)).length).toBe(before + 4)
    // Changing a published post does not mail it again.
    await app.call(
      'saveMembershipPost',
      {
        id: data(forAll).post.id,
        productId,
        title: 'For everyone (edited)',
        body: '<p>Hi</p>',
        publish: true,
      },
      seller.token,
    )
    await mailPosts(app.services)
    expect((await readOutbox(app.database.db)).length).toBe(before + 4)
  })

  it('is written only by the membership’s seller, for its own tiers', async () => {
    const other = await sellerOf(app, 'posts-other')
    const theirs = await app.call(
      'saveMembershipPost',
      { productId, title: 'Not mine', body: '<p>x</p>' },
      other.token,
    )
    expect(theirs.status).toBe(404)
    const wrongTier = await app.call(
      'saveMembershipPost',
      { productId, title: 'Odd tier', body: '<p>x</p>', tierIds: ['m-nope'] },
      seller.token,
    )
    expect(wrongTier.status).toBe(400)
    expect(wrongTier.body.errors).toEqual({ 'tierIds.0': 'Choose tiers of this membership' })
    const empty = await app.call(
      'saveMembershipPost',
      { productId, title: 'x', body: '<p> </p>' },
      seller.token,
    )
    expect(empty.body.errors).toMatchObject({
      title: 'Give the post a title',
      body: 'Write what members will read',
    })
    const buyer = members.patron
    expect((await app.call('listMembershipPosts', { productId }, buyer?.token)).status).toBe(403)
  })

  it('gives the seller members, MRR by currency and the month’s joins, in the app and the API', async () => {
    const overview = data(await app.call('getMembersOverview', { productId }, seller.token))
    expect(overview).toMatchObject({ current: 3, pastDue: 0, mrr: [kes(300_00 + 250_00 + 1_000_00)] })
    expect(
      overview.members.map((m: { email: string; tier: string }) => `${m.email} ${m.tier}`).sort(),
    ).toEqual(['patron@example.com Patron', 'reader-one@example.com Reader', 'reader-two@example.com Reader'])
    expect(overview.months).toHaveLength(12)
    expect(overview.months.at(-1)).toMatchObject({ joined: 3, lost: 0 })

    // A member who cancels still counts until the period ends.
    await app.call('cancelMembership', { id: members['reader-one']?.id }, members['reader-one']?.token)
    const after = data(await app.call('getMembersOverview', { productId }, seller.token))
    expect(after.current).toBe(3)
    expect(after.members.find((m: { email: string }) => m.email === 'reader-one@example.com')?.state).toBe(
      'cancelled',
    )

    const api = apiOf(app)
    const { secret: key } = await keyOf(app, seller.token, [
      'customers:read',
      'products:read',
      'products:write',
    ])
    const viaApi = await api('GET', `/memberships/${productId}/members`, { key })
    expect(viaApi.status, JSON.stringify(viaApi.body)).toBe(200)
    expect(viaApi.body.data).toMatchObject({ current: 3 })
    const posted = await api('POST', '/membership-posts', {
      key,
      body: { productId, title: 'From a tool', body: '<p>Automated hello</p>' },
    })
    expect(posted.status, JSON.stringify(posted.body)).toBe(201)
    expect(posted.body.data).toMatchObject({ title: 'From a tool', status: 'draft' })
    const listed = await api('GET', `/memberships/${productId}/posts`, { key })
    expect(listed.body.data.map((p: { title: string }) => p.title)).toContain('From a tool')
    expect((await api('DELETE', `/membership-posts/${posted.body.data.id}`, { key })).status).toBe(200)
    // Someone else's membership is not found.
    const other = await sellerOf(app, 'posts-api-other')
    const { secret: otherKey } = await keyOf(app, other.token, ['customers:read'])
    expect((await api('GET', `/memberships/${productId}/members`, { key: otherKey })).status).toBe(404)
  })
})
