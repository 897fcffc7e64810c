import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledgerEntries, ledgerTransactions, orders, refunds } from '../../server/db/schema'
import { saleFee } from '../../server/ledger/postings'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { cardPaidOrder, data } from '../support/payouts'
import { personOf, productOnSale, sellerOf } from '../support/shop'

/**
 * Refunding chosen lines: an order of a product and the offer taken with it gives back one line (its share
 * of the charge and of Soko's fee, its files gone, the order still paid for the other), then the rest (the
 * order refunded, every account it touched back to zero); a line refunded twice, one that is not the
 * order's, and a bundle's part alone are refused; ten refunds of one line at once on two instances give it
 * back once.
 */
describe.each(databaseKinds)('refunds of chosen lines, on %s', (kind) => {
  let app: RunningApp
  let second: RunningApp | null = null
  let seller: { id: string; token: string }
  let buyer: { id: string; token: string }
  const ids: Record<string, string> = {}
  const kes = (amount: number) => ({ amount, currency: 'KES' })

  const digital = (slug: string, amount: number) =>
    productOnSale(
      app,
      seller.id,
      { kind: 'digital', title: `Pack ${slug}`, slug, description: '', price: kes(amount) },
      [{ name: `${slug}.zip`, body: Buffer.from(`files of ${slug}`) }],
    )

  /** What an order's refund transactions moved, per account. */
  async function refunded(orderId: string) {
    const rows = await app.database.db
      .select({ account: ledgerEntries.account, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(and(eq(ledgerTransactions.orderId, orderId), eq(ledgerTransactions.kind, 'refund')))
    const by: Record<string, number> = {}
    for (const row of rows)
      by[row.account.split(':')[0] ?? ''] = (by[row.account.split(':')[0] ?? ''] ?? 0) + row.amount
    return by
  }

  beforeAll(async () => {
    app = await startApp(kind)
    if (kind === 'postgres') second = await startApp(kind, {}, { sharing: app })
    seller = await sellerOf(app, 'lines-seller')
    buyer = await personOf(app, 'lines-buyer@example.com')
    ids.stems = await digital('lines-stems', 1_500_00)
    ids.presets = await digital('lines-presets', 800_00)
    const offered = await app.call(
      'updateProduct',
      { id: ids.stems, upsell: { productId: ids.presets, price: kes(500_00) } },
      seller.token,
    )
    expect(offered.status).toBe(200)
  }, 60_000)
  afterAll(async () => {
    await second?.close()
    await app?.close()
  })

  it('gives back one line, then the rest: its share of the charge and fee, its files, then the whole order', async () => {
    const orderId = await cardPaidOrder(app, { productId: ids.stems, upsell: true }, buyer.token)
    const view = data(await app.call('getOrder', { orderId }, buyer.token)).order
    const presetsFile = view.files.find((f: { name: string }) => f.name === 'lines-presets.zip')

    // Not a line of the order; then the offer's line.
    const wrong = await app.call('refundOrder', { orderId, lines: [5] }, seller.token)
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors).toEqual({ lines: 'This order has no line 5' })
    const one = await app.call('refundOrder', { orderId, lines: [1], reason: 'Wrong presets' }, seller.token)
    expect(one.status, JSON.stringify(one.body)).toBe(200)
    const after = data(await app.call('getOrder', { orderId }, buyer.token)).order
    expect(after.status).toBe('paid')
    expect(after.lines.map((l: { refunded: boolean }) => l.refunded)).toEqual([false, true])
    expect(after.files.map((f: { name: string }) => f.name)).toEqual(['lines-stems.zip'])
    const gone = await app.call('getDownloadUrl', { orderId, fileId: presetsFile.id }, buyer.token)
    expect(gone.status).not.toBe(200)
    const [first] = await app.database.db.select().from(refunds).where(eq(refunds.orderId, orderId))
    expect(first).toMatchObject({ status: 'succeeded', amount: 500_00, lines: [1] })
    // Its share of Soko's fee on the 2,000 sale goes back with it; the seller gives back the rest.
    const fee = saleFee(2_000_00)
    const feeShare = fee - Math.round((fee * 1_500_00) / 2_000_00)
    expect(await refunded(orderId)).toEqual({
      provider: -500_00,
      platform: feeShare,
      seller: 500_00 - feeShare,
    })
    // Twice: refused.
    const again = await app.call('refundOrder', { orderId, lines: [1] }, seller.token)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('A line you chose has already been refunded, or its refund is on its way')
    // The buyer's books say the refund.
    const books = data(await app.call('listTransactions', {}, buyer.token))
    const back = books.movements.filter((m: { kind: string }) => m.kind === 'refund')
    expect(back.map((m: { amount: unknown }) => m.amount)).toEqual([-500_00])

    // The rest: the order is refunded, and every account it touched is back where it was.
    const rest = await app.call('refundOrder', { orderId }, seller.token)
    expect(rest.status, JSON.stringify(rest.body)).toBe(200)
    const [row] = await app.database.db.select().from(orders).where(eq(orders.id, orderId))
    expect(row?.status).toBe('refunded')
    expect(await refunded(orderId)).toEqual({ provider: -2_000_00, platform: fee, seller: 2_000_00 - fee })
  })

  it('refuses a bundle’s part alone, and refunds one line once however many ask at once', async () => {
    const bundle = data(
      await app.call(
        'saveBundle',
        {
          title: 'Both packs',
          price: kes(2_000_00),
          parts: [{ productId: ids.stems }, { productId: ids.presets }],
        },
        seller.token,
      ),
    ).bundle
    await app.call('publishBundle', { id: bundle.id, published: true }, seller.token)
    const bundled = await cardPaidOrder(app, { bundleId: bundle.id }, buyer.token, { bundle: true })
    const part = await app.call('refundOrder', { orderId: bundled, lines: [0] }, seller.token)
    expect(part.status).toBe(409)
    expect(part.body.message).toBe('A bundle is refunded whole: refund the order without choosing lines')

    const orderId = await cardPaidOrder(app, { productId: ids.stems, upsell: true }, buyer.token)
    const instances = [app, second ?? app]
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (instances[i % 2] as RunningApp).call('refundOrder', { orderId, lines: [1] }, seller.token),
      ),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9)
    const made = await app.database.db.select().from(refunds).where(eq(refunds.orderId, orderId))
    expect(made.map((r) => [r.status, r.amount])).toEqual([['succeeded', 500_00]])
  })
})
