import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { newProduct } from '../../contract/catalog.contract'
import { orderLines, orders, payoutMethods, sellerVerifications, users } from '../../server/db/schema'
import { homePeriods } from '../../server/features/account-home/periods'
import { createProduct, publishProduct } from '../../server/features/catalog/catalog.service'
import { saleFee } from '../../server/ledger/postings'
import { clock } from '../../server/lib/clock'
import { uuidv7 } from '../../server/lib/uuid'
import { type RunningApp, startApp } from '../support/app'
import { testConfig } from '../support/config'
import { databaseKinds } from '../support/db'
import { invoiceDraft } from '../support/invoices'
import { payoutSteps } from '../support/payouts'
import { submitSandboxCard } from '../support/sandbox-card'
import { eventOnSale, personOf, productOnSale, sellerOf } from '../support/shop'

type Answer = Awaited<ReturnType<RunningApp['call']>>
// biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON the server answered
const data = (answer: Answer) => answer.body.data as Record<string, any>

const DAY = 86_400_000
const PRICE = 1_000_00
const BIG = 5_000_00
const BIG_NET = BIG - saleFee(BIG)
const CARD = '4242 4242 4242 4242'
const everyMorning = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '09:00', to: '12:00' }))

describe.each(databaseKinds)('the account home on %s', (kind) => {
  let app: RunningApp
  let admin = ''
  let buyer = { id: '', token: '' }
  let steps: ReturnType<typeof payoutSteps>

  const home = (token: string | null, input: Record<string, unknown> = {}) =>
    app.call('getAccountHome', input, token)

  /** The home as it is at `at` (an ISO instant with its offset): the server's clock moved there. */
  async function homeAt(at: string, token: string) {
    clock.setOffset(0)
    clock.setOffset(Date.parse(at) - clock.ms())
    try {
      const answer = await home(token)
      expect(answer.status).toBe(200)
      return data(answer)
    } finally {
      clock.setOffset(0)
    }
  }

  async function orderStatus(orderId: string) {
    const [row] = await app.database.db.select().from(orders).where(eq(orders.id, orderId))
    return row?.status
  }

  /** A card purchase as `token`'s owner, paid; the order's id. */
  async function buy(productId: string, token: string | null, more: Record<string, unknown> = {}) {
    const started = await app.call('startCheckout', { productId, method: 'card', ...more }, token)
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    expect((await submitSandboxCard(data(started).next.url, CARD)).status).toBe(303)
    await app.sandboxesIdle()
    for (let tries = 0; tries < 50 && (await orderStatus(data(started).orderId)) !== 'paid'; tries++)
      await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await orderStatus(data(started).orderId)).toBe('paid')
    return data(started).orderId as string
  }

  /** Moves a sale to `at`: when it was paid, and its books; withdrawable `heldDays` after that. */
  async function saleAt(orderId: string, at: string, heldDays = 7) {
    const db = app.database.db
    const when = new Date(at).toISOString()
    const available = new Date(Date.parse(at) + heldDays * DAY).toISOString()
    await db.execute(sql`update ledger_transactions set created_at = ${when}::timestamptz
      where order_id = ${orderId} and kind = 'sale'`)
    await db.execute(sql`update ledger_entries set created_at = ${when}::timestamptz,
        available_at = case when account like 'seller:%' then ${available}::timestamptz end
      where transaction_id in (select id from ledger_transactions where order_id = ${orderId} and kind = 'sale')`)
    await db.execute(sql`update orders set paid_at = ${when}::timestamptz, created_at = ${when}::timestamptz
      where id = ${orderId}`)
  }

  /** An event of the seller's on sale, starting at `startsAt`. */
  async function eventStarting(sellerId: string, title: string, startsAt: Date, price = PRICE) {
    const money = { amount: price, currency: 'KES' }
    const row = await createProduct(
      app.database.db,
      sellerId,
      newProduct.parse({
        kind: 'event',
        title,
        description: '',
        price: money,
        details: {
          startsAt: startsAt.toISOString(),
          timeZone: 'Africa/Nairobi',
          where: { kind: 'place', address: 'The Alchemist, Westlands' },
          ticketTypes: [{ name: 'Regular', price: money, capacity: 100 }],
        },
      }),
    )
    await publishProduct(app.database.db, sellerId, row.id)
    return row.id
  }

  /** A service of the seller's, every morning 09:00–12:00 in Nairobi. */
  const serviceOf = (sellerId: string, title: string) =>
    productOnSale(
      app,
      sellerId,
      newProduct.parse({
        kind: 'service',
        title,
        description: '<p>One to one.</p>',
        price: { amount: PRICE, currency: 'KES' },
        details: {
          durationMinutes: 60,
          where: { kind: 'online', url: 'https://meet.example.com/studio' },
          timeZone: 'Africa/Nairobi',
          availability: everyMorning,
        },
      }),
    )

  /** Books the first free time of `day` (YYYY-MM-DD) or later, paid by card; the order's id. */
  async function book(productId: string, day: string, token: string) {
    const slots = data(await app.call('listSlots', { productId, from: day, days: 3 })).slots
    if (!slots[0]) throw new Error('no time to book')
    return buy(productId, token, { slot: slots[0].start, timeZone: 'Africa/Nairobi' })
  }

  beforeAll(async () => {
    const base = testConfig()
    app = await startApp(kind, {
      payouts: {
        ...base.payouts,
        newMethodWaitHours: 0,
        approvalOver: { ...base.payouts.approvalOver, KES: 4_000_00 },
      },
    })
    admin = (await personOf(app, 'admin@example.com', { roles: ['admin'] })).token
    buyer = await personOf(app, 'xavier@example.com', { name: 'Xavier Otieno' })
    steps = payoutSteps(app, () => admin)
  }, 60_000)
  afterEach(() => clock.setOffset(0))
  afterAll(async () => {
    await app?.close()
  })

  it('needs a session (600), and takes no input at all', async () => {
    expect((await home(null)).status).toBe(600)
    expect((await home('not-a-token')).status).toBe(600)
    const hostile: Record<string, unknown>[] = [
      { as: 'seller' },
      { sellerId: randomUUID() },
      { timeZone: 'Pacific/Honolulu' },
      { cursor: 'x'.repeat(10_000) },
      JSON.parse('{"__proto__": {"role": "seller"}}'),
      { constructor: { prototype: { role: 'seller' } } },
    ]
    for (const input of hostile) {
      const answer = await home(buyer.token, input)
      expect(answer.status, JSON.stringify(input)).toBe(400)
    }
    // Not a JSON object at all.
    expect((await app.rpc('[1, 2]', { authorization: `Bearer ${buyer.token}` })).status).toBe(400)
    expect((await app.rpc({ subject: 'getAccountHome' })).status).toBe(600)
  })

  it('opens a new seller on empty lists and their first steps, never someone else’s figures', async () => {
    const seller = await sellerOf(app, 'nuru')
    const answer = await home(seller.token)
    expect(answer.status).toBe(200)
    expect(data(answer)).toMatchObject({
      role: 'seller',
      timeZone: 'Africa/Nairobi',
      storefront: { handle: 'nuru', displayName: 'nuru Studio' },
      balances: [],
      sales: [],
      nextPayout: null,
      needs: [],
      latestOrders: [],
      setup: { products: 0, destinations: 0, sold: false },
    })
  })

  it('gives someone who only buys their purchases, downloads, tickets and bookings to come', async () => {
    const seller = await sellerOf(app, 'zawadi', 'Zawadi Prints')
    const zip = { name: 'prints.zip', body: Buffer.from('PK\u0003\u0004 prints') }
    const download = await productOnSale(
      app,
      seller.id,
      { kind: 'digital', title: 'Print pack', description: '', price: { amount: 500_00, currency: 'KES' } },
      [zip],
    )
    const night = await eventOnSale(app, seller.id, 'Zawadi live', { amount: PRICE, currency: 'KES' })
    const past = await eventStarting(seller.id, 'Last year’s show', new Date(Date.now() + 3 * DAY))
    const service = await serviceOf(seller.id, 'Portrait sitting')
    const tomorrow = homePeriods(new Date(Date.now() + DAY), 'Africa/Nairobi').today

    const bought = await buy(download, buyer.token)
    const ticket = await buy(night, buyer.token, { quantity: 2, holders: ['Xavier', 'Wanjiku'] })
    const gone = await buy(past, buyer.token)
    const booked = await book(service, tomorrow, buyer.token)
    // The show has been: its ticket is no longer to come.
    await app.database.db.execute(sql`update products
      set details = jsonb_set(details, '{startsAt}', to_jsonb(${new Date(Date.now() - 2 * DAY).toISOString()}::text))
      where id = ${past}`)
    // Bought signed out with Xavier's address: not his to see until the address is verified.
    const guest = await buy(download, null, { email: 'xavier@example.com' })

    const answer = await home(buyer.token)
    expect(answer.status).toBe(200)
    const mine = data(answer)
    expect(mine.role).toBe('buyer')
    expect(Object.keys(mine).sort()).toEqual(['bookings', 'downloads', 'purchases', 'role', 'tickets'])
    expect(mine.purchases.map((o: { id: string }) => o.id)).toEqual([booked, gone, ticket, bought])
    expect(mine.purchases[2]).toMatchObject({
      kind: 'event',
      title: 'Zawadi live (Regular) × 2',
      amount: 2 * PRICE,
      currency: 'KES',
      status: 'paid',
      party: 'Zawadi Prints',
    })
    expect(mine.downloads).toEqual([
      expect.objectContaining({ id: bought, title: 'Print pack', kind: 'digital', amount: 500_00 }),
    ])
    expect(mine.tickets).toEqual([
      expect.objectContaining({
        orderId: ticket,
        title: 'Zawadi live',
        quantity: 2,
        timeZone: 'Africa/Nairobi',
      }),
    ])
    expect(mine.bookings).toEqual([
      expect.objectContaining({
        orderId: booked,
        title: 'Portrait sitting',
        quantity: 1,
        end: expect.any(String),
      }),
    ])
    expect(mine.bookings[0].start.slice(0, 10)).toBe(tomorrow)
    expect(JSON.stringify(mine)).not.toContain(guest)

    // Verified, the order bought signed out with the address is his too.
    await app.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, buyer.id))
    const verified = data(await home(buyer.token))
    expect(verified.purchases[0].id).toBe(guest)
    expect(verified.downloads.map((o: { id: string }) => o.id)).toEqual([guest, bought])

    // An admin without a storefront is a buyer here; the seller sees their side, not the buyer's lists.
    expect(data(await home(admin)).role).toBe('buyer')
    const theirs = data(await home(seller.token))
    expect(theirs.role).toBe('seller')
    expect(theirs.latestOrders).toHaveLength(5)
    expect(theirs.latestOrders[0]).toMatchObject({ id: guest, party: 'Xavier Otieno', amount: 500_00 })
    expect(theirs.setup).toMatchObject({ products: 4, destinations: 0, sold: true })
  })

  it('counts days in the seller’s zone: a sale at 23:30 in Nairobi is that day’s, and the month is compared with its same days', async () => {
    const seller = await sellerOf(app, 'amani')
    const night = await eventOnSale(app, seller.id, 'Amani nights', { amount: PRICE, currency: 'KES' })
    const at = async (when: string) => saleAt(await buy(night, buyer.token), when)
    await at('2026-02-28T23:30:00+03:00') // yesterday, and late last month
    await at('2026-03-01T00:05:00+03:00') // today in Nairobi; still 28 February in UTC
    await at('2026-02-01T10:00:00+03:00') // the 1st of last month
    await at('2026-02-01T00:10:00+03:00') // the 1st of last month in Nairobi; 31 January in UTC
    await at('2026-01-31T23:50:00+03:00') // before last month: nowhere
    await at('2026-03-31T23:10:00+03:00') // the month's last day, late

    // Ten past midnight on 1 March: one sale today and this month; last month's first day had two.
    const first = await homeAt('2026-03-01T00:15:00+03:00', seller.token)
    expect(first.sales).toEqual([
      {
        currency: 'KES',
        today: { amount: PRICE, count: 1 },
        month: { amount: PRICE, count: 1 },
        lastMonth: { amount: 2 * PRICE, count: 2 },
      },
    ])
    // Mid-month: the first fifteen days of February.
    const mid = await homeAt('2026-03-15T12:00:00+03:00', seller.token)
    expect(mid.sales[0]).toMatchObject({ today: { count: 0 }, month: { count: 1 }, lastMonth: { count: 2 } })
    // The month's last evening: all of February (it has 28 days), and the sale at 23:10 is today's.
    const end = await homeAt('2026-03-31T23:30:00+03:00', seller.token)
    expect(end.sales[0]).toMatchObject({
      today: { amount: PRICE, count: 1 },
      month: { amount: 2 * PRICE, count: 2 },
      lastMonth: { amount: 3 * PRICE, count: 3 },
    })
    // January is compared with December, across the year.
    const january = await homeAt('2026-01-31T23:55:00+03:00', seller.token)
    expect(january.sales).toEqual([
      {
        currency: 'KES',
        today: { amount: PRICE, count: 1 },
        month: { amount: PRICE, count: 1 },
        lastMonth: { amount: 0, count: 0 },
      },
    ])
  })

  it('counts days west of UTC in the seller’s zone too (Honolulu, UTC−10)', async () => {
    const seller = await sellerOf(app, 'kai')
    const zone = await app.call('updateSettings', { timeZone: 'Pacific/Honolulu' }, seller.token)
    expect(zone.status).toBe(200)
    const show = await eventOnSale(app, seller.id, 'Kai at dawn', { amount: PRICE, currency: 'KES' })
    const at = async (when: string) => saleAt(await buy(show, buyer.token), when)
    await at('2026-02-28T23:30:00-10:00') // yesterday there; 1 March in UTC
    await at('2026-03-01T00:30:00-10:00') // today
    await at('2026-02-01T20:00:00-10:00') // the 1st of last month there; 2 February in UTC
    const morning = await homeAt('2026-03-01T10:00:00-10:00', seller.token)
    expect(morning.timeZone).toBe('Pacific/Honolulu')
    expect(morning.sales).toEqual([
      {
        currency: 'KES',
        today: { amount: PRICE, count: 1 },
        month: { amount: PRICE, count: 1 },
        lastMonth: { amount: PRICE, count: 1 },
      },
    ])
  })

  it('shows the money, the next payout and what needs the seller this week', async () => {
    const seller = await sellerOf(app, 'baraka', 'Baraka Studio')
    await app.database.db
      .insert(sellerVerifications)
      .values({ id: uuidv7(), sellerId: seller.id, details: {} as never, status: 'approved' })
    const gig = await eventOnSale(app, seller.id, 'Baraka gig', { amount: BIG, currency: 'KES' })
    const tenDaysAgo = new Date(Date.now() - 10 * DAY).toISOString()
    await saleAt(await buy(gig, buyer.token), tenDaysAgo)
    await saleAt(await buy(gig, buyer.token), tenDaysAgo)
    const held = await buy(gig, buyer.token)

    // Money out: one payout failed (a number not on M-Pesa), one paid, one waiting for its run, one large
    // one waiting for approval.
    const mpesa = await steps.mpesaDestination(seller.token, '0712345678')
    const nowhere = await steps.mpesaDestination(seller.token, '0700000701')
    const failed = await steps.approvedPayout(seller.token, nowhere)
    await steps.approvedPayout(seller.token, mpesa)
    const ask = async (amount: number, speed: string) => {
      const asked = await app.call(
        'requestPayout',
        { requestKey: randomUUID(), currency: 'KES', amount, methodId: mpesa, speed },
        seller.token,
      )
      expect(asked.status, JSON.stringify(asked.body)).toBe(200)
      return data(asked).payout
    }
    const standard = await ask(500_00, 'standard')
    expect(standard.status).toBe('scheduled')
    const large = await ask(4_500_00, 'instant')
    expect(large.status).toBe('approval')
    const schedule = await app.call(
      'updatePayoutSchedule',
      { frequency: 'weekly', weekday: 5, methodId: mpesa, minimum: 200_00 },
      seller.token,
    )
    expect(schedule.status).toBe(200)
    // A PayPal address added a moment ago: in its waiting period.
    const waitingUntil = new Date(Date.now() + 2 * DAY)
    const waiting = uuidv7()
    await app.database.db.insert(payoutMethods).values({
      id: waiting,
      sellerId: seller.id,
      rail: 'paypal',
      details: { kind: 'paypal', email: 'baraka@example.com' },
      currency: null,
      usableFrom: waitingUntil,
    })

    // This week: an invoice overdue, one due in three days; not one due in ten days, a draft, or one paid.
    const today = homePeriods(new Date(), 'Africa/Nairobi').today
    const day = (offset: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + offset * DAY).toISOString().slice(0, 10)
    const invoice = async (issueDate: string, dueDate: string, sent = true) => {
      const made = await app.call(
        'createInvoice',
        { invoice: invoiceDraft({ issueDate, dueDate }) },
        seller.token,
      )
      expect(made.status, JSON.stringify(made.body)).toBe(200)
      const id = data(made).invoice.id as string
      if (sent) expect((await app.call('sendInvoice', { invoiceId: id }, seller.token)).status).toBe(200)
      return id
    }
    const overdue = await invoice(day(-10), day(-1))
    const dueSoon = await invoice(day(0), day(3))
    await invoice(day(0), day(10))
    await invoice(day(0), day(1), false)

    // Bookings: one under way now, one tomorrow morning (not today's).
    const service = await serviceOf(seller.id, 'Mixing session')
    const now = await book(service, day(1), buyer.token)
    const later = await book(service, day(1), buyer.token)
    const [row] = await app.database.db.select().from(orders).where(eq(orders.id, now))
    // Moved to have started ten minutes ago, on the order and its line alike.
    const underWay = {
      ...(row?.item as object),
      slot: {
        start: new Date(Date.now() - 10 * 60_000).toISOString(),
        end: new Date(Date.now() + 50 * 60_000).toISOString(),
      },
    } as never
    await app.database.db.update(orders).set({ item: underWay }).where(eq(orders.id, now))
    await app.database.db.update(orderLines).set({ item: underWay }).where(eq(orderLines.orderId, now))
    // Doors: an event in two days; not one in ten days (nor the gig, a month away).
    const door = await eventStarting(seller.id, 'Baraka unplugged', new Date(Date.now() + 2 * DAY))
    await eventStarting(seller.id, 'Baraka far off', new Date(Date.now() + 10 * DAY))

    const mine = data(await home(seller.token))
    const availableNow = 2 * BIG_NET - 1_000_00 - 500_00 - 4_500_00
    // Held: the gig sold today and the two bookings.
    const heldNow = BIG_NET + 2 * (PRICE - saleFee(PRICE))
    expect(mine.balances).toEqual([
      { currency: 'KES', available: availableNow, held: heldNow, nextAvailableAt: expect.any(String) },
    ])
    expect(mine.sales[0]).toMatchObject({ currency: 'KES', today: expect.any(Object) })
    // The standard payout asked for goes at the next run.
    expect(mine.nextPayout).toEqual({
      source: 'requested',
      at: standard.dueAt,
      amount: 500_00,
      currency: 'KES',
      destination: 'M-Pesa +254 712 345 678',
      minimum: 0,
    })
    expect(mine.needs.map((n: { kind: string; id: string }) => [n.kind, n.id])).toEqual([
      ['invoice-overdue', overdue],
      ['booking-today', now],
      ['event-door', door],
      ['invoice-due', dueSoon],
      ['payout-failed', failed],
      ['payout-approval', large.id],
      ['destination-waiting', waiting],
    ])
    expect(mine.needs[0]).toMatchObject({
      dueDate: day(-1),
      currency: 'KES',
      title: expect.stringMatching(/ · Wanjiru Kamau$/),
    })
    expect(mine.needs[1]).toMatchObject({ title: 'Mixing session · Xavier Otieno' })
    expect(mine.needs[6]).toMatchObject({
      title: 'PayPal baraka@example.com',
      at: waitingUntil.toISOString(),
    })
    expect(JSON.stringify(mine.needs)).not.toContain(later)
    expect(mine.latestOrders.map((o: { id: string }) => o.id)).toContain(later)
    expect(mine.latestOrders[0]).toMatchObject({ kind: 'service', party: 'Xavier Otieno' })
    expect(mine.setup).toEqual({ products: 4, destinations: 3, sold: true })
    expect(held).toBeTruthy()

    // Called off, the run itself is next: what is available, in whole shillings, to the schedule's number.
    expect((await app.call('cancelPayout', { payoutId: standard.id }, seller.token)).status).toBe(200)
    const after = data(await home(seller.token))
    expect(after.nextPayout).toMatchObject({
      source: 'schedule',
      amount: availableNow + 500_00 - ((availableNow + 500_00) % 100),
      currency: 'KES',
      destination: 'M-Pesa +254 712 345 678',
      minimum: expect.any(Number),
    })
    expect(after.nextPayout.minimum).toBeGreaterThanOrEqual(200_00)
    // Fridays at 06:00 in Nairobi are 03:00 UTC.
    expect(new Date(after.nextPayout.at).getUTCDay()).toBe(5)
    expect(after.nextPayout.at.slice(11, 16)).toBe('03:00')
  })
})
