import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { STRIPE_TEST_CARDS } from '../../server/payments/sandbox/stripe/card-page'
import { submitSandboxCard } from '../support/sandbox-card'
import { type SdkSandboxes, startSdkSandboxes } from './sandboxes'

/** How long a delivery may take on a busy machine. */
const WAIT = { timeout: 10_000 }

/**
 * The Stripe sandbox driven by Stripe's own Node SDK, as an integrator would point it there: Checkout
 * sessions paid on the sandbox's card page, `expand`, payment intents and charges, refunds by either,
 * expiry, and webhooks verified with the SDK's own constructEvent.
 */
describe('the stripe SDK against the Stripe sandbox', () => {
  let server: SdkSandboxes
  let stripe: Stripe
  let webhookSecret: string

  beforeAll(async () => {
    server = await startSdkSandboxes()
    const { secretKey } = server.deps.payments.card
    webhookSecret = server.deps.payments.card.webhookSecret
    const base = new URL(server.url)
    stripe = new Stripe(secretKey, {
      host: base.hostname,
      port: Number(base.port),
      protocol: 'http',
      maxNetworkRetries: 0,
      // The SDK takes a host, port and protocol but always asks for /v1/…; the sandbox is under
      // /sandbox/stripe, so its own fetch client puts that in front of each path.
      httpClient: Stripe.createFetchHttpClient((input, init) => {
        const url = new URL(input instanceof Request ? input.url : input.toString())
        url.pathname = `/sandbox/stripe${url.pathname}`
        return fetch(url, init)
      }),
    })
  })

  afterAll(() => server?.close())

  const createSession = (params: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
    stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 2,
          price_data: { currency: 'kes', unit_amount: 75_000, product_data: { name: 'Kikoi, striped' } },
        },
      ],
      success_url: `${server.url}/shop/paid?session={CHECKOUT_SESSION_ID}`,
      cancel_url: `${server.url}/shop/cancelled`,
      customer_email: 'amina@example.com',
      ...params,
    })

  /** A session paid on the card page with the test card that pays, as a buyer would. */
  async function paidSession() {
    const session = await createSession()
    const paid = await submitSandboxCard(session.url ?? '', STRIPE_TEST_CARDS.succeeds)
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(`${server.url}/shop/paid?session=${session.id}`)
    return session
  }

  /** The ids a paid session led to, read without expanding. */
  async function idsOf(sessionId: string) {
    const session = await stripe.checkout.sessions.retrieve(sessionId)
    const intent = await stripe.paymentIntents.retrieve(String(session.payment_intent))
    return { paymentIntent: intent.id, charge: String(intent.latest_charge) }
  }

  it('creates a Checkout Session and reads it back paid, its payment intent and charge expanded', async () => {
    const created = await createSession({ expand: ['payment_intent'] })
    expect(created).toMatchObject({ object: 'checkout.session', status: 'open', payment_intent: null })
    expect(created.amount_total).toBe(150_000)
    expect(created.url).toBe(`${server.url}/sandbox/stripe/pay/${created.id}`)
    await submitSandboxCard(created.url ?? '', STRIPE_TEST_CARDS.succeeds)

    const plain = await stripe.checkout.sessions.retrieve(created.id)
    expect(plain).toMatchObject({ status: 'complete', payment_status: 'paid' })
    expect(plain.payment_intent).toMatch(/^pi_/)
    const session = await stripe.checkout.sessions.retrieve(created.id, {
      expand: ['payment_intent', 'payment_intent.latest_charge'],
    })
    const intent = session.payment_intent as Stripe.PaymentIntent
    expect(intent).toMatchObject({ id: plain.payment_intent, object: 'payment_intent', status: 'succeeded' })
    expect(intent.latest_charge).toMatchObject({
      object: 'charge',
      id: expect.stringMatching(/^ch_/),
      amount: 150_000,
      payment_intent: intent.id,
    })
  })

  it('retrieves a payment intent and its charge, each expanding the other', async () => {
    const session = await paidSession()
    const { paymentIntent, charge } = await idsOf(session.id)
    const intent = await stripe.paymentIntents.retrieve(paymentIntent)
    expect(intent).toMatchObject({ amount: 150_000, currency: 'kes', amount_received: 150_000 })
    expect(intent.latest_charge).toBe(charge)
    const expanded = await stripe.paymentIntents.retrieve(paymentIntent, { expand: ['latest_charge'] })
    expect((expanded.latest_charge as Stripe.Charge).id).toBe(charge)
    const read = await stripe.charges.retrieve(charge, { expand: ['payment_intent'] })
    expect(read).toMatchObject({ object: 'charge', paid: true, amount_refunded: 0 })
    expect((read.payment_intent as Stripe.PaymentIntent).id).toBe(paymentIntent)
    await expect(stripe.charges.retrieve('ch_unknown')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    })
  })

  it('refuses to expand what cannot be expanded, as Stripe does', async () => {
    const session = await createSession()
    const refused = stripe.checkout.sessions.retrieve(session.id, { expand: ['metadata'] })
    await expect(refused).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    await expect(refused).rejects.toMatchObject({
      statusCode: 400,
      message: 'This property cannot be expanded (metadata).',
    })
    // A field Stripe expands that is empty here stays empty, as on Stripe.
    const empty = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['customer', 'payment_intent'],
    })
    expect(empty).toMatchObject({ customer: null, payment_intent: null })
    await expect(
      stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent.latest_charge.outcome'] }),
    ).rejects.toMatchObject({ statusCode: 400, message: 'This property cannot be expanded (outcome).' })
    await expect(
      stripe.checkout.sessions.retrieve(session.id, { expand: ['a.b.c.d.e'] }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'You cannot expand more than 4 levels of a property.',
    })
    await expect(
      stripe.checkout.sessions.retrieve(session.id, { expand: ['constructor.name'] }),
    ).rejects.toMatchObject({ statusCode: 400, message: 'This property cannot be expanded (constructor).' })
    // In a POST's body too, refused before anything is made.
    await expect(createSession({ expand: ['amount_total'] })).rejects.toMatchObject({ statusCode: 400 })
  })

  it('refunds by payment intent and by charge, and refuses a charge it does not have', async () => {
    const session = await paidSession()
    const { paymentIntent, charge } = await idsOf(session.id)
    const first = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 50_000 })
    expect(first).toMatchObject({ object: 'refund', status: 'succeeded', amount: 50_000, charge })
    const second = await stripe.refunds.create({ charge, amount: 30_000, expand: ['charge'] })
    expect(second).toMatchObject({ amount: 30_000, payment_intent: paymentIntent })
    expect(second.charge).toMatchObject({ id: charge, amount_refunded: 80_000, refunded: false })
    const rest = await stripe.refunds.create({ charge, payment_intent: paymentIntent })
    expect(rest.amount).toBe(70_000)
    const read = await stripe.refunds.retrieve(rest.id, { expand: ['payment_intent', 'charge'] })
    expect(read.payment_intent).toMatchObject({ id: paymentIntent })
    expect(read.charge).toMatchObject({ id: charge, refunded: true })

    await expect(stripe.refunds.create({ charge })).rejects.toMatchObject({ code: 'charge_already_refunded' })
    const unknown = stripe.refunds.create({ charge: 'ch_unknown' })
    await expect(unknown).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    await expect(unknown).rejects.toMatchObject({ code: 'resource_missing', param: 'charge' })
    await expect(stripe.refunds.create({})).rejects.toMatchObject({ code: 'parameter_missing' })
    const other = await idsOf((await paidSession()).id)
    await expect(
      stripe.refunds.create({ charge: other.charge, payment_intent: paymentIntent }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'charge' })
  })

  it('expires an open session, and refuses to expire it again', async () => {
    const session = await createSession()
    const expired = await stripe.checkout.sessions.expire(session.id)
    expect(expired).toMatchObject({ id: session.id, status: 'expired', url: null })
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ statusCode: 400 })
    const page = await fetch(session.url ?? '')
    expect(await page.text()).toContain('This payment page has expired')
  })

  it("signs its webhooks so that the SDK's constructEvent verifies them", async () => {
    const expired = await createSession()
    await stripe.checkout.sessions.expire(expired.id)
    const paid = await paidSession()
    const { paymentIntent } = await idsOf(paid.id)
    await stripe.refunds.create({ payment_intent: paymentIntent, amount: 1_000 })
    const events = () =>
      server.hooks
        .filter((hook) => hook.path === '/hooks/stripe')
        .map((hook) =>
          stripe.webhooks.constructEvent(
            hook.body,
            hook.headers.get('stripe-signature') ?? '',
            webhookSecret,
          ),
        )
    await vi.waitFor(() => {
      const seen = events()
      const about = (type: string, match: (object: Record<string, unknown>) => boolean) =>
        seen.some((e) => e.type === type && match(e.data.object as unknown as Record<string, unknown>))
      expect(about('checkout.session.expired', (o) => o.id === expired.id)).toBe(true)
      expect(about('checkout.session.completed', (o) => o.id === paid.id)).toBe(true)
      expect(about('charge.refunded', (o) => o.payment_intent === paymentIntent)).toBe(true)
    }, WAIT)
    const hook = server.hooks.find((h) => h.path === '/hooks/stripe')
    expect(() =>
      stripe.webhooks.constructEvent(
        `${hook?.body} `,
        hook?.headers.get('stripe-signature') ?? '',
        webhookSecret,
      ),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError)
  })
})
