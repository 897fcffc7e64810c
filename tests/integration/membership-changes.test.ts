import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { memberships, products as productsTable } from '../../server/db/schema'
import { createSession } from '../../server/features/accounts/sessions'
import { renewDue } from '../../server/features/memberships'
import { clock } from '../../server/lib/clock'
import { type RunningApp, startApp } from '../support/app'
import { clockAt } from '../support/clock-at'
import { databaseKinds } from '../support/db'
import { ledgerInvariantViolations } from '../support/ledger-invariants'
import { renewalOrders } from '../support/memberships'
import { data } from '../support/payouts'
import { submitSandboxCard } from '../support/sandbox-card'
import { personOf, productOnSale, sellerOf } from '../support/shop'

/**
 * A member's changes between payments, by card: another tier or price from the next period (the renewal
 * charges the new price and the membership takes its tier and period; a full tier is refused; choosing
 * the present one undoes it), and a pause of 1 to 3 months from the end of the period paid where the
 * seller allows it (nothing charged and posts closed meanwhile; renewed when it ends, or at once when the
 * member resumes early). What cannot be changed says why, under its field.
 */

const DAY = 86_400_000
const kes = (amount: number) => ({ amount, currency: 'KES' as const })

const membershipInput = (slug: string, pausing: boolean) => ({
  kind: 'membership',
  title: `Changing circle ${slug}`,
  slug,
  description: 'Stems and early releases.',
  price: kes(500_00),
  details: {
    pausing,
    tiers: [
      {
        name: 'Listener',
        prices: [
          { interval: 'month', price: kes(500_00) },
          { interval: 'year', price: kes(5_000_00) },
        ],
      },
      { name: 'Producer', prices: [{ interval: 'month', price: kes(1_500_00) }] },
      { name: 'Studio', prices: [{ interval: 'month', price: kes(9_000_00) }], memberLimit: 1 },
    ],
  },
})

describe.each(databaseKinds)('membership changes, on %s', (kind) => {
  let app: RunningApp
  let sellerId = ''
  const tokenFor = async (userId: string) => (await createSession(app.database.db, userId, null)).token
  const tiersOf = async (productId: string) => {
    const [row] = await app.database.db.select().from(productsTable).where(eq(productsTable.id, productId))
    const tiers = (row?.details as { tiers: { id: string; name: string }[] } | undefined)?.tiers ?? []
    return Object.fromEntries(tiers.map((t) => [t.name, t.id]))
  }
  const rowOf = async (id: string) => {
    const [row] = await app.database.db.select().from(memberships).where(eq(memberships.id, id))
    if (!row) throw new Error('no membership')
    return row
  }
  const renewalsOf = (id: string) => renewalOrders(app.database.db, id)

  /** A membership joined by card at Listener monthly, in a product of its own; answers it and its member. */
  async function member(email: string, opts: { pausing?: boolean; tier?: string } = {}) {
    const productId = await productOnSale(
      app,
      sellerId,
      membershipInput(`chg-${email.split('@')[0]}`, opts.pausing ?? false),
    )
    const tiers = await tiersOf(productId)
    const buyer = await personOf(app, email)
    const started = await app.call(
      'joinMembership',
      {
        productId,
        tierId: tiers[opts.tier ?? 'Listener'],
        interval: 'month',
        currency: 'KES',
        method: 'card',
      },
      buyer.token,
    )
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    expect((await submitSandboxCard(data(started).next.url, '4242 4242 4242 4242')).status).toBe(303)
    await app.sandboxesIdle()
    const [row] = await app.database.db.select().from(memberships).where(eq(memberships.memberId, buyer.id))
    if (!row) throw new Error('not joined')
    return { row, buyer, productId, tiers }
  }
  const renewAt = async (at: Date) => {
    clockAt(at)
    await renewDue(app.services, clock.now())
    await app.sandboxesIdle()
  }

  beforeAll(async () => {
    app = await startApp(kind)
    sellerId = (await sellerOf(app, 'changing-seller')).id
  }, 60_000)
  afterEach(() => clock.setOffset(0))
  afterAll(async () => {
    clock.setOffset(0)
    await app?.close()
  })

  it('changes tier and period from the next renewal, which charges the new price; undoes; refuses what it cannot', async () => {
    clockAt('2027-01-31T09:00:00Z')
    const { row, buyer, tiers } = await member('chg-tier@example.com')
    const token = await tokenFor(buyer.id)
    const change = (input: Record<string, unknown>) =>
      app.call('changeMembershipTier', { id: row.id, interval: 'month', currency: 'KES', ...input }, token)

    // Undone by choosing the present tier; refused for a price the tier does not have, or junk.
    const producer = await change({ tierId: tiers.Producer })
    expect(producer.status, JSON.stringify(producer.body)).toBe(200)
    expect(data(producer).membership.change).toMatchObject({
      tier: { name: 'Producer' },
      price: kes(1_500_00),
    })
    expect(data(producer).membership.nextPayment.amount).toEqual(kes(1_500_00))
    const undone = await change({ tierId: tiers.Listener })
    expect(data(undone).membership.change).toBeNull()
    expect((await rowOf(row.id)).nextTier).toBeNull()
    const noYear = await change({ tierId: tiers.Producer, interval: 'year' })
    expect(noYear.status).toBe(400)
    expect(noYear.body.errors).toMatchObject({ currency: expect.stringContaining('no yearly price') })
    const junk = await change({ tierId: '', interval: 'week', currency: 'XXX' })
    expect(junk.status).toBe(400)
    expect(Object.keys(junk.body.errors as object)).toEqual(
      expect.arrayContaining(['tierId', 'interval', 'currency']),
    )
    // Someone else's membership is not theirs to change.
    const stranger = await personOf(app, 'chg-stranger@example.com')
    expect(
      (
        await app.call(
          'changeMembershipTier',
          { id: row.id, tierId: tiers.Producer, interval: 'month', currency: 'KES' },
          stranger.token,
        )
      ).status,
    ).toBe(404)

    // Yearly from the next period: the renewal on 28 February charges KES 5,000 for a year (to the 29th: a
    // leap year, and the membership's day is the 31st).
    expect((await change({ tierId: tiers.Listener, interval: 'year' })).status).toBe(200)
    await renewAt(new Date(row.periodEnd.getTime() + 60_000))
    const renewed = await rowOf(row.id)
    expect(renewed).toMatchObject({ status: 'active', interval: 'year', amount: 5_000_00, nextTier: null })
    expect(renewed.periodEnd.toISOString()).toMatch(/^2028-02-29T09:00/)
    const [renewal] = await renewalsOf(row.id)
    expect(renewal).toMatchObject({ status: 'paid', total: 5_000_00 })
    expect(await ledgerInvariantViolations(app.database.db)).toEqual([])
  })

  it('refuses a change into a full tier of its own membership', async () => {
    clockAt('2027-03-01T09:00:00Z')
    const holder = await member('chg-own-full@example.com', { tier: 'Studio' })
    // A second member of the same product, joined at Listener.
    const buyer = await personOf(app, 'chg-own-second@example.com')
    const started = await app.call(
      'joinMembership',
      {
        productId: holder.productId,
        tierId: holder.tiers.Listener,
        interval: 'month',
        currency: 'KES',
        method: 'card',
      },
      buyer.token,
    )
    expect((await submitSandboxCard(data(started).next.url, '4242 4242 4242 4242')).status).toBe(303)
    await app.sandboxesIdle()
    const [second] = await app.database.db
      .select()
      .from(memberships)
      .where(eq(memberships.memberId, buyer.id))
    const full = await app.call(
      'changeMembershipTier',
      { id: second?.id, tierId: holder.tiers.Studio, interval: 'month', currency: 'KES' },
      await tokenFor(buyer.id),
    )
    expect(full.status).toBe(409)
    expect(full.body.errors).toMatchObject({
      tierId: 'Studio is full: choose another tier, or come back when a place is free',
    })
  })

  it('pauses from the end of the period paid, closes posts and charges nothing, then renews when the pause ends', async () => {
    clockAt('2027-05-31T10:00:00Z')
    const { row, buyer } = await member('chg-pause@example.com', { pausing: true })
    let token = await tokenFor(buyer.id)
    const tooLong = await app.call('pauseMembership', { id: row.id, months: 4 }, token)
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.errors).toMatchObject({ months: 'Choose 1, 2 or 3 months' })
    const paused = await app.call('pauseMembership', { id: row.id, months: 2 }, token)
    expect(paused.status, JSON.stringify(paused.body)).toBe(200)
    expect(data(paused).membership.pause).toMatchObject({ months: 2 })
    expect(data(paused).membership.pause.until).toMatch(/^2027-08-31T10:00/)
    expect((await app.call('pauseMembership', { id: row.id, months: 1 }, token)).status).toBe(409)

    // The period's end: paused, nothing charged, posts closed.
    await renewAt(new Date(row.periodEnd.getTime() + 60_000))
    let now = await rowOf(row.id)
    expect(now).toMatchObject({ status: 'paused', renewalOrderId: null })
    expect(now.periodEnd.toISOString()).toMatch(/^2027-08-31T10:00/)
    expect(await renewalsOf(row.id)).toHaveLength(0)
    token = await tokenFor(buyer.id)
    const posts = await app.call('listMemberPosts', { membershipId: row.id }, token)
    expect(posts.status).toBe(403)
    await renewAt(new Date(Date.parse('2027-07-15T10:00:00Z')))
    expect(await renewalsOf(row.id)).toHaveLength(0)

    // The pause ends on 31 August: the renewal is charged, and the period runs from there.
    await renewAt(new Date(now.periodEnd.getTime() + 60_000))
    now = await rowOf(row.id)
    expect(now).toMatchObject({ status: 'active', pauseMonths: null })
    expect(now.periodEnd.toISOString()).toMatch(/^2027-09-30T10:00/)
    expect((await renewalsOf(row.id)).map((o) => o.status)).toEqual(['paid'])
    expect(await ledgerInvariantViolations(app.database.db)).toEqual([])
  })

  it('resumes a pause early (renewed at once), drops one not begun, and refuses where the seller does not allow it', async () => {
    clockAt('2027-06-10T10:00:00Z')
    const { row, buyer } = await member('chg-resume@example.com', { pausing: true })
    let token = await tokenFor(buyer.id)
    expect((await app.call('pauseMembership', { id: row.id, months: 1 }, token)).status).toBe(200)
    const dropped = await app.call('resumeMembership', { id: row.id }, token)
    expect(data(dropped).membership.pause).toBeNull()
    expect((await app.call('resumeMembership', { id: row.id }, token)).status).toBe(409)
    expect((await app.call('pauseMembership', { id: row.id, months: 3 }, token)).status).toBe(200)
    await renewAt(new Date(row.periodEnd.getTime() + 60_000))
    expect((await rowOf(row.id)).status).toBe('paused')

    clockAt(new Date(row.periodEnd.getTime() + 20 * DAY))
    token = await tokenFor(buyer.id)
    const resumed = await app.call('resumeMembership', { id: row.id }, token)
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200)
    await renewDue(app.services, clock.now())
    await app.sandboxesIdle()
    const now = await rowOf(row.id)
    expect(now.status).toBe('active')
    expect(now.periodStart.getTime()).toBeGreaterThan(row.periodEnd.getTime() + 19 * DAY)

    const off = await member('chg-no-pause@example.com', { pausing: false })
    const refused = await app.call(
      'pauseMembership',
      { id: off.row.id, months: 1 },
      await tokenFor(off.buyer.id),
    )
    expect(refused.status).toBe(409)
    expect(refused.body.errors).toMatchObject({
      id: 'The seller of this membership does not let members pause it',
    })
  })
})
