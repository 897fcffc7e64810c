import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderLines, orders, products } from '../../server/db/schema'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { readOutbox } from '../support/outbox'
import { data, mpesaPaidOrder } from '../support/payouts'
import { htmlOf, plainBrowser } from '../support/plain-forms'
import { personOf, productOnSale, sellerOf } from '../support/shop'

/**
 * A product's offer at checkout: set by its seller (another of their digital products, for less), shown on
 * the product's page and in the quote, taken with one tap into the same payment (one M-Pesa prompt for the
 * total), delivered as its own line with its own files, and refused once it has ended.
 */
describe.each(databaseKinds)('an offer at checkout, on %s', (kind) => {
  let app: RunningApp
  let second: RunningApp | null = null
  let seller: { id: string; token: string }
  let buyer: { id: string; token: string }
  const ids: Record<string, string> = {}

  const digital = (slug: string, amount: number, currency = 'KES') =>
    productOnSale(
      app,
      seller.id,
      { kind: 'digital', title: `Pack ${slug}`, slug, description: '', price: { amount, currency } },
      [{ name: `${slug}.zip`, body: Buffer.from(`files of ${slug}`) }],
    )
  const offer = (id: string, upsell: unknown) => app.call('updateProduct', { id, upsell }, seller.token)
  const page = async (slug: string) =>
    (await (await fetch(`${app.url}/${slug}/_payload.json`)).json()) as {
      offer: Record<string, unknown> | null
    }

  beforeAll(async () => {
    app = await startApp(kind)
    if (kind === 'postgres') second = await startApp(kind, {}, { sharing: app })
    seller = await sellerOf(app, 'offer-seller')
    buyer = await personOf(app, 'offer-buyer@example.com')
    ids.beats = await digital('offer-beats', 1_500_00)
    ids.presets = await digital('offer-presets', 800_00)
    ids.dollars = await digital('offer-dollars', 20_00, 'USD')
    ids.tote = await productOnSale(app, seller.id, {
      kind: 'merch',
      title: 'Offer tote',
      slug: 'offer-tote',
      description: '',
      price: { amount: 900_00, currency: 'KES' },
      details: {
        variants: [{ options: {}, price: { amount: 900_00, currency: 'KES' }, stock: 5, sku: '' }],
        shippingZones: [],
        pickup: { address: 'Kilimani studio, Nairobi' },
      },
    })
    const other = await sellerOf(app, 'offer-other')
    ids.others = await productOnSale(
      app,
      other.id,
      {
        kind: 'digital',
        title: 'Not yours',
        slug: 'offer-not-yours',
        price: { amount: 900_00, currency: 'KES' },
      },
      [{ name: 'x.zip', body: Buffer.from('x') }],
    )
  }, 60_000)
  afterAll(async () => {
    await second?.close()
    await app?.close()
  })

  it('is set only as another of the seller’s digital products, in the same currency, for less', async () => {
    const refusals: [unknown, Record<string, string>][] = [
      [
        { productId: ids.beats, price: { amount: 100_00, currency: 'KES' } },
        { 'upsell.productId': 'Offer another product, not this one' },
      ],
      [
        { productId: ids.tote, price: { amount: 100_00, currency: 'KES' } },
        { 'upsell.productId': 'Choose one of your digital products: their files reach the buyer at once' },
      ],
      [
        { productId: ids.others, price: { amount: 100_00, currency: 'KES' } },
        { 'upsell.productId': 'Choose one of your digital products: their files reach the buyer at once' },
      ],
      [
        { productId: ids.dollars, price: { amount: 10_00, currency: 'USD' } },
        { 'upsell.price': 'Both products are priced in KES: the offer must be too' },
      ],
      [
        { productId: ids.presets, price: { amount: 800_00, currency: 'KES' } },
        { 'upsell.price': 'An offer is less than the product’s own price (KES 800.00)' },
      ],
      [
        { productId: 'not-an-id', price: { amount: 1, currency: 'KES' } },
        { 'upsell.productId': 'Choose one of your digital products to offer' },
      ],
    ]
    for (const [upsell, errors] of refusals) {
      const refused = await offer(ids.beats ?? '', upsell)
      expect(refused.status, JSON.stringify(upsell)).toBe(400)
      // Money is written with a no-break space between the currency and the amount.
      expect(JSON.parse(JSON.stringify(refused.body.errors).replaceAll('\u00a0', ' '))).toEqual(errors)
    }
    const [unchanged] = await app.database.db
      .select()
      .from(products)
      .where(eq(products.id, ids.beats ?? ''))
    expect(unchanged?.upsell).toBeNull()

    const set = await offer(ids.beats ?? '', {
      productId: ids.presets,
      price: { amount: 500_00, currency: 'KES' },
    })
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    expect(data(set).product.upsell).toEqual({
      productId: ids.presets,
      price: { amount: 500_00, currency: 'KES' },
    })
    expect((await page('offer-beats')).offer).toEqual({
      productId: ids.presets,
      slug: 'offer-presets',
      title: 'Pack offer-presets',
      price: { amount: 500_00, currency: 'KES' },
      listPrice: { amount: 800_00, currency: 'KES' },
    })
  })

  it('taken at checkout: one M-Pesa prompt for the total, two lines, the files of both', async () => {
    const quoted = data(await app.call('quoteCheckout', { productId: ids.beats, upsell: true }))
    expect(quoted.total).toEqual({ amount: 2_000_00, currency: 'KES' })
    expect(quoted.offer).toMatchObject({ title: 'Pack offer-presets', taken: true })
    const without = data(await app.call('quoteCheckout', { productId: ids.beats }))
    expect(without.total).toEqual({ amount: 1_500_00, currency: 'KES' })
    expect(without.offer).toMatchObject({ taken: false, price: { amount: 500_00, currency: 'KES' } })

    const orderId = await mpesaPaidOrder(app, ids.beats ?? '', buyer.token, '0712000111', 'UPS0000001', {
      input: { upsell: true },
    })
    const [row] = await app.database.db.select().from(orders).where(eq(orders.id, orderId))
    expect(row).toMatchObject({ status: 'paid', total: 2_000_00, chargeAmount: 2_000_00, subtotal: 2_000_00 })
    const lines = await app.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.position))
    expect(lines.map((l) => [l.productId, l.total])).toEqual([
      [ids.beats, 1_500_00],
      [ids.presets, 500_00],
    ])
    const view = data(await app.call('getOrder', { orderId }, buyer.token)).order
    expect(view.lines).toEqual([
      expect.objectContaining({
        title: 'Pack offer-beats',
        total: { amount: 1_500_00, currency: 'KES' },
        listPrice: null,
      }),
      expect.objectContaining({
        title: 'Pack offer-presets',
        total: { amount: 500_00, currency: 'KES' },
        listPrice: { amount: 800_00, currency: 'KES' },
      }),
    ])
    expect(view.files.map((f: { name: string }) => f.name)).toEqual(['offer-beats.zip', 'offer-presets.zip'])
    const offered = view.files[1] as { id: string }
    const link = await app.call('getDownloadUrl', { orderId, fileId: offered.id }, buyer.token)
    expect(link.status, JSON.stringify(link.body)).toBe(200)
    expect(await (await fetch(new URL(data(link).url, app.url))).text()).toBe('files of offer-presets')
    // The receipt and the seller's sale mail name both.
    const mails = await readOutbox(app.database.db)
    const receipt = mails.find(
      (m) => m.to === 'offer-buyer@example.com' && m.text.includes('Pack offer-presets'),
    )
    expect(receipt?.text).toContain('Pack offer-beats × 1, Pack offer-presets × 1')
    expect(
      mails.find((m) => m.to === 'offer-seller@example.com' && m.subject.startsWith('You made a sale'))?.text,
    ).toContain('Pack offer-beats × 1, Pack offer-presets × 1')
    // Both products count the sale.
    const counts = await app.database.db.select({ id: products.id, n: products.salesCount }).from(products)
    expect(counts.find((c) => c.id === ids.presets)?.n).toBe(1)
  })

  it('without script: ticked on the pay step, the total shown again with it before paying, one prompt', async () => {
    const { get, post } = plainBrowser(() => app, 49)
    const slug = 'offer-beats'
    const pay = await (await get(`/buy/${slug}?step=pay`)).text()
    expect(pay).toContain(htmlOf('Add Pack offer-presets for KES'))
    expect(pay).toMatch(/Total: KES.1,500\.00/)
    expect(pay).toContain('name="_offerQuoted" value="off"')
    // Ticked and "Update the total": the same step, with the offer in the total.
    const updated = await (await get(`/buy/${slug}?step=pay&upsell=on`)).text()
    expect(updated).toMatch(/Added: Pack offer-presets, KES.500\.00/)
    expect(updated).toMatch(/Total: KES.2,000\.00/)
    expect(updated).toContain('name="upsell" value="on" checked')
    const email = `offer-plain-${kind}@example.com`
    const fields = { method: 'mpesa', phone: '0712345611', email }
    // Ticked but paid with the total shown without it: the new total is shown first, nothing is placed.
    const changed = await post(`/buy/${slug}`, { ...fields, upsell: 'on', _offerQuoted: 'off' })
    expect(changed.status).toBe(200)
    const again = await changed.text()
    expect(again).toContain(htmlOf('Your total changed with the offer: check it, then pay.'))
    expect(again).toMatch(/Total: KES.2,000\.00/)
    expect(await app.database.db.select().from(orders).where(eq(orders.buyerEmail, email))).toHaveLength(0)
    // Paid as shown: one order, two lines, one M-Pesa charge for the total.
    const paid = await post(`/buy/${slug}`, { ...fields, upsell: 'on', _offerQuoted: 'on' })
    expect(paid.status).toBe(200)
    const [order] = await app.database.db.select().from(orders).where(eq(orders.buyerEmail, email))
    expect(order).toMatchObject({ method: 'mpesa', total: 2_000_00, chargeAmount: 2_000_00 })
    const lines = await app.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order?.id ?? ''))
    expect(lines).toHaveLength(2)
  })

  it('an offer that has ended is refused with the field, and nothing is placed', async () => {
    await app.call('unpublishProduct', { id: ids.presets }, seller.token)
    expect((await page('offer-beats')).offer).toBeNull()
    const before = await app.database.db.select().from(orders)
    const refused = await app.call(
      'startCheckout',
      { productId: ids.beats, method: 'mpesa', phone: '0712000111', upsell: true },
      buyer.token,
    )
    expect(refused.status).toBe(409)
    expect(refused.body.errors).toEqual({ upsell: 'This offer has ended' })
    expect(await app.database.db.select().from(orders)).toHaveLength(before.length)
    // Without script, the pay step says so under the box and totals without it.
    const { get } = plainBrowser(() => app, 49)
    const ended = await (await get('/buy/offer-beats?step=pay&upsell=on')).text()
    expect(ended).not.toContain('Add Pack offer-presets')
    expect(ended).toContain('This offer has ended')
    expect(ended).toMatch(/Total: KES.1,500\.00/)
    await app.call('publishProduct', { id: ids.presets }, seller.token)
  })

  it('checkouts taking the same two products from either side, on two instances, all go through', async () => {
    // Each product offers the other: each checkout locks both, in the same order whichever it started from.
    expect(
      (await offer(ids.presets ?? '', { productId: ids.beats, price: { amount: 1_000_00, currency: 'KES' } }))
        .status,
    ).toBe(200)
    const instances = [app, second ?? app]
    const buyers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => personOf(app, `crowd-${kind}-${i}@example.com`)),
    )
    const answers = await Promise.all(
      buyers.map((b, i) =>
        (instances[i % 2] as RunningApp).call(
          'startCheckout',
          { productId: i % 2 === 0 ? ids.beats : ids.presets, method: 'card', upsell: true },
          b.token,
        ),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    for (const answer of answers) {
      const lines = await app.database.db
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, data(answer).orderId))
      expect(lines.map((l) => l.productId).sort()).toEqual([ids.beats, ids.presets].sort())
    }
  })
})
