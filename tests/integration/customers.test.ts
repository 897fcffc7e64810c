import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CustomerSummary } from '../../contract/customers.contract'
import { orders } from '../../server/db/schema'
import { customersCsv } from '../../src/features/customers/customers-csv'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { submitSandboxCard } from '../support/sandbox-card'
import { eventOnSale, personOf, sellerOf } from '../support/shop'

type Answer = Awaited<ReturnType<RunningApp['call']>>
// biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON the server answered
const data = (answer: Answer) => answer.body.data as Record<string, any>

describe.each(databaseKinds)('customers on %s', (kind) => {
  let app: RunningApp
  let kes: { id: string; token: string }
  let other: { id: string; token: string }
  const products: Record<string, string> = {}

  const event = (sellerId: string, title: string, price: { amount: number; currency: string }) =>
    eventOnSale(app, sellerId, title, price)

  async function buy(productId: string, token: string) {
    const { orderId, next } = data(await app.call('startCheckout', { productId, method: 'card' }, token))
    expect((await submitSandboxCard(next.url, '4242 4242 4242 4242')).status).toBe(303)
    await app.sandboxesIdle()
    const [row] = await app.database.db.select().from(orders).where(eq(orders.id, orderId))
    expect(row?.status).toBe('paid')
    return orderId as string
  }

  async function invoice(
    token: string,
    client: Record<string, unknown>,
    currency: string,
    unitPrice: number,
  ) {
    const created = data(
      await app.call(
        'createInvoice',
        {
          invoice: {
            client,
            currency,
            lines: [{ description: 'Design work', quantityMilli: 1000, unitPrice }],
            issueDate: '2026-11-24',
            dueDate: '2026-12-08',
          },
        },
        token,
      ),
    ).invoice
    return data(await app.call('sendInvoice', { invoiceId: created.id }, token)).invoice
  }

  beforeAll(async () => {
    app = await startApp(kind)
    kes = await sellerOf(app, 'kamau')
    other = await sellerOf(app, 'njeri')
    products.night = await event(kes.id, 'Jazz night', { amount: 1_500_00, currency: 'KES' })
    products.talk = await event(kes.id, 'Design talk', { amount: 20_00, currency: 'USD' })
    products.elsewhere = await event(other.id, 'Poetry evening', { amount: 800_00, currency: 'KES' })
    // Amina buys twice from kamau (shillings and dollars) and once from njeri; Baraka once from kamau.
    const amina = (await personOf(app, 'Amina@Example.com', { name: 'Amina Yusuf' })).token
    const baraka = (await personOf(app, 'baraka@example.com', { name: 'Baraka' })).token
    await buy(products.night, amina)
    await buy(products.talk, amina)
    await buy(products.elsewhere, amina)
    await buy(products.night, baraka)
    // kamau also bills Amina (by e-mail, another case), a client known by phone only, and pays one by Paybill.
    const billed = await invoice(
      kes.token,
      { name: 'Amina Y.', email: 'amina@example.com' },
      'KES',
      10_000_00,
    )
    await app.call(
      'recordInvoicePayment',
      { invoiceId: billed.id, method: 'bank', amount: 4_000_00, receivedOn: '2026-11-25' },
      kes.token,
    )
    await invoice(kes.token, { name: 'Otieno', phone: '0722000333' }, 'KES', 2_000_00)
  })
  afterAll(async () => {
    await app?.close()
  })

  const list = async (input: Record<string, unknown> = {}, token = kes.token) =>
    data(await app.call('listCustomers', input, token)).customers as CustomerSummary[]

  it('is one row per person across orders and invoices, with what they spent per currency', async () => {
    const customers = await list({ sort: 'name' })
    expect(customers.map((c) => c.key)).toEqual([
      'e:amina@example.com',
      'e:baraka@example.com',
      'p:254722000333',
    ])
    const amina = customers[0]
    // Two orders and an invoice with something paid: three purchases; the invoice's part paid counts.
    expect(amina).toMatchObject({ email: 'amina@example.com', purchases: 3 })
    expect(amina?.spent).toEqual([
      { currency: 'KES', amount: 1_500_00 + 4_000_00 },
      { currency: 'USD', amount: 20_00 },
    ])
    // A client billed but not yet paying is in the book, with nothing spent.
    expect(customers[2]).toMatchObject({ name: 'Otieno', phone: '254722000333', purchases: 0, spent: [] })
  })

  it('searches, filters and sorts', async () => {
    expect((await list({ query: 'BARAKA' })).map((c) => c.key)).toEqual(['e:baraka@example.com'])
    expect((await list({ query: '0722000333'.slice(1) })).map((c) => c.key)).toEqual(['p:254722000333'])
    expect((await list({ productId: products.talk })).map((c) => c.key)).toEqual(['e:amina@example.com'])
    expect((await list({ spentOver: { amount: 2_000_00, currency: 'KES' } })).map((c) => c.key)).toEqual([
      'e:amina@example.com',
    ])
    expect((await list({ lastBefore: '2020-01-01' })).length).toBe(0)
    expect((await list({ sort: 'spent' }))[0]?.key).toBe('e:amina@example.com')
    expect((await list({ sort: 'purchases' }))[0]?.key).toBe('e:amina@example.com')
    const first = data(await app.call('listCustomers', { sort: 'name', limit: 2 }, kes.token))
    expect(first.nextCursor).toEqual(expect.any(String))
    const second = await list({ sort: 'name', limit: 2, cursor: first.nextCursor })
    expect(second.map((c) => c.key)).toEqual(['p:254722000333'])
    // Every sort, a client a page: the same clients in the same order as all at once.
    for (const sort of ['recent', 'name', 'purchases', 'spent'] as const) {
      const all = (await list({ sort })).map((c) => c.key)
      const paged: string[] = []
      let cursor: string | null = null
      do {
        const page = data(
          await app.call('listCustomers', { sort, limit: 1, ...(cursor ? { cursor } : {}) }, kes.token),
        )
        paged.push(...page.customers.map((c: { key: string }) => c.key))
        cursor = page.nextCursor
      } while (cursor)
      expect(paged, sort).toEqual(all)
    }
    const forged = await app.call('listCustomers', { cursor: 'bm90LWEtY3Vyc29y' }, kes.token)
    expect(forged.status).toBe(400)
    expect(forged.body.errors).toMatchObject({ cursor: 'Start again' })
  })

  it('opens one client with their orders, invoices and the seller’s note', async () => {
    const key = 'e:amina@example.com'
    const answer = data(await app.call('getCustomer', { key }, kes.token))
    expect(answer.orders.map((o: { title: string }) => o.title).sort()).toEqual(['Design talk', 'Jazz night'])
    expect(answer.invoices).toHaveLength(1)
    expect(answer.invoices[0]).toMatchObject({
      paid: 4_000_00,
      total: { amount: 10_000_00, currency: 'KES' },
    })
    expect(answer.note).toBe('')
    await app.call('updateCustomerNote', { key, note: 'Prefers M-Pesa; invoices to her studio' }, kes.token)
    expect(data(await app.call('getCustomer', { key }, kes.token)).note).toBe(
      'Prefers M-Pesa; invoices to her studio',
    )
    await app.call('updateCustomerNote', { key, note: '' }, kes.token)
    expect(data(await app.call('getCustomer', { key }, kes.token)).note).toBe('')
  })

  it('keeps each seller to their own clients, even one they share', async () => {
    const theirs = await list({}, other.token)
    expect(theirs.map((c) => c.key)).toEqual(['e:amina@example.com'])
    // njeri sees only what Amina bought from njeri.
    expect(theirs[0]).toMatchObject({ purchases: 1, spent: [{ currency: 'KES', amount: 800_00 }] })
    expect((await app.call('getCustomer', { key: 'e:baraka@example.com' }, other.token)).status).toBe(404)
    expect(
      (await app.call('updateCustomerNote', { key: 'e:baraka@example.com', note: 'x' }, other.token)).status,
    ).toBe(404)
    const amina = data(await app.call('getCustomer', { key: 'e:amina@example.com' }, other.token))
    expect(amina.invoices).toHaveLength(0)
    expect(amina.note).toBe('')
    // A buyer is not a seller: no client book.
    const buyer = (await personOf(app, 'someone@example.com')).token
    expect((await app.call('listCustomers', {}, buyer)).status).toBe(403)
    expect((await app.call('getCustomer', { key: 'not a key' }, kes.token)).status).toBe(400)
  })

  it('exports the filtered book as CSV: a column per currency, local days, formulas defused', async () => {
    await invoice(kes.token, { name: '@SUM(A1:A9)', email: 'formula@example.com' }, 'KES', 500_00)
    const [header, ...rows] = customersCsv(await list({ sort: 'name' }), 'Africa/Nairobi')
      .trimEnd()
      .split('\r\n')
    expect(header).toBe('Name,E-mail,Phone,Purchases,Spent KES,Spent USD,First purchase,Last purchase')
    // What a spreadsheet would run is text; names sort as the list does.
    expect(rows[0]).toBe("'@SUM(A1:A9),formula@example.com,,0,0,0,,")
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date())
    expect(rows[1]).toBe(`Amina Y.,amina@example.com,,3,5500.00,20.00,${day},${day}`)
    expect(rows[3]).toBe('Otieno,,254722000333,0,0,0,,')
    // The filtered list exports only what it shows.
    const over = customersCsv(await list({ spentOver: { amount: 2_000_00, currency: 'KES' } }))
    expect(over.trimEnd().split('\r\n').slice(1)).toEqual([expect.stringMatching(/^Amina Y\.,/)])
  })
})
