import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX } from '../../server/env'
import { CardAdapter } from '../../server/payments/card.adapter'
import { MpesaAdapter } from '../../server/payments/mpesa.adapter'
import { PaypalAdapter } from '../../server/payments/paypal.adapter'
import { mpesaSandbox } from '../../server/payments/sandbox/mpesa'
import { paypalSandbox } from '../../server/payments/sandbox/paypal'
import { stripeSandbox } from '../../server/payments/sandbox/stripe'
import { testConfig } from '../support/config'
import { type SandboxServer, startSandboxServer } from '../support/sandbox-server'

/**
 * The pages a buyer sees in a sandbox checkout (the M-Pesa phone, PayPal's approval page, Stripe's card
 * page) speak the buyer's language: the `lang` cookie the app's pages set, else Accept-Language. Without
 * either they are the English the other tests (and the end-to-end runs) read.
 */
describe('the buyer’s sandbox pages in the buyer’s language', () => {
  const servers: SandboxServer[] = []
  /** Where each sandbox listens (each on a server of its own: their apps' types differ). */
  const url = { mpesa: '', paypal: '', stripe: '' }
  const payments = testConfig().payments

  beforeAll(async () => {
    const mpesa = await startSandboxServer('pglite', (deps) => ({ '/sandbox/mpesa': mpesaSandbox(deps) }))
    const paypal = await startSandboxServer('pglite', (deps) => ({ '/sandbox/paypal': paypalSandbox(deps) }))
    const stripe = await startSandboxServer('pglite', (deps) => ({ '/sandbox/stripe': stripeSandbox(deps) }))
    servers.push(mpesa, paypal, stripe)
    Object.assign(url, { mpesa: mpesa.url, paypal: paypal.url, stripe: stripe.url })
  })
  afterAll(async () => {
    for (const server of servers) await server.close()
  })

  /** The ways a request says Kiswahili. */
  const kiswahili: [string, Record<string, string>][] = [
    ['the lang cookie', { cookie: 'theme=dark; lang=sw' }],
    ['Accept-Language', { 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.8' }],
  ]

  async function get(address: string, headers: Record<string, string> = {}) {
    const res = await fetch(address, { headers })
    return { status: res.status, html: await res.text() }
  }

  async function post(address: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    const res = await fetch(address, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields),
      redirect: 'manual',
    })
    return { status: res.status, html: await res.text() }
  }

  let n = 0
  /** An STK prompt waiting on `phone` (local form 07…), for KES 1,500. */
  async function prompt(phone: string) {
    const mpesa = new MpesaAdapter({
      baseUrl: `${url.mpesa}/sandbox/mpesa`,
      consumerKey: SANDBOX.mpesaConsumerKey,
      consumerSecret: SANDBOX.mpesaConsumerSecret,
      shortCode: SANDBOX.mpesaShortCode,
      passkey: SANDBOX.mpesaPasskey,
      transactionType: 'CustomerPayBillOnline',
      till: null,
      b2cShortCode: SANDBOX.mpesaB2cShortCode,
      initiatorName: SANDBOX.mpesaInitiator,
      securityCredential: SANDBOX.mpesaCredential,
    })
    const reference = `ORD-${++n}`
    await mpesa.stkPush({
      phone: `254${phone.slice(1)}`,
      amount: 1_500_00,
      accountReference: reference,
      description: 'Soko order',
      callbackUrl: `${url.mpesa}/hooks/mpesa/lang-${n}`,
    })
    return reference
  }

  async function approveUrl() {
    const paypal = new PaypalAdapter({
      baseUrl: `${url.paypal}/sandbox/paypal`,
      clientId: payments.paypal.clientId,
      clientSecret: payments.paypal.clientSecret,
      webhookId: payments.paypal.webhookId,
    })
    const orderId = randomUUID()
    const order = await paypal.createOrder({
      reference: `SOKO-${++n}`,
      orderId,
      amount: { amount: 1234, currency: 'USD' },
      description: 'Baobab print, A3',
      returnUrl: `${url.paypal}/hooks/paypal/return?order=${orderId}`,
      cancelUrl: `${url.paypal}/hooks/paypal/cancel?order=${orderId}`,
      requestId: randomUUID(),
    })
    return order.approveUrl
  }

  async function cardUrl() {
    const card = new CardAdapter({
      apiBase: `${url.stripe}/sandbox/stripe`,
      secretKey: payments.card.secretKey,
      webhookSecret: payments.card.webhookSecret,
    })
    const orderId = randomUUID()
    const session = await card.createSession({
      orderId,
      reference: `SOKO-${orderId.slice(0, 6)}`,
      amount: { amount: 150_000, currency: 'KES' },
      description: 'Baobab print, A3',
      email: 'amina@example.com',
      successUrl: `${url.stripe}/paid?order=${orderId}&session={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${url.stripe}/hooks/stripe/cancel?order=${orderId}`,
      expiresAt: new Date(Date.now() + 60 * 60_000),
      idempotencyKey: randomUUID(),
    })
    return session.url
  }

  describe.each(kiswahili)('in Kiswahili by %s', (_, headers) => {
    it('the M-Pesa phone asks for the PIN as M-Pesa does, and says its errors in Kiswahili', async () => {
      const reference = await prompt('0711000101')
      const page = await get(`${url.mpesa}/sandbox/mpesa/phone?number=0711000101`, headers)
      expect(page.status).toBe(200)
      for (const text of [
        '<html lang="sw">',
        '<title>Simu ya majaribio ya M-Pesa</title>',
        'Majaribio — hakuna pesa halisi inayohamishwa',
        `Je, unataka kulipa KES 1,500 kwa SOKO (Akaunti ${reference})? Weka PIN ya M-PESA`,
        '>PIN ya M-PESA</label>',
        '>Lipa</button>',
        '>Ghairi</button>',
        '>Namba ya simu</label>',
        '>Namba ya biashara</label>',
        '>Tuma pesa</button>',
        'Jumbe za SMS',
      ])
        expect(page.html).toContain(text)
      // The form's names and values stay as they are: tests and the tester's tools use them.
      expect(page.html).toContain('name="action" value="pay"')
      expect(page.html).not.toContain('Enter M-PESA PIN')

      const wrong = await get(`${url.mpesa}/sandbox/mpesa/phone?number=12345`, headers)
      expect(wrong.status).toBe(400)
      expect(wrong.html).toContain('Hiyo si namba ya simu ya mkononi ya Kenya')
    })

    it('the PayPal approval page', async () => {
      const page = await get(await approveUrl(), headers)
      expect(page.status).toBe(200)
      for (const text of [
        '<html lang="sw">',
        '<title>Lipa kwa PayPal (majaribio)</title>',
        'Umeingia kama <strong>buyer@sandbox.soko.test</strong> (mnunuzi wa majaribio)',
        '<dt>Kiasi</dt><dd class="amount">USD 12.34</dd>',
        'value="pay" class="primary">Lipa sasa</button>',
        'value="cancel" class="link">Ghairi na urudi Soko</button>',
      ])
        expect(page.html).toContain(text)
      const missing = await get(`${url.paypal}/sandbox/paypal/checkoutnow?token=NOPE`, headers)
      expect(missing.status).toBe(404)
      expect(missing.html).toContain('Hatuwezi kupata malipo haya ya PayPal')
    })

    it('the Stripe card page, and its errors', async () => {
      const address = await cardUrl()
      const page = await get(address, headers)
      expect(page.status).toBe(200)
      for (const text of [
        '<html lang="sw">',
        '<title>Lipa KES 1,500.00 (majaribio)</title>',
        '<label for="number">Namba ya kadi</label>',
        '<label for="name">Jina lililo kwenye kadi</label>',
        '<li><code>4242 4242 4242 4242</code> inalipa</li>',
        '>← Rudi Soko</a>',
      ])
        expect(page.html).toContain(text)
      const fields = { step: 'card', expiry: '12/39', cvc: '123', name: 'Amina Njeri' }
      const declined = await post(address, { ...fields, number: '4000 0000 0000 0002' }, headers)
      expect(declined.html).toContain('<p role="alert">Kadi yako imekataliwa.</p>')
      const challenge = await post(address, { ...fields, number: '4000 0027 6000 3184' }, headers)
      expect(challenge.html).toContain('<title>Thibitisha malipo haya</title>')
      expect(challenge.html).toContain(
        'Benki yako inakuomba uthibitishe malipo ya <strong>KES 1,500.00</strong> kwa kadi inayoishia na 3184.',
      )
    })
  })

  describe('in English without a cookie or Accept-Language for Kiswahili', () => {
    const english: [string, Record<string, string>][] = [
      ['no language named', {}],
      ['Accept-Language in English', { 'accept-language': 'en-KE,en;q=0.9' }],
      ['the lang cookie over Accept-Language', { cookie: 'lang=en', 'accept-language': 'sw-KE' }],
    ]

    it.each(english)('the M-Pesa phone (%s)', async (_, headers) => {
      const reference = await prompt('0711000102')
      const page = await get(`${url.mpesa}/sandbox/mpesa/phone?number=0711000102`, headers)
      for (const text of [
        '<html lang="en">',
        '<title>M-Pesa sandbox phone</title>',
        'Sandbox — no real money moves',
        `Do you want to pay KES 1,500 to SOKO (Account ${reference})? Enter M-PESA PIN`,
        '>M-PESA PIN</label>',
        '>Pay</button>',
        '>Let it time out</button>',
        '<label for="paybill-business">Business number</label>',
        '<h2 id="inbox-title">Text messages</h2>',
        'The sandbox M-PESA PIN is 1234. Any other PIN is refused as a wrong PIN.',
      ])
        expect(page.html).toContain(text)
      expect(page.html).not.toContain('Majaribio')
    })

    it.each(english)('the PayPal approval page (%s)', async (_, headers) => {
      const page = await get(await approveUrl(), headers)
      for (const text of [
        '<html lang="en">',
        '<title>Pay with PayPal (sandbox)</title>',
        'Signed in as <strong>buyer@sandbox.soko.test</strong> (the sandbox buyer)',
        '<dt>Amount</dt><dd class="amount">USD 12.34</dd>',
        'value="decline">Pay with a card that is declined</button>',
      ])
        expect(page.html).toContain(text)
    })

    it.each(english)('the Stripe card page (%s)', async (_, headers) => {
      const address = await cardUrl()
      const page = await get(address, headers)
      for (const text of [
        '<html lang="en">',
        '<title>Pay KES 1,500.00 (sandbox)</title>',
        '<label for="expiry">Expiry (MM/YY)</label>',
        '<li><code>4000 0027 6000 3184</code> asks for 3-D Secure</li>',
        '<p>Any future expiry date, any three digits for the CVC.</p>',
      ])
        expect(page.html).toContain(text)
      const bad = await post(
        address,
        { step: 'card', number: '4242 4242 4242 4242', expiry: '13/39', cvc: '123', name: '' },
        headers,
      )
      expect(bad.html).toContain('<p role="alert">Your card\'s expiration date is incomplete.</p>')
    })
  })
})
