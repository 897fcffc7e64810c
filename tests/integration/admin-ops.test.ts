import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, productReports } from '../../server/db/schema'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { readOutbox } from '../support/outbox'
import { submitSandboxCard } from '../support/sandbox-card'
import { personOf, productOnSale, sellerOf } from '../support/shop'

type Answer = Awaited<ReturnType<RunningApp['call']>>
// biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON the server answered
const data = (answer: Answer) => answer.body.data as Record<string, any>

const NOBODY = '00000000-0000-7000-8000-000000000000'
const ADMIN_SUBJECTS: [string, Record<string, unknown>][] = [
  ['getAdminDashboard', {}],
  ['listAdminProducts', {}],
  ['adminUnpublishProduct', { id: NOBODY, reason: 'Copied artwork' }],
  ['listProductReports', {}],
  ['dismissProductReport', { id: NOBODY, note: 'Nothing wrong here' }],
  ['findOrders', { q: 'SK' }],
  ['getAdminOrder', { id: NOBODY }],
  ['adminRefundOrder', { id: NOBODY, reason: 'Buyer was charged twice' }],
  ['resendReceipt', { id: NOBODY }],
  ['adminListPayouts', {}],
  ['listRetryDestinations', { payoutId: NOBODY }],
  ['retryPayout', { payoutId: NOBODY, methodId: NOBODY }],
  ['listOutbox', {}],
  ['getOutboxMail', { id: NOBODY }],
  ['listSellerVerifications', {}],
  ['reviewSellerVerification', { id: NOBODY, decision: 'approve' }],
  ['setRates', { perUsd: { KES: 130 } }],
  ['listContactMessages', {}],
  ['listUnmatchedPayments', {}],
  ['resolveUnmatchedPayment', { id: NOBODY, note: 'Refunded by hand' }],
  ['listPayoutQueue', {}],
  ['reviewPayout', { payoutId: NOBODY, approve: true }],
  ['markBankPayout', { payoutId: NOBODY, outcome: 'paid', reference: 'EQ123' }],
  ['createInvite', { email: 'new@example.com', role: 'admin' }],
]

describe.each(databaseKinds)('admin operations on %s', (kind) => {
  let app: RunningApp
  let admin: Awaited<ReturnType<typeof personOf>>
  let seller: Awaited<ReturnType<typeof sellerOf>>
  let buyer: Awaited<ReturnType<typeof personOf>>
  let productId: string

  async function buy(method: 'card' | 'mpesa' = 'card') {
    const input = method === 'mpesa' ? { productId, method, phone: '0711222333' } : { productId, method }
    const started = data(await app.call('startCheckout', input, buyer.token))
    if (method === 'card') {
      expect((await submitSandboxCard(started.next.url, '4242 4242 4242 4242')).status).toBe(303)
      await app.sandboxesIdle()
    }
    return started.orderId as string
  }

  beforeAll(async () => {
    app = await startApp(kind)
    admin = await personOf(app, 'ops@example.com', { name: 'Ops Admin', roles: ['admin'] })
    seller = await sellerOf(app, 'amani', 'Amani Beats')
    buyer = await personOf(app, 'chebet@example.com', { name: 'Chebet' })
    productId = await productOnSale(
      app,
      seller.id,
      {
        kind: 'digital',
        title: 'Benga drum kit',
        slug: 'benga-drums',
        price: { amount: 800_00, currency: 'KES' },
      },
      [{ name: 'drums.zip', body: Buffer.from('drums') }],
    )
  })
  afterAll(() => app.close())

  it('answers every admin subject only to admins: 600 signed out, 403 to customers and sellers', async () => {
    for (const [subject, input] of ADMIN_SUBJECTS) {
      expect((await app.call(subject, input)).status, subject).toBe(600)
      expect((await app.call(subject, input, buyer.token)).status, subject).toBe(403)
      expect((await app.call(subject, input, seller.token)).status, subject).toBe(403)
    }
  })

  it('takes reports from anyone, once per person, within limits; an admin dismisses one or unpublishes the product', async () => {
    const anonymous = {
      productId,
      reason: 'copyright',
      details: 'These are samples from my album.',
      email: 'dj@example.com',
    }
    expect((await app.call('reportProduct', anonymous)).status).toBe(200)
    expect((await app.call('reportProduct', anonymous)).status).toBe(200)
    const mine = { productId, reason: 'scam', details: 'The zip is empty.' }
    expect((await app.call('reportProduct', mine, buyer.token)).status).toBe(200)
    const bad = await app.call('reportProduct', { productId, reason: 'boring' })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors ?? {})).toEqual(['reason'])
    // One open report per person: the second anonymous one from this address changed nothing.
    const open = data(await app.call('listProductReports', {}, admin.token)).reports
    expect(open.map((r: { reason: string }) => r.reason)).toEqual(['copyright', 'scam'])
    expect(open[0]).toMatchObject({ reporter: 'dj@example.com', product: { id: productId } })
    const listed = data(await app.call('listAdminProducts', { reported: true }, admin.token)).products
    expect(listed).toEqual([expect.objectContaining({ id: productId, openReports: 2, status: 'published' })])

    const dismissed = await app.call(
      'dismissProductReport',
      { id: open[1].id, note: 'The zip has 40 files.' },
      admin.token,
    )
    expect(data(dismissed).report).toMatchObject({ status: 'dismissed', resolution: 'The zip has 40 files.' })

    const reason = 'The samples are from another artist’s album'
    const taken = await app.call('adminUnpublishProduct', { id: productId, reason }, admin.token)
    expect(data(taken).product).toMatchObject({ status: 'draft', openReports: 0 })
    expect((await app.call('adminUnpublishProduct', { id: productId, reason }, admin.token)).status).toBe(409)
    const mail = (await readOutbox(app.database.db)).filter((m) => m.to === 'amani@example.com').at(-1)
    expect(mail?.subject).toBe('“Benga drum kit” was taken off Soko')
    expect(mail?.text).toContain(reason)
    const rows = await app.database.db
      .select()
      .from(productReports)
      .where(eq(productReports.productId, productId))
    expect(rows.map((r) => r.status).sort()).toEqual(['actioned', 'dismissed'])
    const log = data(await app.call('listAuditLog', { targetId: productId }, admin.token)).entries
    expect(log[0]).toMatchObject({
      action: 'product.unpublish',
      reason,
      before: { status: 'published' },
      after: { status: 'draft' },
    })
    // A draft cannot be reported; publish it again for the tests that buy it.
    expect((await app.call('reportProduct', mine, buyer.token)).status).toBe(404)
    expect((await app.call('publishProduct', { id: productId }, seller.token)).status).toBe(200)
  })

  it('limits reports per address', async () => {
    const other = await productOnSale(
      app,
      seller.id,
      {
        kind: 'digital',
        title: 'Taarab loops',
        slug: 'taarab-loops',
        price: { amount: 500_00, currency: 'KES' },
      },
      [{ name: 'loops.zip', body: Buffer.from('loops') }],
    )
    let answer: Answer | null = null
    for (let i = 0; i < 11; i++)
      answer = await app.call('reportProduct', { productId: other, reason: 'other', details: `try ${i}` })
    expect(answer?.status).toBe(429)
  })

  it('finds orders by reference, e-mail, phone, M-Pesa receipt or provider id, with their payment events', async () => {
    const cardOrder = await buy('card')
    const [card] = await app.database.db.select().from(orders).where(eq(orders.id, cardOrder))
    const mpesaOrder = await buy('mpesa')
    await app.sandboxesIdle()
    const [mpesa] = await app.database.db.select().from(orders).where(eq(orders.id, mpesaOrder))
    const find = async (q: string) =>
      data(await app.call('findOrders', { q }, admin.token)).orders.map((o: { id: string }) => o.id)
    expect(await find(card?.reference ?? '')).toEqual([cardOrder])
    expect(await find((card?.reference ?? '').toLowerCase())).toEqual([cardOrder])
    expect(await find('chebet@')).toEqual(expect.arrayContaining([cardOrder, mpesaOrder]))
    expect(await find('0711 222 333')).toContain(mpesaOrder)
    expect(await find(card?.providerRef ?? '')).toEqual([cardOrder])
    expect(await find('')).toEqual([])

    const detail = data(await app.call('getAdminOrder', { id: cardOrder }, admin.token))
    expect(detail.order).toMatchObject({ reference: card?.reference, status: 'paid', fee: { feeBps: 500 } })
    expect(detail.events.map((e: { type: string }) => e.type)).toContain('paid')
    expect(mpesa?.status).toBeDefined()
  })

  it('resends a receipt and refunds with a reason, both audited', async () => {
    const orderId = await buy('card')
    const before = (await readOutbox(app.database.db)).filter((m) => m.to === 'chebet@example.com').length
    const sent = await app.call('resendReceipt', { id: orderId }, admin.token)
    expect(data(sent)).toEqual({ sentTo: 'chebet@example.com' })
    const receipts = (await readOutbox(app.database.db)).filter((m) => m.to === 'chebet@example.com')
    expect(receipts.length).toBe(before + 1)
    expect(receipts.at(-1)?.subject).toMatch(/^Your Soko receipt: Benga drum kit/)

    const short = await app.call('adminRefundOrder', { id: orderId, reason: 'no' }, admin.token)
    expect(short.status).toBe(400)
    const refunded = await app.call(
      'adminRefundOrder',
      { id: orderId, reason: 'Charged twice by the bank' },
      admin.token,
    )
    expect(refunded.status).toBe(200)
    await app.sandboxesIdle()
    const detail = data(await app.call('getAdminOrder', { id: orderId }, admin.token))
    expect(detail.refund).toMatchObject({ reason: 'Charged twice by the bank' })
    expect(
      (await app.call('adminRefundOrder', { id: orderId, reason: 'Charged twice by the bank' }, admin.token))
        .status,
    ).toBe(409)
    const log = data(await app.call('listAuditLog', { targetId: orderId }, admin.token)).entries
    expect(log.map((e: { action: string }) => e.action)).toEqual(['order.refund', 'order.resend-receipt'])
  })

  it('sums the dashboard: sales, fees and refunds per currency, failing payments and what waits', async () => {
    const board = data(await app.call('getAdminDashboard', {}, admin.token))
    expect(board.periods.map((p: { days: number }) => p.days)).toEqual([1, 7, 30])
    const today = board.periods[0]
    const paidOrders = await app.database.db.select().from(orders).where(eq(orders.sellerId, seller.id))
    const paid = paidOrders.filter((o) => o.paidAt)
    expect(today.orders).toBe(paid.length)
    expect(today.sales).toEqual([{ currency: 'KES', amount: paid.reduce((sum, o) => sum + o.total, 0) }])
    // The refunded sale's fee went back: Soko kept 5% of the others.
    const kept = paid
      .filter((o) => o.status === 'paid')
      .reduce((sum, o) => sum + Math.round(o.total * 0.05), 0)
    expect(today.fees).toEqual([{ currency: 'KES', amount: kept }])
    expect(today.refunds).toEqual([{ currency: 'KES', amount: 800_00 }])
    expect(board.openReports).toBeGreaterThanOrEqual(1)
    expect(board.newSellers.week).toBeGreaterThanOrEqual(1)
  })

  it('records the older admin actions in the audit log too: rates and invitations', async () => {
    expect((await app.call('setRates', { perUsd: { KES: 131.5 } }, admin.token)).status).toBe(200)
    expect(
      (await app.call('createInvite', { email: 'helper@example.com', role: 'admin' }, admin.token)).status,
    ).toBe(200)
    const log = data(await app.call('listAuditLog', {}, admin.token)).entries
    expect(log.slice(0, 2)).toEqual([
      expect.objectContaining({
        action: 'invite.create',
        target: expect.objectContaining({ label: 'helper@example.com' }),
        after: { role: 'admin' },
      }),
      expect.objectContaining({ action: 'rates.update', after: { KES: 131.5 } }),
    ])
  })
})
