import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CardAdapter, type CardSessionRequest } from '../../server/payments/card.adapter'
import { PaymentProviderError } from '../../server/payments/payments'
import type { SandboxStore } from '../../server/payments/sandbox/store'
import { type StripeSandbox, stripeSandbox } from '../../server/payments/sandbox/stripe'
import { testConfig } from '../support/config'
import { databaseKinds } from '../support/db'
import { type Hook, type SandboxServer, startSandboxServer, submitForm } from '../support/sandbox-server'

const MINUTE = 60_000

describe.each(databaseKinds)('card adapter against the Stripe sandbox on %s', (kind) => {
  let server: SandboxServer
  let store: SandboxStore
  let url: string
  let sandbox: StripeSandbox
  let card: CardAdapter
  const payments = testConfig().payments

  beforeAll(async () => {
    server = await startSandboxServer(kind, (deps) => {
      sandbox = stripeSandbox(deps)
      return { '/sandbox/stripe': sandbox }
    })
    url = server.url
    store = server.deps.store
    card = adapter()
  })

  afterAll(() => server?.close())

  function adapter(overrides: Partial<ConstructorParameters<typeof CardAdapter>[0]> = {}) {
    return new CardAdapter({
      apiBase: `${url}/sandbox/stripe`,
      secretKey: payments.card.secretKey,
      webhookSecret: payments.card.webhookSecret,
      ...overrides,
    })
  }

  function sessionRequest(overrides: Partial<CardSessionRequest> = {}): CardSessionRequest {
    const orderId = randomUUID()
    return {
      orderId,
      reference: `SOKO-${orderId.slice(0, 6)}`,
      amount: { amount: 150_000, currency: 'KES' },
      description: 'Baobab print, A3',
      email: 'amina@example.com',
      successUrl: `${url}/sucess-payment?order=${orderId}&session={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${url}/hooks/stripe/cancel?order=${orderId}`,
      expiresAt: new Date(Date.now() + 60 * MINUTE),
      idempotencyKey: randomUUID(),
      ...overrides,
    }
  }

  const cardFields = (number: string) => ({
    step: 'card',
    number,
    expiry: '12/39',
    cvc: '123',
    name: 'Amina Njeri',
  })

  /** The Stripe-Signature header of a webhook the sandbox sent. */
  const signature = (hook: Hook) => hook.headers.get('stripe-signature') ?? undefined

  const eventsFor = (sessionId: string) =>
    server.hooks.filter((hook) => {
      const event = JSON.parse(hook.body)
      return event.data.object.id === sessionId
    })

  it('saves a card without a payment: a customer, a setup-mode session, its SetupIntent and signed webhooks', async () => {
    const req = sessionRequest({ amount: { amount: 0, currency: 'KES' }, saveCard: true, setupOnly: true })
    const session = await card.createSession(req)
    expect(await card.getSession(session.id)).toMatchObject({
      mode: 'setup',
      status: 'open',
      paymentStatus: 'no_payment_required',
      amount: null,
      currency: 'KES',
      setupIntent: null,
      orderId: req.orderId,
    })
    const html = await (await fetch(session.url)).text()
    for (const text of [
      'Save a card (sandbox)',
      'Nothing is charged now',
      '>Save card</button>',
      'Baobab print, A3',
    ])
      expect(html).toContain(text)
    expect(html).not.toContain('Pay KES')
    expect((await submitForm(session.url, cardFields('4000 0000 0000 0002'))).status).toBe(200)
    const saved = await submitForm(session.url, cardFields('4242 4242 4242 4242'))
    expect(saved.status).toBe(303)
    expect(saved.location).toBe(`${url}/sucess-payment?order=${req.orderId}&session=${session.id}`)
    const after = await card.getSession(session.id)
    expect(after).toMatchObject({ status: 'complete', setupIntent: expect.stringMatching(/^seti_/) })
    expect(await card.savedCard(after.setupIntent ?? '')).toEqual({
      brand: 'visa',
      last4: '4242',
      customer: expect.stringMatching(/^cus_/),
      paymentMethod: expect.stringMatching(/^pm_/),
    })
    // Only a SetupIntent's id is asked about; one Stripe does not know is its error.
    expect(await card.savedCard('pi_notasetup')).toBeNull()
    await expect(card.savedCard('seti_notours')).rejects.toBeInstanceOf(PaymentProviderError)
    // Stripe's webhooks for it, signed: the SetupIntent's, then the session's.
    const types = await Promise.all(
      server.hooks
        .filter((hook) => hook.body.includes(after.setupIntent ?? 'none'))
        .map(async (hook) => (await card.verifyWebhook(hook.body, signature(hook)))?.type),
    )
    expect(types).toEqual(['setup_intent.succeeded', 'checkout.session.completed'])
    // The saved card is charged later without the payer, as a paid session's is.
    const saved4242 = await card.savedCard(after.setupIntent ?? '')
    const charged = await card.chargeSaved({
      customer: saved4242?.customer ?? '',
      paymentMethod: saved4242?.paymentMethod ?? '',
      amount: { amount: 50_000, currency: 'KES' },
      description: 'First month after the trial',
      metadata: { orderId: req.orderId },
      idempotencyKey: randomUUID(),
    })
    expect(charged).toMatchObject({ paid: true, amount: { amount: 50_000, currency: 'KES' } })
    // Stripe refuses what setup mode does not take.
    const refused = await fetch(`${url}/sandbox/stripe/v1/checkout/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${payments.card.secretKey}` },
      body: new URLSearchParams({
        mode: 'setup',
        currency: 'kes',
        success_url: req.successUrl,
        'line_items[0][quantity]': '1',
      }),
    })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('You cannot pass `line_items` in `setup` mode.')
  })

  it('creates a session through the SDK, the buyer pays with 4242, and a signed checkout.session.completed arrives', async () => {
    const req = sessionRequest()
    const session = await card.createSession(req)
    expect(session.id).toMatch(/^cs_test_/)
    expect(session.url).toBe(`${url}/sandbox/stripe/pay/${session.id}`)
    expect(await card.getSession(session.id)).toEqual({
      id: session.id,
      mode: 'payment',
      status: 'open',
      paymentStatus: 'unpaid',
      paymentIntent: null,
      setupIntent: null,
      amount: { amount: 150_000, currency: 'KES' },
      currency: 'KES',
      orderId: req.orderId,
    })

    const page = await fetch(session.url)
    const html = await page.text()
    expect(page.status).toBe(200)
    for (const text of [
      'Pay KES 1,500.00 (sandbox)',
      'Sandbox — no real money moves',
      '>Card number</label>',
      '>Expiry (MM/YY)</label>',
      '>CVC</label>',
      '>Name on card</label>',
      '4242 4242 4242 4242',
      'Baobab print, A3',
      `href="${req.cancelUrl}">← Back to Soko</a>`,
    ])
      expect(html).toContain(text)

    const paid = await submitForm(session.url, cardFields('4242 4242 4242 4242'))
    expect(paid.status).toBe(303)
    expect(paid.location).toBe(`${url}/sucess-payment?order=${req.orderId}&session=${session.id}`)

    // Delivered before the redirect: the page waits for it.
    const [hook, ...more] = eventsFor(session.id)
    expect(more).toHaveLength(0)
    if (!hook) throw new Error('no webhook')
    expect(signature(hook)).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
    const event = await card.verifyWebhook(hook.body, signature(hook))
    expect(event).toMatchObject({
      object: 'event',
      type: 'checkout.session.completed',
      livemode: false,
      data: {
        object: {
          id: session.id,
          object: 'checkout.session',
          status: 'complete',
          payment_status: 'paid',
          amount_total: 150_000,
          currency: 'kes',
          client_reference_id: req.orderId,
          metadata: { orderId: req.orderId, reference: req.reference },
          payment_intent: expect.stringMatching(/^pi_/),
        },
      },
    })
    expect(await card.verifyWebhook(hook.body.replace('150000', '1'), signature(hook))).toBeNull()
    expect(await card.verifyWebhook(hook.body, undefined)).toBeNull()
    expect(
      await adapter({ webhookSecret: 'whsec_other' }).verifyWebhook(hook.body, signature(hook)),
    ).toBeNull()

    const after = await card.getSession(session.id)
    expect(after).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      paymentIntent: expect.stringMatching(/^pi_/),
    })
    // The payment intent carries the order too (payment_intent_data.metadata).
    const intent = await fetch(`${url}/sandbox/stripe/v1/payment_intents/${after.paymentIntent}`, {
      headers: { authorization: `Bearer ${payments.card.secretKey}` },
    })
    expect(await intent.json()).toMatchObject({
      status: 'succeeded',
      amount: 150_000,
      metadata: { orderId: req.orderId },
    })
    expect(await (await fetch(session.url)).text()).toContain('This payment is complete')
  })

  it('declines 4000 0000 0000 0002 on the page: the session stays open and unpaid, and no webhook is sent', async () => {
    const session = await card.createSession(sessionRequest())
    const declined = await submitForm(session.url, cardFields('4000 0000 0000 0002'))
    expect(declined.status).toBe(200)
    expect(declined.html).toContain('<p role="alert">Your card was declined.</p>')
    expect(await card.getSession(session.id)).toMatchObject({
      status: 'open',
      paymentStatus: 'unpaid',
      paymentIntent: null,
    })
    await sandbox.idle()
    expect(eventsFor(session.id)).toHaveLength(0)

    const wrong = await submitForm(session.url, cardFields('4111 1111 1111 1112'))
    expect(wrong.html).toContain('<p role="alert">Your card number is incorrect.</p>')
  })

  it('asks for 3-D Secure with 4000 0027 6000 3184: completing it pays, failing it returns to the card page', async () => {
    const session = await card.createSession(sessionRequest())
    const challenge = await submitForm(session.url, cardFields('4000 0027 6000 3184'))
    expect(challenge.html).toContain('Authenticate this payment')
    expect(challenge.html).toContain('Complete authentication')
    expect(challenge.html).toContain('Fail authentication')

    const failed = await submitForm(session.url, { step: '3ds', action: 'fail' })
    expect(failed.html).toContain(
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    )
    expect(failed.html).toContain('>Card number</label>')
    expect((await card.getSession(session.id)).paymentStatus).toBe('unpaid')
    // The challenge is gone: completing it now does not pay.
    expect((await submitForm(session.url, { step: '3ds', action: 'complete' })).status).toBe(200)
    expect((await card.getSession(session.id)).paymentStatus).toBe('unpaid')

    await submitForm(session.url, cardFields('4000002760003184'))
    const completed = await submitForm(session.url, { step: '3ds', action: 'complete' })
    expect(completed.status).toBe(303)
    expect((await card.getSession(session.id)).paymentStatus).toBe('paid')
    expect(eventsFor(session.id).map((hook) => JSON.parse(hook.body).type)).toEqual([
      'checkout.session.completed',
    ])
  })

  it('refuses a wrong API key with a PaymentProviderError, without logging the key', async () => {
    const attempt = adapter({ secretKey: 'sk_test_not_the_key_1234' }).createSession(sessionRequest())
    await expect(attempt).rejects.toThrow(PaymentProviderError)
    await expect(attempt).rejects.toMatchObject({
      message: 'Card payments are not available right now: pay another way while we fix it',
      detail: expect.stringContaining('STRIPE_SECRET_KEY'),
    })
    await expect(attempt).rejects.not.toMatchObject({ detail: expect.stringContaining('not_the_key') })

    const raw = await fetch(`${url}/sandbox/stripe/v1/checkout/sessions/cs_test_x`, {
      headers: { authorization: 'Bearer sk_test_not_the_key_1234' },
    })
    expect(raw.status).toBe(401)
    const body = (await raw.json()) as { error: { type: string; message: string } }
    expect(body.error.type).toBe('invalid_request_error')
    expect(body.error.message).toMatch(/^Invalid API Key provided: sk_test_\*+1234$/)
  })

  it('makes one session for one idempotency key, and refuses the key with other parameters', async () => {
    const req = sessionRequest()
    const first = await card.createSession(req)
    expect(await card.createSession(req)).toEqual(first)
    await expect(
      card.createSession({ ...req, amount: { amount: 99_00, currency: 'KES' } }),
    ).rejects.toMatchObject({
      name: 'PaymentProviderError',
      code: 'idempotency_error',
    })
    const sessions = await store.list('stripe', 'checkout.session', {
      session: { client_reference_id: req.orderId },
    })
    expect(sessions).toHaveLength(1)
  })

  it('refuses expires_at less than 30 minutes ahead, as Stripe does', async () => {
    const attempt = card.createSession(sessionRequest({ expiresAt: new Date(Date.now() + 10 * MINUTE) }))
    await expect(attempt).rejects.toMatchObject({
      name: 'PaymentProviderError',
      message: 'The card payment could not be started: try again or pay another way',
      detail: expect.stringContaining('at least 30 minutes'),
    })
  })

  it('expires an open session (with checkout.session.expired) and leaves a finished one alone', async () => {
    const open = await card.createSession(sessionRequest())
    await card.expireSession(open.id)
    expect(await card.getSession(open.id)).toMatchObject({ status: 'expired', paymentStatus: 'unpaid' })
    await card.expireSession(open.id)
    await sandbox.idle()
    const [hook] = eventsFor(open.id)
    expect(hook && (await card.verifyWebhook(hook.body, signature(hook)))?.type).toBe(
      'checkout.session.expired',
    )
    expect(await (await fetch(open.url)).text()).toContain('This payment page has expired')
    expect((await submitForm(open.url, cardFields('4242424242424242'))).status).toBe(200)
    expect((await card.getSession(open.id)).paymentStatus).toBe('unpaid')

    const paid = await card.createSession(sessionRequest())
    await submitForm(paid.url, cardFields('4242424242424242'))
    await card.expireSession(paid.id)
    expect((await card.getSession(paid.id)).status).toBe('complete')

    // A session whose time is up reads as expired, and says so by webhook.
    const late = await card.createSession(sessionRequest())
    await store.update<{ session: { expires_at: number } }>('stripe', `session:${late.id}`, (r) => ({
      ...r,
      session: { ...r.session, expires_at: Math.floor(Date.now() / 1000) - 1 },
    }))
    expect((await card.getSession(late.id)).status).toBe('expired')
    await sandbox.idle()
    expect(eventsFor(late.id).map((h) => JSON.parse(h.body).type)).toEqual(['checkout.session.expired'])
  })

  it('refunds a payment in parts, replays a refund for the same key, and refuses more than is left', async () => {
    const session = await card.createSession(sessionRequest())
    await submitForm(session.url, cardFields('4242424242424242'))
    const { paymentIntent } = await card.getSession(session.id)
    if (!paymentIntent) throw new Error('not paid')

    const key = randomUUID()
    const first = await card.refund(paymentIntent, { amount: 50_000, currency: 'KES' }, key)
    expect(first).toEqual({
      id: expect.stringMatching(/^re_/),
      status: 'succeeded',
      amount: { amount: 50_000, currency: 'KES' },
    })
    expect(await card.refund(paymentIntent, { amount: 50_000, currency: 'KES' }, key)).toEqual(first)

    await expect(
      card.refund(paymentIntent, { amount: 200_000, currency: 'KES' }, randomUUID()),
    ).rejects.toMatchObject({
      name: 'PaymentProviderError',
      message: 'The refund is more than what is left of this card payment: refund less',
    })
    expect(
      (await card.refund(paymentIntent, { amount: 100_000, currency: 'KES' }, randomUUID())).status,
    ).toBe('succeeded')
    await expect(
      card.refund(paymentIntent, { amount: 1, currency: 'KES' }, randomUUID()),
    ).rejects.toMatchObject({
      code: 'charge_already_refunded',
      message: 'This card payment has already been refunded in full',
    })
    await expect(
      card.refund('pi_unknown', { amount: 1, currency: 'KES' }, randomUUID()),
    ).rejects.toMatchObject({
      code: 'resource_missing',
    })

    await sandbox.idle()
    const refunds = []
    for (const hook of server.hooks) {
      const event = await card.verifyWebhook(hook.body, signature(hook))
      if (event?.type === 'charge.refunded' && event.data.object.payment_intent === paymentIntent)
        refunds.push(event.data.object.amount_refunded)
    }
    expect(refunds.sort()).toEqual([150_000, 50_000])
  })

  it('answers a retryable PaymentProviderError when Stripe cannot be reached', async () => {
    const unreachable = adapter({ apiBase: 'http://127.0.0.1:9/sandbox/stripe' })
    await expect(unreachable.getSession('cs_test_x')).rejects.toMatchObject({
      name: 'PaymentProviderError',
      retryable: true,
    })
  })
})
