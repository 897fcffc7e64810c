import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { invoicePayments, payouts, refunds } from '../../server/db/schema'
import { checkLateExcessRefunds } from '../../server/features/invoices/excess'
import { applyTransfer, checkLate } from '../../server/features/payouts/send'
import { askAboutLateRefunds } from '../../server/jobs/payments.job'
import { ledgerImbalance } from '../../server/ledger/ledger'
import { type RunningApp, startApp } from '../support/app'
import { testConfig } from '../support/config'
import { databaseKinds } from '../support/db'
import { invoiceSteps } from '../support/invoices'
import { readOutbox } from '../support/outbox'
import { mpesaPaidOrder, payoutSteps } from '../support/payouts'
import { eventOnSale, personOf } from '../support/shop'

const later = (minutes: number) => new Date(Date.now() + minutes * 60_000)

/** What M-Pesa posts to a B2C ResultURL when a payment succeeded, for `amount` minor units. */
function b2cSuccess(originator: string, amount: number, receipt: string) {
  return {
    Result: {
      ResultType: 0,
      ResultCode: 0,
      ResultDesc: 'The service request is processed successfully.',
      OriginatorConversationID: originator,
      ConversationID: 'AG_20261127_00000000000000000001',
      TransactionID: receipt,
      ResultParameters: {
        ResultParameter: [
          { Key: 'TransactionAmount', Value: amount / 100 },
          { Key: 'TransactionReceipt', Value: receipt },
          { Key: 'ReceiverPartyPublicName', Value: '254700000705 - Test Receiver' },
          { Key: 'TransactionCompletedDateTime', Value: '27.11.2026 12:00:00' },
        ],
      },
    },
  }
}

/**
 * A provider's "done" is compared with what was sent before anything settles: a payout, an order's refund
 * or an invoice's excess reported for another amount settles nothing, is logged with both figures and
 * tells the admins, and the status query that follows decides.
 */
describe.each(databaseKinds)('transfer results that name another amount, on %s', (kind) => {
  let app: RunningApp
  let admin = ''
  let steps: ReturnType<typeof payoutSteps>

  beforeAll(async () => {
    const base = testConfig()
    app = await startApp(kind, { payouts: { ...base.payouts, holdDays: 0, newMethodWaitHours: 0 } })
    admin = (await personOf(app, 'admin@example.com', { roles: ['admin'] })).token
    steps = payoutSteps(app, () => admin)
  })
  afterAll(async () => {
    await app?.close()
  })
  afterEach(async () => {
    await app.sandboxesIdle()
    expect(await ledgerImbalance(app.database.db)).toEqual({})
  })

  const alerts = async (subject: string) =>
    (await readOutbox(app.database.db)).filter(
      (m) => m.to.includes('admin@example.com') && m.subject.startsWith(subject),
    )
  const payoutRow = async (id: string) =>
    (await app.database.db.select().from(payouts).where(eq(payouts.id, id)))[0]

  it('an M-Pesa payout result for KES 1 does not mark a KES 1,000 payout paid; Transaction Status does', async () => {
    const seller = await steps.sellerWithSale('achieng')
    // The sandbox's number whose B2C results are lost: the payout waits on its way.
    const methodId = await steps.mpesaDestination(seller.token, '0700000705')
    const id = await steps.approvedPayout(seller.token, methodId)
    expect((await payoutRow(id))?.status).toBe('processing')
    const forged = await fetch(app.services.gateway.urls.b2cResult(id), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(b2cSuccess(id, 1_00, 'SBXFORGED1')),
    })
    expect(forged.status).toBe(200)
    const after = await payoutRow(id)
    expect(after).toMatchObject({ status: 'processing', receipt: null })
    expect(
      app.logs.some(
        (l) => l.includes('a payout result names another amount') && l.includes('"got":"KES 100"'),
      ),
    ).toBe(true)
    expect(await alerts('A payout result does not match')).toHaveLength(1)
    // The status query M-Pesa answers with what it really sent settles it.
    await checkLate(app.services, later(5))
    await app.sandboxesIdle()
    expect((await payoutRow(id))?.status).toBe('paid')
  })

  it('a PayPal "succeeded" for USD 0.01 does not mark a USD 50 payout paid; one for what was sent does', async () => {
    const { id } = await steps.paypalPayout('zawadi', 'unclaimed@paypal.test')
    const row = await payoutRow(id)
    expect(row?.status).toBe('processing')
    const cent = {
      state: 'done' as const,
      providerRef: 'PPFORGED01',
      amount: { amount: 1, currency: 'USD' as const },
    }
    expect(await applyTransfer(app.services, 'paypal', { id: id }, cent)).toBe('applied')
    expect((await payoutRow(id))?.status).toBe('processing')
    expect(await alerts('A payout result does not match')).toHaveLength(2)
    const sent = { amount: (row?.amount ?? 0) - (row?.fee ?? 0), currency: 'USD' as const }
    await applyTransfer(
      app.services,
      'paypal',
      { id: id },
      { state: 'done', providerRef: 'PPREAL0001', amount: sent },
    )
    expect(await payoutRow(id)).toMatchObject({ status: 'paid', receipt: 'PPREAL0001' })
  })

  it('an M-Pesa refund result for another amount leaves the refund pending; Transaction Status refunds it', async () => {
    const seller = await steps.sellerWithSale('mwangi')
    const productId = await eventOnSale(app, seller.id, 'Refund night', { amount: 1_500_00, currency: 'KES' })
    const buyer = await personOf(app, 'refund-buyer@example.com')
    const orderId = await mpesaPaidOrder(app, productId, buyer.token, '0700000705', 'SBXREFND02')
    expect((await app.call('refundOrder', { orderId, reason: 'Cancelled night' }, seller.token)).status).toBe(
      200,
    )
    await app.sandboxesIdle()
    const refundOf = async () =>
      (await app.database.db.select().from(refunds).where(eq(refunds.orderId, orderId)))[0]
    const refund = await refundOf()
    expect(refund?.status).toBe('pending')
    await fetch(app.services.gateway.urls.b2cResult(refund?.id ?? ''), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(b2cSuccess(refund?.id ?? '', 1_00, 'SBXFORGED2')),
    })
    expect((await refundOf())?.status).toBe('pending')
    expect(await alerts('A refund result does not match')).toHaveLength(1)
    await askAboutLateRefunds(app.services, later(6))
    await app.sandboxesIdle()
    expect((await refundOf())?.status).toBe('succeeded')
  })

  it('an invoice excess refund answered for another amount stays on its way; the status query gives it back', async () => {
    const seller = await steps.sellerWithSale('wambui')
    const invoices = invoiceSteps(app, () => seller.token)
    const invoice = await invoices.sendSmall()
    // Paid 600 for 100, from the sandbox's number whose B2C results are lost.
    await invoices.paybill(
      invoice.reference,
      600_00,
      `SBXEXC${kind.slice(0, 3).toUpperCase()}1`,
      '254700000705',
    )
    const [payment] = (await invoices.view(invoice.id)).payments
    expect(payment.excess).toBe(500_00)
    const back = await app.call(
      'refundInvoiceExcess',
      { invoiceId: invoice.id, paymentId: payment.id },
      seller.token,
    )
    expect(back.status).toBe(200)
    const [row] = await app.database.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.id, payment.id))
    expect(row?.excessRefundStatus).toBe('pending')
    await fetch(app.services.gateway.urls.b2cResult(row?.excessRefundId ?? ''), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(b2cSuccess(row?.excessRefundId ?? '', 5_00, 'SBXFORGED3')),
    })
    expect((await invoices.view(invoice.id)).payments[0].excessRefund).toEqual({
      status: 'pending',
      message: null,
    })
    expect(await alerts('A refund result does not match')).toHaveLength(2)
    await checkLateExcessRefunds(app.services, later(10))
    await app.sandboxesIdle()
    expect((await invoices.view(invoice.id)).payments[0].excessRefund).toEqual({
      status: 'done',
      message: null,
    })
  })
})
