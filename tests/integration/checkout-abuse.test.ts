import { createHmac, randomBytes } from 'node:crypto'
import { count, eq, like, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { orders, rateLimits } from '../../server/db/schema'
import type { CheckoutServices } from '../../server/features/checkout/deps'
import { settle } from '../../server/features/checkout/settle'
import { ledgerImbalance } from '../../server/ledger/ledger'
import { createLogger } from '../../server/lib/log'
import { createMailer } from '../../server/mail/mailer'
import { createGateway } from '../../server/payments/gateway'
import { createSms } from '../../server/sms/sms'
import { type RunningApp, startApp } from '../support/app'
import { defaultCheckoutLimits, testConfig } from '../support/config'
import { databaseKinds } from '../support/db'
import { submitSandboxCard } from '../support/sandbox-card'
import { personOf, productOnSale, sellerOf } from '../support/shop'

/**
 * Checkout under attack: no order is paid without its own provider's proof, and nobody can hoard stock,
 * spam a stranger's phone with M-Pesa prompts, flood checkouts from one device, e-mail or address, or race
 * past a download limit. The app runs with the limits `npm start` has; each checkout comes from an address
 * of its own (X-Forwarded-For, with TRUST_PROXY on) and, unless a test says otherwise, for a buyer of its
 * own, so that the limits one test reaches never touch another's.
 */

const HOOKS_SECRET = 'hooks-secret-for-the-abuse-tests-0123456789'
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()

type Answer = Awaited<ReturnType<RunningApp['call']>>
// biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON the server answered
const data = (answer: Answer) => answer.body.data as Record<string, any>

describe.each(databaseKinds)('checkout abuse on %s', (kind) => {
  let app: RunningApp
  let deps: CheckoutServices
  let seller: { id: string; token: string }
  const ids = { digital: '', event: '', files: '' }
  let address = 0

  beforeAll(async () => {
    app = await startApp(kind, {
      trustProxy: true,
      checkoutLimits: defaultCheckoutLimits(),
      payments: { ...testConfig().payments, hooksSecret: HOOKS_SECRET },
    })
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
    seller = await sellerOf(app, 'abuse-test-seller')
    const digital = (title: string, downloadLimit: number | null) => ({
      kind: 'digital',
      title,
      description: '',
      price: { amount: 750_00, currency: 'KES' },
      details: { payWhatYouWant: null, downloadLimit, free: false },
    })
    const file = (name: string) => ({ name, body: Buffer.alloc(10_000, name) })
    ids.digital = await productOnSale(app, seller.id, digital('Mwangaza beats', null), [file('beats.zip')])
    ids.files = await productOnSale(app, seller.id, digital('Course in three parts', 1), [
      file('part-1.zip'),
      file('part-2.zip'),
      file('part-3.zip'),
    ])
    ids.event = await productOnSale(app, seller.id, {
      kind: 'event',
      title: 'Creators Meetup',
      description: '',
      price: { amount: 500_00, currency: 'KES' },
      details: {
        startsAt: inDays(30),
        endsAt: null,
        timeZone: 'Africa/Nairobi',
        where: { kind: 'place', address: 'The Alchemist, Westlands' },
        ticketTypes: [{ name: 'Regular', price: { amount: 500_00, currency: 'KES' }, capacity: 110 }],
      },
    })
  }, 60_000)
  afterAll(() => app.close())
  afterEach(async () => {
    expect(await ledgerImbalance(app.database.db)).toEqual({})
  })

  /** A client address of the test's own, so the per-address limit of one test never touches another's. */
  const newAddress = () => `203.0.113.${++address}`
  /** A device id as the app makes one (src/lib/device.ts). */
  const newDevice = () => randomBytes(16).toString('hex')
  let buyer = 0
  const start = (
    input: Record<string, unknown>,
    by: { from?: string; token?: string; device?: string } = {},
  ) =>
    app.rpc(
      { subject: 'startCheckout', email: `buyer-${++buyer}@example.com`, ...input },
      {
        'x-forwarded-for': by.from ?? newAddress(),
        ...(by.token ? { authorization: `Bearer ${by.token}` } : {}),
        ...(by.device ? { 'x-soko-device': by.device } : {}),
      },
    )
  const orderRow = async (id: string) =>
    (await app.database.db.select().from(orders).where(eq(orders.id, id)))[0]
  const orderCount = async () => (await app.database.db.select({ n: count() }).from(orders))[0]?.n ?? 0
  const sales = async (orderId: string) =>
    (
      (await app.database.db.execute(
        sql`select count(*)::int as n from ledger_transactions where order_id = ${orderId}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]?.n

  /** What Daraja posts to the STK callback URL; `amount` in shillings, left out when undefined. */
  function stkCallback(checkoutRequestId: string, amount?: number) {
    return JSON.stringify({
      Body: {
        stkCallback: {
          MerchantRequestID: 'forged',
          CheckoutRequestID: checkoutRequestId,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              ...(amount === undefined ? [] : [{ Name: 'Amount', Value: amount }]),
              { Name: 'MpesaReceiptNumber', Value: 'SBXFORGED1' },
              { Name: 'TransactionDate', Value: 20261121120000 },
              { Name: 'PhoneNumber', Value: 254712345678 },
            ],
          },
        },
      },
    })
  }
  const post = (url: string, body: string) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })

  /** The links on a sandbox payment page (Stripe's card page, PayPal's approve page), unescaped. */
  async function linksOn(pageUrl: string): Promise<URL[]> {
    const html = await (await fetch(new URL(pageUrl, app.url))).text()
    return [...html.matchAll(/href="([^"]+)"/g)].map(
      (m) => new URL((m[1] ?? '').replace(/&amp;/g, '&'), app.url),
    )
  }

  it('refuses an M-Pesa callback for a card order, even signed with its cancel link’s signature', async () => {
    const started = data(await start({ productId: ids.digital, method: 'card' }))
    const { orderId, next } = started
    const cancel = (await linksOn(next.url)).find((link) => link.pathname === '/hooks/stripe/cancel')
    const sig = cancel?.searchParams.get('sig')
    expect(sig).toBeTruthy()
    const session = (await orderRow(orderId))?.providerRef ?? ''
    // The reproduction: the cancel link's signature in the STK callback's URL.
    const forged = await post(`${app.url}/hooks/mpesa/stk/${orderId}/${sig}`, stkCallback(session, 750))
    expect(forged.status).toBe(403)
    // Even with the STK callback's own signature (as if it leaked), a card order takes no M-Pesa proof.
    const signed = await post(deps.gateway.urls.stkCallback(orderId), stkCallback(session, 750))
    expect(signed.status).toBe(200)
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending', paidAt: null })
    // Nor does the settlement itself take another method's word for it: no sale is booked.
    const settled = await settle(deps, {
      provider: 'mpesa',
      eventKey: `stk:${session}`,
      orderId,
      outcome: { kind: 'paid', amount: { amount: 750_00, currency: 'KES' }, receipt: 'X', details: {} },
    })
    expect(settled.changed).toBe(false)
    expect(await sales(orderId)).toBe(0)
    const download = await app.call('getDownloadUrl', {
      orderId,
      fileId: crypto.randomUUID(),
      key: started.accessKey,
    })
    expect(download.status).toBe(403)
  })

  it('gives every link its own signature: none opens another’s door', async () => {
    const { orderId, next } = data(await start({ productId: ids.digital, method: 'card' }))
    const paypalOrder = data(
      await start({
        productId: await productOnSale(app, seller.id, {
          kind: 'digital',
          title: 'Lightroom presets',
          description: '',
          price: { amount: 7_50, currency: 'USD' },
          details: { payWhatYouWant: null, downloadLimit: null, free: false },
        }),
        method: 'paypal',
      }),
    )
    const sigOf = (url: string) => new URL(url).searchParams.get('sig') ?? ''
    const cardCancel = sigOf(deps.gateway.urls.cardCancel(orderId))
    expect((await linksOn(next.url)).some((l) => l.searchParams.get('sig') === cardCancel)).toBe(true)
    const paypalReturn = sigOf(deps.gateway.urls.paypalReturn(paypalOrder.orderId))
    const paypalCancel = sigOf(deps.gateway.urls.paypalCancel(paypalOrder.orderId))
    const get = (path: string, id: string, sig: string) =>
      fetch(`${app.url}${path}?order=${id}&sig=${sig}`, { redirect: 'manual' })

    // A return link is not a cancel link, and PayPal's cancel link does not work on Stripe's.
    expect((await get('/hooks/paypal/cancel', paypalOrder.orderId, paypalReturn)).status).toBe(403)
    expect((await get('/hooks/stripe/cancel', paypalOrder.orderId, paypalCancel)).status).toBe(403)
    // A card order's cancel address with a valid card signature leaves a PayPal order alone.
    const cross = deps.gateway.sign('card-cancel', paypalOrder.orderId)
    expect((await get('/hooks/stripe/cancel', paypalOrder.orderId, cross)).status).toBe(303)
    expect((await orderRow(paypalOrder.orderId))?.status).toBe('pending')
    // The right link still cancels.
    expect((await get('/hooks/stripe/cancel', orderId, cardCancel)).status).toBe(303)
    expect((await orderRow(orderId))?.status).toBe('cancelled')

    // A link's signature is not a receipt key; the receipt key, new form and the form mailed before, is.
    const view = (key: string) => app.call('getOrder', { orderId, key })
    expect((await view(cardCancel)).status).toBe(404)
    expect((await view(deps.gateway.sign('receipt', orderId))).status).toBe(200)
    const mailedBefore = createHmac('sha256', HOOKS_SECRET)
      .update(`order:${orderId}`)
      .digest('base64url')
      .slice(0, 32)
    expect((await view(mailedBefore)).status).toBe(200)
    // The old one-key form of any other link is refused: it could have been read off a cancel link.
    const oldStyle = createHmac('sha256', HOOKS_SECRET).update(orderId).digest('base64url').slice(0, 32)
    expect(
      (await post(`${app.url}/hooks/mpesa/stk/${orderId}/${oldStyle}`, stkCallback('x', 1))).status,
    ).toBe(403)
    // M-Pesa's refund results need their own signature too.
    const b2c = await post(
      `${app.url}/hooks/mpesa/b2c/${orderId}/${deps.gateway.sign('stk-callback', orderId)}`,
      '{}',
    )
    expect(b2c.status).toBe(403)
  })

  it('pays an M-Pesa order only on a callback that states the amount charged', async () => {
    const phone = '0700000001'
    const { orderId, accessKey } = data(await start({ productId: ids.digital, method: 'mpesa', phone }))
    const push = (await orderRow(orderId))?.providerRef ?? ''
    const hook = deps.gateway.urls.stkCallback(orderId)
    // No amount: proves nothing.
    const bare = await post(hook, stkCallback(push))
    expect(bare.status).toBe(400)
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending', paidAt: null })
    // Another amount: recorded for a person to look at, never fulfilled.
    expect((await post(hook, stkCallback(push, 1))).status).toBe(200)
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending', failure: { code: 'amount' } })
    expect(await sales(orderId)).toBe(0)
    const view = data(await app.call('getOrder', { orderId, key: accessKey })).order
    expect(view.status).toBe('pending')
  })

  it('sends one M-Pesa prompt a minute and five an hour to a phone, whoever asks', async () => {
    const phone = '0711000222'
    const key = 'mpesaPrompt:phone:254711000222'
    const before = await orderCount()
    const first = await start({ productId: ids.digital, method: 'mpesa', phone, email: 'one@example.com' })
    expect(first.status).toBe(200)
    // Someone else, from elsewhere, a moment later: refused, and no order is made.
    const second = await start({ productId: ids.digital, method: 'mpesa', phone, email: 'two@example.com' })
    expect(second.status).toBe(429)
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(second.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    expect(second.body.message).toMatch(/^Too many M-Pesa prompts to this phone\. Wait \d+ seconds, then try/)
    expect((second.body.errors as Record<string, string>).phone).toBe(second.body.message)
    expect(await orderCount()).toBe(before + 1)
    // A minute later (the window moved back), the next prompt goes: up to five in the hour.
    const aMinuteLater = () =>
      app.database.db
        .update(rateLimits)
        .set({ windowStart: sql`${rateLimits.windowStart} - interval '61 seconds'` })
        .where(like(rateLimits.key, `${key}:60`))
    for (let i = 2; i <= 5; i++) {
      await aMinuteLater()
      expect((await start({ productId: ids.digital, method: 'mpesa', phone })).status).toBe(200)
    }
    await aMinuteLater()
    const sixth = await start({ productId: ids.digital, method: 'mpesa', phone })
    expect(sixth.status).toBe(429)
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(60)
    expect(sixth.body.message).toMatch(/Wait \d+ minutes, then try again, or pay by card\.$/)
    expect(await orderCount()).toBe(before + 5)
    // Another phone is not held back, and neither is paying by card.
    expect((await start({ productId: ids.digital, method: 'mpesa', phone: '0711000333' })).status).toBe(200)
    expect((await start({ productId: ids.digital, method: 'card' })).status).toBe(200)
  })

  it('a prompt refused for another reason is not counted against the phone', async () => {
    const phone = '0711000444'
    const tooMany = await start({ productId: ids.event, method: 'mpesa', phone, quantity: 11 })
    expect(tooMany.status).toBe(400)
    expect((await start({ productId: ids.event, method: 'mpesa', phone, quantity: 1 })).status).toBe(200)
  })

  /** Retry-After of a 429, checked to lie within the limit's window. */
  const retryAfterOf = (answer: Answer, windowSeconds: number) => {
    const seconds = Number(answer.headers.get('retry-after'))
    expect(seconds).toBeGreaterThan(0)
    expect(seconds).toBeLessThanOrEqual(windowSeconds)
    return seconds
  }

  it('takes 20 checkouts in 10 minutes from one device, whatever e-mails or accounts it gives', async () => {
    const device = newDevice()
    const from = newAddress()
    for (let i = 0; i < 19; i++)
      expect((await start({ productId: ids.digital, method: 'card' }, { from, device })).status).toBe(200)
    // Signed in, it is still the same device.
    const member = await personOf(app, 'one-device-member@example.com')
    const signedIn = await start(
      { productId: ids.digital, method: 'card', email: undefined },
      { from, device, token: member.token },
    )
    expect(signedIn.status).toBe(200)
    const before = await orderCount()
    // On another network too: the device goes with the phone.
    const refused = await start({ productId: ids.digital, method: 'card' }, { device })
    expect(refused.status).toBe(429)
    expect(retryAfterOf(refused, 600)).toBeGreaterThan(500)
    expect(refused.body.message).toMatch(
      /^Too many checkouts from this device\. Wait \d+ minutes, then try again\.$/,
    )
    expect(await orderCount()).toBe(before)
    // Someone else behind the same address is served, and so is a client whose header is no device id
    // (it is counted by its buyer and address only).
    expect(
      (await start({ productId: ids.digital, method: 'card' }, { from, device: newDevice() })).status,
    ).toBe(200)
    expect((await start({ productId: ids.digital, method: 'card' }, { device: `${device}!` })).status).toBe(
      200,
    )
  })

  it('takes 20 checkouts in 10 minutes for one e-mail address or account, from however many devices', async () => {
    // The same address however it is written: it is one buyer's.
    const spellings = ['many-devices@example.com', 'Many-Devices@Example.COM']
    for (let i = 0; i < 20; i++) {
      const email = spellings[i % 2]
      const answer = await start({ productId: ids.digital, method: 'card', email }, { device: newDevice() })
      expect(answer.status).toBe(200)
    }
    const before = await orderCount()
    const refused = await start(
      { productId: ids.digital, method: 'card', email: 'MANY-DEVICES@example.com' },
      { device: newDevice() },
    )
    expect(refused.status).toBe(429)
    expect(retryAfterOf(refused, 600)).toBeGreaterThan(500)
    expect(refused.body.message).toMatch(
      /^Too many checkouts for this e-mail address\. Wait \d+ minutes, then try again\.$/,
    )
    expect((refused.body.errors as Record<string, string>).email).toBe(refused.body.message)
    // Without a device id (no JavaScript, an API client) the e-mail is still counted.
    expect(
      (await start({ productId: ids.digital, method: 'card', email: 'many-devices@example.com' })).status,
    ).toBe(429)
    expect(await orderCount()).toBe(before)
    // Another buyer on the same devices' network is served.
    expect((await start({ productId: ids.digital, method: 'card' }, { device: newDevice() })).status).toBe(
      200,
    )

    // Signed in, the account is counted, whatever e-mail the request carries.
    const member = await personOf(app, 'busy-member@example.com')
    const asMember = (email?: string) =>
      start({ productId: ids.digital, method: 'card', email }, { token: member.token, device: newDevice() })
    for (let i = 0; i < 20; i++) expect((await asMember(`alias-${i}@example.com`)).status).toBe(200)
    const tooMany = await asMember()
    expect(tooMany.status).toBe(429)
    expect(tooMany.body.message).toMatch(/^Too many checkouts from your account\. Wait \d+ minutes, then try/)
  })

  it('takes at most 300 checkouts a minute from one address, then slows a flood from it', async () => {
    const from = newAddress()
    // A flood of checkouts, each from a fresh device for a fresh e-mail (of a product that is not there:
    // they are counted before anything is looked up). In bursts, so that all fall in one window.
    const missing = crypto.randomUUID()
    for (let burst = 0; burst < 6; burst++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          start({ productId: missing, method: 'card' }, { from, device: newDevice() }),
        ),
      )
      expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(404))
    }
    const before = await orderCount()
    const refused = await start({ productId: ids.digital, method: 'card' }, { from, device: newDevice() })
    expect(refused.status).toBe(429)
    retryAfterOf(refused, 60)
    expect(refused.body.message).toMatch(
      /^Too many checkouts from this network\. Wait \d+ seconds, then try again\.$/,
    )
    expect(await orderCount()).toBe(before)
    // Another address is served.
    expect((await start({ productId: ids.digital, method: 'card' }, { device: newDevice() })).status).toBe(
      200,
    )
  })

  it('lets one buyer hold at most 10 tickets of an event in unpaid orders', async () => {
    const held = async () =>
      Number(
        (
          (await app.database.db.execute(
            sql`select coalesce(sum(quantity), 0)::int as n from orders where product_id = ${ids.event} and status = 'pending'`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]?.n,
      )
    const heldBefore = await held()
    // The reproduction: five anonymous checkouts of 20 held 100 of 110 tickets. Now none holds any.
    for (let i = 0; i < 5; i++) {
      const answer = await start({
        productId: ids.event,
        method: 'card',
        quantity: 20,
        email: 'hoard@example.com',
      })
      expect(answer.status).toBe(400)
      expect((answer.body.errors as Record<string, string>).quantity).toBe('At most 10 at a time')
    }
    expect(await held()).toBe(heldBefore)
    const email = 'hoarder@example.com'
    const six = data(await start({ productId: ids.event, method: 'card', quantity: 6, email }))
    const five = await start({ productId: ids.event, method: 'card', quantity: 5, email })
    expect(five.status).toBe(429)
    expect(Number(five.headers.get('retry-after'))).toBeGreaterThan(30 * 60)
    expect(five.body.message).toMatch(/^You already have 6 of these waiting for payment/)
    expect((five.body.errors as Record<string, string>).quantity).toBe(
      'At most 4 more while your unpaid order waits',
    )
    expect((await start({ productId: ids.event, method: 'card', quantity: 4, email })).status).toBe(200)
    // A signed-in buyer is counted by account.
    const member = await sellerOf(app, 'ticket-member')
    const asMember = (quantity: number) =>
      start({ productId: ids.event, method: 'card', quantity, email: undefined }, { token: member.token })
    expect((await asMember(10)).status).toBe(200)
    expect((await asMember(1)).status).toBe(429)
    // Someone else may still buy; and cancelling frees the buyer's share.
    expect(
      (await start({ productId: ids.event, method: 'card', quantity: 5, email: 'else@example.com' })).status,
    ).toBe(200)
    expect((await app.call('cancelOrder', { orderId: six.orderId, key: six.accessKey })).status).toBe(200)
    expect((await start({ productId: ids.event, method: 'card', quantity: 6, email })).status).toBe(200)
    expect(await held()).toBe(heldBefore + 25)
  })

  it('a checkout refused for want of stock leaves no account behind for its new e-mail', async () => {
    const oneSeat = await productOnSale(app, seller.id, {
      kind: 'event',
      title: 'Studio session for one',
      description: '',
      price: { amount: 500_00, currency: 'KES' },
      details: {
        startsAt: inDays(20),
        endsAt: null,
        timeZone: 'Africa/Nairobi',
        where: { kind: 'place', address: 'The Alchemist, Westlands' },
        ticketTypes: [{ name: 'Seat', price: { amount: 500_00, currency: 'KES' }, capacity: 1 }],
      },
    })
    expect(
      (await start({ productId: oneSeat, method: 'card', email: 'first-seat@example.com' })).status,
    ).toBe(200)
    const users = async () =>
      (
        (await app.database.db.execute(sql`select count(*)::int as n from users`)) as unknown as {
          rows: { n: number }[]
        }
      ).rows[0]?.n
    const before = await users()
    const late = await start({ productId: oneSeat, method: 'card', email: 'too-late@example.com' })
    expect(late.status).toBe(409)
    expect(await users()).toBe(before)
  })

  it('counts download limits per file, and ten first downloads at once take one', async () => {
    const started = data(await start({ productId: ids.files, method: 'card' }))
    const pay = await submitSandboxCard(new URL(started.next.url, app.url).href, '4242424242424242')
    expect(pay.status).toBe(303)
    const paid = data(await app.call('getOrder', { orderId: started.orderId, key: started.accessKey })).order
    expect(paid.status).toBe('paid')
    expect(paid.downloadLimit).toBe(1)
    expect(paid.files.map((f: { downloadsLeft: number }) => f.downloadsLeft)).toEqual([1, 1, 1])
    const link = (fileId: string) =>
      app.call('getDownloadUrl', { orderId: started.orderId, fileId, key: started.accessKey })
    const [first, second, third] = paid.files as { id: string }[]
    if (!first || !second || !third) throw new Error('three files expected')
    const racing = await Promise.all(Array.from({ length: 10 }, () => link(first.id)))
    expect(racing.filter((a) => a.status === 200)).toHaveLength(1)
    const refused = racing.filter((a) => a.status === 403)
    expect(refused).toHaveLength(9)
    expect(refused[0]?.body.message).toBe(
      'You have used all 1 downloads of part-1.zip: ask the seller for more',
    )
    // The other files each have their own download.
    expect((await link(second.id)).status).toBe(200)
    expect((await link(third.id)).status).toBe(200)
    expect((await link(third.id)).status).toBe(403)
    const after = data(await app.call('getOrder', { orderId: started.orderId, key: started.accessKey })).order
    expect(after.files.map((f: { downloadsLeft: number }) => f.downloadsLeft)).toEqual([0, 0, 0])
    const counted = await app.database.db.execute(
      sql`select count(*)::int as n from downloads where order_id = ${started.orderId}`,
    )
    expect((counted as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(3)
  })
})
