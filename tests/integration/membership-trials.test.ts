import { and, eq } from 'drizzle-orm'
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
import { remindTrials, renewDue } from '../../server/features/memberships'
import { clock } from '../../server/lib/clock'
import { type RunningApp, startApp } from '../support/app'
import { clockAt } from '../support/clock-at'
import { databaseKinds } from '../support/db'
import { ledgerInvariantViolations } from '../support/ledger-invariants'
import { membershipRow, renewalOrders } from '../support/memberships'
import { readOutbox } from '../support/outbox'
import { data } from '../support/payouts'
import { submitSandboxCard } from '../support/sandbox-card'
import { personOf, productOnSale, sellerOf } from '../support/shop'
import { stripeWebhook } from '../support/stripe-webhook'

/**
 * A tier's free trial, by card: joining saves the card on Stripe's page in setup mode and takes nothing;
 * the membership's first period is the trial, and its first payment (the tier's price) is charged to the
 * saved card when the trial ends, then every period from that day. A member who cancels during the trial
 * is never charged; one who was a member before gets no second trial. The setup's webhook, replayed,
 * counts once, and the ledger sums to zero throughout.
 */

const kes = (amount: number) => ({ amount, currency: 'KES' as const })

const trialInput = (slug: string, trialDays: unknown = 14) => ({
  kind: 'membership',
  title: `Trial circle ${slug}`,
  slug,
  description: 'Try it first.',
  price: kes(500_00),
  details: {
    tiers: [
      {
        name: 'Listener',
        prices: [
          { interval: 'month', price: kes(500_00) },
          { interval: 'year', price: kes(5_000_00) },
        ],
        trialDays,
      },
    ],
  },
})

describe.each(databaseKinds)('membership trials, on %s', (kind) => {
  let app: RunningApp
  let seller = { id: '', token: '' }
  const tokenFor = async (userId: string) => (await createSession(app.database.db, userId, null)).token
  const tierOf = async (productId: string) => {
    const [row] = await app.database.db.select().from(productsTable).where(eq(productsTable.id, productId))
    return (row?.details as { tiers: { id: string }[] } | undefined)?.tiers[0]?.id ?? ''
  }
  const membershipOf = (memberId: string, productId: string) =>
    membershipRow(app.database.db, memberId, productId)
  const orderOf = async (id: string) => {
    const [row] = await app.database.db.select().from(orders).where(eq(orders.id, id))
    if (!row) throw new Error('no order')
    return row
  }
  const renewalsOf = (id: string) => renewalOrders(app.database.db, id)
  const join = async (productId: string, token: string, card = '4242 4242 4242 4242') => {
    const started = await app.call(
      'joinMembership',
      { productId, tierId: await tierOf(productId), interval: 'month', currency: 'KES', method: 'card' },
      token,
    )
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    const url = data(started).next.url as string
    const page = await (await fetch(url)).text()
    expect((await submitSandboxCard(url, card)).status).toBe(303)
    await app.sandboxesIdle()
    return { orderId: data(started).orderId as string, page }
  }
  const renewAt = async (at: string) => {
    clockAt(at)
    await renewDue(app.services, clock.now())
    await app.sandboxesIdle()
  }

  beforeAll(async () => {
    app = await startApp(kind)
    seller = await sellerOf(app, 'trial-seller')
    await app.database.db.insert(webhookEndpoints).values({
      id: crypto.randomUUID(),
      sellerId: seller.id,
      url: 'http://127.0.0.1:9/soko',
      events: ['membership.started', 'membership.renewed', 'membership.cancelled'],
      secret: 'whsec_test',
      status: 'enabled',
    })
  }, 60_000)
  afterEach(() => clock.setOffset(0))
  afterAll(async () => {
    clock.setOffset(0)
    await app?.close()
  })

  it('refuses a trial shorter than a day or longer than 30, at its field', async () => {
    for (const days of [0, 31, 2.5, 'a week']) {
      const refused = await app.call(
        'createProduct',
        trialInput(`trial-bad-${String(days)}`, days),
        seller.token,
      )
      expect(refused.status, JSON.stringify(days)).toBe(400)
      expect(JSON.stringify(refused.body)).toContain('details.tiers.0.trialDays')
    }
  })

  it('saves the card and takes nothing; charges the price when the trial ends, then monthly from that day', async () => {
    clockAt('2027-01-20T10:00:00Z')
    seller.token = await tokenFor(seller.id)
    const productId = await productOnSale(app, seller.id, trialInput('trial-a'))
    const buyer = await personOf(app, 'trial-member@example.com')
    const { orderId, page } = await join(productId, buyer.token)
    // Stripe's page saves the card, it does not ask to pay.
    expect(page).toContain('Save card')
    expect(page).toContain('Nothing is charged now')
    expect(page).not.toContain('Pay KES')
    expect(await orderOf(orderId)).toMatchObject({
      status: 'paid',
      total: 0,
      chargeAmount: 0,
      method: 'card',
      item: expect.objectContaining({ label: 'Listener · monthly · 14-day free trial' }),
    })
    const member = await membershipOf(buyer.id, productId)
    expect(member).toMatchObject({ status: 'active', amount: 500_00, anchorDay: 3, method: 'card' })
    expect(member.periodEnd.toISOString().slice(0, 19)).toBe('2027-02-03T10:00:00')
    expect(member.trialEndsAt?.toISOString().slice(0, 19)).toBe('2027-02-03T10:00:00')
    expect(member.payment).toMatchObject({
      customer: expect.stringMatching(/^cus_/),
      paymentMethod: expect.stringMatching(/^pm_/),
      card: 'Visa ending 4242',
    })
    const [mine] = data(await app.call('listMyMemberships', {}, buyer.token)).memberships
    expect(mine).toMatchObject({
      state: 'active',
      trialEndsAt: expect.stringMatching(/^2027-02-03T10:00:00/),
      nextPayment: { at: expect.stringMatching(/^2027-02-03T10:00:00/), amount: kes(500_00) },
      paidWith: 'Visa ending 4242',
    })
    // The seller: a member in a trial, who pays nothing yet.
    const overview = data(await app.call('getMembersOverview', { productId }, seller.token))
    expect(overview).toMatchObject({ current: 1, inTrial: 1, mrr: [] })

    // Stripe sends the setup's completion again: it counts once.
    const session = (await orderOf(orderId)).providerRef
    const replay = await stripeWebhook(app, 'checkout.session.completed', {
      id: session,
      object: 'checkout.session',
      mode: 'setup',
      status: 'complete',
      payment_status: 'no_payment_required',
      setup_intent: (await orderOf(orderId)).payment?.setupIntent,
      currency: 'kes',
    })
    expect(replay.status).toBe(200)
    expect(
      await app.database.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId)),
    ).toHaveLength(1)
    expect(await membershipOf(buyer.id, productId)).toMatchObject({ id: member.id })

    // Three days before it ends, the member is told what will be taken and when: once, however often
    // the job runs, on however many instances.
    const trialMails = async () =>
      (await readOutbox(app.database.db)).filter(
        (m) => m.to.includes('trial-member@example.com') && m.subject.includes('free trial'),
      )
    clockAt('2027-01-31T09:59:00Z')
    expect(await remindTrials(app.services, clock.now())).toBe(0)
    clockAt('2027-01-31T10:00:30Z')
    const sent = await Promise.all(Array.from({ length: 5 }, () => remindTrials(app.services, clock.now())))
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1)
    const [notice, ...more] = await trialMails()
    expect(more).toEqual([])
    expect(notice?.subject).toBe('Your free trial of Trial circle trial-a ends on 3 February 2027')
    expect(notice?.text).toMatch(/KES.500\.00 will be taken from your Visa ending 4242/)

    // A minute before the trial ends nothing is charged; at its end the price is, to the saved card.
    await renewAt('2027-02-03T09:59:00Z')
    expect(await renewalsOf(member.id)).toEqual([])
    await renewAt('2027-02-03T10:00:30Z')
    const [first] = await renewalsOf(member.id)
    expect(first).toMatchObject({ status: 'paid', total: 500_00, chargeAmount: 500_00, method: 'card' })
    const paid = await membershipOf(buyer.id, productId)
    expect(paid.periodStart.toISOString().slice(0, 19)).toBe('2027-02-03T10:00:00')
    expect(paid.periodEnd.toISOString().slice(0, 19)).toBe('2027-03-03T10:00:00')
    buyer.token = await tokenFor(buyer.id)
    const [after] = data(await app.call('listMyMemberships', {}, buyer.token)).memberships
    expect(after).toMatchObject({
      trialEndsAt: null,
      nextPayment: { at: expect.stringMatching(/^2027-03-03T10:00:00/) },
    })
    seller.token = await tokenFor(seller.id)
    expect(data(await app.call('getMembersOverview', { productId }, seller.token))).toMatchObject({
      inTrial: 0,
      mrr: [kes(500_00)],
    })
    // One sale, of the first payment; none for the trial.
    const sales = await app.database.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.kind, 'sale'), eq(ledgerTransactions.orderId, first?.id ?? '')))
    expect(sales).toHaveLength(1)
    await renewAt('2027-03-03T10:00:30Z')
    expect((await renewalsOf(member.id)).filter((o) => o.status === 'paid')).toHaveLength(2)
    const types = (
      await app.database.db.select().from(webhookEvents).where(eq(webhookEvents.objectId, member.id))
    ).map((e) => e.type)
    expect(types.sort()).toEqual(['membership.renewed', 'membership.renewed', 'membership.started'])
    expect(await ledgerInvariantViolations(app.database.db)).toEqual([])
  })

  it('a member who cancels during the trial is never charged; joining again later has no second trial', async () => {
    clockAt('2027-05-30T08:00:00Z')
    seller.token = await tokenFor(seller.id)
    const productId = await productOnSale(app, seller.id, trialInput('trial-b', 3))
    const buyer = await personOf(app, 'trial-leaver@example.com')
    await join(productId, buyer.token)
    const member = await membershipOf(buyer.id, productId)
    expect(member.periodEnd.toISOString().slice(0, 19)).toBe('2027-06-02T08:00:00')
    // A three-day trial was explained on joining: no reminder.
    clockAt('2027-05-31T08:00:00Z')
    expect(await remindTrials(app.services, clock.now())).toBe(0)
    buyer.token = await tokenFor(buyer.id)
    const cancelled = await app.call('cancelMembership', { id: member.id }, buyer.token)
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    expect(data(cancelled).membership).toMatchObject({ state: 'cancelled', nextPayment: null })
    await renewAt('2027-06-02T08:01:00Z')
    expect(await membershipOf(buyer.id, productId)).toMatchObject({ status: 'ended' })
    expect(await renewalsOf(member.id)).toEqual([])

    // Back a week later: the same tier, paid at once on the card page.
    clockAt('2027-06-09T08:00:00Z')
    buyer.token = await tokenFor(buyer.id)
    const again = await join(productId, buyer.token)
    expect(again.page).toContain('Pay KES')
    expect(await orderOf(again.orderId)).toMatchObject({ status: 'paid', total: 500_00 })
    const rejoined = await membershipOf(buyer.id, productId)
    expect(rejoined.id).not.toBe(member.id)
    expect(rejoined.trialEndsAt).toBeNull()
    expect(rejoined.periodEnd.toISOString().slice(0, 19)).toBe('2027-07-09T08:00:00')
    expect(await ledgerInvariantViolations(app.database.db)).toEqual([])
  })

  it('a card whose bank confirms everything is confirmed when saved, and its first payment asks the member again', async () => {
    clockAt('2027-08-01T12:00:00Z')
    seller.token = await tokenFor(seller.id)
    const productId = await productOnSale(app, seller.id, trialInput('trial-c', 7))
    const buyer = await personOf(app, 'trial-confirm@example.com')
    const started = await app.call(
      'joinMembership',
      { productId, tierId: await tierOf(productId), interval: 'month', currency: 'KES', method: 'card' },
      buyer.token,
    )
    const url = data(started).next.url as string
    const challenge = await submitSandboxCard(url, '4000 0027 6000 3184')
    expect(challenge.status).toBe(200)
    expect(await challenge.text()).toContain('confirm saving the card ending in 3184')
    const confirmed = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ step: '3ds', action: 'complete' }),
      redirect: 'manual',
    })
    expect(confirmed.status).toBe(303)
    await app.sandboxesIdle()
    const member = await membershipOf(buyer.id, productId)
    expect(member.payment.card).toBe('Visa ending 3184')
    // The trial ends: the bank wants the member, who is told and can pay from the link.
    await renewAt('2027-08-08T12:00:30Z')
    const behind = await membershipOf(buyer.id, productId)
    expect(behind).toMatchObject({ status: 'past_due', attempts: 1 })
    buyer.token = await tokenFor(buyer.id)
    const [view] = data(await app.call('listMyMemberships', {}, buyer.token)).memberships
    expect(view).toMatchObject({ state: 'past_due', payNow: true, trialEndsAt: null })
  })
})
