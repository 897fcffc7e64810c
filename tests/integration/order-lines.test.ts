import { readFileSync } from 'node:fs'
import path from 'node:path'
import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderLines, orders } from '../../server/db/schema'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds, migrationsDir } from '../support/db'
import { eventInput } from '../support/event-input'
import { data } from '../support/payouts'
import { merchInput, serviceInput } from '../support/product-inputs'
import { submitSandboxCard } from '../support/sandbox-card'
import { personOf, productOnSale, sellerOf } from '../support/shop'

/**
 * Orders have lines. Every order placed writes its line in the transaction that places it, and the
 * migration that brought lines in gave each order placed before it one line with the same figures: its
 * statements run again here on orders of every kind (shipping, a discount code, tickets, a booking),
 * it writes exactly the lines checkout writes. Stock, seats and times are counted from the lines.
 */
describe.each(databaseKinds)('order lines, on %s', (kind) => {
  let app: RunningApp
  let seller: { id: string; token: string }
  let buyer: { id: string; token: string }
  const ids: Record<string, string> = {}
  const placed: string[] = []

  const checkout = async (input: Record<string, unknown>, pay = false) => {
    const started = await app.call('startCheckout', { method: 'card', ...input }, buyer.token)
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    if (pay) {
      expect((await submitSandboxCard(data(started).next.url, '4242 4242 4242 4242')).status).toBe(303)
      await app.sandboxesIdle()
    }
    placed.push(data(started).orderId)
    return data(started).orderId as string
  }
  const lines = () =>
    app.database.db.select().from(orderLines).orderBy(asc(orderLines.orderId), asc(orderLines.position))

  beforeAll(async () => {
    app = await startApp(kind)
    seller = await sellerOf(app, 'lines-seller')
    buyer = await personOf(app, 'lines-buyer@example.com')
    const product = (input: Record<string, unknown>, file = false) =>
      productOnSale(app, seller.id, input, file ? [{ name: 'pack.zip', body: Buffer.from('pack') }] : [])
    ids.digital = await product(
      {
        kind: 'digital',
        title: 'Sample pack',
        description: '',
        price: { amount: 1_200_00, currency: 'KES' },
        details: { payWhatYouWant: null, downloadLimit: null, free: false },
      },
      true,
    )
    ids.merch = await product(merchInput('Kanga tote', { stock: 3 }))
    ids.event = await product(eventInput('Listening night', { daysAhead: 30, capacity: 5 }))
    ids.service = await product(serviceInput('Mix review'))
    const made = await app.call(
      'createDiscountCode',
      { code: 'TOTE10', kind: 'percent', percentBps: 1000, productIds: [ids.merch] },
      seller.token,
    )
    expect(made.status, JSON.stringify(made.body)).toBe(200)
  }, 60_000)
  afterAll(() => app?.close())

  it('every order placed has its line, with the order’s product, item and figures', async () => {
    await checkout({ productId: ids.digital }, true)
    await checkout({
      productId: ids.merch,
      quantity: 2,
      code: 'TOTE10',
      delivery: { kind: 'ship', name: 'Amina', line1: 'Ngong Road 1', city: 'Nairobi', country: 'KE' },
    })
    const eventType = (
      data(await app.call('getMyProduct', { id: ids.event }, seller.token)).product.details
        .ticketTypes[0] as {
        id: string
      }
    ).id
    await checkout(
      { productId: ids.event, quantity: 2, ticketTypeId: eventType, holders: ['Amina', 'Kevin'] },
      true,
    )
    const { slots } = data(await app.call('listSlots', { productId: ids.service, days: 7 }))
    await checkout({ productId: ids.service, slot: slots[0].start, timeZone: 'Africa/Nairobi' }, true)

    const all = await lines()
    expect(all).toHaveLength(4)
    const tote = all.find((l) => l.productId === ids.merch)
    // 2 × 1,800 + 200 shipping, 10 % off the 3,600 of the goods.
    expect(tote).toMatchObject({
      position: 0,
      kind: 'merch',
      quantity: 2,
      unitPrice: 1_800_00,
      subtotal: 3_600_00,
      shippingFee: 200_00,
      discount: 360_00,
      total: 3_440_00,
    })
    const tickets = all.find((l) => l.productId === ids.event)
    expect(tickets?.item.holders).toEqual(['Amina', 'Kevin'])
    expect(tickets?.itemKey).toBe(eventType)
    const booking = all.find((l) => l.productId === ids.service)
    expect(booking?.itemKey).toBe(slots[0].start)
    for (const id of placed) {
      const [order] = await app.database.db.select().from(orders).where(eq(orders.id, id))
      const line = all.find((l) => l.orderId === id)
      expect(line && order && line.total).toBe(order?.total)
    }
  })

  it('stock, seats and times are counted from the lines', async () => {
    // 3 totes in stock, 2 held by the unpaid order above: 1 left.
    const { slug } = data(await app.call('getMyProduct', { id: ids.merch }, seller.token)).product
    const page = (await (await fetch(`${app.url}/${slug}/_payload.json`)).json()) as {
      product: { details: { variants: { stock: number }[] } }
    }
    expect(page.product.details.variants[0]?.stock).toBe(1)
    const refused = await app.call(
      'startCheckout',
      {
        productId: ids.merch,
        method: 'card',
        quantity: 2,
        delivery: { kind: 'ship', name: 'Amina', line1: 'Ngong Road 1', city: 'Nairobi', country: 'KE' },
      },
      (await personOf(app, 'second-buyer@example.com')).token,
    )
    expect(refused.status).toBe(409)
    expect(refused.body.errors).toEqual({ quantity: 'Only 1 left' })
    // The booked time is no longer offered.
    const [booking] = await app.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.productId, ids.service ?? ''))
    const { slots } = data(await app.call('listSlots', { productId: ids.service, days: 7 }))
    expect(slots.map((s: { start: string }) => s.start)).not.toContain(booking?.itemKey)
  })

  it('the migration that brought lines gives each earlier order one line with the same figures', async () => {
    const written = await lines()
    expect(written.length).toBeGreaterThanOrEqual(4)
    const db = app.database.db
    // Back to the database as it was before lines, and the migration's statements run again as the
    // migrator runs them (split at its breakpoints, in order), on the orders placed above.
    const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string }[]
    }
    const entry = journal.entries.find((e) => e.tag.endsWith('_order_lines'))
    if (!entry) throw new Error('no order_lines migration in the journal')
    await db.execute(sql`drop table order_lines`)
    const statements = readFileSync(path.join(migrationsDir, `${entry.tag}.sql`), 'utf8').split(
      '--> statement-breakpoint',
    )
    for (const statement of statements) await db.execute(sql.raw(statement))
    // Then what later migrations changed of the table (the columns of refunds by line).
    for (const later of journal.entries.slice(journal.entries.indexOf(entry) + 1))
      for (const statement of readFileSync(path.join(migrationsDir, `${later.tag}.sql`), 'utf8').split(
        '--> statement-breakpoint',
      ))
        if (/ALTER TABLE "order_lines"/.test(statement)) await db.execute(sql.raw(statement))
    expect(await lines()).toEqual(written)
  })
})
