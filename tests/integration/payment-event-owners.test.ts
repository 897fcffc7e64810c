import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invoicePayments, orders, refunds, unmatchedPayments } from '../../server/db/schema'
import { paymentEvents } from '../../server/payment-events'
import type { ChargeOutcome, TransferState } from '../../server/payments/provider'
import { type RunningApp, startApp } from '../support/app'
import { testConfig } from '../support/config'
import { databaseKinds } from '../support/db'
import { invoiceSteps } from '../support/invoices'
import { mpesaPaidOrder, payoutSteps } from '../support/payouts'
import { eventOnSale, personOf } from '../support/shop'

const PAID: ChargeOutcome = {
  kind: 'paid',
  amount: { amount: 1_00, currency: 'KES' },
  receipt: 'SBXOWNERS1',
  details: {},
}
const DONE: TransferState = {
  state: 'done',
  providerRef: 'SBXOWNERS2',
  amount: { amount: 1_00, currency: 'KES' },
}

/**
 * Every message a provider sends is settled by exactly one owner (server/payment-events.ts): an order, its
 * refund, an invoice's charge, the refund of an invoice's excess, a payout. Each is made here the way the
 * app makes it; then every kind of message naming it is asked who owns it — looking only, nothing settles.
 * A message naming nothing of ours (another method's, a stranger's id, an unknown reference) has no owner,
 * and money among those is kept for an admin to match.
 */
describe.each(databaseKinds)('payment messages and their owners, on %s', (kind) => {
  let app: RunningApp
  let steps: ReturnType<typeof payoutSteps>

  beforeAll(async () => {
    const base = testConfig()
    app = await startApp(kind, { payouts: { ...base.payouts, holdDays: 0, newMethodWaitHours: 0 } })
    const admin = (await personOf(app, 'owners-admin@example.com', { roles: ['admin'] })).token
    steps = payoutSteps(app, () => admin)
  })
  afterAll(async () => {
    await app?.close()
  })

  it('gives each message one owner, and none to a message naming nothing of ours', async () => {
    const events = paymentEvents(app.services)
    const owners = events.claimants
    const seller = await steps.sellerWithSale('owners')

    // An order paid by M-Pesa, and its refund.
    const productId = await eventOnSale(app, seller.id, 'Owners night', { amount: 1_500_00, currency: 'KES' })
    const buyer = await personOf(app, 'owners-buyer@example.com')
    const orderId = await mpesaPaidOrder(app, productId, buyer.token, '0700000705', 'SBXOWNORD1')
    const [order] = await app.database.db.select().from(orders).where(eq(orders.id, orderId))
    expect(await owners('charge', 'mpesa', { id: orderId }, 'k1', PAID, null)).toEqual(['order'])
    expect(await owners('charge', 'mpesa', { providerRef: order?.providerRef }, 'k1', PAID, null)).toEqual([
      'order',
    ])
    expect(await owners('closed', 'mpesa', { id: orderId }, 'expired')).toEqual(['order'])
    expect(await owners('approved', 'mpesa', { id: orderId })).toEqual(['order'])
    expect(await owners('expected', 'mpesa', order?.reference)).toEqual(['order'])
    // The same order named by another rail's message is nobody's.
    expect(await owners('charge', 'card', { id: orderId }, 'k1', PAID, null)).toEqual([])
    expect((await app.call('refundOrder', { orderId, reason: 'Cancelled night' }, seller.token)).status).toBe(
      200,
    )
    await app.sandboxesIdle()
    const [refund] = await app.database.db.select().from(refunds).where(eq(refunds.orderId, orderId))
    expect(await owners('transfer', 'mpesa', { id: refund?.id }, DONE)).toEqual(['refund'])

    // An invoice paid over its total through the Paybill, and that excess given back.
    const invoices = invoiceSteps(app, () => seller.token)
    const invoice = await invoices.sendSmall()
    expect(await owners('expected', 'mpesa', invoice.reference)).toEqual(['invoice payment'])
    expect(await owners('charge', 'mpesa', { reference: invoice.reference }, 'k2', PAID, null)).toEqual([
      'invoice payment',
    ])
    await invoices.paybill(
      invoice.reference,
      600_00,
      `SBXOWN${kind.slice(0, 3).toUpperCase()}1`,
      '254700000705',
    )
    const [payment] = (await invoices.view(invoice.id)).payments
    expect(await owners('charge', 'mpesa', { id: payment.id }, 'k3', PAID, null)).toEqual(['invoice payment'])
    expect(await owners('payerPage', payment.id)).toEqual(['invoice payment'])
    expect(
      (await app.call('refundInvoiceExcess', { invoiceId: invoice.id, paymentId: payment.id }, seller.token))
        .status,
    ).toBe(200)
    const [paid] = await app.database.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.id, payment.id))
    expect(await owners('transfer', 'mpesa', { id: paid?.excessRefundId }, DONE)).toEqual(['invoice excess'])

    // A payout, by its id and by the key of a second send.
    const methodId = await steps.mpesaDestination(seller.token, '0700000705')
    const payoutId = await steps.approvedPayout(seller.token, methodId)
    expect(await owners('transfer', 'mpesa', { id: payoutId }, DONE)).toEqual(['payout'])
    expect(await owners('transfer', 'mpesa', { id: `${payoutId}.2` }, DONE)).toEqual(['payout'])
    expect(await owners('transfer', 'paypal', { id: payoutId }, DONE)).toEqual([])

    // Nothing of ours.
    const stranger = randomUUID()
    expect(await owners('charge', 'mpesa', { id: stranger }, 'k4', PAID, null)).toEqual([])
    expect(await owners('charge', 'mpesa', { id: 'not-an-id' }, 'k4', PAID, null)).toEqual([])
    expect(await owners('closed', 'mpesa', { id: stranger }, 'cancelled')).toEqual([])
    expect(await owners('approved', 'paypal', { providerRef: 'NOSUCHORDER' })).toEqual([])
    expect(await owners('expected', 'mpesa', 'NOSUCHREF')).toEqual([])
    expect(await owners('transfer', 'mpesa', { id: stranger }, DONE)).toEqual([])
    // Shaped almost like our ids, but no UUID: nobody's, without asking the database about it.
    for (const id of ['0123456789abcdef0123456789abcdef0123', '------------------------------------'])
      for (const method of ['mpesa', 'paypal'] as const) {
        expect(await owners('transfer', method, { id }, DONE)).toEqual([])
        expect(await owners('charge', method, { id }, 'k5', PAID, null)).toEqual([])
      }
    expect(await owners('payerPage', '------------------------------------')).toEqual([])
    expect(await owners('payerPage', stranger)).toEqual([])

    // Money that came for nothing is kept for an admin to match, and a Paybill asks first: refused.
    expect(await events.expected('mpesa', 'NOSUCHREF')).toBeNull()
    await events.charge('mpesa', { reference: 'NOSUCHREF' }, 'SBXNOONE01', PAID, { TransID: 'SBXNOONE01' })
    const kept = await app.database.db
      .select()
      .from(unmatchedPayments)
      .where(eq(unmatchedPayments.reference, 'NOSUCHREF'))
    expect(kept.map((row) => [row.amount, row.currency])).toEqual([[1_00, 'KES']])
  })
})
