import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { orders, paymentEvents, products as productsTable, refunds } from '../../server/db/schema'
import { createSession } from '../../server/features/accounts/sessions'
import { renewDue } from '../../server/features/memberships'
import { clock } from '../../server/lib/clock'
import { newSale, recordSale, type SubscriptionRecord } from '../../server/payments/sandbox/paypal/billing'
import { SandboxStore } from '../../server/payments/sandbox/store'
import { type RunningApp, startApp } from '../support/app'
import { clockAt } from '../support/clock-at'
import { databaseKinds } from '../support/db'
import { until } from '../support/jobs'
import { ledgerInvariantViolations } from '../support/ledger-invariants'
import { membershipRow, renewalOrders } from '../support/memberships'
import { readOutbox } from '../support/outbox'
import { data } from '../support/payouts'
import { postPaypalWebhook } from '../support/paypal-webhook'
import { personOf, productOnSale, sellerOf } from '../support/shop'

/**
 * Memberships paid by PayPal: joining makes a PayPal subscription the member approves on PayPal's page, its
 * first period paid there; PayPal bills each next period by itself and its PAYMENT.SALE.COMPLETED webhook
 * renews the membership (once, however often it comes, and across two instances billing at once); a failed
 * cycle (BILLING.SUBSCRIPTION.PAYMENT.FAILED) starts the same retries as a declined card, Soko capturing the
 * outstanding balance on days 1, 3, 7 and 14, then the membership ends and the subscription is cancelled;
 * a sale PayPal still takes for an ended membership goes back; a member who cancels stops the subscription
 * and keeps access to the end of the period.
 */

const DAY = 86_400_000
const kes = (amount: number) => ({ amount, currency: 'KES' as const })

function membershipInput(slug: string, trialDays?: number) {
  return {
    kind: 'membership',
    title: `Paypal circle ${slug}`,
    slug,
    description: 'Monthly stems, early releases and a members’ chat.',
    price: kes(500_00),
    details: {
      pausing: true,
      tiers: [
        {
          name: 'Listener',
          perks: 'Early releases',
          prices: [
            { interval: 'month', price: kes(500_00) },
            { interval: 'month', price: { amount: 5_00, currency: 'USD' } },
          ],
          ...(trialDays ? { trialDays } : {}),
        },
      ],
    },
  }
}

describe.each(databaseKinds)('memberships paid by PayPal, on %s', (kind) => {
  let app: RunningApp
  let second: RunningApp | null = null
  let sellerId = ''
  const tokenFor = async (userId: string) => (await createSession(app.database.db, userId, null)).token
  const membershipOf = (memberId: string) => membershipRow(app.database.db, memberId)
  const renewalsOf = (id: string) => renewalOrders(app.database.db, id)

  /** Joins a fresh membership by PayPal and approves it on the sandbox's page (`action` the payer's button). */
  async function joinByPaypal(
    email: string,
    action: 'subscribe' | 'subscribe-declined',
    currency = 'USD',
    trialDays?: number,
  ) {
    const slug = `pp-${email.split('@')[0]}`
    const productId = await productOnSale(app, sellerId, membershipInput(slug, trialDays))
    const [product] = await app.database.db
      .select()
      .from(productsTable)
      .where(eq(productsTable.id, productId))
    const tierId = (product?.details as { tiers: { id: string }[] } | undefined)?.tiers[0]?.id
    const buyer = await personOf(app, email)
    const started = await app.call(
      'joinMembership',
      { productId, tierId, interval: 'month', currency, method: 'paypal' },
      buyer.token,
    )
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    const approveUrl = data(started).next.url as string
    expect(approveUrl).toContain('/sandbox/paypal/webapps/billing/subscriptions?ba_token=BA-')
    const page = await fetch(approveUrl)
    expect(await page.text()).toContain('Agree and subscribe')
    const approved = await fetch(approveUrl, {
      method: 'POST',
      body: new URLSearchParams({ action }),
      redirect: 'manual',
    })
    expect(approved.status).toBe(303)
    // Back on Soko: the return hook asks PayPal, and the order page follows.
    const back = await fetch(approved.headers.get('location') ?? '', { redirect: 'manual' })
    expect(back.status).toBe(303)
    await app.sandboxesIdle()
    return { buyer, orderId: data(started).orderId as string, member: await membershipOf(buyer.id) }
  }

  const billDue = async (on: RunningApp = app) => {
    const res = await fetch(`${on.url}/sandbox/paypal/subscriptions/bill`, {
      method: 'POST',
      redirect: 'manual',
    })
    expect(res.status).toBe(303)
    await on.sandboxesIdle()
    return Number(new URL(res.headers.get('location') ?? '', on.url).searchParams.get('billed'))
  }
  const subscriptionOf = async (id: string) =>
    (await fetch(`${app.url}/sandbox/paypal/subscriptions`)).text().then((html) => {
      const row = html.split('<tr>').find((r) => r.includes(id)) ?? ''
      return row
    })

  const post = (event: object) => postPaypalWebhook(app, event)
  const saleEvent = (subscription: string, saleId: string, total: string, currency = 'USD') => ({
    id: `WH-${saleId}`,
    event_type: 'PAYMENT.SALE.COMPLETED',
    resource_type: 'sale',
    resource: {
      id: saleId,
      state: 'completed',
      amount: { total, currency },
      billing_agreement_id: subscription,
    },
  })

  beforeAll(async () => {
    app = await startApp(kind)
    if (kind === 'postgres') second = await startApp(kind, {}, { sharing: app })
    sellerId = (await sellerOf(app, 'paypal-circle-seller')).id
  }, 60_000)
  afterEach(() => clock.setOffset(0))
  afterAll(async () => {
    clock.setOffset(0)
    await second?.close()
    await app?.close()
  })

  it('joins by PayPal, renews by its webhook once (replayed, and billed by two instances at once), and balances', async () => {
    clockAt('2027-01-31T10:00:00Z')
    const { member, orderId } = await joinByPaypal('pp-renew@example.com', 'subscribe')
    expect(member).toMatchObject({ status: 'active', method: 'paypal', currency: 'USD', amount: 5_00 })
    expect(member.payment.subscription).toMatch(/^I-/)
    expect(member.payment.charge).toEqual({ amount: 5_00, currency: 'USD' })
    const [first] = await app.database.db.select().from(orders).where(eq(orders.id, orderId))
    expect(first).toMatchObject({ status: 'paid', providerRef: member.payment.subscription })
    // The first sale's webhook came too, and counted once with the return's.
    const firstEvents = await app.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, orderId))
    expect(firstEvents).toHaveLength(1)

    // Nothing is due before the period's end.
    expect(await billDue()).toBe(0)
    // A month on (February has no 31st: the 28th), PayPal bills; with two instances asked at once, once.
    clockAt('2027-02-28T10:01:00Z')
    const billed = await Promise.all([billDue(), billDue(second ?? app)])
    expect(billed.reduce((a, b) => a + b, 0)).toBe(1)
    const renewed = await membershipOf(member.memberId)
    expect(renewed).toMatchObject({ status: 'active', attempts: 0 })
    expect(renewed.periodStart.toISOString()).toBe(member.periodEnd.toISOString())
    expect(member.periodEnd.toISOString()).toMatch(/^2027-02-28T10:00/)
    const renewals = await renewalsOf(member.id)
    expect(renewals.map((o) => o.status)).toEqual(['paid'])
    expect(renewals[0]).toMatchObject({ chargeAmount: 5_00, chargeCurrency: 'USD', method: 'paypal' })

    // The renewals job finds nothing to do, and the sale's webhook again changes nothing.
    await renewDue(app.services, clock.now())
    const saleId = String(
      (
        await app.database.db
          .select()
          .from(paymentEvents)
          .where(eq(paymentEvents.orderId, renewals[0]?.id ?? ''))
      )[0]?.eventId,
    ).replace('sale:', '')
    expect(await post(saleEvent(member.payment.subscription ?? '', saleId, '5.00'))).toBe(200)
    expect(await renewalsOf(member.id)).toHaveLength(1)
    expect((await membershipOf(member.memberId)).periodEnd.toISOString()).toBe(
      renewed.periodEnd.toISOString(),
    )
    expect(await ledgerInvariantViolations(app.database.db)).toEqual([])
  })

  it('a free trial by PayPal: approved, nothing taken; PayPal bills the first period when it ends, which renews it', async () => {
    clockAt('2027-04-10T09:00:00Z')
    const { member, orderId } = await joinByPaypal('pp-trial@example.com', 'subscribe', 'USD', 10)
    const [first] = await app.database.db.select().from(orders).where(eq(orders.id, orderId))
    expect(first).toMatchObject({ status: 'paid', total: 0, chargeAmount: 0, chargeCurrency: 'USD' })
    expect(member).toMatchObject({ status: 'active', method: 'paypal', amount: 5_00, currency: 'USD' })
    expect(member.trialEndsAt?.toISOString().slice(0, 16)).toBe('2027-04-20T09:00')
    expect(member.periodEnd.toISOString()).toBe(member.trialEndsAt?.toISOString())
    // What the subscription bills from the trial's end, not the nothing its start took.
    expect(member.payment.charge).toEqual({ amount: 5_00, currency: 'USD' })
    // PayPal took nothing: no sale on its books, none on Soko's.
    expect(await subscriptionOf(member.payment.subscription ?? '')).toContain('ACTIVE')
    expect(await ledgerInvariantViolations(app.database.db)).toEqual([])
    // PayPal's activation webhook, again: the order counts once.
    const activated = {
      id: `WH-ACT-${orderId}`,
      event_type: 'BILLING.SUBSCRIPTION.ACTIVATED',
      resource_type: 'subscription',
      resource: { id: member.payment.subscription, status: 'ACTIVE', custom_id: orderId },
    }
    expect(await post(activated)).toBe(200)
    expect(await post(activated)).toBe(200)
    expect(
      await app.database.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId)),
    ).toHaveLength(1)

    // During the trial nothing is billed; at its end PayPal bills the first period, and its sale renews it.
    // (Other tests' subscriptions may be billed meanwhile: only this one's sales count here.)
    clockAt('2027-04-19T09:00:00Z')
    await billDue()
    await renewDue(app.services, clock.now())
    expect(await renewalsOf(member.id)).toEqual([])
    clockAt('2027-04-20T09:01:00Z')
    await billDue()
    const renewals = await renewalsOf(member.id)
    expect(renewals).toEqual([
      expect.objectContaining({ status: 'paid', chargeAmount: 5_00, chargeCurrency: 'USD', total: 5_00 }),
    ])
    const paid = await membershipOf(member.memberId)
    expect(paid.periodStart.toISOString()).toBe(member.periodEnd.toISOString())
    expect(paid.periodEnd.toISOString().slice(0, 16)).toBe('2027-05-20T09:00')
    // The next cycle is a month after the trial's end.
    clockAt('2027-05-20T09:01:00Z')
    await billDue()
    expect((await renewalsOf(member.id)).filter((o) => o.status === 'paid')).toHaveLength(2)
    expect(await ledgerInvariantViolations(app.database.db)).toEqual([])
  })

  it('retries a failed PayPal cycle on its days by capturing what is owed, then ends it, cancels the subscription and returns a late sale', async () => {
    clockAt('2027-03-10T08:00:00Z')
    const { member, buyer } = await joinByPaypal('pp-fail@example.com', 'subscribe-declined', 'KES')
    // A KES price is charged in USD by PayPal, at the rate of the join; the renewals bill the same.
    expect(member.payment.charge?.currency).toBe('USD')
    clockAt('2027-04-10T08:01:00Z')
    await billDue()
    let row = await membershipOf(buyer.id)
    expect(row).toMatchObject({ status: 'past_due', attempts: 1 })
    expect(row.nextAttemptAt?.getTime()).toBe(row.periodEnd.getTime() + DAY)
    const mails = (await readOutbox(app.database.db)).filter((m) => m.to === 'pp-fail@example.com')
    expect(mails.some((m) => /did not go through/.test(m.subject))).toBe(true)
    // The failure's webhook again counts nothing more.
    const failed = {
      id: 'WH-FAILED-AGAIN',
      event_type: 'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
      resource_type: 'subscription',
      resource: { id: member.payment.subscription, billing_info: { last_failed_payment: { time: 'again' } } },
    }
    expect(await post(failed)).toBe(200)
    expect((await membershipOf(buyer.id)).attempts).toBe(1)

    // Days 1, 3, 7 and 14: Soko captures the outstanding balance; the payer's funding declines each time.
    for (const [day, attempts] of [
      [1, 2],
      [3, 3],
      [7, 4],
    ] as const) {
      clockAt(new Date(Date.parse('2027-04-10T08:00:00Z') + day * DAY + 60_000))
      await renewDue(app.services, clock.now())
      row = await membershipOf(buyer.id)
      expect(row).toMatchObject({ status: 'past_due', attempts })
    }
    clockAt(new Date(Date.parse('2027-04-10T08:00:00Z') + 14 * DAY + 60_000))
    await renewDue(app.services, clock.now())
    await app.sandboxesIdle()
    row = await membershipOf(buyer.id)
    expect(row.status).toBe('ended')
    expect(await subscriptionOf(row.payment.subscription ?? '')).toContain('CANCELLED')

    // A sale PayPal took before it heard of the end, reported late, is refunded, not counted. (The sandbox's
    // record gets the sale PayPal would have made: the sandbox bills nothing after its cancellation.)
    const store = new SandboxStore(app.database.db)
    const lateSale = newSale(member.payment.charge?.amount ?? 0, clock.now())
    await store.update<SubscriptionRecord>('paypal', `subscription:${row.payment.subscription}`, (r) => ({
      ...r,
      sales: [...r.sales, lateSale],
    }))
    await recordSale(store, row.payment.subscription ?? '', lateSale.id)
    expect(
      await post(
        saleEvent(
          row.payment.subscription ?? '',
          lateSale.id,
          member.payment.charge ? (member.payment.charge.amount / 100).toFixed(2) : '0',
        ),
      ),
    ).toBe(200)
    await app.sandboxesIdle()
    const late = (await renewalsOf(row.id)).find((o) => o.status !== 'cancelled')
    await until(async () => {
      const [order] = await app.database.db
        .select()
        .from(orders)
        .where(eq(orders.id, late?.id ?? ''))
      return order?.status === 'refunded'
    }, 'the late sale refunded')
    const [refund] = await app.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, late?.id ?? ''))
    expect(refund?.status).toBe('succeeded')
    expect((await membershipOf(buyer.id)).status).toBe('ended')
    expect(await ledgerInvariantViolations(app.database.db)).toEqual([])
  })

  it('a member who cancels stops the subscription and keeps the period; a sale of the wrong amount renews nothing', async () => {
    clockAt('2027-05-05T12:00:00Z')
    const { member, buyer } = await joinByPaypal('pp-cancel@example.com', 'subscribe')
    clockAt('2027-05-20T12:00:00Z')
    const cancelled = await app.call('cancelMembership', { id: member.id }, await tokenFor(buyer.id))
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    await app.sandboxesIdle()
    expect(await subscriptionOf(member.payment.subscription ?? '')).toContain('CANCELLED')
    expect((await membershipOf(buyer.id)).status).toBe('active')

    clockAt('2027-06-05T12:00:30Z')
    await billDue()
    // A sale that says another amount than the subscription's (a forged or mistaken one) renews nothing.
    expect(await post(saleEvent(member.payment.subscription ?? '', 'WRONGAMOUNT000001', '4.00'))).toBe(200)
    expect((await membershipOf(buyer.id)).periodEnd.toISOString()).toBe(member.periodEnd.toISOString())
    clockAt('2027-06-05T12:01:00Z')
    await renewDue(app.services, clock.now())
    expect((await membershipOf(buyer.id)).status).toBe('ended')
    expect(
      await app.database.db
        .select()
        .from(orders)
        .where(and(eq(orders.buyerId, buyer.id), eq(orders.status, 'paid'))),
    ).toHaveLength(1)
    expect(await ledgerInvariantViolations(app.database.db)).toEqual([])
  })

  it('a pause suspends the subscription (nothing billed), and its end reactivates it: PayPal bills and renews', async () => {
    clockAt('2027-07-01T09:00:00Z')
    const { member, buyer } = await joinByPaypal('pp-pause@example.com', 'subscribe')
    const subscription = member.payment.subscription ?? ''
    // A tier change on PayPal is refused, saying why.
    const change = await app.call(
      'changeMembershipTier',
      { id: member.id, tierId: member.tierId, interval: 'month', currency: 'KES' },
      await tokenFor(buyer.id),
    )
    expect(change.status).toBe(409)
    expect(JSON.stringify(change.body.errors)).toContain('PayPal membership keeps its tier')
    const paused = await app.call('pauseMembership', { id: member.id, months: 1 }, await tokenFor(buyer.id))
    expect(paused.status, JSON.stringify(paused.body)).toBe(200)
    await app.sandboxesIdle()
    expect(await subscriptionOf(subscription)).toContain('SUSPENDED')

    clockAt(new Date(member.periodEnd.getTime() + 60_000))
    await billDue()
    await renewDue(app.services, clock.now())
    const during = await membershipOf(buyer.id)
    expect(during.status).toBe('paused')
    expect(await renewalsOf(member.id)).toHaveLength(0)

    clockAt(new Date(during.periodEnd.getTime() + 60_000))
    await renewDue(app.services, clock.now())
    await app.sandboxesIdle()
    expect(await subscriptionOf(subscription)).toContain('ACTIVE')
    await billDue()
    const after = await membershipOf(buyer.id)
    expect(after).toMatchObject({ status: 'active', pauseMonths: null })
    expect(after.periodStart.toISOString()).toBe(during.periodEnd.toISOString())
    expect((await renewalsOf(member.id)).map((o) => o.status)).toEqual(['paid'])
    expect(await ledgerInvariantViolations(app.database.db)).toEqual([])
  })
})
