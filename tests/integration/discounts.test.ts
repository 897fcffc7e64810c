import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { discountCodes, orders } from '../../server/db/schema'
import { saleFee } from '../../server/ledger/postings'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { ledgerInvariantViolations } from '../support/ledger-invariants'
import { data, mpesaPaidOrder } from '../support/payouts'
import { cookieSet, htmlOf, plainBrowser } from '../support/plain-forms'
import { submitSandboxCard } from '../support/sandbox-card'
import { personOf, productOnSale, sellerOf } from '../support/shop'

const HOUR = 3_600_000

/**
 * Discount codes: made with their rules, applied at checkout on every rail, counted under a lock (never
 * past a limit, whatever the crowd), honoured for an order placed before the code ended, and in the books.
 */
describe.each(databaseKinds)('discount codes, on %s', (kind) => {
  let app: RunningApp
  let second: RunningApp | null = null
  let seller: { id: string; token: string }
  let productId = ''
  let otherId = ''
  let pwywId = ''

  const make = async (input: Record<string, unknown>) => app.call('createDiscountCode', input, seller.token)
  const code = async (input: Record<string, unknown>) => {
    const made = await make(input)
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    return data(made).code as { id: string; code: string }
  }
  const digital = (slug: string, price: Record<string, unknown>, details: Record<string, unknown> = {}) =>
    productOnSale(app, seller.id, { kind: 'digital', title: `Beat pack ${slug}`, slug, price, details }, [
      { name: 'beats.zip', body: Buffer.from('beats') },
    ])
  async function buyByCard(product: string, token: string, more: Record<string, unknown> = {}) {
    const started = await app.call('startCheckout', { productId: product, method: 'card', ...more }, token)
    if (started.status !== 200) return started
    expect((await submitSandboxCard(data(started).next.url, '4242 4242 4242 4242')).status).toBe(303)
    await app.sandboxesIdle()
    return started
  }
  const orderRow = async (id: string) =>
    (await app.database.db.select().from(orders).where(eq(orders.id, id)))[0]

  beforeAll(async () => {
    app = await startApp(kind)
    if (kind === 'postgres') second = await startApp(kind, {}, { sharing: app })
    seller = await sellerOf(app, 'codes-seller')
    productId = await digital('codes-main', { amount: 1_500_00, currency: 'KES' })
    otherId = await digital('codes-other', { amount: 900_00, currency: 'KES' })
    pwywId = await digital(
      'codes-pwyw',
      { amount: 1_000_00, currency: 'KES' },
      { payWhatYouWant: { minimum: { amount: 500_00, currency: 'KES' } } },
    )
  })
  afterAll(async () => {
    await second?.close()
    await app?.close()
  })

  it('refuses a code without a name, value or order of its times, and a name the seller has in any case', async () => {
    const bad = await make({ code: 'a b', kind: 'percent' })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors as object)).toEqual(expect.arrayContaining(['code', 'percentBps']))
    const noAmount = await make({ code: 'FLAT', kind: 'amount', amounts: [] })
    expect(noAmount.body.errors).toMatchObject({ amounts: 'Give the amount to take off' })
    const backwards = await make({
      code: 'LATE',
      kind: 'percent',
      percentBps: 1000,
      startsAt: '2026-12-10T00:00:00Z',
      endsAt: '2026-12-01T00:00:00Z',
    })
    expect(backwards.body.errors).toMatchObject({ endsAt: 'End it after it starts' })
    await code({ code: 'Karibu10', kind: 'percent', percentBps: 1000 })
    const again = await make({ code: 'KARIBU10', kind: 'percent', percentBps: 500 })
    expect(again.status).toBe(409)
    expect(again.body.errors).toMatchObject({ code: 'You have a code KARIBU10 already: choose another name' })
    const other = await sellerOf(app, 'codes-other-seller')
    expect(
      (
        await app.call(
          'createDiscountCode',
          { code: 'KARIBU10', kind: 'percent', percentBps: 10 },
          other.token,
        )
      ).status,
    ).toBe(200)
    const mine = await app.call(
      'createDiscountCode',
      { code: 'THEIRS', kind: 'percent', percentBps: 10, productIds: [productId] },
      other.token,
    )
    expect(mine.status).toBe(404)
  })

  it('takes 20 % off by card: the order keeps list price, discount and paid; the fee is on what was paid; a refund gives that back', async () => {
    await code({ code: 'NAIROBI20', kind: 'percent', percentBps: 2000, productIds: [productId] })
    const buyer = await personOf(app, 'codes-card@example.com')
    const quoted = data(await app.call('quoteCheckout', { productId, code: 'nairobi20' }))
    expect(quoted).toMatchObject({
      subtotal: { amount: 1_500_00 },
      discount: { code: 'NAIROBI20', amount: { amount: 300_00, currency: 'KES' } },
      total: { amount: 1_200_00, currency: 'KES' },
    })
    const started = await buyByCard(productId, buyer.token, { code: 'nairobi20' })
    const order = await orderRow(data(started).orderId)
    expect(order).toMatchObject({
      status: 'paid',
      subtotal: 1_500_00,
      discount: 300_00,
      total: 1_200_00,
      chargeAmount: 1_200_00,
      discountCode: 'NAIROBI20',
    })
    // The books: the sale at what was paid, with the code and what it took off; the fee on what was paid.
    const books = data(await app.call('listTransactions', { limit: 50 }, seller.token))
    const movements = books.movements as {
      kind: string
      orderId: string
      amount: number
      discount: unknown
    }[]
    const mine = movements.filter((m) => m.orderId === order?.id)
    expect(mine.find((m) => m.kind === 'sale')).toMatchObject({
      amount: 1_200_00,
      discount: { code: 'NAIROBI20', amount: 300_00, fee: saleFee(1_200_00, order?.terms) },
    })
    expect(mine.find((m) => m.kind === 'fee')?.amount).toBe(-saleFee(1_200_00, order?.terms))
    expect(saleFee(1_200_00, order?.terms)).toBeLessThan(saleFee(1_500_00, order?.terms))
    const refunded = await app.call('refundOrder', { orderId: order?.id, reason: 'Asked' }, seller.token)
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200)
    expect((await orderRow(order?.id ?? ''))?.status).toBe('refunded')
    // Not for another product.
    const elsewhere = await app.call('quoteCheckout', { productId: otherId, code: 'NAIROBI20' })
    expect(elsewhere.status).toBe(400)
    expect(elsewhere.body.errors).toMatchObject({ code: 'The code NAIROBI20 is not for this product' })
    expect(await ledgerInvariantViolations(app.database.db)).toEqual([])
  })

  it('says why a code does not apply: unknown, paused, not started, ended, minimum, currency, per buyer, a PWYW minimum', async () => {
    const quoteWith = async (codeName: string, product = productId, more: Record<string, unknown> = {}) => {
      const answer = await app.call('quoteCheckout', { productId: product, code: codeName, ...more })
      return answer.status === 200 ? 'applies' : (answer.body.errors as { code: string }).code
    }
    expect(await quoteWith('NOPE')).toBe('There is no code NOPE for this product')
    const paused = await code({ code: 'PAUSED', kind: 'percent', percentBps: 1000 })
    data(await app.call('pauseDiscountCode', { codeId: paused.id, paused: true }, seller.token))
    expect(await quoteWith('paused')).toBe('The code PAUSED is paused by its seller')
    await code({
      code: 'SOON',
      kind: 'percent',
      percentBps: 1000,
      startsAt: new Date(Date.now() + 48 * HOUR).toISOString(),
    })
    expect(await quoteWith('SOON')).toMatch(/^The code SOON works from /)
    await code({
      code: 'GONE',
      kind: 'percent',
      percentBps: 1000,
      endsAt: new Date(Date.now() - HOUR).toISOString(),
    })
    expect(await quoteWith('GONE')).toMatch(/^The code GONE ended on /)
    await code({
      code: 'BIGORDER',
      kind: 'percent',
      percentBps: 1000,
      minimums: [{ amount: 2_000_00, currency: 'KES' }],
    })
    expect(await quoteWith('BIGORDER')).toMatch(
      /^The code BIGORDER needs an order of at least KES.2,000\.00$/,
    )
    await code({ code: 'DOLLARS', kind: 'amount', amounts: [{ amount: 5_00, currency: 'USD' }] })
    expect(await quoteWith('DOLLARS')).toBe('The code DOLLARS does not apply to prices in KES')
    await code({ code: 'FLAT700', kind: 'amount', amounts: [{ amount: 700_00, currency: 'KES' }] })
    expect(await quoteWith('FLAT700', pwywId, { amount: 1_000_00 })).toMatch(
      /^The lowest price for this is KES.500\.00$/,
    )
    expect(await quoteWith('FLAT700', pwywId, { amount: 1_200_00 })).toBe('applies')
    // Once per buyer.
    await code({ code: 'ONCE', kind: 'percent', percentBps: 1000, maxPerBuyer: 1 })
    const buyer = await personOf(app, 'codes-once@example.com')
    expect((await buyByCard(otherId, buyer.token, { code: 'ONCE' })).status).toBe(200)
    const twice = await app.call(
      'startCheckout',
      { productId: otherId, method: 'card', code: 'ONCE' },
      buyer.token,
    )
    expect(twice.status).toBe(400)
    expect(twice.body.errors).toMatchObject({
      code: 'You have used the code ONCE as many times as it allows',
    })
  })

  it('slows down guessing: a device gets 20 tries in ten minutes, then is told to wait', async () => {
    const device = { 'x-soko-device': 'guesser-device-0001' }
    const tries = []
    for (let i = 0; i < 21; i++)
      tries.push(await app.rpc({ subject: 'quoteCheckout', productId, code: `GUESS${i}` }, device))
    expect(tries.slice(0, 20).map((t) => t.status)).toEqual(Array(20).fill(400))
    expect(tries[20]?.status).toBe(429)
    expect(tries[20]?.body.errors).toMatchObject({ code: expect.stringMatching(/^Too many codes tried/) })
    // Another device on the same network is not held up by it.
    const other = await app.rpc(
      { subject: 'quoteCheckout', productId, code: 'NAIROBI20' },
      { 'x-soko-device': 'honest-device-0002' },
    )
    expect(other.status).toBe(200)
  })

  it('without script: a shared link keeps the code, the pay step shows it applied, a wrong one is said, and the post pays the discounted total', async () => {
    const { get, post } = plainBrowser(() => app, 48)
    const slug = 'codes-main'
    const link = await get(`/${slug}?code=nairobi20`)
    expect(link.status).toBe(200)
    const kept = cookieSet(link, 'soko_code')
    expect(kept).toBe('soko_code=nairobi20')
    // The choose step carries the kept code on; the pay step applies it.
    const choose = await (await get(`/buy/${slug}`, { cookie: kept })).text()
    expect(choose).toContain('name="code" value="nairobi20"')
    const pay = await (await get(`/buy/${slug}?step=pay`, { cookie: kept })).text()
    expect(pay).toContain('Code NAIROBI20: −KES')
    expect(pay).toMatch(/Total: KES.1,200\.00/)
    // A code that does not apply is said under its field; the total is the list price.
    const wrong = await (await get(`/buy/${slug}?step=pay&code=NOPE1`)).text()
    expect(wrong).toContain(htmlOf('There is no code NOPE1 for this product'))
    expect(wrong).toMatch(/Total: KES.1,500\.00/)
    const paid = await post(`/buy/${slug}`, {
      code: 'NAIROBI20',
      method: 'mpesa',
      phone: '0712345677',
      email: 'codes-plain@example.com',
    })
    expect(paid.status).toBe(200)
    const [order] = await app.database.db
      .select()
      .from(orders)
      .where(eq(orders.buyerEmail, 'codes-plain@example.com'))
    expect(order).toMatchObject({
      total: 1_200_00,
      discount: 300_00,
      discountCode: 'NAIROBI20',
      method: 'mpesa',
    })
  })

  it('makes a free order with no payment step for a 100 % code', async () => {
    await code({ code: 'GIFT100', kind: 'percent', percentBps: 10_000, productIds: [otherId] })
    const buyer = await personOf(app, 'codes-gift@example.com')
    const started = await app.call(
      'startCheckout',
      { productId: otherId, method: 'mpesa', code: 'gift100' },
      buyer.token,
    )
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    expect(data(started).next).toEqual({ kind: 'done' })
    expect(await orderRow(data(started).orderId)).toMatchObject({
      status: 'paid',
      method: 'free',
      total: 0,
      discount: 900_00,
    })
    expect(await ledgerInvariantViolations(app.database.db)).toEqual([])
  })

  it('gives a code with 10 uses to exactly 10 of 50 buyers at once, across instances', async () => {
    await code({ code: 'FIRST10', kind: 'percent', percentBps: 1500, maxUses: 10 })
    const buyers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => personOf(app, `codes-crowd-${i}@example.com`)),
    )
    const answers = await Promise.all(
      buyers.map((buyer, i) =>
        (i % 2 && second ? second : app).call(
          'startCheckout',
          {
            productId,
            method: 'mpesa',
            phone: `07123${String(45000 + i).padStart(5, '0')}`,
            code: 'FIRST10',
          },
          buyer.token,
        ),
      ),
    )
    const ok = answers.filter((a) => a.status === 200)
    expect(ok).toHaveLength(10)
    for (const refused of answers.filter((a) => a.status !== 200))
      expect(refused.body.errors).toMatchObject({
        code: 'The code FIRST10 has been used as many times as it may',
      })
  })

  it('honours a code for an order placed before it ended, paid on the M-Pesa prompt after', async () => {
    const ending = await code({
      code: 'LASTCALL',
      kind: 'amount',
      amounts: [{ amount: 250_00, currency: 'KES' }],
    })
    const buyer = await personOf(app, 'codes-late@example.com')
    const orderId = await mpesaPaidOrder(app, otherId, buyer.token, '0712345699', 'SBXLATECODE', {
      input: { code: 'LASTCALL' },
      // The code ends while the prompt is on the buyer's phone.
      meanwhile: async () => {
        await app.database.db
          .update(discountCodes)
          .set({ endsAt: new Date(Date.now() - 60_000) })
          .where(eq(discountCodes.id, ending.id))
      },
    })
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', total: 650_00, discount: 250_00 })
    const after = await app.call('quoteCheckout', { productId: otherId, code: 'LASTCALL' })
    expect(after.status).toBe(400)
    const listed = data(await app.call('listDiscountCodes', {}, seller.token)).codes as {
      code: string
      uses: number
      paid: { amount: number; currency: string }[]
    }[]
    expect(listed.find((c) => c.code === 'LASTCALL')).toMatchObject({
      uses: 1,
      paid: [{ amount: 650_00, currency: 'KES' }],
    })
    expect(await ledgerInvariantViolations(app.database.db)).toEqual([])
  })
})
