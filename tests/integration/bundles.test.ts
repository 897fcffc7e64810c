import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  orderLines,
  orders,
  products,
  tickets,
  webhookEndpoints,
  webhookEvents,
} from '../../server/db/schema'
import { apiOf, keyOf } from '../support/api'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { eventInput } from '../support/event-input'
import { cardPaidOrder, data, mpesaPaidOrder } from '../support/payouts'
import { merchInput, serviceInput } from '../support/product-inputs'
import { personOf, productOnSale, sellerOf } from '../support/shop'

/**
 * Bundles: a seller groups products (a download, a ticket, merch) at one price below what they cost alone;
 * bought, the bundle is one order with a line per part, each delivered as if bought alone, one payment for
 * the price and one shipping fee; a part off sale or sold out refuses the whole order, naming the part;
 * checkouts of bundles holding the same products in opposite orders, on two instances, never oversell.
 */
describe.each(databaseKinds)('bundles, on %s', (kind) => {
  let app: RunningApp
  let second: RunningApp | null = null
  let seller: { id: string; token: string }
  let buyer: { id: string; token: string }
  const ids: Record<string, string> = {}
  const kes = (amount: number) => ({ amount, currency: 'KES' })
  const save = (input: Record<string, unknown>) => app.call('saveBundle', input, seller.token)
  const publish = async (input: Record<string, unknown>) => {
    const saved = await save(input)
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const id = data(saved).bundle.id as string
    expect((await app.call('publishBundle', { id, published: true }, seller.token)).status).toBe(200)
    return id
  }
  const linesOf = (orderId: string) =>
    app.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.position))
  const delivery = {
    kind: 'ship',
    name: 'Wanjiru Kamau',
    phone: '0712345678',
    line1: 'Ngong Road 12',
    city: 'Nairobi',
    country: 'KE',
  }

  beforeAll(async () => {
    app = await startApp(kind)
    if (kind === 'postgres') second = await startApp(kind, {}, { sharing: app })
    seller = await sellerOf(app, 'bundle-seller')
    buyer = await personOf(app, 'bundle-buyer@example.com')
    ids.beats = await productOnSale(
      app,
      seller.id,
      { kind: 'digital', title: 'Beat pack', slug: 'bundle-beats', description: '', price: kes(1_500_00) },
      [{ name: 'beats.zip', body: Buffer.from('the beats') }],
    )
    ids.show = await productOnSale(app, seller.id, eventInput('Launch night', { price: 1_000_00 }))
    ids.tee = await productOnSale(app, seller.id, merchInput('Launch tee', { stock: 1, shipping: 200_00 }))
    ids.session = await productOnSale(app, seller.id, serviceInput('Mix review'))
    const other = await sellerOf(app, 'bundle-other')
    ids.others = await productOnSale(
      app,
      other.id,
      { kind: 'digital', title: 'Not yours', slug: 'bundle-not-yours', price: kes(900_00) },
      [{ name: 'x.zip', body: Buffer.from('x') }],
    )
  }, 60_000)
  afterAll(async () => {
    await second?.close()
    await app?.close()
  })

  it('is made only of the seller’s downloads, tickets and merch on sale, priced below their worth', async () => {
    const parts = (...keys: string[]) => keys.map((key) => ({ productId: ids[key] }))
    const refused = async (input: Record<string, unknown>) => {
      const answer = await save({ title: 'Launch bundle', price: kes(3_000_00), ...input })
      expect(answer.status, JSON.stringify(answer.body)).toBe(400)
      return answer.body.errors as Record<string, string>
    }
    expect(await refused({ parts: parts('beats', 'session') })).toEqual({
      'parts.1.productId': 'Mix review is a service: a bundle holds downloads, tickets and merch',
    })
    expect(await refused({ parts: parts('beats', 'others') })).toEqual({
      'parts.1.productId': 'Choose products of your own',
    })
    expect(await refused({ parts: parts('beats', 'beats') })).toEqual({
      'parts.1.productId': 'Beat pack is in the bundle twice',
    })
    expect(await refused({ parts: parts('beats', 'show'), price: kes(2_500_00) })).toEqual({
      'price.amount': 'Price the bundle below what its parts cost alone (KES\u00a02,500.00)',
    })
    expect(await refused({ parts: parts('beats') })).toHaveProperty('parts')
    // Nothing was written by the refusals.
    expect(data(await app.call('listMyBundles', {}, seller.token)).bundles).toEqual([])

    const saved = data(
      await save({ title: 'Launch bundle', price: kes(3_500_00), parts: parts('beats', 'show', 'tee') }),
    )
    expect(saved.bundle).toMatchObject({
      status: 'draft',
      price: kes(3_500_00),
      worth: kes(4_300_00),
      saving: kes(800_00),
      blocked: null,
    })
    // A draft is not on sale; published, anyone sees it.
    expect((await app.call('getBundle', { id: saved.bundle.id })).status).toBe(404)
    await app.call('publishBundle', { id: saved.bundle.id, published: true }, seller.token)
    const shown = data(await app.call('getBundle', { id: saved.bundle.id })).bundle
    expect(shown.parts.map((p: { title: string; label: string }) => [p.title, p.label])).toEqual([
      ['Beat pack', 'Beat pack'],
      ['Launch night', 'Regular'],
      ['Launch tee', 'Indigo'],
    ])
    ids.bundle = saved.bundle.id
    // Anyone signed in sees it as it is on sale.
    expect((await app.call('getBundle', { id: saved.bundle.id }, buyer.token)).status).toBe(200)
    // And in the seller API, with the seller's key: made, listed, taken off sale and deleted.
    const api = apiOf(app)
    const { secret: key } = await keyOf(app, seller.token, ['products:read', 'products:write'])
    const made = await api('POST', '/bundles', {
      key,
      body: {
        title: 'By a tool',
        price: kes(2_000_00),
        parts: [{ productId: ids.beats }, { productId: ids.show }],
      },
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(made.body.data).toMatchObject({ title: 'By a tool', status: 'draft', saving: kes(500_00) })
    const listed = await api('GET', '/bundles', { key })
    expect(listed.body.data.map((b: { title: string }) => b.title)).toEqual(['By a tool', 'Launch bundle'])
    const off = await api('POST', `/bundles/${saved.bundle.id}/unpublish`, { key })
    expect(off.body.data).toMatchObject({ status: 'draft' })
    await api('POST', `/bundles/${saved.bundle.id}/publish`, { key })
    expect((await api('DELETE', `/bundles/${made.body.data.id}`, { key })).status).toBe(200)
  })

  it('says hostile words as text on its page and the storefront', async () => {
    const title = '<script>alert(1)</script> & "pack"'
    const id = await publish({
      title,
      description: '<img src=x onerror=alert(2)>',
      price: kes(2_000_00),
      parts: [{ productId: ids.beats }, { productId: ids.show }],
    })
    for (const path of [`/buy/bundles/${id}`, '/creators/bundle-seller']) {
      const html = await (await fetch(`${app.url}${path}`)).text()
      expect(html, path).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; ')
      expect(html, path).not.toContain('<script>alert(1)')
      expect(html, path).not.toContain('<img src=x')
    }
    expect((await app.call('deleteBundle', { id }, seller.token)).status).toBe(200)
  })

  it('bought by M-Pesa: one prompt, a line per part, each delivered as if bought alone', async () => {
    const bundleId = ids.bundle ?? ''
    const quoted = data(await app.call('quoteBundle', { bundleId, delivery }))
    expect(quoted).toMatchObject({ subtotal: kes(3_500_00), shipping: kes(200_00), total: kes(3_700_00) })
    // Shares in proportion to the parts' own prices (1,500 + 1,000 + 1,800 = 4,300), adding up exactly.
    expect(quoted.lines.map((l: { price: { amount: number } }) => l.price.amount)).toEqual([
      122093, 81395, 146512,
    ])
    // An endpoint that wants order.paid, so the event is kept.
    await app.database.db.insert(webhookEndpoints).values({
      id: crypto.randomUUID(),
      sellerId: seller.id,
      url: 'http://127.0.0.1:9/soko',
      events: ['order.paid'],
      secret: 'whsec_test',
      status: 'enabled',
    })
    const orderId = await mpesaPaidOrder(app, bundleId, buyer.token, '0712000222', 'BND0000001', {
      bundle: true,
      input: { delivery, holders: ['Achieng Otieno'] },
    })
    const [row] = await app.database.db.select().from(orders).where(eq(orders.id, orderId))
    expect(row).toMatchObject({
      status: 'paid',
      total: 3_700_00,
      chargeAmount: 3_700_00,
      fulfilment: 'to_ship',
    })
    const lines = await linesOf(orderId)
    expect(lines.map((l) => [l.productId, l.total])).toEqual([
      [ids.show, 81395],
      [ids.beats, 122093],
      [ids.tee, 146512 + 200_00],
    ])
    const [ticket] = await app.database.db.select().from(tickets).where(eq(tickets.orderId, orderId))
    expect(ticket?.holderName).toBe('Achieng Otieno')
    const view = data(await app.call('getOrder', { orderId }, buyer.token)).order
    expect(view.bundle).toEqual({ id: bundleId, title: 'Launch bundle' })
    expect(view.tickets).toHaveLength(1)
    expect(view.files.map((f: { name: string }) => f.name)).toEqual(['beats.zip'])
    const link = await app.call('getDownloadUrl', { orderId, fileId: view.files[0].id }, buyer.token)
    expect(await (await fetch(new URL(data(link).url, app.url))).text()).toBe('the beats')
    // Each part counts its sale; the bundle counts one.
    const counts = await app.database.db.select({ id: products.id, n: products.salesCount }).from(products)
    for (const key of ['beats', 'show', 'tee']) expect(counts.find((c) => c.id === ids[key])?.n).toBe(1)
    const mine = data(await app.call('listMyBundles', {}, seller.token)).bundles
    expect(mine[0]).toMatchObject({ sales: 1 })
    // order.paid carries the bundle and its three lines.
    const [event] = await app.database.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.objectId, orderId), eq(webhookEvents.type, 'order.paid')))
    expect(event?.object).toMatchObject({ bundle: { id: bundleId, title: 'Launch bundle' } })
    expect(event?.object.lines).toHaveLength(3)
  })

  it('a part sold out or off sale refuses the whole order, naming the part', async () => {
    const bundleId = ids.bundle ?? ''
    // The tee's only one is sold: the bundle says why it cannot be bought, and refuses a checkout.
    expect(data(await app.call('getBundle', { id: bundleId })).bundle.blocked).toEqual({
      reason: 'soldOut',
      title: 'Launch tee',
    })
    const before = await app.database.db.select().from(orders)
    const answer = await app.call('startBundleCheckout', {
      bundleId,
      method: 'card',
      delivery,
      email: 'late@example.com',
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(409)
    expect(answer.body.message).toBe('Launch tee is sold out, so this bundle cannot be bought now')
    expect(answer.body.errors).toEqual({
      bundleId: 'Launch tee is sold out, so this bundle cannot be bought now',
    })
    expect(await app.database.db.select().from(orders)).toHaveLength(before.length)
    // A part taken off sale: said so, by name.
    const two = await publish({
      title: 'Beats and show',
      price: kes(2_000_00),
      parts: [{ productId: ids.beats }, { productId: ids.show }],
    })
    await app.call('unpublishProduct', { id: ids.beats }, seller.token)
    const off = await app.call('startBundleCheckout', {
      bundleId: two,
      method: 'card',
      email: 'x@example.com',
    })
    expect(off.status).toBe(409)
    expect(off.body.message).toBe('Beat pack is no longer on sale, so this bundle cannot be bought now')
    await app.call('publishProduct', { id: ids.beats }, seller.token)
    // A part priced in another currency since: the bundle says so and is not sold.
    await app.call(
      'updateProduct',
      { id: ids.beats, price: { amount: 15_00, currency: 'USD' } },
      seller.token,
    )
    expect(data(await app.call('getBundle', { id: two })).bundle.blocked).toEqual({
      reason: 'currency',
      title: 'Beat pack',
    })
    const other = await app.call('startBundleCheckout', {
      bundleId: two,
      method: 'card',
      email: 'x@example.com',
    })
    expect(other.status).toBe(409)
    expect(other.body.message).toBe(
      'Beat pack is priced in another currency now, so this bundle cannot be bought until its seller changes it',
    )
    await app.call('updateProduct', { id: ids.beats, price: kes(1_500_00) }, seller.token)
    expect(data(await app.call('getBundle', { id: two })).bundle.blocked).toBeNull()
  })

  it('a refund returns the whole bundle: its files and ticket stop, its seat is free again', async () => {
    const beatsAndShow = await publish({
      title: 'Refunded pair',
      price: kes(2_200_00),
      parts: [{ productId: ids.beats }, { productId: ids.show }],
    })
    const orderId = await cardPaidOrder(app, { bundleId: beatsAndShow }, buyer.token, { bundle: true })
    const seats = async () =>
      (
        await app.database.db.select().from(orderLines).innerJoin(orders, eq(orders.id, orderLines.orderId))
      ).filter(
        (r) =>
          r.order_lines.productId === ids.show && ['pending', 'paid', 'refunding'].includes(r.orders.status),
      ).length
    const before = await seats()
    const view = data(await app.call('getOrder', { orderId }, buyer.token)).order
    const refunded = await app.call('refundOrder', { orderId, reason: 'Cannot come' }, seller.token)
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200)
    await expect
      .poll(async () => data(await app.call('getOrder', { orderId }, buyer.token)).order.status)
      .toBe('refunded')
    const after = data(await app.call('getOrder', { orderId }, buyer.token)).order
    expect(after.files).toEqual([])
    expect(after.tickets).toEqual([])
    expect(
      (await app.call('getDownloadUrl', { orderId, fileId: view.files[0].id }, buyer.token)).status,
    ).not.toBe(200)
    expect(await seats()).toBe(before - 1)
  })

  it('checkouts of bundles holding the same stock in opposite orders, on two instances, never oversell', async () => {
    const tote = await productOnSale(app, seller.id, merchInput('Crowd tote', { stock: 3 }))
    const gig = await productOnSale(app, seller.id, eventInput('Crowd gig', { capacity: 3, price: 800_00 }))
    const ab = await publish({
      title: 'Tote first',
      price: kes(2_000_00),
      parts: [{ productId: tote }, { productId: gig }],
    })
    const ba = await publish({
      title: 'Gig first',
      price: kes(2_000_00),
      parts: [{ productId: gig }, { productId: tote }],
    })
    const instances = [app, second ?? app]
    const buyers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => personOf(app, `bundle-crowd-${kind}-${i}@example.com`)),
    )
    const answers = await Promise.all(
      buyers.map((b, i) =>
        (instances[i % 2] as RunningApp).call(
          'startBundleCheckout',
          { bundleId: i % 3 === 0 ? ab : ba, method: 'card', delivery },
          b.token,
        ),
      ),
    )
    const statuses = answers.map((a) => a.status).sort()
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409, 409, 409, 409])
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body.message).toMatch(
        /^Crowd (tote|gig) is sold out, so this bundle cannot be bought now$/,
      )
    const held = await app.database.db
      .select({ productId: orderLines.productId, status: orders.status })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
    expect(held.filter((h) => h.productId === tote && h.status === 'pending')).toHaveLength(3)
    expect(held.filter((h) => h.productId === gig && h.status === 'pending')).toHaveLength(3)
  })
})
