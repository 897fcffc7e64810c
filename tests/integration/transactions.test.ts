import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, users } from '../../server/db/schema'
import { createSession } from '../../server/features/accounts/sessions'
import { saleFee } from '../../server/ledger/postings'
import { createGateway, type Gateway } from '../../server/payments/gateway'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { submitSandboxCard } from '../support/sandbox-card'
import { eventOnSale, personOf, sellerOf } from '../support/shop'

const DAY = 86_400_000
const PRICE = 1_000_00
const FEE = saleFee(PRICE)
const NET = PRICE - FEE
/** Order 5: a USD 7.50 ticket of the same KES seller, and what it leaves them. */
const USD_FEE = saleFee(7_50)
const USD_NET = 7_50 - USD_FEE
const PHONE = '0712345678'
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

interface Movement {
  id: string
  at: string
  kind: string
  orderId: string
  reference: string
  title: string
  method: string
  amount: number
  currency: string
  balance: number
  availableAt: string | null
  status: string
}

type Answer = Awaited<ReturnType<RunningApp['call']>>
// biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON the server answered
const data = (answer: Answer) => answer.body.data as Record<string, any>

describe.each(databaseKinds)('transactions on %s', (kind) => {
  let app: RunningApp
  let gateway: Gateway
  const tokens = { amani: '', baraka: '', xavier: '', yusuf: '', guest: '' }
  const ids = { amani: '', baraka: '', guest: '' }
  /** Orders: 1 M-Pesa, 2 card, 3 card then refunded, 4 Baraka's, 5 in USD, 6 placed signed out. */
  const order = { o1: '', o2: '', o3: '', o4: '', o5: '', o6: '' }

  const list = (input: Record<string, unknown>, token: string | null) =>
    app.call('listTransactions', input, token)
  const movements = async (input: Record<string, unknown>, token: string): Promise<Movement[]> => {
    const answer = await list(input, token)
    expect(answer.status).toBe(200)
    return data(answer).movements
  }
  /** Every page of a listing, following the cursor. */
  async function allPages(input: Record<string, unknown>, token: string) {
    const pages: Movement[][] = []
    let cursor: string | null = null
    do {
      const answer = data(await list({ ...input, ...(cursor ? { cursor } : {}) }, token))
      pages.push(answer.movements)
      cursor = answer.nextCursor
    } while (cursor && pages.length < 50)
    return pages
  }

  const seller = (handle: string) => sellerOf(app, handle)

  const buyer = async (email: string) => (await personOf(app, email, { name: 'Buyer' })).token

  const event = (sellerId: string, title: string, price: { amount: number; currency: string }) =>
    eventOnSale(app, sellerId, title, price)

  async function payByCard(productId: string, token: string | null, email?: string) {
    const started = await app.call(
      'startCheckout',
      { productId, method: 'card', ...(email ? { email } : {}) },
      token,
    )
    expect(started.status).toBe(200)
    const { orderId, next } = data(started)
    const paid = await submitSandboxCard(next.url, '4242 4242 4242 4242')
    expect(paid.status).toBe(303)
    await statusBecomes(orderId, 'paid')
    return orderId as string
  }

  /** M-Pesa: the STK push goes out, then its signed callback says the buyer paid. */
  async function payByMpesa(productId: string, token: string) {
    const started = await app.call('startCheckout', { productId, method: 'mpesa', phone: PHONE }, token)
    expect(started.status).toBe(200)
    const { orderId } = data(started)
    const row = await orderRow(orderId)
    const callback = await fetch(gateway.urls.stkCallback(orderId), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        Body: {
          stkCallback: {
            MerchantRequestID: `m-${orderId}`,
            CheckoutRequestID: row.providerRef,
            ResultCode: 0,
            ResultDesc: 'The service request is processed successfully.',
            CallbackMetadata: {
              Item: [
                { Name: 'Amount', Value: row.chargeAmount / 100 },
                { Name: 'MpesaReceiptNumber', Value: 'SBXTRANS01' },
                { Name: 'TransactionDate', Value: 20261121102115 },
                { Name: 'PhoneNumber', Value: 254712345678 },
              ],
            },
          },
        },
      }),
    })
    expect(callback.status).toBe(200)
    expect((await orderRow(orderId)).status).toBe('paid')
    return orderId as string
  }

  async function orderRow(id: string) {
    const [row] = await app.database.db.select().from(orders).where(eq(orders.id, id))
    if (!row) throw new Error(`no order ${id}`)
    return row
  }

  /** Waits (up to 5 s) for an order to reach a status; expect.poll works only inside a test. */
  async function statusBecomes(orderId: string, status: string) {
    for (let tries = 0; tries < 50; tries++) {
      if ((await orderRow(orderId)).status === status) return
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`order ${orderId} is ${(await orderRow(orderId)).status}, not ${status}`)
  }

  const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows

  /** Moves a sale back in time: paid `daysAgo`, and its earnings withdrawable 7 days after that. */
  async function backdateSale(orderId: string, daysAgo: number) {
    await app.database.db.execute(sql`update ledger_transactions
      set created_at = now() - make_interval(days => ${daysAgo})
      where order_id = ${orderId} and kind = 'sale'`)
    await app.database.db.execute(sql`update ledger_entries
      set available_at = now() - make_interval(days => ${daysAgo - 7})
      where account like 'seller:%'
        and transaction_id in (select id from ledger_transactions where order_id = ${orderId} and kind = 'sale')`)
  }

  /** When a sale's earnings become withdrawable, as the ledger has it (its seller entry's available_at). */
  async function heldUntil(orderId: string) {
    const [row] = rowsOf(
      await app.database.db.execute(sql`select e.available_at from ledger_entries e
        join ledger_transactions t on t.id = e.transaction_id
        where t.order_id = ${orderId} and t.kind = 'sale' and e.account like 'seller:%'`),
    )
    const at = row?.available_at
    return (at instanceof Date ? at : new Date(String(at))).toISOString()
  }

  beforeAll(async () => {
    app = await startApp(kind)
    gateway = createGateway(app.config)
    const amani = await seller('amani')
    const baraka = await seller('baraka')
    ids.amani = amani.id
    ids.baraka = baraka.id
    tokens.amani = amani.token
    tokens.baraka = baraka.token
    tokens.xavier = await buyer('xavier@example.com')
    tokens.yusuf = await buyer('yusuf@example.com')
    const nights = await event(amani.id, 'Nairobi nights', { amount: PRICE, currency: 'KES' })
    const dollars = await event(amani.id, 'Dollar gig', { amount: 7_50, currency: 'USD' })
    const market = await event(baraka.id, 'Baraka market', { amount: 500_00, currency: 'KES' })

    order.o1 = await payByMpesa(nights, tokens.xavier)
    order.o2 = await payByCard(nights, tokens.xavier)
    order.o3 = await payByCard(nights, tokens.yusuf)
    order.o4 = await payByCard(market, tokens.yusuf)
    order.o5 = await payByCard(dollars, tokens.xavier)
    order.o6 = await payByCard(nights, null, 'guest@example.com')
    const refunded = await app.call('refundOrder', { orderId: order.o3, reason: 'Cancelled' }, tokens.amani)
    expect(refunded.status).toBe(200)
    await statusBecomes(order.o3, 'refunded')
    await backdateSale(order.o1, 10)
    await backdateSale(order.o2, 40)
    const [guest] = await app.database.db.select().from(users).where(eq(users.email, 'guest@example.com'))
    if (!guest) throw new Error('the guest checkout made no account')
    ids.guest = guest.id
    tokens.guest = (await createSession(app.database.db, guest.id, null)).token
  }, 120_000)
  afterAll(() => app.close())

  it("lists a seller's sales and fees, the refund with its fee back, newest first, in the seller's currency", async () => {
    const answer = data(await list({ limit: 50 }, tokens.amani))
    expect(answer.role).toBe('seller')
    expect(answer.currency).toBe('KES')
    const all: Movement[] = answer.movements
    expect(all).toHaveLength(10)
    expect(answer.nextCursor).toBeNull()
    expect(all.every((m) => m.currency === 'KES')).toBe(true)
    // The USD sale is not in the KES books.
    expect(all.some((m) => m.orderId === order.o5)).toBe(false)
    const of = (orderId: string) => all.filter((m) => m.orderId === orderId).map((m) => [m.kind, m.amount])
    expect(of(order.o1)).toEqual([
      ['fee', -FEE],
      ['sale', PRICE],
    ])
    expect(of(order.o3)).toEqual([
      ['fee', FEE],
      ['refund', -PRICE],
      ['fee', -FEE],
      ['sale', PRICE],
    ])
    const sale = all.find((m) => m.orderId === order.o1 && m.kind === 'sale')
    expect(sale).toMatchObject({ method: 'mpesa', title: 'Nairobi nights (Regular)' })
    expect(sale?.reference).toBe((await orderRow(order.o1)).reference)
    expect(all.find((m) => m.kind === 'refund')?.availableAt).toBeNull()
    // Newest first, by time: the sale backdated 40 days is last.
    const times = all.map((m) => Date.parse(m.at))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    expect(all.at(-1)?.orderId).toBe(order.o2)
  })

  it('opens in the seller’s own currency and reports the balance of every currency they have sold in', async () => {
    const answer = data(await list({}, tokens.amani))
    expect(answer.currency).toBe('KES')
    expect(answer.movements.every((m: Movement) => m.currency === 'KES')).toBe(true)
    // The USD sale (order 5) is paid now, so all of it is held, until 7 days after payment.
    expect(answer.currencies).toEqual([
      { currency: 'KES', available: 2 * NET, held: NET, nextAvailableAt: await heldUntil(order.o6) },
      { currency: 'USD', available: 0, held: USD_NET, nextAvailableAt: await heldUntil(order.o5) },
    ])
    // The KES summary is the KES balance.
    expect(answer.summary).toMatchObject({ available: 2 * NET, held: NET })
    // Asking for the default currency by name gives the same books.
    const kes = data(await list({ currency: 'KES' }, tokens.amani))
    expect(kes.movements).toEqual(answer.movements)
    expect(kes.summary).toEqual(answer.summary)
    // A seller who sold only in KES has one currency.
    const baraka = data(await list({}, tokens.baraka))
    expect(baraka.currencies.map((c: { currency: string }) => c.currency)).toEqual(['KES'])
  })

  it('lists the USD sale, its fee, totals and chart in USD when asked for USD', async () => {
    const answer = data(await list({ currency: 'USD', limit: 50 }, tokens.amani))
    expect(answer.role).toBe('seller')
    expect(answer.currency).toBe('USD')
    const usd: Movement[] = answer.movements
    expect(usd.map((m) => [m.orderId, m.kind, m.amount, m.currency, m.balance])).toEqual([
      [order.o5, 'fee', -USD_FEE, 'USD', USD_NET],
      [order.o5, 'sale', 7_50, 'USD', 7_50],
    ])
    expect(usd[1]).toMatchObject({ title: 'Dollar gig (Regular)', method: 'card' })
    expect(answer.nextCursor).toBeNull()
    expect(answer.summary).toMatchObject({
      totals: { sales: 7_50, fees: USD_FEE, refunds: 0, payouts: 0, net: USD_NET },
      available: 0,
      held: USD_NET,
      nextAvailableAt: await heldUntil(order.o5),
    })
    const daily: { day: string; net: number }[] = answer.summary.daily
    expect(daily).toHaveLength(30)
    expect(daily.at(-1)).toEqual({ day: dayOf(Date.now()), net: USD_NET })
    expect(daily.reduce((sum, d) => sum + d.net, 0)).toBe(USD_NET)
    // Every currency is still reported, whichever is listed.
    expect(answer.currencies.map((c: { currency: string }) => c.currency)).toEqual(['KES', 'USD'])
    // Filters apply within the currency.
    expect(await movements({ currency: 'USD', kind: 'sale' }, tokens.amani)).toHaveLength(1)
    expect(await movements({ currency: 'USD', method: 'mpesa' }, tokens.amani)).toEqual([])
    // A currency the seller never sold in lists nothing and totals zero.
    const euros = data(await list({ currency: 'EUR' }, tokens.amani))
    expect(euros).toMatchObject({ currency: 'EUR', movements: [], nextCursor: null })
    expect(euros.summary).toMatchObject({
      totals: { sales: 0, fees: 0, refunds: 0, payouts: 0, net: 0 },
      available: 0,
      held: 0,
      nextAvailableAt: null,
    })
    expect(euros.currencies).toHaveLength(2)
  })

  it('refuses a currency Soko does not keep books in, on `currency`; a buyer’s list ignores it', async () => {
    for (const currency of ['KSH', 'usd', 12]) {
      const bad = await list({ currency }, tokens.amani)
      expect(bad.status).toBe(400)
      expect(Object.keys(bad.body.errors as object)).toEqual(['currency'])
      expect((bad.body.errors as Record<string, string>).currency).toMatch(/supported currencies: KES, .*USD/)
    }
    const xavier = await movements({ currency: 'KES' }, tokens.xavier)
    expect(xavier.map((m) => m.currency)).toEqual(['USD', 'KES', 'KES'])
  })

  it('keeps a running balance that equals what the ledger owes the seller after each transaction', async () => {
    const all: Movement[] = (await movements({ limit: 50 }, tokens.amani)).reverse()
    // Each balance is the one before plus this movement.
    all.forEach((m, i) => {
      expect(m.balance).toBe((all[i - 1]?.balance ?? 0) + m.amount)
    })
    // After each ledger transaction, minus the sum of the seller's entries so far.
    const ledger = rowsOf(
      await app.database.db.execute(sql`select t.order_id::text as order_id, t.kind, sum(e.amount)::text as amount
        from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
        where e.account = ${`seller:${ids.amani}`} and e.currency = 'KES'
        group by t.id order by t.created_at, t.id`),
    )
    let owed = 0
    const expected = new Map<string, number>()
    for (const row of ledger) {
      owed -= Number(row.amount)
      expected.set(`${row.order_id}/${row.kind}`, owed)
    }
    expect(expected.size).toBe(5)
    let current = ''
    let checked = 0
    all.forEach((m, i) => {
      if (m.kind !== 'fee') current = `${m.orderId}/${m.kind}`
      if (all[i + 1]?.kind !== 'fee') {
        expect(m.balance).toBe(expected.get(current))
        checked++
      }
    })
    expect(checked).toBe(5)
    expect(all.at(-1)?.balance).toBe(owed)
    expect(owed).toBe(3 * NET)
  })

  it('tells available from held: a refund comes out of its held sale', async () => {
    const { summary } = data(await list({}, tokens.amani))
    // Orders 1 and 2 are past their hold; 3 was refunded while held; 6 is held.
    expect(summary.available).toBe(2 * NET)
    expect(summary.held).toBe(NET)
    const [held] = rowsOf(
      await app.database.db.execute(sql`select e.available_at from ledger_entries e
        join ledger_transactions t on t.id = e.transaction_id
        where t.order_id = ${order.o6} and t.kind = 'sale' and e.account like 'seller:%'`),
    )
    expect(Date.parse(summary.nextAvailableAt)).toBe(new Date(String(held?.available_at)).getTime())
  })

  it('totals the period the filters select, and the last 30 days day by day', async () => {
    const { summary } = data(await list({ limit: 1 }, tokens.amani))
    expect(summary.totals).toEqual({
      sales: 4 * PRICE,
      fees: 3 * FEE,
      refunds: PRICE,
      payouts: 0,
      net: 3 * NET,
    })
    const now = Date.now()
    const week = data(await list({ from: dayOf(now - 12 * DAY), to: dayOf(now - 8 * DAY) }, tokens.amani))
    expect(week.movements.map((m: Movement) => m.orderId)).toEqual([order.o1, order.o1])
    expect(week.summary.totals).toEqual({ sales: PRICE, fees: FEE, refunds: 0, payouts: 0, net: NET })
    // Available and held do not depend on the filters.
    expect(week.summary.available).toBe(2 * NET)

    const daily: { day: string; net: number }[] = summary.daily
    expect(daily).toHaveLength(30)
    expect(daily.at(-1)?.day).toBe(dayOf(now))
    expect(daily[0]?.day).toBe(dayOf(now - 29 * DAY))
    // Order 2 (40 days ago) is outside; 1 (10 days ago), 3 (sold and refunded) and 6 are inside.
    expect(daily.reduce((sum, d) => sum + d.net, 0)).toBe(2 * NET)
    expect(daily.find((d) => d.day === dayOf(now - 10 * DAY))?.net).toBe(NET)
  })

  it('filters by kind, method and dates; `from` after `to` is refused on `to`', async () => {
    const fees = await movements({ kind: 'fee', limit: 50 }, tokens.amani)
    expect(fees.map((m) => m.amount).sort((a, b) => a - b)).toEqual([-FEE, -FEE, -FEE, -FEE, FEE])
    const refunds = await movements({ kind: 'refund' }, tokens.amani)
    expect(refunds.map((m) => [m.orderId, m.amount])).toEqual([[order.o3, -PRICE]])
    const mpesa = await movements({ method: 'mpesa' }, tokens.amani)
    expect(mpesa.map((m) => m.kind)).toEqual(['fee', 'sale'])
    expect(mpesa.every((m) => m.orderId === order.o1)).toBe(true)
    expect(await movements({ method: 'card', limit: 50 }, tokens.amani)).toHaveLength(8)
    expect(await movements({ method: 'paypal' }, tokens.amani)).toEqual([])
    const now = Date.now()
    const recent = await movements({ from: dayOf(now - 5 * DAY), limit: 50 }, tokens.amani)
    expect(new Set(recent.map((m) => m.orderId))).toEqual(new Set([order.o3, order.o6]))
    const old = await movements({ to: dayOf(now - 20 * DAY) }, tokens.amani)
    expect(new Set(old.map((m) => m.orderId))).toEqual(new Set([order.o2]))
    // A filtered list keeps the balances of the whole book.
    const whole = new Map((await movements({ limit: 50 }, tokens.amani)).map((m) => [m.id, m.balance]))
    for (const m of [...fees, ...mpesa, ...old]) expect(m.balance).toBe(whole.get(m.id))

    const backwards = await list({ from: dayOf(now), to: dayOf(now - DAY) }, tokens.amani)
    expect(backwards.status).toBe(400)
    expect(backwards.body.errors).toEqual({ to: 'The last day comes on or after the first day' })
    const bad = await list({ from: 'yesterday', kind: 'tips', method: 'cash', limit: 500 }, tokens.amani)
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors as object).sort()).toEqual(['from', 'kind', 'limit', 'method'])
    expect((bad.body.errors as Record<string, string>).from).toMatch(/YYYY-MM-DD/)
    const cursor = await list({ cursor: 'not-a-cursor' }, tokens.amani)
    expect(cursor.status).toBe(400)
    expect(cursor.body.errors).toEqual({ cursor: 'Start again' })
  })

  it('pages with a cursor: each movement once, and page 2 carries on the balance of page 1', async () => {
    const whole = await movements({ limit: 50 }, tokens.amani)
    const pages = await allPages({ limit: 3 }, tokens.amani)
    expect(pages.map((p) => p.length)).toEqual([3, 3, 3, 1])
    expect(pages.flat().map((m) => m.id)).toEqual(whole.map((m) => m.id))
    for (let i = 1; i < pages.length; i++) {
      const last = pages[i - 1]?.at(-1)
      const first = pages[i]?.[0]
      expect(first?.balance).toBe((last?.balance ?? 0) - (last?.amount ?? 0))
    }
    // Filtered pages too.
    const feePages = await allPages({ kind: 'fee', limit: 2 }, tokens.amani)
    expect(feePages.flat().map((m) => m.id)).toEqual(whole.filter((m) => m.kind === 'fee').map((m) => m.id))
  })

  it("shows another seller only their own books, and a buyer's view of a seller is their purchases", async () => {
    const baraka: Movement[] = await movements({ limit: 50 }, tokens.baraka)
    expect(baraka.map((m) => [m.orderId, m.kind, m.amount])).toEqual([
      [order.o4, 'fee', -saleFee(500_00)],
      [order.o4, 'sale', 500_00],
    ])
    expect(baraka[0]?.balance).toBe(500_00 - saleFee(500_00))
    const { summary } = data(await list({}, tokens.baraka))
    expect(summary.totals.net).toBe(500_00 - saleFee(500_00))
    expect(summary.held).toBe(500_00 - saleFee(500_00))
    // Amani bought nothing.
    const asBuyer = data(await list({ as: 'buyer' }, tokens.amani))
    expect(asBuyer).toEqual({ role: 'buyer', movements: [], nextCursor: null })
  })

  it('lists a buyer their payments and refunds in the currency charged, and no one else’s', async () => {
    const xavier = data(await list({}, tokens.xavier))
    expect(xavier.role).toBe('buyer')
    expect(xavier).not.toHaveProperty('summary')
    const x: Movement[] = xavier.movements
    expect(x.map((m) => [m.orderId, m.kind, m.amount, m.currency, m.method])).toEqual([
      [order.o5, 'payment', 7_50, 'USD', 'card'],
      [order.o2, 'payment', PRICE, 'KES', 'card'],
      [order.o1, 'payment', PRICE, 'KES', 'mpesa'],
    ])
    expect(x[0]).toMatchObject({ title: 'Dollar gig (Regular)', status: 'paid' })
    const y: Movement[] = await movements({}, tokens.yusuf)
    expect(y.map((m) => [m.orderId, m.kind, m.amount, m.status])).toEqual([
      [order.o3, 'refund', -PRICE, 'refunded'],
      [order.o4, 'payment', 500_00, 'paid'],
      [order.o3, 'payment', PRICE, 'refunded'],
    ])
    expect((await movements({ kind: 'refund' }, tokens.yusuf)).map((m) => m.orderId)).toEqual([order.o3])
    expect(await movements({ method: 'mpesa' }, tokens.yusuf)).toEqual([])
    const pages = await allPages({ limit: 2 }, tokens.yusuf)
    expect(pages.flat().map((m) => m.id)).toEqual(y.map((m) => m.id))
  })

  it('shows an order placed signed out only once its address is verified', async () => {
    expect(await movements({}, tokens.guest)).toEqual([])
    await app.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, ids.guest))
    const after = await movements({}, tokens.guest)
    expect(after.map((m) => [m.orderId, m.kind, m.amount])).toEqual([[order.o6, 'payment', PRICE]])
  })

  it('refuses a buyer asking for seller books (403) and anyone signed out (600)', async () => {
    const asSeller = await list({ as: 'seller' }, tokens.xavier)
    expect(asSeller.status).toBe(403)
    expect(asSeller.body.message).toMatch(/Only sellers/)
    expect((await list({}, null)).status).toBe(600)
  })
})
