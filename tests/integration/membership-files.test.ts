import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { memberships, productAssets, products as productsTable } from '../../server/db/schema'
import { createSession } from '../../server/features/accounts/sessions'
import { renewDue } from '../../server/features/memberships'
import { clock } from '../../server/lib/clock'
import { type RunningApp, startApp } from '../support/app'
import { clockAt } from '../support/clock-at'
import { databaseKinds } from '../support/db'
import { data } from '../support/payouts'
import { submitSandboxCard } from '../support/sandbox-card'
import { personOf, productOnSale, sellerOf } from '../support/shop'

/**
 * A membership's files: the seller uploads them to the membership and ticks, tier by tier, which its
 * members get; a member finds their tier's files with the order that started the membership (the library
 * lists it) and downloads them as often as they like while it lasts; when it ends they are gone. A tier
 * can only give the membership's own files, and a file removed from the membership leaves every tier.
 */

const kes = (amount: number) => ({ amount, currency: 'KES' as const })
const zip = (name: string) => ({ name, body: Buffer.from(`${name} stems`) })

describe.each(databaseKinds)('membership files, on %s', (kind) => {
  let app: RunningApp
  let seller = { id: '', token: '' }

  const filesOf = async (productId: string) =>
    Object.fromEntries(
      (
        await app.database.db
          .select({ id: productAssets.id, name: productAssets.fileName })
          .from(productAssets)
          .where(eq(productAssets.productId, productId))
      ).map((f) => [f.name, f.id]),
    )
  const tiersOf = async (productId: string) => {
    const [row] = await app.database.db.select().from(productsTable).where(eq(productsTable.id, productId))
    return (
      (row?.details as { tiers: { id: string; name: string; files?: string[] }[] } | undefined)?.tiers ?? []
    )
  }

  beforeAll(async () => {
    app = await startApp(kind)
    seller = await sellerOf(app, 'files-seller')
  }, 60_000)
  afterEach(() => clock.setOffset(0))
  afterAll(async () => {
    clock.setOffset(0)
    await app?.close()
  })

  it('gives each tier its files while the membership lasts, and refuses files that are not the membership’s', async () => {
    clockAt('2027-03-30T08:00:00Z')
    // Sessions made before the clock moved have run out by then.
    seller.token = (await createSession(app.database.db, seller.id, null)).token
    // A new membership has no files for a tier to give.
    const early = await app.call(
      'createProduct',
      {
        kind: 'membership',
        title: 'Too early',
        price: kes(300_00),
        details: {
          tiers: [
            {
              name: 'Listener',
              prices: [{ interval: 'month', price: kes(300_00) }],
              files: ['0190a4f2-7d1c-7c3e-9a55-1d2b3c4d5e6f'],
            },
          ],
        },
      },
      seller.token,
    )
    expect(early.status, JSON.stringify(early.body)).toBe(400)
    expect(JSON.stringify(early.body)).toContain('details.tiers.0.files.0')

    const productId = await productOnSale(
      app,
      seller.id,
      {
        kind: 'membership',
        title: 'Stems club',
        slug: 'stems-club',
        description: 'Stems every month.',
        price: kes(300_00),
        details: {
          tiers: [
            { name: 'Listener', prices: [{ interval: 'month', price: kes(300_00) }] },
            { name: 'Producer', prices: [{ interval: 'month', price: kes(900_00) }] },
          ],
        },
      },
      [zip('march.zip'), zip('project.zip')],
    )
    const files = await filesOf(productId)
    const other = await productOnSale(
      app,
      seller.id,
      { kind: 'digital', title: 'Loose loops', price: kes(100_00), details: {} },
      [zip('loops.zip')],
    )
    const foreign = (await filesOf(other))['loops.zip']
    const [listener, producer] = await tiersOf(productId)
    const tiersWith = (listenerFiles: (string | undefined)[], producerFiles: (string | undefined)[]) => ({
      tiers: [
        { ...listener, files: listenerFiles },
        { ...producer, files: producerFiles },
      ],
    })

    // Another product's file, or none at all, is refused at its field and nothing is saved.
    for (const bad of [foreign, '0190a4f2-7d1c-7c3e-9a55-1d2b3c4d5e6f']) {
      const refused = await app.call(
        'updateProduct',
        { id: productId, details: tiersWith([files['march.zip']], [bad]) },
        seller.token,
      )
      expect(refused.status).toBe(400)
      expect(JSON.stringify(refused.body)).toContain('details.tiers.1.files.0')
    }
    expect((await tiersOf(productId)).map((t) => t.files ?? [])).toEqual([[], []])
    // Nor may anyone else give the seller's tiers files.
    const stranger = await personOf(app, 'files-stranger@example.com', { roles: ['seller'] })
    expect(
      (
        await app.call(
          'updateProduct',
          { id: productId, details: tiersWith([files['march.zip']], []) },
          stranger.token,
        )
      ).status,
    ).not.toBe(200)

    const saved = await app.call(
      'updateProduct',
      {
        id: productId,
        details: tiersWith([files['march.zip']], [files['march.zip'], files['project.zip']]),
      },
      seller.token,
    )
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)

    // A Listener joins by card: March's stems are with the order that started it, the project is not.
    const buyer = await personOf(app, 'files-member@example.com')
    const joined = await app.call(
      'joinMembership',
      { productId, tierId: listener?.id, interval: 'month', currency: 'KES', method: 'card' },
      buyer.token,
    )
    expect(joined.status, JSON.stringify(joined.body)).toBe(200)
    expect((await submitSandboxCard(data(joined).next.url, '4242 4242 4242 4242')).status).toBe(303)
    await app.sandboxesIdle()
    const [member] = await app.database.db
      .select()
      .from(memberships)
      .where(eq(memberships.memberId, buyer.id))
    if (!member) throw new Error('not joined')
    const orderId = member.firstOrderId
    const view = async () =>
      data(await app.call('getOrder', { orderId }, buyer.token)).order.files as {
        name: string
        downloadsLeft: number | null
      }[]
    expect(await view()).toEqual([expect.objectContaining({ name: 'march.zip', downloadsLeft: null })])
    const link = (fileId: string | undefined, token = buyer.token) =>
      app.call('getDownloadUrl', { orderId, fileId }, token)
    for (let i = 0; i < 3; i++) expect((await link(files['march.zip'])).status).toBe(200)
    const url = data(await link(files['march.zip'])).url as string
    expect(await (await fetch(new URL(url, app.url))).text()).toBe('march.zip stems')
    expect((await link(files['project.zip'])).status).toBe(404)
    expect((await link(foreign)).status).toBe(404)
    expect((await link(files['march.zip'], stranger.token)).status).toBe(404)

    // The seller removes March's stems from the membership: they leave the tiers, and the library.
    const removed = await app.call(
      'updateProduct',
      { id: productId, files: [files['project.zip']] },
      seller.token,
    )
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
    expect((await tiersOf(productId)).map((t) => t.files)).toEqual([[], [files['project.zip']]])
    expect(await view()).toEqual([])
    await app.call(
      'updateProduct',
      { id: productId, details: tiersWith([files['project.zip']], [files['project.zip']]) },
      seller.token,
    )
    expect((await view()).map((f) => f.name)).toEqual(['project.zip'])

    // Cancelled, it keeps its files to the end of the period; then they are gone.
    expect((await app.call('cancelMembership', { id: member.id }, buyer.token)).status).toBe(200)
    expect((await link(files['project.zip'])).status).toBe(200)
    clockAt(new Date(member.periodEnd.getTime() + 60_000))
    await renewDue(app.services, clock.now())
    await app.sandboxesIdle()
    buyer.token = (await createSession(app.database.db, buyer.id, null)).token
    const [ended] = await app.database.db.select().from(memberships).where(eq(memberships.id, member.id))
    expect(ended?.status).toBe('ended')
    expect(await view()).toEqual([])
    const refused = await link(files['project.zip'])
    expect(refused.status).toBe(403)
    expect(JSON.stringify(refused.body)).toContain('downloads.membershipNotActive')
  })
})
