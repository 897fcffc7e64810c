import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect } from 'vitest'
import { jobs, orders, sellerVerifications, smsMessages } from '../../server/db/schema'
import { payoutsSendBatch, payoutsSweep } from '../../server/jobs/payouts.job'
import { createJobRunner } from '../../server/jobs/runner'
import { saleFee } from '../../server/ledger/postings'
import { createLogger } from '../../server/lib/log'
import { uuidv7 } from '../../server/lib/uuid'
import { type RunningApp, startApp } from './app'
import { testConfig } from './config'
import type { DatabaseKind } from './db'
import { testClock } from './jobs'
import { submitSandboxCard } from './sandbox-card'
import { eventOnSale, personOf, sellerOf } from './shop'

export const SALE_PRICE = { KES: 5_000_00, USD: 80_00 } as const
/** What the seller keeps of one sale at SALE_PRICE. */
export const SALE_NET = {
  KES: SALE_PRICE.KES - saleFee(SALE_PRICE.KES),
  USD: SALE_PRICE.USD - saleFee(SALE_PRICE.USD),
}

type Answer = Awaited<ReturnType<RunningApp['call']>>
// biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON the server answered
export const data = (answer: Answer) => answer.body.data as Record<string, any>

/**
 * Money out as a seller meets it, on a test app (run it with holdDays 0 and newMethodWaitHours 0 unless
 * the test is about them): a seller with a sale available, an M-Pesa destination confirmed by SMS code,
 * and payouts asked for and approved. `admin` is an admin's session token.
 */
export function payoutSteps(app: RunningApp, admin: () => string) {
  /** A Kenyan seller whose identity is approved, with one card sale of SALE_PRICE available. */
  async function sellerWithSale(handle: string, currency: 'KES' | 'USD' = 'KES') {
    const seller = await sellerOf(app, handle)
    await app.database.db.insert(sellerVerifications).values({
      id: uuidv7(),
      sellerId: seller.id,
      details: {} as never,
      status: 'approved',
    })
    const price = { amount: SALE_PRICE[currency], currency }
    const productId = await eventOnSale(app, seller.id, `Night ${handle}`, price)
    const buyer = await personOf(app, `buyer-${handle}@example.com`)
    const started = data(await app.call('startCheckout', { productId, method: 'card' }, buyer.token))
    expect((await submitSandboxCard(started.next.url, '4242 4242 4242 4242')).status).toBe(303)
    await app.sandboxesIdle()
    return seller
  }

  /** Adds an M-Pesa destination the way a seller does: a code by SMS, then the code. */
  async function mpesaDestination(token: string, phone: string) {
    expect((await app.call('requestPhoneCode', { phone }, token)).status).toBe(200)
    const [sms] = await app.database.db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.phone, `254${phone.slice(1)}`))
      .orderBy(smsMessages.createdAt)
      .then((rows) => rows.slice(-1))
    const code = /(\d{6})/.exec(sms?.text ?? '')?.[1]
    const added = await app.call('addPayoutMethod', { method: { kind: 'mpesa', phone }, code }, token)
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    return data(added).method.id as string
  }

  /** A payout asked for and, as a first payout, approved by the admin: it is then sent at once. */
  async function approvedPayout(token: string, methodId: string, amount = 1_000_00) {
    const asked = await app.call(
      'requestPayout',
      { requestKey: randomUUID(), currency: 'KES', amount, methodId, speed: 'instant' },
      token,
    )
    expect(asked.status, JSON.stringify(asked.body)).toBe(200)
    const id = data(asked).payout.id as string
    expect((await app.call('reviewPayout', { payoutId: id, approve: true }, admin())).status).toBe(200)
    await app.sandboxesIdle()
    return id
  }

  const payoutOf = async (token: string, payoutId: string) =>
    data(await app.call('getPayout', { payoutId }, token)).payout

  /**
   * A US seller's first payout, USD 50 to a PayPal e-mail (the sandbox's special addresses end it as
   * they say), asked and approved: the seller and the payout's id.
   */
  async function paypalPayout(handle: string, email: string) {
    const seller = await sellerWithSale(handle, 'USD')
    const added = await app.call('addPayoutMethod', { method: { kind: 'paypal', email } }, seller.token)
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    const asked = await app.call(
      'requestPayout',
      {
        requestKey: randomUUID(),
        currency: 'USD',
        amount: 50_00,
        methodId: data(added).method.id,
        speed: 'instant',
      },
      seller.token,
    )
    expect(asked.status, JSON.stringify(asked.body)).toBe(200)
    const id = data(asked).payout.id as string
    expect((await app.call('reviewPayout', { payoutId: id, approve: true }, admin())).status).toBe(200)
    await app.sandboxesIdle()
    return { seller, id }
  }

  return { sellerWithSale, mpesaDestination, approvedPayout, payoutOf, paypalPayout }
}

/**
 * Two instances sweeping money out (the payouts jobs) on a clock the test moves, from `start`. The sweep's
 * next occurrence left queued by an earlier test (on its own clock, maybe a week ahead) is dropped first.
 */
export async function payoutSweepers(app: RunningApp, start: Date) {
  await app.database.db.delete(jobs).where(eq(jobs.name, 'payouts.sweep'))
  const clock = testClock(start.toISOString())
  const log = createLogger('warn', () => {})
  const instances = [0, 1].map(() =>
    createJobRunner({
      db: app.database.db,
      log,
      definitions: [payoutsSweep(app.services), payoutsSendBatch(app.services)],
      now: clock.now,
    }),
  )
  return {
    clock,
    /** Both instances look for due work once; answers how many jobs they ran. */
    async sweep() {
      const ran = await Promise.all(instances.map((runner) => runner.runDue()))
      await app.sandboxesIdle()
      return ran.reduce((a, b) => a + b, 0)
    },
    stop: () => Promise.all(instances.map((runner) => runner.stop({ timeoutMs: 1000 }))),
  }
}

/**
 * An order bought by M-Pesa from `phone` and paid: the checkout started as the buyer, then the prompt's
 * callback as M-Pesa sends it (the sandbox's 0700 000 705 never hears a B2C result, so a refund to it
 * waits for Transaction Status). Answers the order's id.
 */
export async function mpesaPaidOrder(
  app: RunningApp,
  productId: string,
  buyerToken: string,
  phone: string,
  receipt: string,
  /**
   * More of the checkout's input (a discount code), what happens while the prompt is on the phone, and
   * `bundle` when `productId` is a bundle's id.
   */
  opts: {
    input?: Record<string, unknown>
    meanwhile?: (orderId: string) => Promise<void>
    bundle?: boolean
  } = {},
): Promise<string> {
  const started = opts.bundle
    ? await app.call(
        'startBundleCheckout',
        { bundleId: productId, method: 'mpesa', phone, ...opts.input },
        buyerToken,
      )
    : await app.call('startCheckout', { productId, method: 'mpesa', phone, ...opts.input }, buyerToken)
  expect(started.status, JSON.stringify(started.body)).toBe(200)
  const orderId = data(started).orderId as string
  await opts.meanwhile?.(orderId)
  const [row] = await app.database.db.select().from(orders).where(eq(orders.id, orderId))
  const paid = await fetch(app.services.gateway.urls.stkCallback(orderId), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      Body: {
        stkCallback: {
          MerchantRequestID: `m-${orderId}`,
          CheckoutRequestID: row?.providerRef,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: (row?.chargeAmount ?? 0) / 100 },
              { Name: 'MpesaReceiptNumber', Value: receipt },
              { Name: 'TransactionDate', Value: 20261124102115 },
              { Name: 'PhoneNumber', Value: Number(`254${phone.slice(1)}`) },
            ],
          },
        },
      },
    }),
  })
  expect(paid.status).toBe(200)
  return orderId
}

/**
 * An order paid by card as the buyer: the checkout (a bundle's with `bundle`), then the sandbox's card page
 * with the card that pays, whose webhook settles it. Answers the order's id.
 */
export async function cardPaidOrder(
  app: RunningApp,
  input: Record<string, unknown>,
  buyerToken: string,
  opts: { bundle?: boolean } = {},
): Promise<string> {
  const started = await app.call(
    opts.bundle ? 'startBundleCheckout' : 'startCheckout',
    { method: 'card', ...input } as never,
    buyerToken,
  )
  expect(started.status, JSON.stringify(started.body)).toBe(200)
  expect((await submitSandboxCard(data(started).next.url, '4242 4242 4242 4242')).status).toBe(303)
  await app.sandboxesIdle()
  const orderId = data(started).orderId as string
  expect(data(await app.call('getOrder', { orderId }, buyerToken)).order.status).toBe('paid')
  return orderId
}

/**
 * A suite's app whose payouts go at once (no hold on earnings, no wait for a new destination), an admin to
 * approve them and the steps of payoutSteps: started before the suite's tests, closed after them.
 */
export function payoutSuite(kind: DatabaseKind, adminEmail = 'admin@example.com') {
  const suite = {} as { app: RunningApp; admin: string; steps: ReturnType<typeof payoutSteps> }
  beforeAll(async () => {
    const base = testConfig()
    suite.app = await startApp(kind, { payouts: { ...base.payouts, holdDays: 0, newMethodWaitHours: 0 } })
    suite.admin = (await personOf(suite.app, adminEmail, { roles: ['admin'] })).token
    suite.steps = payoutSteps(suite.app, () => suite.admin)
  })
  afterAll(async () => {
    await suite.app?.close()
  })
  return suite
}
