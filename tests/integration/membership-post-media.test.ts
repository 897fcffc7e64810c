import { eq, inArray } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { UploadTicket } from '../../contract/catalog.contract'
import type { MembershipPost } from '../../contract/membership-posts.contract'
import { memberships, productAssets, products, users } from '../../server/db/schema'
import { createSession } from '../../server/features/accounts/sessions'
import { mailPosts, sweepUnsavedMedia } from '../../server/features/memberships'
import { clock } from '../../server/lib/clock'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { joinedByCard } from '../support/memberships'
import { readOutbox } from '../support/outbox'
import { data } from '../support/payouts'
import { productOnSale, sellerOf } from '../support/shop'

/**
 * A post's pictures and files: uploaded for the membership's posts (not the product's photos or files),
 * named by the post, shown and downloadable only to the members the post is for, mentioned in its mail,
 * and removed when no post names them any more (an edit, a delete, or an upload never saved for a day).
 */

const kes = (amount: number) => ({ amount, currency: 'KES' as const })
const zipOf = (text: string) => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from(text)])

describe.each(databaseKinds)('membership post pictures and files, on %s', (kind) => {
  let app: RunningApp
  let second: RunningApp | null = null
  let seller = { id: '', token: '' }
  let productId = ''
  const tiers: Record<string, string> = {}
  const members: Record<string, { token: string; membershipId: string; orderId: string }> = {}

  async function upload(
    role: string,
    fileName: string,
    bytes: Buffer,
    contentType: string,
    product = productId,
  ) {
    const started = await app.call(
      'createUploadUrl',
      { productId: product, role, fileName, contentType, size: bytes.length },
      seller.token,
    )
    if (started.status !== 200) return { status: started.status, body: started.body, id: '' }
    const ticket = started.body.data as UploadTicket
    for (const part of ticket.parts) {
      const from = (part.partNumber - 1) * ticket.partSize
      const put = await fetch(new URL(part.url, app.url), {
        method: 'PUT',
        body: new Uint8Array(bytes.subarray(from, from + ticket.partSize)),
      })
      expect(put.status).toBe(200)
    }
    const done = await app.call('completeUpload', { uploadId: ticket.uploadId }, seller.token)
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    return { status: 200, body: done.body, id: ticket.uploadId }
  }
  const photo = (r: number) =>
    sharp({ create: { width: 900, height: 600, channels: 3, background: { r, g: 90, b: 60 } } })
      .png()
      .toBuffer()

  async function join(name: string, tier: string) {
    const { person, membership } = await joinedByCard(
      app,
      `${name}@example.com`,
      productId,
      tiers[tier] ?? '',
    )
    members[name] = { token: person.token, membershipId: membership.id, orderId: membership.firstOrderId }
  }
  const postsOf = async (name: string) => {
    const answer = await app.call(
      'listMemberPosts',
      { membershipId: members[name]?.membershipId },
      members[name]?.token,
    )
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body.data as { posts: MembershipPost[]; orderId: string }
  }
  const download = (name: string, fileId: string) =>
    app.call('getDownloadUrl', { orderId: members[name]?.orderId, fileId }, members[name]?.token)
  const save = (input: Record<string, unknown>, on: RunningApp = app) =>
    on.call(
      'saveMembershipPost',
      { productId, title: 'Studio notes', body: '<p>This week.</p>', ...input },
      seller.token,
    )
  const assetsLeft = async (ids: string[]) =>
    (
      await app.database.db
        .select({ id: productAssets.id })
        .from(productAssets)
        .where(inArray(productAssets.id, ids))
    ).map((row) => row.id)

  beforeAll(async () => {
    app = await startApp(kind)
    if (kind === 'postgres') second = await startApp(kind, {}, { sharing: app })
    seller = await sellerOf(app, 'media-seller')
    productId = await productOnSale(app, seller.id, {
      kind: 'membership',
      title: 'Print room',
      slug: 'print-room',
      price: kes(300_00),
      details: {
        tiers: [
          { name: 'Reader', prices: [{ interval: 'month', price: kes(300_00) }] },
          { name: 'Patron', prices: [{ interval: 'month', price: kes(1_000_00) }] },
        ],
      },
    })
    const [row] = await app.database.db.select().from(products).where(eq(products.id, productId))
    const saved = (row?.details as { tiers?: { id: string; name: string }[] } | undefined)?.tiers ?? []
    for (const tier of saved) tiers[tier.name] = tier.id
    await join('media-reader', 'Reader')
    await join('media-patron', 'Patron')
  }, 120_000)
  afterEach(() => clock.setOffset(0))
  afterAll(async () => {
    clock.setOffset(0)
    await second?.close()
    await app?.close()
  })

  it('shows a post’s picture and file only to the members it is for, mails that they are there, and refuses uploads that are not the post’s', async () => {
    const picture = await upload('post-image', 'press.png', await photo(200), 'image/png')
    const file = await upload('post-file', 'plates.zip', zipOf('plates'), 'application/zip')
    // Neither is the product's: its page shows no new photo or file.
    const product = (picture.body.data as { product: { images: unknown[]; files: unknown[] } }).product
    expect([product.images.length, product.files.length]).toEqual([0, 0])

    // A product's photo, another product's upload, an unknown id: refused at their fields, nothing saved.
    const productPhoto = await upload('image', 'cover.png', await photo(10), 'image/png')
    const digital = await productOnSale(app, seller.id, {
      kind: 'digital',
      title: 'Loose plates',
      price: kes(100_00),
      details: {},
    })
    expect((await upload('post-file', 'x.zip', zipOf('x'), 'application/zip', digital)).status).toBe(400)
    for (const [input, field] of [
      [{ images: [{ id: productPhoto.id, alt: '' }] }, 'images.0.id'],
      [{ images: [{ id: file.id, alt: '' }] }, 'images.0.id'],
      [{ fileIds: [picture.id] }, 'fileIds.0'],
      [{ fileIds: ['0190a4f2-7d1c-7c3e-9a55-1d2b3c4d5e6f'] }, 'fileIds.0'],
      [{ images: [{ id: picture.id, alt: 'x'.repeat(301) }] }, 'images.0.alt'],
    ] as const) {
      const refused = await save({ ...input, publish: true })
      expect(refused.status, field).toBe(400)
      expect(Object.keys(refused.body.errors as object)).toEqual([field])
    }
    expect((await postsOf('media-patron')).posts).toEqual([])
    // Nobody else can name the seller's uploads in a post of theirs either.
    const stranger = await sellerOf(app, 'media-stranger')
    const theirs = await app.call(
      'saveMembershipPost',
      { productId, title: 'Mine', body: '<p>x</p>', fileIds: [file.id] },
      stranger.token,
    )
    expect(theirs.status).toBe(404)

    const alt = 'The press, <inked> & ready'
    const saved = await save({
      title: 'Plates are ready',
      tierIds: [tiers.Patron],
      images: [{ id: picture.id, alt }],
      fileIds: [file.id],
      publish: true,
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const { post } = saved.body.data as { post: MembershipPost }
    expect(post.images).toMatchObject([{ id: picture.id, alt, width: 900, height: 600 }])
    expect(post.files).toEqual([
      { id: file.id, name: 'plates.zip', size: zipOf('plates').length, contentType: 'application/zip' },
    ])

    // The patron reads it with its picture and downloads its file through the membership's order.
    const patron = await postsOf('media-patron')
    expect(patron.orderId).toBe(members['media-patron']?.orderId)
    expect(patron.posts[0]?.images[0]?.alt).toBe(alt)
    const image = await fetch(new URL(patron.posts[0]?.images[0]?.src ?? '', app.url))
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/webp'])
    const link = await download('media-patron', file.id)
    expect(link.status, JSON.stringify(link.body)).toBe(200)
    const bytes = Buffer.from(await (await fetch(new URL(data(link).url, app.url))).arrayBuffer())
    expect(bytes.equals(zipOf('plates'))).toBe(true)
    // The reader's tier is not in it: no post, no file.
    expect((await postsOf('media-reader')).posts).toEqual([])
    expect((await download('media-reader', file.id)).status).toBe(404)

    const before = (await readOutbox(app.database.db)).length
    await Promise.all([mailPosts(app.services), mailPosts((second ?? app).services)])
    const mails = (await readOutbox(app.database.db)).slice(before)
    expect(mails.map((m) => m.to)).toEqual(['media-patron@example.com'])
    expect(mails[0]?.text).toContain('With it: 1 picture and 1 file to download.')

    // A paused member reads nothing and downloads nothing.
    await app.database.db
      .update(memberships)
      .set({ status: 'paused' })
      .where(eq(memberships.id, members['media-patron']?.membershipId ?? ''))
    expect((await download('media-patron', file.id)).status).toBe(403)
    await app.database.db
      .update(memberships)
      .set({ status: 'active' })
      .where(eq(memberships.id, members['media-patron']?.membershipId ?? ''))

    // The picture taken out: it is gone, rows and stored bytes; the file stays.
    const edited = await save({ id: post.id, title: 'Plates are ready', tierIds: [], fileIds: [file.id] })
    expect(edited.status).toBe(200)
    expect(await assetsLeft([picture.id, file.id])).toEqual([file.id])
    expect((await fetch(new URL(patron.posts[0]?.images[0]?.src ?? '', app.url))).status).toBe(404)
    // Now for every member: the reader downloads the file too.
    expect((await download('media-reader', file.id)).status).toBe(200)

    // Deleted, the post takes its file with it.
    expect((await app.call('deleteMembershipPost', { id: post.id }, seller.token)).status).toBe(200)
    expect(await assetsLeft([file.id])).toEqual([])
    expect((await download('media-patron', file.id)).status).toBe(404)
  })

  it('texts a new post’s link, once, to members Soko cannot mail whose phone is confirmed, unless they said no', async () => {
    const phones = {
      'phone-only': '254711000101',
      'phone-mailed': '254711000102',
      'phone-quiet': '254711000103',
    }
    for (const [name, phone] of Object.entries(phones)) {
      await join(name, 'Reader')
      const [row] = await app.database.db
        .select({ memberId: memberships.memberId })
        .from(memberships)
        .where(eq(memberships.id, members[name]?.membershipId ?? ''))
      await app.database.db
        .update(users)
        .set({
          phone,
          phoneVerifiedAt: new Date(),
          emailVerifiedAt: name === 'phone-mailed' ? new Date() : null,
          settings: name === 'phone-quiet' ? { smsPosts: false } : {},
        })
        .where(eq(users.id, row?.memberId ?? ''))
    }
    const saved = await save({ title: 'Open studio on Saturday', publish: true })
    expect(saved.status).toBe(200)
    const before = (await readOutbox(app.database.db, 'sms')).length
    await Promise.all([mailPosts(app.services), mailPosts((second ?? app).services), mailPosts(app.services)])
    await Promise.all([mailPosts(app.services), mailPosts((second ?? app).services)])
    const texts = (await readOutbox(app.database.db, 'sms')).slice(before)
    expect(texts.map((text) => text.to)).toEqual(['254711000101'])
    // Whichever instance mailed them, at its own address.
    const instances = [app, second ?? app].map((one) => one.config.publicUrl)
    const link = `/account/memberships?posts=${members['phone-only']?.membershipId}`
    expect(
      instances.map((url) => `Soko: a new post for members of "Print room". Read it: ${url}${link}`),
    ).toContain(texts[0]?.text)
  })

  it('keeps what ten saves of one post on two instances name last, and sweeps uploads never saved after a day', async () => {
    const first = await upload('post-image', 'a.png', await photo(30), 'image/png')
    const next = await upload('post-image', 'b.png', await photo(60), 'image/png')
    const made = await save({ images: [{ id: first.id, alt: 'A' }] })
    const { post } = made.body.data as { post: MembershipPost }
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        save(
          { id: post.id, images: [{ id: i % 2 ? first.id : next.id, alt: `take ${i}` }] },
          i % 2 && second ? second : app,
        ),
      ),
    )
    // Once a save names the second picture, the first is removed: saves naming it after that are refused.
    for (const answer of answers) expect([200, 400]).toContain(answer.status)
    const listed = await app.call('listMembershipPosts', { productId }, seller.token)
    const now = (listed.body.data as { posts: MembershipPost[] }).posts.find((p) => p.id === post.id)
    expect(now?.images.map((i) => i.id)).toEqual([next.id])
    expect(await assetsLeft([first.id, next.id])).toEqual([next.id])

    const unsaved = await upload('post-file', 'draft.zip', zipOf('draft'), 'application/zip')
    expect(await sweepUnsavedMedia(app.database.db, app.services.storage, app.services.log)).toBe(0)
    clock.setOffset(25 * 60 * 60 * 1000)
    seller.token = (await createSession(app.database.db, seller.id, null)).token
    await sweepUnsavedMedia(app.database.db, app.services.storage, app.services.log)
    expect(await assetsLeft([unsaved.id, next.id])).toEqual([next.id])
  })
})
