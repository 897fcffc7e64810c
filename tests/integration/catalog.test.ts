import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MerchDetails } from '../../contract/catalog.contract'
import { formatMoney } from '../../contract/format-money'
import { products } from '../../server/db/schema'
import { createUser, makeSeller } from '../../server/features/accounts/accounts.service'
import { createSession } from '../../server/features/accounts/sessions'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'

const password = 'baobab-shade-2026'
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()

const examples = {
  digital: {
    kind: 'digital',
    title: 'Lamu Light Presets',
    description: 'Ten presets for coastal light.',
    price: { amount: 1_200_00, currency: 'KES' },
  },
  service: {
    kind: 'service',
    title: 'Portfolio review call',
    price: { amount: 2_500_00, currency: 'KES' },
    details: {
      durationMinutes: 45,
      where: { kind: 'online', url: 'https://meet.example.com/soko' },
      timeZone: 'Africa/Nairobi',
      availability: [{ day: 2, from: '09:00', to: '12:00' }],
      bufferMinutes: 15,
    },
  },
  merch: {
    kind: 'merch',
    title: 'Kanga print T-shirt',
    price: { amount: 1_800_00, currency: 'KES' },
    details: {
      variants: [
        {
          options: { size: 'M', colour: 'Black' },
          price: { amount: 1_800_00, currency: 'KES' },
          stock: 10,
          sku: 'KT-M-B',
        },
        { options: { size: 'L', colour: 'Black' }, price: { amount: 1_900_00, currency: 'KES' }, stock: 0 },
      ],
      shippingZones: [{ name: 'Nairobi', countries: ['KE'], fee: { amount: 200_00, currency: 'KES' } }],
      pickup: { address: 'Kilimani studio, Nairobi' },
    },
  },
  event: {
    kind: 'event',
    title: 'Nairobi Creators Meetup',
    price: { amount: 500_00, currency: 'KES' },
    details: {
      startsAt: inDays(30),
      timeZone: 'Africa/Nairobi',
      where: { kind: 'place', address: 'The Alchemist, Westlands' },
      ticketTypes: [
        {
          name: 'Early bird',
          price: { amount: 500_00, currency: 'KES' },
          capacity: 50,
          saleEndsAt: inDays(10),
        },
        { name: 'Regular', price: { amount: 800_00, currency: 'KES' }, capacity: 100 },
      ],
    },
  },
} as const

describe.each(databaseKinds)('the catalog on %s', (kind) => {
  let app: RunningApp
  beforeAll(async () => {
    app = await startApp(kind)
  })
  afterAll(() => app.close())

  let n = 0
  async function person(role: 'seller' | 'customer' = 'seller') {
    n++
    const user = await createUser(app.database.db, {
      email: `c${n}@example.com`,
      name: `Person ${n}`,
      password,
    })
    if (role === 'seller')
      await makeSeller(app.database.db, user.id, {
        handle: `maker-${n}`,
        displayName: `Maker ${n}`,
        country: 'KE',
        payoutMethod: { kind: 'mpesa', phone: '254712000000' },
      })
    return (await createSession(app.database.db, user.id)).token
  }
  type Answer = { product: { id: string; slug: string; status: string; details: Record<string, unknown> } }
  const data = (answer: { body: Record<string, unknown> }) => answer.body.data as Answer
  const errors = (answer: { body: Record<string, unknown> }) => answer.body.errors as Record<string, string>

  it('creates a draft of each kind, with the kind’s details and their defaults', async () => {
    const seller = await person()
    for (const example of Object.values(examples)) {
      const answer = await app.call('createProduct', example, seller)
      expect(answer.status, example.kind).toBe(200)
      expect(data(answer).product).toEqual(
        expect.objectContaining({
          kind: example.kind,
          title: example.title,
          status: 'draft',
          price: example.price,
        }),
      )
    }
    const list = await app.call('listMyProducts', {}, seller)
    const mine = (list.body.data as { products: Answer['product'][] }).products
    expect(mine.map((p) => (p as unknown as { kind: string }).kind).sort()).toEqual([
      'digital',
      'event',
      'merch',
      'service',
    ])
    const digital = mine.find((p) => (p as unknown as { kind: string }).kind === 'digital')
    expect(digital?.details).toEqual({ payWhatYouWant: null, downloadLimit: null, free: false })
    expect(mine.find((p) => p.slug === 'portfolio-review-call')?.details).toEqual(
      expect.objectContaining({ bufferMinutes: 15, bookAheadDays: 60, exceptions: [] }),
    )
  })

  it('answers each broken rule with a message on its own field, and writes nothing', async () => {
    const seller = await person()
    const cases: [unknown, string, string][] = [
      [
        { ...examples.service, price: { amount: 0, currency: 'KES' } },
        'price.amount',
        'Set a price above zero',
      ],
      [
        { ...examples.digital, price: { amount: 100, currency: 'XYZ' } },
        'price.currency',
        'Use one of the supported currencies',
      ],
      [
        { ...examples.digital, price: { amount: 10.5, currency: 'KES' } },
        'price.amount',
        'Amounts are whole numbers',
      ],
      [
        {
          ...examples.merch,
          details: {
            ...examples.merch.details,
            variants: [{ ...examples.merch.details.variants[0], stock: -1 }],
          },
        },
        'details.variants.0.stock',
        'Stock cannot be negative',
      ],
      [
        {
          ...examples.merch,
          details: {
            ...examples.merch.details,
            variants: [{ ...examples.merch.details.variants[0], stock: 1.5 }],
          },
        },
        'details.variants.0.stock',
        'Stock is a whole number',
      ],
      [
        {
          ...examples.event,
          details: {
            ...examples.event.details,
            ticketTypes: [{ ...examples.event.details.ticketTypes[1], capacity: 0 }],
          },
        },
        'details.ticketTypes.0.capacity',
        'Capacity is at least 1',
      ],
      [
        { ...examples.event, details: { ...examples.event.details, startsAt: inDays(-1) } },
        'details.startsAt',
        'The start must be in the future',
      ],
      [
        {
          ...examples.event,
          details: {
            ...examples.event.details,
            ticketTypes: [{ ...examples.event.details.ticketTypes[0], saleEndsAt: inDays(40) }],
          },
        },
        'details.ticketTypes.0.saleEndsAt',
        'Ticket sales end before the event starts',
      ],
      [
        {
          ...examples.digital,
          details: { payWhatYouWant: { minimum: { amount: 5_000_00, currency: 'KES' } } },
        },
        'details.payWhatYouWant.minimum.amount',
        'The minimum is at most the suggested price',
      ],
      [{ ...examples.digital, kind: 'course' }, 'kind', 'Choose digital, service, merch or event'],
      [{ ...examples.digital, slug: 'Not A Slug!' }, 'slug', 'Use lowercase letters'],
      [
        { ...examples.digital, price: { amount: 1, currency: 'KES' } },
        'price.amount',
        `The lowest price in KES is ${formatMoney(1_00, 'KES')}`,
      ],
    ]
    for (const [input, field, message] of cases) {
      const answer = await app.call('createProduct', input as Record<string, unknown>, seller)
      expect(answer.status, field).toBe(400)
      expect(errors(answer)[field], JSON.stringify(errors(answer))).toContain(message)
    }
    const list = await app.call('listMyProducts', {}, seller)
    expect((list.body.data as { products: unknown[] }).products).toEqual([])
  })

  it('lets a digital product be free, and only at a price of 0', async () => {
    const seller = await person()
    const free = await app.call(
      'createProduct',
      { ...examples.digital, price: { amount: 0, currency: 'KES' }, details: { free: true } },
      seller,
    )
    expect(free.status).toBe(200)
    const priced = await app.call('createProduct', { ...examples.digital, details: { free: true } }, seller)
    expect(errors(priced)['price.amount']).toBe('A free product has a price of 0')
  })

  it('checks every amount in a product like its price: not negative, in range, in the product’s currency', async () => {
    const seller = await person()
    const event = examples.event
    const merch = examples.merch
    const tickets = (price: { amount: number; currency: string }) => ({
      ...event,
      details: { ...event.details, ticketTypes: [{ ...event.details.ticketTypes[1], price }] },
    })
    const zone = (fee: { amount: number; currency: string }) => ({
      ...merch,
      details: { ...merch.details, shippingZones: [{ ...merch.details.shippingZones[0], fee }] },
    })
    const highest = `The highest price in KES is ${formatMoney(1_000_000_00, 'KES')}`
    const cases: [unknown, string, string][] = [
      [
        tickets({ amount: -500_00, currency: 'KES' }),
        'details.ticketTypes.0.price.amount',
        'An amount cannot be negative',
      ],
      // Beyond any range an admin may set: refused by the schema, which names the widest.
      [
        tickets({ amount: 2 ** 53 - 1, currency: 'KES' }),
        'details.ticketTypes.0.price.amount',
        'The highest price in KES',
      ],
      [tickets({ amount: 50, currency: 'KES' }), 'details.ticketTypes.0.price.amount', ', or 0 for free'],
      [
        tickets({ amount: 5_00, currency: 'USD' }),
        'details.ticketTypes.0.price.currency',
        'event’s currency',
      ],
      [
        zone({ amount: -1_800_00, currency: 'KES' }),
        'details.shippingZones.0.fee.amount',
        'cannot be negative',
      ],
      [zone({ amount: 2_00, currency: 'USD' }), 'details.shippingZones.0.fee.currency', 'product’s currency'],
      [
        zone({ amount: 2_000_000_00, currency: 'KES' }),
        'details.shippingZones.0.fee.amount',
        'The highest fee',
      ],
      [
        {
          ...merch,
          details: {
            ...merch.details,
            variants: [{ ...merch.details.variants[0], price: { amount: 0, currency: 'KES' } }],
          },
        },
        'details.variants.0.price.amount',
        'The lowest price in KES',
      ],
      [
        { ...examples.digital, details: { payWhatYouWant: { minimum: { amount: -1, currency: 'KES' } } } },
        'details.payWhatYouWant.minimum.amount',
        'cannot be negative',
      ],
      [{ ...examples.digital, price: { amount: 2_000_000_00, currency: 'KES' } }, 'price.amount', highest],
    ]
    for (const [input, field, message] of cases) {
      const answer = await app.call('createProduct', input as Record<string, unknown>, seller)
      expect(answer.status, field).toBe(400)
      expect(errors(answer)[field], JSON.stringify(errors(answer))).toContain(message)
    }
    expect(
      ((await app.call('listMyProducts', {}, seller)).body.data as { products: unknown[] }).products,
    ).toEqual([])
    // A free ticket and free shipping are amounts of 0, and fine.
    expect((await app.call('createProduct', tickets({ amount: 0, currency: 'KES' }), seller)).status).toBe(
      200,
    )
    const shirt = await app.call('createProduct', zone({ amount: 0, currency: 'KES' }), seller)
    expect(shirt.status).toBe(200)
    // A change goes through the same rules.
    const { id } = data(shirt).product
    const negative = await app.call(
      'updateProduct',
      { id, details: zone({ amount: -1, currency: 'KES' }).details },
      seller,
    )
    expect(errors(negative)).toHaveProperty(['details.shippingZones.0.fee.amount'])
  })

  it('does not sell a product saved before its amounts were checked, whose total would go below 0', async () => {
    const token = await person()
    const seller = await person()
    const { id } = data(await app.call('createProduct', examples.merch, seller)).product
    await app.call('publishProduct', { id }, seller)
    // As such a product was stored: a shipping fee that cancels the price, another's in dollars.
    const [row] = await app.database.db.select().from(products).where(eq(products.id, id))
    const details = { ...examples.merch.details, ...(row?.details as MerchDetails) }
    await app.database.db
      .update(products)
      .set({
        details: {
          ...details,
          shippingZones: [
            { name: 'Nairobi', countries: ['KE'], fee: { amount: -1_800_00, currency: 'KES' } },
            { name: 'Kampala', countries: ['UG'], fee: { amount: 5_00, currency: 'USD' } },
          ],
        },
      })
      .where(eq(products.id, id))
    const address = { kind: 'ship', name: 'Amina', line1: 'Ngong Road 1', city: 'Nairobi' }
    for (const country of ['KE', 'UG']) {
      for (const subject of ['quoteCheckout', 'startCheckout']) {
        const answer = await app.call(
          subject,
          {
            productId: id,
            variantId: details.variants[0]?.id,
            delivery: { ...address, country },
            ...(subject === 'startCheckout' ? { method: 'card' } : {}),
          },
          token,
        )
        expect(answer.status, `${subject} ${country}`).toBe(409)
        expect(answer.body.message).toBe('This product cannot be bought until its seller corrects its prices')
      }
    }
    const orders = await app.database.db.execute(
      sql`select count(*)::int as n from orders where product_id = ${id}`,
    )
    expect((orders as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0)
  })

  it('checks changed details against the product’s own kind, with a message on the field to fix', async () => {
    const seller = await person()
    const { id } = data(await app.call('createProduct', examples.merch, seller)).product
    const [first] = examples.merch.details.variants
    const variants = [{ options: first.options, price: first.price }]
    const noStock = await app.call(
      'updateProduct',
      { id, details: { ...examples.merch.details, variants } },
      seller,
    )
    expect(noStock.status).toBe(400)
    expect(errors(noStock)['details.variants.0.stock']).toBe('Give the stock')
    // Another kind's details (a download's) are read as merch's: what merch needs is named.
    const digital = await app.call('updateProduct', { id, details: { free: true } }, seller)
    expect(digital.status).toBe(400)
    expect(errors(digital)).toHaveProperty(['details.variants'])
    const list = await app.call('updateProduct', { id, details: [] }, seller)
    expect(list.status).toBe(400)
    expect(errors(list)).toHaveProperty(['details'])
    const [row] = await app.database.db.select().from(products).where(eq(products.id, id))
    expect(row?.details).toMatchObject({ variants: [{ stock: 10 }, { stock: 0 }] })
  })

  it('publishes merch only with stock in some variant and a way to deliver it', async () => {
    const seller = await person()
    const noStock = {
      ...examples.merch,
      details: {
        ...examples.merch.details,
        variants: examples.merch.details.variants.map((v) => ({ ...v, stock: 0 })),
      },
    }
    const empty = data(await app.call('createProduct', noStock, seller)).product
    const refused = await app.call('publishProduct', { id: empty.id }, seller)
    expect(refused.status).toBe(400)
    expect(errors(refused)).toEqual({
      'details.variants': 'Add stock to at least one variant before you publish',
    })
    const nowhere = data(
      await app.call(
        'createProduct',
        { ...examples.merch, details: { ...examples.merch.details, shippingZones: [], pickup: null } },
        seller,
      ),
    ).product
    const undeliverable = await app.call('publishProduct', { id: nowhere.id }, seller)
    expect(errors(undeliverable)).toEqual({
      'details.shippingZones': 'Add a shipping zone or a pickup address, so buyers can get it',
    })
    // With stock and pickup only, it goes on sale; once on sale it cannot lose its last way to deliver.
    const pickupOnly = data(
      await app.call(
        'createProduct',
        { ...examples.merch, details: { ...examples.merch.details, shippingZones: [] } },
        seller,
      ),
    ).product
    expect((await app.call('publishProduct', { id: pickupOnly.id }, seller)).status).toBe(200)
    const strand = await app.call(
      'updateProduct',
      { id: pickupOnly.id, details: { ...examples.merch.details, shippingZones: [], pickup: null } },
      seller,
    )
    expect(strand.status).toBe(400)
    expect(errors(strand)).toHaveProperty(['details.shippingZones'])
    // Selling out while on sale is allowed: its page and card say so.
    const soldOut = await app.call('updateProduct', { id: pickupOnly.id, details: noStock.details }, seller)
    expect(soldOut.status).toBe(200)
    const slug = data(soldOut).product.slug
    const page = (await (await fetch(`${app.url}/${slug}/_payload.json`)).json()) as {
      product: { soldOut: boolean }
    }
    expect(page.product.soldOut).toBe(true)
  })

  it('keeps slugs unique across the platform, in any letter case, and off the app’s own routes', async () => {
    const [a, b] = [await person(), await person()]
    expect((await app.call('createProduct', { ...examples.digital, slug: 'unique-pack' }, a)).status).toBe(
      200,
    )
    const taken = await app.call('createProduct', { ...examples.digital, slug: 'unique-pack' }, b)
    expect(taken.status).toBe(409)
    expect(errors(taken).slug).toBe('/unique-pack is already in use')
    const reserved = await app.call('createProduct', { ...examples.digital, slug: 'pricing' }, b)
    expect(reserved.status).toBe(409)
    // Without a slug of its own, a product gets a free one made from the title.
    const auto = await app.call('createProduct', { ...examples.digital, title: 'Unique Pack' }, b)
    expect(data(auto).product.slug).toMatch(/^unique-pack-[0-9a-f]{6}$/)
  })

  it('updates, publishes, unpublishes and archives; a product with changes is validated whole', async () => {
    const seller = await person()
    const { id } = data(await app.call('createProduct', examples.merch, seller)).product
    const renamed = await app.call('updateProduct', { id, title: 'Kanga T-shirt, organic cotton' }, seller)
    expect(renamed.status).toBe(200)
    // Changing the product's currency alone would leave the variants in another: refused, nothing written.
    const mixed = await app.call('updateProduct', { id, price: { amount: 20_00, currency: 'USD' } }, seller)
    expect(mixed.status).toBe(400)
    expect(Object.keys(errors(mixed))).toContain('details.variants.0.price.currency')
    const after = (await app.call('listMyProducts', {}, seller)).body.data as {
      products: { id: string; title: string; price: { currency: string } }[]
    }
    expect(after.products.find((p) => p.id === id)).toEqual(
      expect.objectContaining({
        title: 'Kanga T-shirt, organic cotton',
        price: expect.objectContaining({ currency: 'KES' }),
      }),
    )

    expect(data(await app.call('publishProduct', { id }, seller)).product.status).toBe('published')
    expect(data(await app.call('unpublishProduct', { id }, seller)).product.status).toBe('draft')
    expect(data(await app.call('archiveProduct', { id }, seller)).product.status).toBe('archived')
    const listed = (await app.call('listMyProducts', {}, seller)).body.data as { products: { id: string }[] }
    expect(listed.products.map((p) => p.id)).not.toContain(id)
    const archived = (await app.call('listMyProducts', { status: 'archived' }, seller)).body.data as {
      products: { id: string }[]
    }
    expect(archived.products.map((p) => p.id)).toEqual([id])
    // An archived product cannot come back on sale.
    expect((await app.call('publishProduct', { id }, seller)).status).toBe(404)
  })

  it('deletes a product never on sale, and archives one that was (its buyers keep it)', async () => {
    const seller = await person()
    const draft = data(await app.call('createProduct', examples.event, seller)).product
    const deleted = await app.call('deleteProduct', { id: draft.id }, seller)
    expect(deleted.body.data).toEqual({ outcome: 'deleted' })
    expect((await app.call('publishProduct', { id: draft.id }, seller)).status).toBe(404)
    expect(
      (
        (await app.call('listMyProducts', { status: 'archived' }, seller)).body.data as {
          products: unknown[]
        }
      ).products,
    ).toEqual([])

    const sold = data(await app.call('createProduct', examples.service, seller)).product
    await app.call('publishProduct', { id: sold.id }, seller)
    await app.call('unpublishProduct', { id: sold.id }, seller)
    const archived = await app.call('deleteProduct', { id: sold.id }, seller)
    expect(archived.body.data).toEqual({ outcome: 'archived' })
    const kept = (await app.call('listMyProducts', { status: 'archived' }, seller)).body.data as {
      products: { id: string }[]
    }
    expect(kept.products.map((p) => p.id)).toEqual([sold.id])
  })

  it('never lets a seller see or change another seller’s product; customers cannot sell', async () => {
    const [owner, other, customer] = [await person(), await person(), await person('customer')]
    const { id } = data(await app.call('createProduct', examples.digital, owner)).product
    for (const [subject, input] of [
      ['updateProduct', { id, title: 'Mine now' }],
      ['publishProduct', { id }],
      ['unpublishProduct', { id }],
      ['archiveProduct', { id }],
      ['deleteProduct', { id }],
    ] as const) {
      const answer = await app.call(subject, input, other)
      expect(answer.status, subject).toBe(404)
    }
    expect(
      ((await app.call('listMyProducts', {}, other)).body.data as { products: unknown[] }).products,
    ).toEqual([])
    expect((await app.call('createProduct', examples.digital, customer)).status).toBe(403)
    expect((await app.call('listMyProducts', {}, customer)).status).toBe(403)
    expect((await app.call('createProduct', examples.digital, null)).status).toBe(600)
  })
})
