import { createHash } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { orders, productAssets, products } from '../../server/db/schema'
import { createUser } from '../../server/features/accounts/accounts.service'
import { createSession } from '../../server/features/accounts/sessions'
import { productPage } from '../../server/features/catalog/storefront.service'
import type { CheckoutServices } from '../../server/features/checkout/deps'
import { checkPending, expireOrders } from '../../server/features/checkout/payment'
import { ledgerImbalance } from '../../server/ledger/ledger'
import { saleFee } from '../../server/ledger/postings'
import { createLogger } from '../../server/lib/log'
import { createMailer } from '../../server/mail/mailer'
import { createGateway } from '../../server/payments/gateway'
import { createSms } from '../../server/sms/sms'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { readOutbox } from '../support/outbox'
import { registerPaybillAtStart } from '../support/paybill'
import { serviceInput } from '../support/product-inputs'
import { submitSandboxCard } from '../support/sandbox-card'
import { personOf, productOnSale, sellerOf } from '../support/shop'

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()
const PHONE = '0712345678'

type Answer = Awaited<ReturnType<RunningApp['call']>>
// biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON the server answered
const data = (answer: Answer) => answer.body.data as Record<string, any>

/** The one row a query found. */
function only<T>(rows: T[]): T {
  const [row] = rows
  if (!row) throw new Error('no row')
  return row
}

describe.each(databaseKinds)('checkout on %s', (kind) => {
  let app: RunningApp
  let sellerToken: string
  let sellerId: string
  let deps: CheckoutServices
  const ids = {
    digital: '',
    usd: '',
    merch: '',
    event: '',
    service: '',
    mpesaOrder: '',
    mpesaKey: '',
    cardOrder: '',
    paypalOrder: '',
  }

  const product = (input: Record<string, unknown>, file?: { name: string; body: Buffer }) =>
    productOnSale(app, sellerId, input, file ? [file] : [])
  let writeFile: (key: string, body: Buffer) => Promise<void>
  const fileBody = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) % 251))

  beforeAll(async () => {
    app = await startApp(kind)
    const { createStorage } = await import('../../server/storage/create-storage')
    const storage = createStorage(app.config)
    writeFile = (key, body) => storage.write(key, body, 'application/zip')
    const log = createLogger('silent')
    deps = {
      db: app.database.db,
      config: app.config,
      log,
      mailer: createMailer(app.config, log, app.database.db),
      gateway: createGateway(app.config),
      terms: app.services.terms,
      sms: createSms({
        db: app.database.db,
        config: app.config,
        log: createLogger('silent'),
        mailer: createMailer(app.config, createLogger('silent'), app.database.db),
      }),
    }
    const seller = await sellerOf(app, 'wanjiru')
    sellerId = seller.id
    sellerToken = seller.token
    ids.digital = await product(
      {
        kind: 'digital',
        title: 'Mwangaza beats',
        description: '',
        price: { amount: 750_00, currency: 'KES' },
        details: { payWhatYouWant: null, downloadLimit: 3, free: false },
      },
      { name: 'mwangaza-beats.zip', body: fileBody },
    )
    ids.usd = await product({
      kind: 'digital',
      title: 'Lightroom presets',
      description: '',
      price: { amount: 7_50, currency: 'USD' },
      details: { payWhatYouWant: null, downloadLimit: null, free: false },
    })
    ids.merch = await product({
      kind: 'merch',
      title: 'Kanga T-shirt',
      description: '',
      price: { amount: 1_800_00, currency: 'KES' },
      details: {
        variants: [
          { options: { size: 'M' }, price: { amount: 1_800_00, currency: 'KES' }, stock: 5, sku: '' },
        ],
        shippingZones: [{ name: 'Kenya', countries: ['KE'], fee: { amount: 200_00, currency: 'KES' } }],
        pickup: { address: 'Kilimani studio, Nairobi' },
      },
    })
    ids.event = await product({
      kind: 'event',
      title: 'Creators Meetup',
      description: '',
      price: { amount: 500_00, currency: 'KES' },
      details: {
        startsAt: inDays(30),
        endsAt: null,
        timeZone: 'Africa/Nairobi',
        where: { kind: 'place', address: 'The Alchemist, Westlands' },
        ticketTypes: [
          {
            name: 'Regular',
            price: { amount: 500_00, currency: 'KES' },
            capacity: 100,
            saleStartsAt: null,
            saleEndsAt: null,
          },
        ],
      },
    })
    ids.service = await product(serviceInput('Portfolio review'))
  }, 60_000)
  afterAll(() => app.close())

  // The books balance after every test: each currency's entries sum to zero.
  afterEach(async () => {
    expect(await ledgerImbalance(app.database.db)).toEqual({})
  })

  const start = (input: Record<string, unknown>, token: string | null = null) =>
    app.call('startCheckout', { email: 'buyer@example.com', ...input }, token)
  const order = async (id: string) =>
    only(await app.database.db.select().from(orders).where(eq(orders.id, id)))
  const ledgerOf = async (orderId: string) =>
    app.database.db.execute(sql`select t.kind, e.account, e.amount::int as amount, e.currency, e.available_at
      from ledger_transactions t join ledger_entries e on e.transaction_id = t.id where t.order_id = ${orderId} order by e.account`)
  const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows
  const transactions = async (orderId: string) =>
    rowsOf(
      await app.database.db.execute(sql`select kind from ledger_transactions where order_id = ${orderId}`),
    ).length

  /** The sandbox phone: acts on the newest prompt to a number. */
  async function phone(action: string, pin = '1234') {
    const page = await (await fetch(`${app.url}/sandbox/mpesa/phone?number=${PHONE}`)).text()
    const formAction = page.match(/<form method="post" action="([^"]+)"/)?.[1]
    if (!formAction) throw new Error('no prompt on the sandbox phone')
    const res = await fetch(new URL(formAction.replace(/&amp;/g, '&'), `${app.url}/sandbox/mpesa/phone`), {
      method: 'POST',
      body: new URLSearchParams({ action, pin }),
      redirect: 'manual',
    })
    expect(res.status).toBe(303)
  }

  it('quotes exactly what each method charges, converting where a method needs another currency', async () => {
    const kes = data(
      await app.call('quoteCheckout', {
        productId: ids.merch,
        variantId: undefined,
        quantity: 2,
        delivery: { kind: 'ship', name: 'Amina', line1: 'Ngong Road 1', city: 'Nairobi', country: 'KE' },
      }),
    )
    expect(kes.subtotal).toEqual({ amount: 3_600_00, currency: 'KES' })
    expect(kes.shipping).toEqual({ amount: 200_00, currency: 'KES' })
    expect(kes.charges.find((c: { method: string }) => c.method === 'mpesa')).toEqual({
      method: 'mpesa',
      amount: { amount: 3_800_00, currency: 'KES' },
      rate: null,
    })
    const paypal = kes.charges.find((c: { method: string }) => c.method === 'paypal')
    expect(paypal.amount.currency).toBe('USD')
    expect(paypal.rate).toBeGreaterThan(0)
    const usd = data(await app.call('quoteCheckout', { productId: ids.usd }))
    const mpesa = usd.charges.find((c: { method: string }) => c.method === 'mpesa')
    expect(mpesa.amount.currency).toBe('KES')
    expect(mpesa.amount.amount % 100).toBe(0)
    expect(mpesa.amount.amount).toBe(Math.ceil((7.5 * mpesa.rate * 100) / 100 - 1e-9) * 100)
    expect(usd.charges.find((c: { method: string }) => c.method === 'card').amount).toEqual({
      amount: 7_50,
      currency: 'USD',
    })
    // Rates are kept a second for pricing, but a change an admin makes here is priced with at once.
    const admin = await personOf(app, 'rates-admin@example.com', { name: 'Rates Admin', roles: ['admin'] })
    const { perUsd } = data(await app.call('listRates', {}, admin.token))
    try {
      expect((await app.call('setRates', { perUsd: { KES: 100 } }, admin.token)).status).toBe(200)
      const again = data(await app.call('quoteCheckout', { productId: ids.usd }))
      expect(again.charges.find((c: { method: string }) => c.method === 'mpesa').amount).toEqual({
        amount: 750_00,
        currency: 'KES',
      })
    } finally {
      await app.call('setRates', { perUsd: { KES: perUsd.KES } }, admin.token)
    }
    // A country the seller does not ship to is refused on its field.
    const far = await app.call('quoteCheckout', {
      productId: ids.merch,
      delivery: { kind: 'ship', name: 'Jo', line1: 'Main St 1', city: 'Austin', country: 'US' },
    })
    expect(far.status).toBe(400)
    expect((far.body.errors as Record<string, string>)['delivery.country']).toMatch(/does not ship/)
  })

  it('validates the checkout per field and writes nothing for bad input', async () => {
    const before = (await app.database.db.select().from(orders)).length
    const bad = await app.call('startCheckout', {
      productId: ids.digital,
      method: 'mpesa',
      phone: '0812 345',
    })
    expect(bad.status).toBe(400)
    const errors = bad.body.errors as Record<string, string>
    expect(errors.phone).toBe('That phone number is not an M-Pesa number: use 07XX XXX XXX or 2547XX XXX XXX')
    const noEmail = await app.call('startCheckout', { productId: ids.digital, method: 'card' })
    expect(noEmail.status).toBe(400)
    expect((noEmail.body.errors as Record<string, string>).email).toMatch(/e-mail/)
    expect(
      (await app.call('startCheckout', { productId: ids.digital, method: 'mpesa', email: 'a@example.com' }))
        .body.errors,
    ).toHaveProperty('phone')
    expect((await app.database.db.select().from(orders)).length).toBe(before)
  })

  it('sells with M-Pesa: STK push, the phone accepts, the callback pays the order once, the files download', async () => {
    const started = await start({ productId: ids.digital, method: 'mpesa', phone: PHONE })
    expect(started.status).toBe(200)
    const { orderId, accessKey, next } = data(started)
    expect(next).toMatchObject({ kind: 'mpesa', phone: '254712345678' })
    expect(data(await app.call('getOrder', { orderId, key: accessKey })).order).toMatchObject({
      status: 'pending',
      paybill: {
        account: expect.stringMatching(/^SK[A-Z2-9]{8}$/),
        amount: { amount: 750_00, currency: 'KES' },
      },
      sandboxPhone: `${app.config.publicUrl}/sandbox/mpesa/phone`,
    })
    await phone('pay')
    const paid = data(await app.call('getOrder', { orderId, key: accessKey })).order
    expect(paid).toMatchObject({
      status: 'paid',
      sandboxPhone: null,
      receipt: expect.stringMatching(/^SBX/),
      files: [{ name: 'mwangaza-beats.zip' }],
    })

    // One ledger transaction: the buyer's KES 750 at M-Pesa, Soko's 5% fee, the seller's 95% held 7 days.
    const entries = rowsOf(await ledgerOf(orderId))
    expect(entries.map((e) => [e.account, Number(e.amount), e.currency])).toEqual([
      ['platform:fees', -saleFee(750_00), 'KES'],
      ['provider:mpesa', 750_00, 'KES'],
      [`seller:${sellerId}`, -(750_00 - 37_50), 'KES'],
    ])
    const held = entries.find((e) => String(e.account).startsWith('seller:'))?.available_at
    expect(Date.parse(String(held)) - Date.now()).toBeGreaterThan(6.9 * 86_400_000)
    const receipts = (await readOutbox(app.database.db)).filter(
      (m) => m.to.includes('buyer@example.com') && m.subject.includes('receipt'),
    )
    expect(receipts).toHaveLength(1)
    expect(receipts[0]?.text).toMatch(/\/download\/[\w-]+\?key=/)

    // The download: a short-lived signed link, Range supported, bytes as uploaded.
    const fileId = paid.files[0].id
    const link = data(await app.call('getDownloadUrl', { orderId, fileId, key: accessKey }))
    const url = new URL(link.url, app.url)
    const whole = await fetch(url)
    expect(whole.headers.get('content-disposition')).toContain('mwangaza-beats.zip')
    expect(Buffer.from(await whole.arrayBuffer()).equals(fileBody)).toBe(true)
    const part = await fetch(url, { headers: { range: 'bytes=1000-1999' } })
    expect(part.status).toBe(206)
    expect(Buffer.from(await part.arrayBuffer()).equals(fileBody.subarray(1000, 2000))).toBe(true)
    // It says what the file must be; going on with that download asks for fresh links without counting.
    const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
    expect(link).toMatchObject({ size: fileBody.length, sha256: sha(fileBody) })
    for (let i = 0; i < 4; i++) {
      const fresh = data(
        await app.call('getDownloadUrl', { orderId, fileId, key: accessKey, downloadId: link.downloadId }),
      )
      expect(fresh.downloadId).toBe(link.downloadId)
    }
    const left = data(await app.call('getOrder', { orderId, key: accessKey })).order.files[0].downloadsLeft
    expect(left).toBe(2)
    const stranger = await app.call('getDownloadUrl', {
      orderId,
      fileId,
      key: accessKey,
      downloadId: crypto.randomUUID(),
    })
    expect(stranger.status).toBe(404)
    expect(stranger.body.errors).toMatchObject({ downloadId: 'Not a download of this file' })
    // The file replaced where it is stored: the next link gives the new bytes' size and SHA-256.
    const key = only(
      await app.database.db
        .select({ key: productAssets.storageKey })
        .from(productAssets)
        .where(eq(productAssets.id, fileId)),
    ).key
    const replacement = Buffer.concat([fileBody, Buffer.from('second edition')])
    await writeFile(key, replacement)
    const relinked = data(
      await app.call('getDownloadUrl', { orderId, fileId, key: accessKey, downloadId: link.downloadId }),
    )
    expect(relinked).toMatchObject({ size: replacement.length, sha256: sha(replacement) })
    await writeFile(key, fileBody)
    expect(
      data(
        await app.call('getDownloadUrl', { orderId, fileId, key: accessKey, downloadId: link.downloadId }),
      ),
    ).toMatchObject({ size: fileBody.length, sha256: sha(fileBody) })
    // Someone without the key or the account sees nothing.
    expect((await app.call('getOrder', { orderId })).status).toBe(404)
    expect((await app.call('getDownloadUrl', { orderId, fileId, key: 'x'.repeat(32) })).status).toBe(404)
    ids.mpesaOrder = orderId
    ids.mpesaKey = accessKey
  })

  it('processes the same callback delivered 10 times at once exactly once', async () => {
    const { orderId } = data(
      await start({
        productId: ids.event,
        method: 'mpesa',
        phone: PHONE,
        quantity: 2,
        email: 'twice@example.com',
      }),
    )
    const row = await order(orderId)
    const body = JSON.stringify({
      Body: {
        stkCallback: {
          MerchantRequestID: 'm-1',
          CheckoutRequestID: row.providerRef,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: 1000 },
              { Name: 'MpesaReceiptNumber', Value: 'SBX1234567' },
              { Name: 'Balance' },
              { Name: 'TransactionDate', Value: 20261121102115 },
              { Name: 'PhoneNumber', Value: 254712345678 },
            ],
          },
        },
      },
    })
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(deps.gateway.urls.stkCallback(orderId), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        }),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    expect(await transactions(orderId)).toBe(1)
    expect((await order(orderId)).status).toBe('paid')
    expect(
      (await readOutbox(app.database.db)).filter((m) => m.to.includes('twice@example.com')),
    ).toHaveLength(1)
    const tickets = data(await app.call('getOrder', { orderId: orderId, key: undefined }, sellerToken)).order
      .tickets
    expect(tickets).toHaveLength(2)
    expect(tickets[0].qrSvg).toMatch(/^<svg/)
    // A forged callback (wrong signature) is refused before it is read.
    const forged = await fetch(`${app.url}/hooks/mpesa/stk/${orderId}/not-the-signature-of-this-order0`, {
      method: 'POST',
      body,
    })
    expect(forged.status).toBe(403)
    // The phone never answered this prompt: cancel it there so later tests see only their own.
    await phone('cancel')
  })

  it.each([
    ['cancel', '1032'],
    ['timeout', '1037'],
    ['no-funds', '1'],
    ['wrong-pin', '2001'],
  ])(
    'an STK push the phone answers with %s fails the order (%s), charges nothing and frees the stock',
    async (action, code) => {
      const { orderId, accessKey } = data(
        await start({ productId: ids.merch, method: 'mpesa', phone: PHONE, delivery: { kind: 'pickup' } }),
      )
      await phone(action === 'wrong-pin' ? 'pay' : action, action === 'wrong-pin' ? '9999' : '1234')
      const failed = data(await app.call('getOrder', { orderId, key: accessKey })).order
      expect(failed.status).toBe('failed')
      expect(failed.failure.code).toBe(code)
      expect(await transactions(orderId)).toBe(0)
    },
  )

  it('takes a Paybill payment with the order reference after the prompt went unanswered', async () => {
    // M-Pesa confirms Paybill payments only to registered addresses: the server registers them at start.
    await registerPaybillAtStart(app)
    const { orderId, accessKey } = data(await start({ productId: ids.event, method: 'mpesa', phone: PHONE }))
    await phone('timeout')
    const failed = data(await app.call('getOrder', { orderId, key: accessKey })).order
    expect(failed).toMatchObject({ status: 'failed', failure: { code: '1037' } })
    const { businessNumber, account, amount } = failed.paybill
    const pay = (fields: Record<string, string>) =>
      fetch(`${app.url}/sandbox/mpesa/phone/paybill`, {
        method: 'POST',
        body: new URLSearchParams({
          number: PHONE,
          business: businessNumber,
          account,
          pin: '1234',
          ...fields,
        }),
        redirect: 'manual',
      })
    // Where M-Pesa asks first (external validation), a wrong amount or account is refused.
    const validate = async (fields: Record<string, string>) =>
      (
        (await (
          await fetch(deps.gateway.urls.c2bValidation, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              TransactionType: 'Pay Bill',
              TransID: 'SBXVALID01',
              TransTime: '20261121120000',
              TransAmount: '500.00',
              BusinessShortCode: businessNumber,
              BillRefNumber: account,
              MSISDN: '254712345678',
              ...fields,
            }),
          })
        ).json()) as { ResultCode: unknown }
      ).ResultCode
    expect(await validate({})).toBe(0)
    expect(await validate({ TransAmount: '499.00' })).toBe('C2B00013')
    expect(await validate({ BillRefNumber: 'SKNOTOURS1' })).toBe('C2B00012')
    // Without validation, a payment of the wrong amount is recorded but never fulfils the order.
    expect((await pay({ amount: String(amount.amount / 100 - 1) })).status).toBe(303)
    expect(await order(orderId)).toMatchObject({ status: 'failed', failure: { code: 'amount' } })
    expect((await pay({ amount: String(amount.amount / 100) })).status).toBe(303)
    const paid = data(await app.call('getOrder', { orderId, key: accessKey })).order
    expect(paid).toMatchObject({ status: 'paid', receipt: expect.stringMatching(/^SBX/), paybill: null })
    expect(await transactions(orderId)).toBe(1)
    expect(paid.tickets).toHaveLength(1)
  })

  it('settles an M-Pesa payment whose callback never came with the status query', async () => {
    const { orderId, accessKey } = data(await start({ productId: ids.usd, method: 'mpesa', phone: PHONE }))
    await phone('pay-no-callback')
    expect((await order(orderId)).status).toBe('pending')
    await checkPending(deps, orderId, { minAgeMs: 0 })
    const paid = data(await app.call('getOrder', { orderId, key: accessKey })).order
    expect(paid.status).toBe('paid')
    expect(paid.charge.currency).toBe('KES')
    // Converted: KES in at M-Pesa, USD owed to the seller, fx between them.
    const entries = rowsOf(await ledgerOf(orderId))
    expect(entries.filter((e) => e.account === 'fx')).toHaveLength(2)
    expect(entries.find((e) => String(e.account).startsWith('seller:'))).toMatchObject({
      currency: 'USD',
      amount: -(7_50 - saleFee(7_50)),
    })
  })

  it('pays by card through the Checkout page and its signed webhook; a declined card charges nothing', async () => {
    const declined = data(await start({ productId: ids.digital, method: 'card' }))
    expect(declined.next.kind).toBe('redirect')
    const payPage = declined.next.url as string
    const form = (card: string) => submitSandboxCard(payPage, card)
    const refused = await form('4000 0000 0000 0002')
    expect(await refused.text()).toContain('Your card was declined.')
    expect((await order(declined.orderId)).status).toBe('pending')
    const cancel = await fetch(deps.gateway.urls.cardCancel(declined.orderId), { redirect: 'manual' })
    expect(cancel.status).toBe(303)
    expect((await order(declined.orderId)).status).toBe('cancelled')
    expect(await transactions(declined.orderId)).toBe(0)

    const good = data(await start({ productId: ids.digital, method: 'card', email: 'card@example.com' }))
    const paid = await fetch(good.next.url, {
      method: 'POST',
      body: new URLSearchParams({
        number: '4242 4242 4242 4242',
        cardNumber: '4242 4242 4242 4242',
        card: '4242 4242 4242 4242',
        expiry: '12/34',
        exp: '12/34',
        cvc: '123',
        name: 'Amina',
      }),
      redirect: 'manual',
    })
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toContain(`/sucess-payment?order=${good.orderId}`)
    expect((await order(good.orderId)).status).toBe('paid')
    expect(await transactions(good.orderId)).toBe(1)
    ids.cardOrder = good.orderId
  })

  it('pays with PayPal: approve, capture on return, verified webhooks change nothing more', async () => {
    const started = data(await start({ productId: ids.usd, method: 'paypal', email: 'pp@example.com' }))
    expect(started.order.charge).toEqual({ amount: 7_50, currency: 'USD' })
    // The approve page's form posts back to its own address.
    expect(await (await fetch(started.next.url)).text()).toContain('Pay now')
    const approved = await fetch(started.next.url, {
      method: 'POST',
      body: new URLSearchParams({ action: 'pay' }),
      redirect: 'manual',
    })
    expect(approved.status).toBe(303)
    const back = await fetch(approved.headers.get('location') ?? '', { redirect: 'manual' })
    expect(back.headers.get('location')).toContain(`/sucess-payment?order=${started.orderId}`)
    expect((await order(started.orderId)).status).toBe('paid')
    expect(await transactions(started.orderId)).toBe(1)
    ids.paypalOrder = started.orderId
  })

  it('refunds card, PayPal and M-Pesa orders: the ledger reverses, access ends, the buyer is told', async () => {
    for (const orderId of [ids.cardOrder, ids.paypalOrder, ids.mpesaOrder]) {
      const refunded = await app.call('refundOrder', { orderId, reason: 'Wrong file' }, sellerToken)
      expect(refunded.status).toBe(200)
      await expect.poll(async () => (await order(orderId)).status).toBe('refunded')
      expect(await transactions(orderId)).toBe(2)
      expect((await app.call('refundOrder', { orderId }, sellerToken)).status).toBe(409)
    }
    const files = await app.call('getDownloadUrl', {
      orderId: ids.mpesaOrder,
      fileId: only(
        await app.database.db.select().from(productAssets).where(eq(productAssets.productId, ids.digital)),
      ).id,
      key: ids.mpesaKey,
    })
    expect(files.status).toBe(403)
    // The mail follows the refund's commit (M-Pesa's comes with the B2C result, a moment later).
    await expect
      .poll(
        async () =>
          (await readOutbox(app.database.db)).filter((m) => m.subject.startsWith('Refunded:')).length,
      )
      .toBe(3)
    // Only the order's seller (or an admin) can refund.
    const { token } = await personOf(app, 'other@example.com', { name: 'Other' })
    expect((await app.call('refundOrder', { orderId: ids.cardOrder }, token)).status).toBe(404)
  })

  it('never oversells: 50 checkouts at once for the last 5 shirts sell exactly 5', async () => {
    const shirt = await product({
      kind: 'merch',
      title: `Last shirts ${kind}`,
      description: '',
      price: { amount: 1_000_00, currency: 'KES' },
      details: {
        variants: [
          { options: { size: 'S' }, price: { amount: 1_000_00, currency: 'KES' }, stock: 5, sku: '' },
        ],
        shippingZones: [],
        pickup: { address: 'Kilimani studio, Nairobi' },
      },
    })
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        start({
          productId: shirt,
          method: 'card',
          email: `rush${i}@example.com`,
          delivery: { kind: 'pickup' },
        }),
      ),
    )
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(5)
    expect(statuses.filter((s) => s === 409)).toHaveLength(45)
    expect(answers.find((a) => a.status === 409)?.body.message).toMatch(/Sold out/)
    // The product's page says so before anyone tries.
    const { slug } = only(
      await app.database.db.select({ slug: products.slug }).from(products).where(eq(products.id, shirt)),
    )
    const page = await productPage(app.database.db, slug)
    const variants = page?.product.kind === 'merch' ? page.product.details.variants : []
    expect(variants[0]?.stock).toBe(0)
    // A cancelled order gives its shirt back to the next buyer.
    const first = data(answers.filter((a) => a.status === 200)[0] as Answer)
    await app.call('cancelOrder', { orderId: first.orderId, key: first.accessKey })
    expect((await start({ productId: shirt, method: 'card', delivery: { kind: 'pickup' } })).status).toBe(200)
    expect((await start({ productId: shirt, method: 'card', delivery: { kind: 'pickup' } })).status).toBe(409)
  }, 60_000)

  it('books only free slots, and a held slot is not offered again; expired holds are released', async () => {
    const slots = data(await app.call('listSlots', { productId: ids.service, days: 3 }))
    expect(slots.timeZone).toBe('Africa/Nairobi')
    const [first] = slots.slots
    expect(first).toBeDefined()
    const booked = await start({ productId: ids.service, method: 'card', slot: first.start })
    expect(booked.status).toBe(200)
    const again = data(await app.call('listSlots', { productId: ids.service, days: 3 }))
    expect(again.slots.map((s: { start: string }) => s.start)).not.toContain(first.start)
    const taken = await start({ productId: ids.service, method: 'card', slot: first.start })
    expect(taken.status).toBe(409)
    expect((taken.body.errors as Record<string, string>).slot).toBeTruthy()
    // Its hold runs out: the card session is closed and the slot is free again.
    await app.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, data(booked).orderId))
    await expireOrders(deps)
    expect((await order(data(booked).orderId)).status).toBe('expired')
    expect(data(await app.call('listSlots', { productId: ids.service, days: 3 })).slots[0].start).toBe(
      first.start,
    )
  })

  it('lists purchases for their buyer: guest orders once the address is verified', async () => {
    const buyer = await createUser(app.database.db, {
      email: 'buyer@example.com',
      name: 'Buyer',
      password: 'baobab-shade-2026',
    }).catch(async () => {
      const { users } = await import('../../server/db/schema')
      return only(await app.database.db.select().from(users).where(eq(users.email, 'buyer@example.com')))
    })
    const token = (await createSession(app.database.db, buyer.id, null)).token
    const before = data(await app.call('listPurchases', {}, token))
    expect(before.orders).toHaveLength(0)
    expect(before.awaitingVerification).toBeGreaterThan(0)
    const { users } = await import('../../server/db/schema')
    await app.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, buyer.id))
    const after = data(await app.call('listPurchases', { limit: 1 }, token))
    expect(after.orders).toHaveLength(1)
    expect(after.nextCursor).toBeTruthy()
    const sales = data(await app.call('listSales', {}, sellerToken))
    expect(sales.orders.length).toBeGreaterThan(0)
    expect((await app.call('listSales', {}, token)).status).toBe(403)
  })

  it('counts each paid order once towards the product\'s sales, for /explore\'s "popular"', async () => {
    const paid = await app.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(eq(orders.productId, ids.digital), inArray(orders.status, ['paid', 'refunding', 'refunded'])),
      )
    const sold = only(
      await app.database.db
        .select({ n: products.salesCount })
        .from(products)
        .where(eq(products.id, ids.digital)),
    )
    expect(paid.length).toBeGreaterThan(1)
    expect(sold.n).toBe(paid.length)
  })
})
