import { and, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  ledgerTransactions,
  orders,
  paymentEvents,
  products as productsTable,
  webhookEndpoints,
  webhookEvents,
} from '../../server/db/schema'
import { createSession } from '../../server/features/accounts/sessions'
import { renewDue } from '../../server/features/memberships'
import { membershipsSweep } from '../../server/jobs/memberships.job'
import { pruneOldRows } from '../../server/jobs/prune.job'
import { createJobRunner } from '../../server/jobs/runner'
import { clock } from '../../server/lib/clock'
import { createLogger } from '../../server/lib/log'
import { PaymentProviderError } from '../../server/payments/payments'
import { type RunningApp, startApp } from '../support/app'
import { clockAt } from '../support/clock-at'
import { databaseKinds } from '../support/db'
import { until } from '../support/jobs'
import { membershipRow } from '../support/memberships'
import { readOutbox } from '../support/outbox'
import { data } from '../support/payouts'
import { submitSandboxCard } from '../support/sandbox-card'
import { personOf, productOnSale, sellerOf } from '../support/shop'
import { stripeWebhook } from '../support/stripe-webhook'

/**
 * Memberships: a seller's tiers priced per month and year; a member joins by card (kept for renewals), and
 * each period is charged by itself when the last one ends, once across two instances, on the anchor day
 * (the 31st falls back to a short month's last day); a declined renewal is retried on days 1, 3, 7 and 14
 * with a mail each time, access kept, then the membership ends; a bank that wants the member is paid on the
 * page from the mailed link; a member who cancels keeps access to the end of the period; money for an ended
 * membership goes back.
 */

const DAY = 86_400_000
const kes = (amount: number) => ({ amount, currency: 'KES' as const })

/** Moves the server's clock to `at` (its offset from the host's). */
function membershipInput(slug: string, opts: { limit?: number | null } = {}) {
  return {
    kind: 'membership',
    title: `Studio circle ${slug}`,
    slug,
    description: 'Monthly stems, early releases and a members’ chat.',
    price: kes(500_00),
    details: {
      tiers: [
        {
          name: 'Listener',
          perks: 'Early releases',
          prices: [
            { interval: 'month', price: kes(500_00) },
            { interval: 'year', price: kes(5_000_00) },
            { interval: 'month', price: { amount: 5_00, currency: 'USD' } },
          ],
          memberLimit: opts.limit ?? null,
        },
        {
          name: 'Producer',
          perks: 'Stems every month',
          prices: [{ interval: 'month', price: kes(1_500_00) }],
        },
      ],
    },
  }
}

describe.each(databaseKinds)('memberships, on %s', (kind) => {
  let app: RunningApp
  let second: RunningApp | null = null
  let seller: { id: string; token: string }
  const products: Record<string, string> = {}
  /** A tier's id, read from the product (the seller's RPCs need a session, which a moved clock ends). */
  const tierOf = async (productId: string, name: string) => {
    const [row] = await app.database.db.select().from(productsTable).where(eq(productsTable.id, productId))
    const tiers = (row?.details as { tiers?: { id: string; name: string }[] } | undefined)?.tiers ?? []
    return tiers.find((t) => t.name === name)?.id ?? ''
  }
  /** A session made at the clock's present time (a token made before a month's jump has ended). */
  const tokenFor = async (userId: string) => (await createSession(app.database.db, userId, null)).token
  const membershipOf = (memberId: string, productId: string) =>
    membershipRow(app.database.db, memberId, productId)
  /** Joins as the buyer by card, paying on the sandbox's card page (3-D Secure completed if asked). */
  async function join(
    productId: string,
    buyerToken: string,
    card = '4242 4242 4242 4242',
    interval = 'month',
  ) {
    const started = await app.call(
      'joinMembership',
      { productId, tierId: await tierOf(productId, 'Listener'), interval, currency: 'KES', method: 'card' },
      buyerToken,
    )
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    await payOnPage(data(started).next.url, card)
    return data(started).orderId as string
  }
  async function payOnPage(url: string, card: string) {
    const answer = await submitSandboxCard(url, card)
    if (answer.status === 200) {
      // The bank's 3-D Secure page: the payer confirms.
      const confirmed = await fetch(url, {
        method: 'POST',
        body: new URLSearchParams({ step: '3ds', action: 'complete' }),
        redirect: 'manual',
      })
      expect(confirmed.status).toBe(303)
    } else expect(answer.status).toBe(303)
    await app.sandboxesIdle()
  }
  const renewOnce = async () => {
    await renewDue(app.services, clock.now())
    await app.sandboxesIdle()
  }
  const ordersOf = (membershipId: string) =>
    app.database.db
      .select()
      .from(orders)
      .where(sql`${orders.item} -> 'membership' ->> 'membershipId' = ${membershipId}`)

  beforeAll(async () => {
    app = await startApp(kind)
    if (kind === 'postgres') second = await startApp(kind, {}, { sharing: app })
    seller = await sellerOf(app, 'circle-seller')
    await app.database.db.insert(webhookEndpoints).values({
      id: crypto.randomUUID(),
      sellerId: seller.id,
      url: 'http://127.0.0.1:9/soko',
      events: [
        'membership.started',
        'membership.renewed',
        'membership.renewal_failed',
        'membership.cancelled',
      ],
      secret: 'whsec_test',
      status: 'enabled',
    })
    for (const slug of ['circle-a', 'circle-b', 'circle-c', 'circle-d', 'circle-e', 'circle-f'])
      products[slug] = await productOnSale(app, seller.id, membershipInput(slug))
    products.full = await productOnSale(app, seller.id, membershipInput('circle-full', { limit: 1 }))
  }, 60_000)
  afterEach(() => clock.setOffset(0))
  afterAll(async () => {
    clock.setOffset(0)
    await second?.close()
    await app?.close()
  })

  it('refuses tiers that cannot be sold, naming the field, and writes nothing', async () => {
    const input = membershipInput('circle-bad')
    const bad = {
      ...input,
      details: {
        tiers: [
          {
            name: 'L',
            prices: [
              { interval: 'month', price: kes(500_00) },
              { interval: 'month', price: kes(600_00) },
            ],
          },
        ],
      },
    }
    const answer = await app.call('createProduct', bad, seller.token)
    expect(answer.status, JSON.stringify(answer.body)).toBe(400)
    expect(answer.body.errors).toMatchObject({
      'details.tiers.0.name': 'Name the tier',
      'details.tiers.0.prices.1.interval': 'One price per period and currency',
    })
    const shown = await app.call(
      'createProduct',
      { ...input, slug: 'circle-bad-2', price: kes(400_00) },
      seller.token,
    )
    expect(shown.body.errors).toMatchObject({
      'price.amount': 'A membership’s price is its first tier’s first price',
    })
    // Joining through the one-off checkout is refused: a membership is joined at a tier's price.
    const buyer = await personOf(app, 'circle-checkout@example.com')
    const checkout = await app.call(
      'startCheckout',
      { productId: products['circle-a'], method: 'card', quantity: 1 },
      buyer.token,
    )
    expect(checkout.status).toBe(400)
  })

  it('joins by card and renews by itself each month, once across two instances, on the anchor day', async () => {
    const buyer = await personOf(app, 'circle-member@example.com')
    // Joined on 31 January at 10:00 UTC: renewed on 28 February, then 31 March.
    clockAt('2027-01-31T10:00:00Z')
    buyer.token = await tokenFor(buyer.id)
    const firstOrder = await join(products['circle-a'] ?? '', buyer.token)
    const member = await membershipOf(buyer.id, products['circle-a'] ?? '')
    expect(member).toMatchObject({
      status: 'active',
      amount: 500_00,
      currency: 'KES',
      method: 'card',
      anchorDay: 31,
    })
    expect(member.periodEnd.toISOString().slice(0, 19)).toBe('2027-02-28T10:00:00')
    expect(member.payment.card).toBe('Visa ending 4242')
    const mine = data(await app.call('listMyMemberships', {}, buyer.token)).memberships
    expect(mine).toEqual([
      expect.objectContaining({
        state: 'active',
        tier: expect.objectContaining({ name: 'Listener' }),
        nextPayment: { at: expect.stringMatching(/^2027-02-28T10:00:00/), amount: kes(500_00) },
        paidWith: 'Visa ending 4242',
        history: [expect.objectContaining({ orderId: firstOrder, status: 'paid' })],
      }),
    ])
    // Another member's list does not show it, and joining twice is refused.
    expect(data(await app.call('listMyMemberships', {}, await tokenFor(seller.id))).memberships).toEqual([])
    const twice = await app.call(
      'joinMembership',
      { productId: products['circle-a'], tierId: member.tierId, interval: 'month', currency: 'KES' },
      buyer.token,
    )
    expect(twice.status).toBe(409)

    // A minute before the period ends nothing is due; at its end the job, on two instances, renews it.
    clockAt('2027-02-28T09:59:00Z')
    await renewOnce()
    expect(await ordersOf(member.id)).toHaveLength(0)
    const log = createLogger('warn', () => {})
    const apps = second ? [app, second] : [app, app]
    const runners = apps.map((one) =>
      createJobRunner({
        db: one.database.db,
        log,
        definitions: [membershipsSweep(one.services)],
        now: clock.now,
      }),
    )
    await app.database.db.execute(sql`delete from jobs where name = 'memberships.renew'`)
    // The first sweep queues the job a minute on; then both instances look for it at once.
    await Promise.all(runners.map((runner) => runner.runDue()))
    clockAt('2027-02-28T10:00:30Z')
    expect((await Promise.all(runners.map((runner) => runner.runDue()))).reduce((a, b) => a + b, 0)).toBe(1)
    await app.sandboxesIdle()
    await Promise.all(runners.map((runner) => runner.stop({ timeoutMs: 1000 })))
    const renewals = await ordersOf(member.id)
    expect(renewals).toHaveLength(1)
    expect(renewals[0]).toMatchObject({ status: 'paid', total: 500_00, method: 'card' })
    const renewed = await membershipOf(buyer.id, products['circle-a'] ?? '')
    expect(renewed.periodStart.toISOString().slice(0, 19)).toBe('2027-02-28T10:00:00')
    expect(renewed.periodEnd.toISOString().slice(0, 19)).toBe('2027-03-31T10:00:00')
    // One sale in the books per payment; the seller sees both.
    const sales = await app.database.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.orderId, renewals[0]?.id ?? ''), eq(ledgerTransactions.kind, 'sale')))
    expect(sales).toHaveLength(1)
    const books = data(await app.call('listSales', {}, await tokenFor(seller.id)))
    const referenced = JSON.stringify(books)
    expect(referenced).toContain(renewals[0]?.reference ?? 'none')

    // The renewal's webhook, delivered again by Stripe, counts once.
    const replay = await stripeWebhook(app, 'payment_intent.succeeded', {
      id: renewals[0]?.payment?.paymentIntent,
      object: 'payment_intent',
      amount_received: 500_00,
      currency: 'kes',
      metadata: { orderId: renewals[0]?.id, offSession: '1' },
    })
    expect(replay.status).toBe(200)
    expect(await replay.clone().json()).toEqual({ received: true })
    const events = await app.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, renewals[0]?.id ?? ''))
    expect(events).toHaveLength(1)
    expect(await ordersOf(member.id)).toHaveLength(1)
    const types = (
      await app.database.db.select().from(webhookEvents).where(eq(webhookEvents.objectId, member.id))
    ).map((e) => e.type)
    expect(types.sort()).toEqual(['membership.renewed', 'membership.started'])

    // March's renewal lands on the 31st again: ten sweeps at once on both instances (a job run twice, an
    // instance behind) charge it once.
    clockAt('2027-03-31T10:01:00Z')
    // The nightly prune, two months after the card was kept, leaves saved cards (Stripe keeps them).
    await pruneOldRows(app.services).run({}, {
      jobId: 'prune',
      attempt: 1,
      now: clock.now,
      signal: new AbortController().signal,
    } as never)
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        renewDue((i % 2 === 0 || !second ? app : second).services, clock.now()),
      ),
    )
    await app.sandboxesIdle()
    expect((await ordersOf(member.id)).filter((o) => o.status === 'paid')).toHaveLength(2)
    expect(
      (await membershipOf(buyer.id, products['circle-a'] ?? '')).periodEnd.toISOString().slice(0, 19),
    ).toBe('2027-04-30T10:00:00')
  })

  it('keeps periods in UTC across a change of summer time, and yearly ones a year long', async () => {
    const buyer = await personOf(app, 'circle-yearly@example.com')
    // 00:30 UTC on the day Europe's clocks go forward: the renewal is a year on, to the minute.
    clockAt('2027-03-28T00:30:00Z')
    buyer.token = await tokenFor(buyer.id)
    await join(products['circle-e'] ?? '', buyer.token, '4242 4242 4242 4242', 'year')
    const member = await membershipOf(buyer.id, products['circle-e'] ?? '')
    expect(member).toMatchObject({ interval: 'year', amount: 5_000_00 })
    expect(member.periodEnd.toISOString().slice(0, 19)).toBe('2028-03-28T00:30:00')
  })

  it('retries a declined renewal on days 1, 3, 7 and 14 with a mail each time, then ends it', async () => {
    const buyer = await personOf(app, 'circle-expired@example.com')
    clockAt('2027-05-10T08:00:00Z')
    buyer.token = await tokenFor(buyer.id)
    await join(products['circle-b'] ?? '', buyer.token)
    const member = await membershipOf(buyer.id, products['circle-b'] ?? '')
    // The card runs out before the renewal.
    const expired = await app.services.gateway.providers.card
    expect(expired).toBeDefined()
    const sandbox = await fetch(
      `${app.url}/sandbox/stripe/v1/test_helpers/payment_methods/${member.payment.paymentMethod}/expire`,
      { method: 'POST', headers: { authorization: `Bearer ${app.config.payments.card.secretKey}` } },
    )
    expect(sandbox.status).toBe(200)
    const mailsBefore = (await readOutbox(app.database.db)).filter((m) =>
      m.to.includes(buyer.user.email),
    ).length
    const at = (days: number) => new Date(member.periodEnd.getTime() + days * DAY + 60_000)
    const expected = [1, 3, 7, 14]
    for (const [i, days] of [0, ...expected].entries()) {
      clockAt(at(days))
      await renewOnce()
      // Twice at the same moment: the attempt is not made again.
      await renewOnce()
      const row = await membershipOf(buyer.id, products['circle-b'] ?? '')
      if (i < expected.length) {
        expect(row).toMatchObject({ status: 'past_due', attempts: i + 1 })
        expect(row.nextAttemptAt?.toISOString()).toBe(
          new Date(member.periodEnd.getTime() + (expected[i] ?? 0) * DAY).toISOString(),
        )
        const view = data(await app.call('listMyMemberships', {}, await tokenFor(buyer.id))).memberships[0]
        expect(view).toMatchObject({ state: 'past_due', payNow: true, failedAttempts: i + 1 })
      } else expect(row).toMatchObject({ status: 'ended', attempts: 5, nextAttemptAt: null })
    }
    const mails = (await readOutbox(app.database.db))
      .filter((m) => m.to.includes(buyer.user.email))
      .slice(mailsBefore)
    expect(mails.map((m) => m.subject)).toEqual([
      ...Array(5).fill('Your Studio circle circle-b payment did not go through'),
      'Your Studio circle circle-b membership has ended',
    ])
    expect(mails[0]?.text).toContain('membership: your card has expired.')
    expect(mails[0]?.text).toContain('/account/memberships')
    // One renewal order, never paid, cancelled at the end; no sale in the books for it.
    const [renewal, ...more] = await ordersOf(member.id)
    expect(more).toEqual([])
    expect(renewal).toMatchObject({ status: 'cancelled' })
    expect(
      await app.database.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.orderId, renewal?.id ?? '')),
    ).toEqual([])
    const types = (
      await app.database.db.select().from(webhookEvents).where(eq(webhookEvents.objectId, member.id))
    ).map((e) => e.type)
    expect(types.filter((t) => t === 'membership.renewal_failed')).toHaveLength(5)
    expect(types).toContain('membership.cancelled')

    // Money that still arrives for the ended membership's renewal (a charge Stripe reports late, here made on
    // another member's card) goes back, and the membership stays ended.
    const other = await personOf(app, 'circle-late@example.com')
    await join(products['circle-b'] ?? '', await tokenFor(other.id))
    const otherCard = (await membershipOf(other.id, products['circle-b'] ?? '')).payment
    const late = await app.services.gateway.providers.card?.chargeSaved?.({
      id: `late-${renewal?.id}`,
      orderId: renewal?.id ?? '',
      reference: renewal?.reference ?? '',
      amount: kes(500_00),
      description: 'late',
      saved: otherCard,
      since: new Date(),
    })
    expect(late?.kind).toBe('paid')
    await app.sandboxesIdle()
    await until(async () => {
      const [row] = await app.database.db
        .select()
        .from(orders)
        .where(eq(orders.id, renewal?.id ?? ''))
      return row?.status === 'refunded'
    }, 'the late renewal refunded')
    expect((await membershipOf(buyer.id, products['circle-b'] ?? '')).status).toBe('ended')
  })

  it('a bank that asks the member to confirm is paid from the mailed link, and the card kept', async () => {
    const buyer = await personOf(app, 'circle-3ds@example.com')
    clockAt('2027-06-15T12:00:00Z')
    buyer.token = await tokenFor(buyer.id)
    await join(products['circle-c'] ?? '', buyer.token, '4000 0027 6000 3184')
    const member = await membershipOf(buyer.id, products['circle-c'] ?? '')
    clockAt(new Date(member.periodEnd.getTime() + 60_000))
    await renewOnce()
    const failed = await membershipOf(buyer.id, products['circle-c'] ?? '')
    expect(failed).toMatchObject({ status: 'past_due', attempts: 1 })
    const [mail] = (await readOutbox(app.database.db))
      .filter((m) => m.to.includes(buyer.user.email))
      .slice(-1)
    expect(mail?.text).toContain('your bank asks you to confirm this payment yourself.')
    // Nothing to pay for another member; the member pays on the card page and confirms with the bank.
    const stranger = await personOf(app, 'circle-stranger@example.com')
    expect((await app.call('payMembershipNow', { id: member.id }, stranger.token)).status).toBe(404)
    const pay = await app.call('payMembershipNow', { id: member.id }, await tokenFor(buyer.id))
    expect(pay.status, JSON.stringify(pay.body)).toBe(200)
    await payOnPage(data(pay).next.url, '4000 0027 6000 3184')
    const paid = await membershipOf(buyer.id, products['circle-c'] ?? '')
    expect(paid).toMatchObject({ status: 'active', attempts: 0 })
    expect(paid.periodStart.toISOString()).toBe(member.periodEnd.toISOString())
    expect(paid.payment.paymentMethod).not.toBe(member.payment.paymentMethod)
    // The job's retry, due tomorrow, finds nothing to do: the period is paid.
    clockAt(new Date(member.periodEnd.getTime() + DAY + 60_000))
    await renewOnce()
    const all = await ordersOf(member.id)
    expect(all.filter((o) => o.status === 'paid')).toHaveLength(1)
    expect(all.filter((o) => o.status === 'pending')).toHaveLength(0)
  })

  it('a member who cancels keeps access to the end of the period, then it ends without a charge', async () => {
    const buyer = await personOf(app, 'circle-cancel@example.com')
    clockAt('2027-07-01T09:00:00Z')
    buyer.token = await tokenFor(buyer.id)
    await join(products['circle-d'] ?? '', buyer.token)
    const member = await membershipOf(buyer.id, products['circle-d'] ?? '')
    const stranger = await personOf(app, 'circle-other@example.com')
    expect((await app.call('cancelMembership', { id: member.id }, stranger.token)).status).toBe(404)
    const cancelled = await app.call('cancelMembership', { id: member.id }, buyer.token)
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    expect(data(cancelled).membership).toMatchObject({ state: 'cancelled', nextPayment: null })
    expect((await app.call('cancelMembership', { id: member.id }, buyer.token)).status).toBe(409)
    clockAt(new Date(member.periodEnd.getTime() - 60_000))
    await renewOnce()
    expect((await membershipOf(buyer.id, products['circle-d'] ?? '')).status).toBe('active')
    clockAt(new Date(member.periodEnd.getTime() + 60_000))
    await renewOnce()
    expect((await membershipOf(buyer.id, products['circle-d'] ?? '')).status).toBe('ended')
    expect(await ordersOf(member.id)).toEqual([])
    const [mail] = (await readOutbox(app.database.db))
      .filter((m) => m.to.includes(buyer.user.email))
      .slice(-1)
    expect(mail?.subject).toBe('Your Studio circle circle-d membership has ended')
  })

  it('a provider that does not answer is asked again later, and a period paid twice is refunded once', async () => {
    const buyer = await personOf(app, 'circle-twice@example.com')
    clockAt('2027-08-03T07:00:00Z')
    buyer.token = await tokenFor(buyer.id)
    await join(products['circle-f'] ?? '', buyer.token, '4000 0027 6000 3184')
    const member = await membershipOf(buyer.id, products['circle-f'] ?? '')
    const card = app.services.gateway.providers.card
    if (!card?.chargeSaved) throw new Error('the card provider charges no saved card')

    // Stripe does not answer: nothing is counted or mailed, and the same attempt is made after the claim.
    const charge = card.chargeSaved.bind(card)
    card.chargeSaved = async () => {
      throw new PaymentProviderError('Card payments are not answering', 'test: unreachable', null, true)
    }
    clockAt(new Date(member.periodEnd.getTime() + 60_000))
    try {
      await renewOnce()
    } finally {
      card.chargeSaved = charge
    }
    const waiting = await membershipOf(buyer.id, products['circle-f'] ?? '')
    expect(waiting).toMatchObject({ status: 'active', attempts: 0 })
    // The claim is 15 minutes from when the job ran (the moved clock goes on ticking: some milliseconds).
    const claimedTo =
      (waiting.nextAttemptAt?.getTime() ?? 0) - (member.periodEnd.getTime() + 60_000 + 15 * 60_000)
    expect(claimedTo).toBeGreaterThanOrEqual(0)
    expect(claimedTo).toBeLessThan(5_000)
    clockAt(new Date(member.periodEnd.getTime() + 16 * 60_000))
    await renewOnce()
    expect(await membershipOf(buyer.id, products['circle-f'] ?? '')).toMatchObject({
      status: 'past_due',
      attempts: 1,
    })

    // The member opens the card page twice: the first order is cancelled, the second pays the period.
    const token = await tokenFor(buyer.id)
    const first = data(await app.call('payMembershipNow', { id: member.id }, token)).next.url as string
    const second = data(await app.call('payMembershipNow', { id: member.id }, token)).next.url as string
    expect(first).not.toBe(second)
    await payOnPage(second, '4000 0027 6000 3184')
    const paid = await membershipOf(buyer.id, products['circle-f'] ?? '')
    expect(paid).toMatchObject({ status: 'active', attempts: 0 })
    // The first page was closed; money that still comes for its order (a charge Stripe reports late) pays a
    // period already paid, and goes back.
    const cancelled = (await ordersOf(member.id)).find((o) => o.status === 'cancelled')
    if (!cancelled) throw new Error('no cancelled renewal order')
    const other = await personOf(app, 'circle-twice-other@example.com')
    await join(products['circle-f'] ?? '', await tokenFor(other.id))
    const late = await charge({
      id: `twice-${cancelled.id}`,
      orderId: cancelled.id,
      reference: cancelled.reference,
      amount: kes(500_00),
      description: 'twice',
      since: new Date(),
      saved: (await membershipOf(other.id, products['circle-f'] ?? '')).payment,
    })
    expect(late.kind).toBe('paid')
    await app.sandboxesIdle()
    await until(async () => {
      const [row] = await app.database.db.select().from(orders).where(eq(orders.id, cancelled.id))
      return row?.status === 'refunded'
    }, 'the second payment of the period refunded')
    const after = await membershipOf(buyer.id, products['circle-f'] ?? '')
    expect(after.periodEnd.getTime()).toBe(paid.periodEnd.getTime())
  })

  it('ten people joining the last place of a tier at once, on two instances: one holds it', async () => {
    const productId = products.full ?? ''
    const tierId = await tierOf(productId, 'Listener')
    const buyers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => personOf(app, `circle-rush-${i}@example.com`)),
    )
    const answers = await Promise.all(
      buyers.map((buyer, i) =>
        (i % 2 === 0 || !second ? app : second).call(
          'joinMembership',
          { productId, tierId, interval: 'month', currency: 'KES', method: 'card' },
          buyer.token,
        ),
      ),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)])
    const refused = answers.find((a) => a.status === 409)
    expect(refused?.body.errors).toMatchObject({
      tierId: 'Listener is full: choose another tier, or come back when a place is free',
    })
    // Another currency or period of a tier that has none is refused by field.
    const wrong = await app.call(
      'joinMembership',
      { productId, tierId, interval: 'year', currency: 'USD', method: 'card' },
      buyers[0]?.token,
    )
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors).toMatchObject({
      currency: 'This tier has no yearly price in USD: choose one of its prices',
    })
    const mpesa = await app.call(
      'joinMembership',
      { productId, tierId, interval: 'month', currency: 'KES', method: 'mpesa', phone: '0712345678' },
      buyers[1]?.token,
    )
    expect(mpesa.status).toBe(400)
  })

  /** A Stripe webhook as Stripe signs it, with the endpoint's secret. */
})
